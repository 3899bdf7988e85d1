/**
 * /api/health/live answers while the process does, whatever the database; /api/health/ready is 200
 * only while the database answers and holds the newest migration this code ships, 503 otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { Ready } from '../../../shared/schemas/health.js';
import { memoryMailer } from '../../lib/mail.js';
import { createTestDatabase } from '../../test/helpers.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-probes-'));
let app: App;
let database: Database;
let closed = false;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, {
    mailer: memoryMailer(),
    serveWeb: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close().catch(() => {});
  if (!closed) await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('health probes', () => {
  it('live: 200 without looking at anything', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready: 200 on a migrated database, 503 naming the migrations when the newest is missing', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json() as Ready;
    expect(body).toMatchObject({ status: 'ready', database: true, migrations: { current: true } });
    expect(body.migrations.applied).toBe(body.migrations.expected);

    // The newest migration's record taken away: the database is behind this code.
    const [newest] = await sqlRows<{ hash: string; created_at: string }>(
      database.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    try {
      const behind = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({
        status: 'not_ready',
        database: true,
        migrations: { expected: body.migrations.expected, current: false },
      });
      expect((behind.json() as Ready).migrations.applied).not.toBe(body.migrations.expected);
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('ready: 503 once the database is closed; live still 200', async () => {
    await app.mailQueue.stop();
    await database.close();
    closed = true;
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', database: false, migrations: { applied: null, current: false } });
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
