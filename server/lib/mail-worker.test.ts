/**
 * The mails a dead process had taken are sent at the next start, not 4 hours later (PostgreSQL only:
 * graphile-worker). A job locked by a worker pool whose liveness lock nobody holds is freed and sent;
 * one locked by a pool that is alive (its lock held) is left to it.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase, onPostgres } from '../test/helpers.js';
import { memoryMailer } from './mail.js';
import { createMailQueue, queueMail, type MailQueue } from './mail-queue.js';

let database: Database | undefined;
let queue: MailQueue | undefined;
let alive: pg.Client | undefined;
afterAll(async () => {
  await queue?.stop();
  await alive?.end();
  await database?.close();
});

const silent = { info() {}, warn() {}, error() {} };

describe.runIf(onPostgres)('mails taken by a worker that is gone', () => {
  it('are freed at start and sent; a live worker keeps its own', async () => {
    database = await createTestDatabase();
    const db = database.db;
    for (const n of [1, 2]) await queueMail(db, { to: `guest${n}@example.com`, subject: `Mail ${n}`, text: 'Hello', html: '<p>Hello</p>' });
    const jobs = (
      (await db.execute(sql`select id, (payload->>'id')::int as mail from graphile_worker._private_jobs order by id`)) as unknown as {
        rows: { id: string; mail: number }[];
      }
    ).rows;
    expect(jobs).toHaveLength(2);
    // Mail 1: taken by a process that died (nobody holds its liveness lock). Mail 2: by one that lives.
    await db.execute(sql`update graphile_worker._private_jobs set locked_by = 'pool-dead', locked_at = now() where id = ${jobs[0]!.id}`);
    await db.execute(sql`update graphile_worker._private_jobs set locked_by = 'pool-alive', locked_at = now() where id = ${jobs[1]!.id}`);
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    alive = new pg.Client({ connectionString: url });
    await alive.connect();
    await alive.query('select pg_advisory_lock(72002, hashtext($1))', ['pool-alive']);

    const mailer = memoryMailer();
    queue = createMailQueue({ db, pool: database.pool, mailer, log: silent });
    await queue.start();
    expect(queue.running()).toBe(true);
    const deadline = Date.now() + 60_000;
    while (mailer.sent.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Mail 1']);
    const locks = (
      (await db.execute(sql`select locked_by from graphile_worker._private_jobs where id = ${jobs[1]!.id}`)) as unknown as {
        rows: { locked_by: string | null }[];
      }
    ).rows;
    expect(locks).toEqual([{ locked_by: 'pool-alive' }]);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Mail 1']);
  }, 120_000);
});
