/**
 * The S3 drill: pictures in a bucket of a real S3-compatible server (s3rver, on a free port), shared by
 * two shop processes that share one PostgreSQL and nothing on disk (each its own DATA_DIR). A product
 * uploaded through one process's admin API is served, every width, by the other; the backup holds the
 * bucket's pictures and a restore writes them into another prefix; a delete on one process is a 404 on
 * both and empties the bucket. `npm run storage:copy` moves a local folder into the bucket, and skips
 * on a second run what is there. A wrong bucket or STORAGE_URL ends the start with one sentence.
 *
 * Runs in its own CI phase (`npm run test:s3`, S3_DRILL=1): it starts shop processes. The bucket parts
 * with a database need TEST_DATABASE_URL (PostgreSQL).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { categories } from '../db/schema.js';
import { processImage } from '../lib/images.js';
import { LocalPictureStore } from '../lib/storage/local-store.js';
import type { PictureStore } from '../lib/storage/picture-store.js';
import { S3PictureStore } from '../lib/storage/s3-store.js';
import { createTestDatabase, onPostgres } from '../test/helpers.js';
import { S3RVER_CREDENTIALS, startS3Emulator, type S3Emulator } from '../test/s3-emulator.js';
import { databaseUrlOf, startShopProcess, type ShopProcess } from '../test/server-process.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const drill = process.env.S3_DRILL === '1';
const ADMIN = { email: 'process@flora.test', password: 'process-test-password' };

let s3: S3Emulator;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  if (drill) s3 = await startS3Emulator();
});
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
  await s3?.close();
});

function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `flora-s3-${label}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The bucket under `prefix`, as the shop sees it. */
function bucket(prefix: string): PictureStore {
  const store = new S3PictureStore({
    bucket: s3.bucket,
    prefix,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  cleanups.push(() => store.close());
  return store;
}

async function keysOf(store: PictureStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys.sort();
}

/** Runs a script of the repository as `npm run` would (node with tsx), with the given environment. */
function runScript(script: string, args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: root, env: childEnv, timeout: 120_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** What a shop process wrote (startShopProcess sends it to DATA_DIR/server-<port>.log), to read when a test fails. */
const serverLog = (shop: ShopProcess, dataDir: string) => readFileSync(path.join(dataDir, `server-${shop.port}.log`), 'utf8').slice(-4000);

async function login(shop: ShopProcess): Promise<string> {
  const res = await fetch(`${shop.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Every width's address of a product's pictures, from the shop's public product answer. */
async function pictureUrls(shop: ShopProcess, productId: number): Promise<string[]> {
  const res = await fetch(`${shop.url}/api/product/${productId}`);
  expect(res.status).toBe(200);
  const product = (await res.json()) as { images: { srcset: string }[] };
  return product.images.flatMap((img) => img.srcset.split(', ').map((entry) => entry.split(' ')[0]!));
}

describe.runIf(drill && onPostgres)('pictures in an S3 bucket shared by two shop processes', () => {
  let database: Database;
  let databaseUrl: string;
  let a: ShopProcess;
  let b: ShopProcess;
  let token: string;
  let productId: number;
  let urls: string[];
  const prefix = `shop-${randomBytes(3).toString('hex')}`;
  const dataDirs = { a: '', b: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    cleanups.push(() => database.close());
    // A category to file the product under (and the seed sees a catalogue: no demo pictures in the bucket).
    await database.db.insert(categories).values({ id: 1, name: 'Bouquets' });
    databaseUrl = await databaseUrlOf(database);
    dataDirs.a = tempDir('a');
    dataDirs.b = tempDir('b');
    // Two machines: one database, one bucket, nothing shared on disk.
    [a, b] = await Promise.all(
      (['a', 'b'] as const).map((side) => startShopProcess({ dataDir: dataDirs[side], databaseUrl, env: s3.env(prefix) })),
    );
    cleanups.push(async () => {
      for (const shop of [a, b]) if (shop && shop.child.exitCode === null && shop.child.signalCode === null) shop.child.kill('SIGTERM');
      await Promise.all([a, b].filter(Boolean).map((shop) => shop.exited));
    });
    token = await login(a);
  }, 180_000);

  it('stores an upload made on one process in the bucket, every width, and nothing on either disk', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Bouquet du nuage',
      description: 'Des roses dans un seau',
      category_id: '1',
      price: '320',
      stock: '5',
      discount: '0',
    }))
      form.append(k, v);
    form.append('images[]', new Blob([await png(1200, 900, '#c2185b')], { type: 'image/png' }), 'rose.png');
    form.append('images[]', new Blob([await png(500, 500, '#2e7d32')], { type: 'image/png' }), 'feuille.png');
    const res = await fetch(`${a.url}/api/admin/products/new`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: a.url },
      body: form,
    });
    expect(res.status, `${await res.clone().text()}\n${serverLog(a, dataDirs.a)}`).toBe(201);
    productId = ((await res.json()) as { id: number }).id;

    const keys = await keysOf(bucket(prefix));
    // 1200 px wide: 320, 640 and 1024; 500 px wide: 320 only.
    expect(keys).toHaveLength(4);
    expect(keys.every((k) => /^products\/[A-Za-z0-9]+-(320|640|1024)\.webp$/.test(k))).toBe(true);
    for (const dir of Object.values(dataDirs)) expect(await keysOf(new LocalPictureStore(path.join(dir, 'uploads')))).toEqual([]);
  });

  it('serves those pictures from the other process, with the year-long immutable cache and a 304 on revalidation', async () => {
    urls = await pictureUrls(b, productId);
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      const width = Number(/-(\d+)\.webp$/.exec(url)![1]);
      const onB = await fetch(`${b.url}${url}`);
      expect(onB.status).toBe(200);
      expect(onB.headers.get('content-type')).toBe('image/webp');
      expect(onB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await onB.arrayBuffer());
      expect(Number(onB.headers.get('content-length'))).toBe(bytes.length);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      // The same bytes from the process that took the upload.
      expect(Buffer.from(await (await fetch(`${a.url}${url}`)).arrayBuffer()).equals(bytes)).toBe(true);
      const again = await fetch(`${b.url}${url}`, { headers: { 'if-none-match': onB.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    // HEAD answers like GET, without a body.
    const head = await fetch(`${a.url}${urls[0]}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // An address no upload made: the shop's own not-found, not an error of the bucket.
    expect((await fetch(`${b.url}/uploads/products/nothing-here-640.webp`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await fetch(`${b.url}/uploads/..%2Fsecrets%2Forder-links.key`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it("backs the bucket's pictures up with the database, and restores them into another prefix", async () => {
    const archive = path.join(tempDir('archive'), 'shop.tar.gz');
    const backup = await runScript('server/ops/backup-cli.ts', [archive], {
      DATA_DIR: tempDir('backup'),
      DATABASE_URL: databaseUrl,
      ...s3.env(prefix),
    });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(new RegExp(`4 pictures from s3://${s3.bucket}/${prefix} at `));

    const target = `flora_s3_restore_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${target}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${target} with (force)`);
      await dropper.end();
    });
    const targetUrl = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${target}` }).toString();
    const restoredPrefix = `${prefix}-restored`;
    const env = { DATA_DIR: tempDir('restore'), DATABASE_URL: targetUrl, ...s3.env(restoredPrefix) };
    const restore = await runScript('server/ops/restore-cli.ts', [archive], env);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/counts and 4 pictures match its manifest/);

    const [source, restored] = [bucket(prefix), bucket(restoredPrefix)];
    const keys = await keysOf(source);
    expect(await keysOf(restored)).toEqual(keys);
    for (const key of keys)
      expect((await buffer((await restored.get(key))!.body)).equals(await buffer((await source.get(key))!.body))).toBe(true);

    // The restored prefix is no longer empty: a second restore needs --force.
    const again = await runScript('server/ops/restore-cli.ts', [archive], env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(new RegExp(`s3://${s3.bucket}/${restoredPrefix} at .* holds pictures`));
  }, 180_000);

  it('deletes through one process: both answer 404 and the bucket no longer holds the pictures', async () => {
    const res = await fetch(`${b.url}/api/admin/products/${productId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, origin: b.url },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await keysOf(bucket(prefix))).toEqual([]);
    for (const shop of [a, b])
      for (const url of urls) expect((await fetch(`${shop.url}${url}`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });
});

describe.runIf(drill)('npm run storage:copy', () => {
  it("copies a shop's local pictures into the bucket, then skips what is there; counts printed", async () => {
    const dataDir = tempDir('copy');
    const local = new LocalPictureStore(path.join(dataDir, 'uploads'));
    const made = [];
    for (const [w, colour] of [
      [1100, '#c0392b'],
      [700, '#8e44ad'],
      [300, '#f1c40f'],
    ] as const) {
      made.push(await processImage(await png(w, 400, colour), { store: local, prefix: w > 500 ? 'products' : 'categories', effort: 1 }));
    }
    const expected = made.flatMap((img) => img.widths.map((w) => `${img.key}-${w}.webp`)).sort();
    expect(expected).toHaveLength(3 + 2 + 1);
    const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, ...s3.env('copied') };

    const first = await runScript('server/ops/storage-copy-cli.ts', [], env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/Copied 6 pictures \([\d.]+ MB\), skipped 0 already there with the same size, 0 failed/);
    const target = bucket('copied');
    expect(await keysOf(target)).toEqual(expected);
    for (const key of expected) {
      expect((await buffer((await target.get(key))!.body)).equals(await buffer((await local.get(key))!.body))).toBe(true);
    }

    // One more picture locally, one damaged in the bucket (another size): only those two are copied.
    const extra = await processImage(await png(400, 400, '#16a085'), { store: local, prefix: 'products', effort: 1 });
    await target.put(expected[0]!, Buffer.from('truncated'), 'image/webp');
    const second = await runScript('server/ops/storage-copy-cli.ts', [], env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/Copied 2 pictures \([\d.]+ MB\), skipped 5 already there with the same size, 0 failed/);
    expect(await keysOf(target)).toEqual([...expected, `${extra.key}-320.webp`].sort());
    expect((await target.stat(expected[0]!))!.size).toBe((await local.stat(expected[0]!))!.size);
  }, 120_000);

  it('refuses without a bucket to copy into', async () => {
    const res = await runScript('server/ops/storage-copy-cli.ts', [], { DATA_DIR: tempDir('nocopy'), STORAGE_URL: undefined });
    expect(res.code).toBe(1);
    expect(res.output.trim()).toMatch(/^STORAGE_URL is not set: give the bucket to copy into/);
  });
});

describe.runIf(drill)('a shop whose picture store is wrong does not start', () => {
  it('says in one sentence that the bucket does not exist, and exits 1', async () => {
    // PostgreSQL when there is one: opening it is a pool, quicker than an embedded database.
    const env = {
      DATA_DIR: tempDir('nobucket'),
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      REDIS_URL: undefined,
      PORT: '0',
      LOG_LEVEL: 'warn',
    };
    const res = await runScript('server/main.ts', [], { ...env, ...s3.env(), STORAGE_URL: 's3://no-such-bucket/x' });
    expect(res.code).toBe(1);
    expect(res.output.trim()).toMatch(
      /^The bucket "no-such-bucket" does not exist: create it or correct STORAGE_URL=s3:\/\/no-such-bucket\/x \(S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+\)\.$/,
    );
  }, 120_000);

  it('names a malformed STORAGE_URL, and exits 1 without a stack trace', async () => {
    const res = await runScript('server/main.ts', [], {
      DATA_DIR: tempDir('badurl'),
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      STORAGE_URL: 'https://bucket.example/pictures',
    });
    expect(res.code).toBe(1);
    expect(res.output.trim()).toBe(
      'Invalid configuration:\n  - STORAGE_URL: must be s3://bucket or s3://bucket/prefix (unset keeps pictures in DATA_DIR/uploads)',
    );
  });
});
