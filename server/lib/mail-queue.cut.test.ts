/**
 * PostgreSQL going away between the SMTP server's "250 OK" and the outbox row's sent mark: the mail is
 * not sent again, the mark is written once the database is back (PostgreSQL only: graphile-worker,
 * reaching the database through a TCP proxy the test cuts right after the mail is accepted).
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run server/lib/mail-queue.cut.test.ts
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.js';
import { createTestDatabase, onPostgres } from '../test/helpers.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import type { MailMessage } from './mail.js';
import { createMailQueue, queueMail, type MailQueue } from './mail-queue.js';

let database: Database | undefined;
let queue: MailQueue | undefined;
let proxy: TcpProxy | undefined;
let pool: pg.Pool | undefined;
afterAll(async () => {
  await queue?.stop();
  // After a cut, a client of this pool is sometimes still checked out when the queue has stopped (left
  // by graphile-worker's runner that died with the connection; the same before the sent marks were
  // kept): the pool's end is not waited for beyond a few seconds.
  await Promise.race([pool?.end().catch(() => undefined), sleep(5_000)]);
  await proxy?.close();
  await database?.close();
}, 30_000);

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(onPostgres)('the database lost between a mail’s send and its mark', () => {
  it('sends each mail once and marks it sent after the return', async () => {
    database = await createTestDatabase();
    const db = database.db;
    const url = new URL((database.pool!.options as { connectionString: string }).connectionString);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    pool = new pg.Pool({ connectionString: proxy.via(url.toString()), max: 4, connectionTimeoutMillis: 1_000 });
    pool.on('error', () => undefined);

    for (const n of [1, 2, 3])
      await queueMail(db, { to: `guest${n}@example.com`, subject: `Mail ${n}`, text: 'Hello', html: '<p>Hello</p>' });
    const sends: string[] = [];
    let cutDone = false;
    const mailer = {
      async send(message: MailMessage & { messageId?: string }) {
        sends.push(message.messageId!);
        // The SMTP server has accepted the first mail; the database goes away before its mark.
        if (!cutDone) {
          cutDone = true;
          await proxy!.refuse();
          setTimeout(() => void proxy!.restore(), 2_000);
        }
      },
    };
    queue = createMailQueue({ db: drizzle(pool) as unknown as Db, pool, mailer, log: silent, restartBaseMs: 200 });
    await queue.start();

    const unsent = async () =>
      ((await db.execute(sql`select count(*)::int as n from mail_outbox where sent_at is null`)) as unknown as { rows: { n: number }[] })
        .rows[0]!.n;
    const deadline = Date.now() + 60_000;
    while ((await unsent()) > 0 && Date.now() < deadline) await sleep(200);
    expect(await unsent()).toBe(0);
    expect(cutDone).toBe(true);
    // Time for a second send, had one been coming (a job retried after the return).
    await sleep(3_000);
    expect(sends.toSorted()).toEqual([...new Set(sends)].toSorted());
    expect(sends).toHaveLength(3);
  }, 120_000);
});
