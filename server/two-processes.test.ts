/**
 * Two server processes on one PostgreSQL and one Redis, as `WEB_CONCURRENCY=2` or two machines run
 * them: what one process does, the other sees. Needs TEST_DATABASE_URL (CI sets it) and the Redis of
 * this machine (REDIS_URL, default redis://127.0.0.1:6379).
 * Then the same two processes when Redis fails: unreachable at start (a closed port), back, and lost
 * and back while they run, through a TCP proxy in front of that Redis (which itself is never touched).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { cartItems, carts } from './db/schema.js';
import { address, insertShopFixtures } from './test/shop-fixtures.js';
import { createTestDatabase, onPostgres } from './test/helpers.js';
import { databaseUrlOf } from './test/server-process.js';
import { startRedisProxy, type RedisProxy } from './test/redis-proxy.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'two@flora.test', password: 'two-processes-password' };

interface Server {
  url: string;
  child: ChildProcess;
  /** What the process wrote (stdout and stderr). */
  log: () => string;
  /** Milliseconds from spawning to the first answer of /api/health. */
  startedIn: number;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl: string, dataDir: string, prefix: string, redisUrl = REDIS_URL): Promise<Server> {
  const port = await freePort();
  const spawned = Date.now();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      RATE_LIMIT: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (log += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    log += text;
    process.stderr.write(text);
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${log}`);
    try {
      // Serving: any answer (503 while Redis is down: health names what is down).
      await (await fetch(`${url}/api/health`)).arrayBuffer();
      return { url, child, log: () => log, startedIn: Date.now() - spawned };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** Polls until `read` returns what `ok` accepts; returns the milliseconds it took. */
async function within(ms: number, read: () => Promise<unknown>, ok: (v: unknown) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (ok(await read())) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

/** The test database's URL for the processes, with the fixtures of the checkout tests. */
async function shopDatabase(database: Database): Promise<string> {
  await insertShopFixtures(database.db);
  return databaseUrlOf(database);
}

async function login(s: Server): Promise<string> {
  const res = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await json(res)) as { token: string }).token;
}

/** The back office's own request: multipart, POST with ?_method=PUT. */
async function editPrice(s: Server, token: string, productId: number, price: number): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Plante verte',
    description: 'Une plante facile',
    category_id: '1',
    price: String(price),
    stock: '20',
    discount: '0',
  }))
    form.append(k, v);
  const edit = await fetch(`${s.url}/api/admin/products/edit/${productId}?_method=PUT`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(edit.status, await edit.clone().text()).toBe(200);
}

const priceOn = async (s: Server, productId: number) => (await json(await fetch(`${s.url}/api/product/${productId}`))).price;

describe.runIf(onPostgres)('two server processes on one PostgreSQL and Redis', () => {
  let database: Database;
  let a: Server;
  let b: Server;
  let adminToken = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-two-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const databaseUrl = await shopDatabase(database);
    const prefix = `two-${randomBytes(4).toString('hex')}`;
    // Started together: they take turns preparing the database (an advisory lock).
    [a, b] = await Promise.all([startServer(databaseUrl, dataDir, prefix), startServer(databaseUrl, dataDir, prefix)]);
  }, 180_000);

  afterAll(async () => {
    for (const s of [a, b]) s?.child.kill('SIGTERM');
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session made on one process works on the other', async () => {
    const token = await login(a);
    adminToken = token;
    const me = await fetch(`${b.url}/api/admin/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('a product edited through one process is seen through the other within a second', async () => {
    expect(await priceOn(b, 2)).toBe(99.9); // now in B's cache
    // The token made by the session test: a login counts against the limit tested below.
    await editPrice(a, adminToken, 2, 120);
    const took = await within(
      1000,
      () => priceOn(b, 2),
      (v) => v === 120,
    );
    console.log(`edited price seen on the other process after ${took} ms`);
  });

  it('an order placed on one process moves the stock the other shows, within a second', async () => {
    const stockOn = async (s: Server) => (await json(await fetch(`${s.url}/api/product/4`))).stock;
    expect(await stockOn(b)).toBe(3); // now in B's cache
    const cartId = crypto.randomUUID();
    await database.db.insert(carts).values({ id: cartId, deliveryZoneId: 1 });
    await database.db.insert(cartItems).values({ cartId, productId: 4, colorId: null, quantity: 1 });
    const order = await fetch(`${a.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url, cookie: `cart_id=${cartId}`, 'idempotency-key': cartId },
      body: JSON.stringify({
        address,
        customer: { name: 'Buyer', email: 'buyer@example.com', phone: '0600000000' },
        delivery_zone_id: 1,
        payment_method: 'cash_on_delivery',
        accept_terms: true,
        total_amount: 600,
      }),
    });
    expect(order.status, await order.clone().text()).toBe(201);
    const took = await within(
      1000,
      () => stockOn(b),
      (v) => v === 2,
    );
    console.log(`stock seen on the other process after ${took} ms`);
  });

  it('the 21st login attempt of a minute is refused, whichever process takes it', async () => {
    const attempt = (s: Server) =>
      fetch(`${s.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.url },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
    // One attempt was made by the first test; 19 more alternate between the processes.
    for (let i = 0; i < 19; i++) expect((await attempt(i % 2 ? a : b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });
});

/** A failed login with an address nobody has: only the per-IP limit counts it (no account throttle). */
const failedLogin = (s: Server) =>
  fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url },
    body: JSON.stringify({ email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'wrong-password' }),
  }).then((res) => res.status);

const health = async (s: Server) => {
  const res = await fetch(`${s.url}/api/health`);
  return { status: res.status, body: (await res.json()) as { down: string[]; redis: { status: string; ok: boolean } } };
};
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe.runIf(onPostgres)('two server processes when Redis fails', () => {
  let database: Database;
  let proxy: RedisProxy;
  let a: Server;
  let b: Server;
  let address = '';
  let token = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-two-'));
  /** The log's sentence about Redis at the proxy's address, `what` happened to it. */
  const said = (what: string) => new RegExp(`Redis \\(REDIS_URL, ${address.replaceAll('.', '\\.')}\\) ${what}`);
  const redisOn = async (s: Server) => (await health(s)).body.redis.status;

  beforeAll(async () => {
    const redis = new URL(REDIS_URL);
    proxy = await startRedisProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    address = new URL(proxy.url).host;
    // A closed port: Redis is unreachable when the processes start.
    await proxy.cut('refuse');
    database = await createTestDatabase();
    const databaseUrl = await shopDatabase(database);
    const prefix = `two-${randomBytes(4).toString('hex')}`;
    // A password in the URL, which the log must never show.
    const url = proxy.url.replace('redis://', 'redis://:s3cret-pass@');
    [a, b] = await Promise.all([startServer(databaseUrl, dataDir, prefix, url), startServer(databaseUrl, dataDir, prefix, url)]);
  }, 180_000);

  afterAll(async () => {
    // Stopped before the proxy, so they do not see Redis go away while they shut down.
    const exited = [a, b].map((s) => s && s.child.exitCode === null && new Promise((resolve) => s.child.once('exit', resolve)));
    for (const s of [a, b]) s?.child.kill('SIGTERM');
    await Promise.all(exited);
    await proxy?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both serve with Redis unreachable at start, and say why in the log, once', async () => {
    console.log(`serving ${a.startedIn} ms and ${b.startedIn} ms after spawning, Redis unreachable`);
    for (const s of [a, b]) {
      expect(s.child.exitCode).toBeNull();
      expect(count(s.log(), said('cannot be reached'))).toBe(1);
      expect(s.log()).not.toContain('s3cret');
      expect(await health(s)).toMatchObject({ status: 503, body: { down: ['redis'], redis: { status: 'down', ok: false } } });
      expect(await priceOn(s, 2)).toBe(99.9);
    }
  });

  it("while Redis is down, another process's catalogue edit shows within the short answer-cache life", async () => {
    token = await login(b);
    expect(await priceOn(b, 2)).toBe(99.9); // in B's caches
    await editPrice(a, token, 2, 110);
    // CATALOGUE_CACHE_MS (5 s by default) rather than the minute the cards and pages are kept with Redis.
    const took = await within(
      15_000,
      () => priceOn(b, 2),
      (v) => v === 110,
    );
    console.log(`edited price seen on the other process after ${took} ms, Redis down`);
  });

  it('while Redis is down, each process counts its own rate limits (the limit still holds)', async () => {
    // A's own count: its 20 failed logins of the minute, then refused; B has its own 20.
    for (let i = 0; i < 20; i++) expect(await failedLogin(a)).toBe(401);
    expect(await failedLogin(a)).toBe(429);
    expect(await failedLogin(b)).toBe(401);
  });

  it('when Redis comes back, both say so once, report it up, and share again', async () => {
    await proxy.restore();
    for (const s of [a, b])
      await within(
        30_000,
        () => redisOn(s),
        (v) => v === 'up',
      );
    for (const s of [a, b]) {
      expect(await health(s)).toMatchObject({ status: 200, body: { down: [], redis: { status: 'up', ok: true } } });
      expect(count(s.log(), said('is back'))).toBe(1);
    }
    // The counters are Redis's again (nothing was counted there during the outage).
    expect(await failedLogin(a)).toBe(401);
    expect(await priceOn(b, 2)).toBe(110);
    await editPrice(a, token, 2, 130);
    const took = await within(
      1000,
      () => priceOn(b, 2),
      (v) => v === 130,
    );
    console.log(`edited price seen on the other process after ${took} ms, Redis back`);
  });

  it('when Redis goes away while they run, both keep serving, health names it, one warning however often they retry', async () => {
    await proxy.cut('drop');
    for (const s of [a, b])
      await within(
        30_000,
        () => redisOn(s),
        (v) => v === 'down',
      );
    // Both processes' two connections have retried a few times each.
    await within(
      60_000,
      async () => proxy.dropped(),
      (n) => (n as number) >= 12,
    );
    for (const s of [a, b]) {
      expect(await health(s)).toMatchObject({ status: 503, body: { down: ['redis'], redis: { status: 'down', ok: false } } });
      expect(await priceOn(s, 2)).toBe(130);
      expect(count(s.log(), said('went away'))).toBe(1);
    }
    await proxy.restore();
    for (const s of [a, b])
      await within(
        30_000,
        () => redisOn(s),
        (v) => v === 'up',
      );
    for (const s of [a, b]) expect(count(s.log(), said('is back'))).toBe(2);
    await editPrice(b, token, 2, 140);
    await within(
      1000,
      () => priceOn(a, 2),
      (v) => v === 140,
    );
  });
});
