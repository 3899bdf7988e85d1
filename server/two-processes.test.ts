/**
 * Two server processes on one PostgreSQL and one Redis, as `WEB_CONCURRENCY=2` or two machines run
 * them: what one process does, the other sees. Needs TEST_DATABASE_URL (CI sets it) and the Redis of
 * this machine (REDIS_URL, default redis://127.0.0.1:6379).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { cartItems, carts } from './db/schema.js';
import { address, insertShopFixtures } from './modules/checkout/test-fixtures.js';
import { createTestDatabase, onPostgres } from './test/helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'two@flora.test', password: 'two-processes-password' };

interface Server {
  url: string;
  child: ChildProcess;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl: string, dataDir: string, prefix: string): Promise<Server> {
  const port = await freePort();
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
      REDIS_URL,
      REDIS_PREFIX: prefix,
      RATE_LIMIT: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
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

describe.runIf(onPostgres)('two server processes on one PostgreSQL and Redis', () => {
  let database: Database;
  let a: Server;
  let b: Server;
  let adminToken = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-two-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertShopFixtures(database.db);
    const databaseUrl = await database.db
      .execute(sql`select current_database() as name`)
      .then((r) => (r as unknown as { rows: { name: string }[] }).rows[0].name)
      .then((name) => Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString());
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
    const login = await fetch(`${a.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await json(login)) as { token: string };
    adminToken = token;
    const me = await fetch(`${b.url}/api/admin/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('a product edited through one process is seen through the other within a second', async () => {
    const priceOn = async (s: Server) => (await json(await fetch(`${s.url}/api/product/2`))).price;
    expect(await priceOn(b)).toBe(99.9); // now in B's cache
    const token = adminToken; // made by the session test: a login counts against the limit tested below
    // The back office's own request: multipart, POST with ?_method=PUT.
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Plante verte', description: 'Une plante facile', category_id: '1', price: '120', stock: '20', discount: '0' })) form.append(k, v);
    const edit = await fetch(`${a.url}/api/admin/products/edit/2?_method=PUT`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const took = await within(1000, () => priceOn(b), (v) => v === 120);
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
    const took = await within(1000, () => stockOn(b), (v) => v === 2);
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
