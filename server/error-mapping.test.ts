/**
 * How database failures answer: a database giving up under load is 503 "busy" with Retry-After (nothing
 * was written, the request can be sent again), input PostgreSQL cannot store is 422, a NUL character is
 * refused before any query; anything else stays a plain 500 without internals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { memoryMailer } from './lib/mail.js';
import { createTestDatabase } from './test/helpers.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-errors-'));
let app: App;
let database: Database;

/** An error as drizzle throws it: the driver's error (with its SQLSTATE) as the cause. */
const dbError = (code: string) =>
  Object.assign(new Error('Failed query: update products set …\nparams: secret'), { cause: Object.assign(new Error('pg'), { code }) });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT: 'false', LOG_LEVEL: 'silent' }), database, {
    mailer: memoryMailer(),
    serveWeb: false,
  });
  app.post('/api/test-error/:code', async (req) => {
    throw dbError((req.params as { code: string }).code);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const boom = (code: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/test-error/${code}`,
    headers: { 'accept-language': lang, origin: 'http://localhost:3000' },
    payload: {},
  });

describe('database errors', () => {
  it.each(['57014', '40P01', '40001', '55P03'])('%s (timeout, deadlock, serialization, lock): 503 busy, Retry-After', async (code) => {
    const res = await boom(code);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({ message: 'The shop is very busy right now: nothing was saved, please try again in a moment.' });
  });

  it('says it in the reader’s language', async () => {
    expect((await boom('57014', 'ar')).json().message).toMatch(/^المتجر مشغول/);
    expect((await boom('57014', 'fr')).json().message).toMatch(/^La boutique est très sollicitée/);
  });

  it.each(['22021', '22P05', '54000'])('%s (input the database cannot take): 422', async (code) => {
    const res = await boom(code);
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('secret');
  });

  it('anything else: 500 without internals', async () => {
    const res = await boom('XX000');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Failed query');
  });

  it('a NUL character anywhere in the input: 422 before the handler', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-error/XX000',
      headers: { origin: 'http://localhost:3000' },
      payload: { a: [{ b: 'x\u0000y' }] },
    });
    expect(res.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/products?search=a%00b' })).statusCode).toBe(422);
  });
});
