/**
 * Every answer says its request's id in X-Request-Id, and every log line of the request carries it: a
 * safe id sent by a proxy is kept, anything else is replaced by a fresh UUID.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { memoryMailer } from './mail.js';
import { createTestDatabase } from '../test/helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-request-id-'));
const lines: { reqId?: string; msg?: string }[] = [];
let app: App;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), database, {
    mailer: memoryMailer(),
    serveWeb: false,
    logger: { level: 'info', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ask = (url: string, id?: string) => app.inject({ method: 'GET', url, headers: id === undefined ? {} : { 'x-request-id': id } });

describe('request ids', () => {
  it('keeps a safe incoming id: in the answer and in every log line of the request', async () => {
    const id = 'nginx-5f2b9c0d11aa';
    const res = await ask('/api/health/live', id);
    expect(res.headers['x-request-id']).toBe(id);
    const own = lines.filter((l) => l.reqId === id);
    expect(own.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('gives a fresh UUID when none is sent, or one that is unsafe, too short or too long', async () => {
    const seen = new Set<string>();
    for (const id of [undefined, 'has space in it', 'forged\u0001line', 'short', 'x'.repeat(65), '"><script>']) {
      const res = await ask('/api/health/live', id);
      const given = String(res.headers['x-request-id']);
      expect(given, String(id)).toMatch(UUID);
      seen.add(given);
      expect(lines.some((l) => l.reqId === given && l.msg === 'request completed')).toBe(true);
    }
    expect(seen.size).toBe(6);
  });

  it('is on error answers too (an unknown route, a malformed body)', async () => {
    const notFound = await ask('/api/no-such-route');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toMatch(UUID);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-request-id': 'client-req-0001' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.headers['x-request-id']).toBe('client-req-0001');
  });
});
