/**
 * A server-drawn page while the database cannot be reached: 503 with a numeric Retry-After, "busy, try
 * again" in the address's language, on the shop's stylesheet and without the app's start script, one
 * warning line without the raw error; the same address draws the page again once the database is back.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { memoryMailer } from '../lib/mail.js';
import { createTestDatabase } from '../test/helpers.js';

let app: App;
let database: Database;
let dir: string;
let cut = false;
const logLines: Record<string, unknown>[] = [];

/** What node-postgres throws when PostgreSQL refuses the connection, as drizzle wraps it. */
const refused = () =>
  Object.assign(new Error('Failed query: select 1\nparams: guest@example.com'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'flora-busy-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="fr" dir="ltr">\n<head><meta charset="UTF-8" /><meta name="description" content="Fleuriste" /><title>Flora Maroc</title>' +
      '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css"></head>\n<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), '.container-shop{margin:auto}');
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'export {};\n');
  const real = await createTestDatabase();
  // The pages' reads go through `db`: while `cut`, every use of it fails as an unreachable PostgreSQL does.
  const db = new Proxy(real.db, {
    get(target, prop, receiver) {
      if (cut) throw refused();
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  database = Object.assign(Object.create(Object.getPrototypeOf(real) as object) as Database, real, { db });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST_DIR: dist,
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'info',
  });
  const stream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
  app = await buildApp(config, database, { mailer: memoryMailer(), logger: { level: 'info', stream } });
  await app.ready();
}, 120_000);
afterAll(async () => {
  cut = false;
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a page while the database is out of reach', () => {
  it.each([
    ['/', 'fr', 'ltr', 'La boutique est très sollicitée'],
    ['/en/shop', 'en', 'ltr', 'The shop is very busy'],
    ['/ar/product/1', 'ar', 'rtl', 'المتجر مشغول جدًا'],
  ])('%s: 503 busy in its language, Retry-After, the shop’s look, no app', async (url, lang, dir_, title) => {
    cut = true;
    const from = logLines.length;
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    cut = false;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir_}">`);
    expect(res.body).toMatch(
      new RegExp(`<div id="root"><main><section role="alert" class="container-shop[^"]*"><p[^>]*>[^<]+</p><h1[^>]*>${title}</h1>`),
    );
    expect(res.body).toContain('.container-shop{margin:auto}');
    expect(res.body).toContain(`href="${url}"`);
    expect(res.body).not.toContain('/assets/index-Ab12Cd34.js');
    expect(res.body).not.toMatch(/ECONNREFUSED|guest@example\.com|Failed query/);
    const lines = logLines.slice(from).filter((l) => Number(l.level) >= 40);
    expect(lines.map((l) => l.msg)).toEqual(['database unavailable: page answered 503']);
    expect(JSON.stringify(lines)).not.toContain('guest@example.com');

    const back = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(back.statusCode).not.toBe(503);
  });
});
