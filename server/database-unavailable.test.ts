/**
 * A database that cannot be reached answers 503 "busy, nothing was saved" with a numeric Retry-After,
 * never 500: the errors node-postgres really throws (refused, a silent server past the connect timeout,
 * a query read timeout) and the ones PostgreSQL sends when it goes down (57P01, 08006, ...). Every
 * Retry-After is a number of seconds (the rate limiter's included). Health names what is down. The
 * cluster's restart pause doubles and resets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { loadConfig } from './config.js';
import { DatabaseUnreachableError, type Database } from './db/client.js';
import { memoryMailer } from './lib/mail.js';
import { createTestDatabase } from './test/helpers.js';
import { freePort } from './test/server-process.js';
import { LIVED_LONG_MS, RESTART_MAX_MS, WorkerRestarts } from './worker-restarts.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-unavailable-'));
let app: App;
let database: Database;
let silent: net.Server;
const held: net.Socket[] = [];
const errors = new Map<string, unknown>();

/** What a query through drizzle on node-postgres throws against `url` (drizzle wraps it as the cause). */
async function failureOf(config: pg.PoolConfig): Promise<unknown> {
  const pool = new pg.Pool({ max: 1, ...config });
  pool.on('error', () => {});
  try {
    await drizzle(pool).execute(sql`select 1`);
    throw new Error('the query succeeded');
  } catch (err) {
    return err;
  } finally {
    await pool.end().catch(() => {});
  }
}

beforeAll(async () => {
  // A server that accepts connections and never answers.
  silent = net.createServer((s) => held.push(s.on('error', () => {})));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentPort = (silent.address() as net.AddressInfo).port;
  errors.set('refused', await failureOf({ connectionString: `postgres://shop:pw@127.0.0.1:${await freePort()}/shop` }));
  errors.set(
    'connect timeout',
    await failureOf({ connectionString: `postgres://shop:pw@127.0.0.1:${silentPort}/shop`, connectionTimeoutMillis: 300 }),
  );
  errors.set(
    'pool wait timeout',
    Object.assign(new Error('Failed query: select 1'), { cause: new Error('timeout exceeded when trying to connect') }),
  );
  errors.set('query read timeout', Object.assign(new Error('Failed query: select 1'), { cause: new Error('Query read timeout') }));
  errors.set(
    'connection terminated',
    Object.assign(new Error('Failed query: select 1'), { cause: new Error('Connection terminated unexpectedly') }),
  );
  for (const code of ['57P01', '57P03', '08006', '08001', 'ECONNRESET']) {
    errors.set(
      code,
      Object.assign(new Error('Failed query: select 1\nparams: secret'), { cause: Object.assign(new Error('pg'), { code }) }),
    );
  }

  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT: 'true', LOG_LEVEL: 'silent' });
  app = await buildApp(config, database, { mailer: memoryMailer(), serveWeb: false });
  app.get('/api/test-unavailable/:name', async (req) => {
    throw errors.get((req.params as { name: string }).name);
  });
  app.get('/api/test-limited', { config: { rateLimit: { max: 1, timeWindow: 90_000 } } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  for (const s of held) s.destroy();
  await new Promise((r) => silent?.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

const ask = (name: string, lang = 'en') =>
  app.inject({ method: 'GET', url: `/api/test-unavailable/${encodeURIComponent(name)}`, headers: { 'accept-language': lang } });

describe('an unreachable database', () => {
  it('the real errors are what the test throws', () => {
    const refused = errors.get('refused') as { cause?: { code?: string } };
    expect(refused.cause?.code).toBe('ECONNREFUSED');
    expect(String((errors.get('connect timeout') as { cause?: Error }).cause?.message)).toMatch(/timeout|terminated/i);
  });

  it.each([
    'refused',
    'connect timeout',
    'pool wait timeout',
    'query read timeout',
    'connection terminated',
    '57P01',
    '57P03',
    '08006',
    '08001',
    'ECONNRESET',
  ])('%s: 503 busy with a numeric Retry-After, not 500', async (name) => {
    const res = await ask(name);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toEqual({ message: 'The shop is very busy right now: nothing was saved, please try again in a moment.' });
    expect(res.body).not.toContain('secret');
  });

  it('says it in the reader’s language', async () => {
    expect((await ask('refused', 'fr')).json().message).toMatch(/^La boutique est très sollicitée/);
    expect((await ask('refused', 'ar')).json().message).toMatch(/^المتجر مشغول/);
  });

  it('names DATABASE_URL and where it points at start, without the password', () => {
    const err = new DatabaseUnreachableError(
      'postgres://shop:hunter2@db.example:6543/flora',
      (errors.get('refused') as { cause: unknown }).cause,
    );
    expect(err.message).toBe(
      'Cannot reach PostgreSQL at db.example:6543 (database flora) given by DATABASE_URL: the connection was refused. Check that the server runs and that DATABASE_URL is right.',
    );
    expect(err.message).not.toContain('hunter2');
  });
});

describe('Retry-After is a number of seconds', () => {
  it('on the rate limiter’s 429', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test-limited' })).statusCode).toBe(200);
    const limited = await app.inject({ method: 'GET', url: '/api/test-limited', headers: { 'accept-language': 'en' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(90);
  });
});

describe('health', () => {
  it('answers 200 with the database and the mail sender, then 503 naming the mail sender once it stops', async () => {
    const well = await app.inject({ method: 'GET', url: '/api/health' });
    expect(well.statusCode).toBe(200);
    expect(well.json()).toMatchObject({ status: 'ok', down: [], database: { ok: true }, mail: { ok: true } });
    await app.mailQueue.stop();
    try {
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'error', down: ['mail'], database: { ok: true }, mail: { ok: false } });
    } finally {
      await app.mailQueue.start();
    }
  });
});

describe('the cluster’s restart pause', () => {
  it('is none at first, doubles while workers die young, stays capped, resets after a long life', () => {
    let now = 0;
    const restarts = new WorkerRestarts(() => now);
    const pauses: number[] = [];
    for (let id = 1; id <= 9; id++) {
      restarts.started(id);
      now += 1_000;
      pauses.push(restarts.exited(id));
    }
    expect(pauses.slice(0, 4)).toEqual([0, 500, 1_000, 2_000]);
    expect(Math.max(...pauses)).toBe(RESTART_MAX_MS);
    restarts.started(10);
    now += LIVED_LONG_MS;
    expect(restarts.exited(10)).toBe(0);
  });
});
