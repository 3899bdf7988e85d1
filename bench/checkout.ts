/**
 * Checkout storm on PostgreSQL (`npm run bench:checkout`; not part of `npm test`).
 *
 * Creates a fresh database `flora_bench_checkout` on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates, adds the test shop fixtures, starts the app on a
 * free loopback port (mail queue running, mails captured in memory) and sends BENCH_BUYERS (default
 * 100) guest checkouts at once over HTTP, each cart holding one unit of a product with enough stock.
 * Prints accepted orders, stock before and after, p50/p95/p99 as the clients saw them, and where the
 * time went on the server (time in the checkout transaction vs waiting for a pool connection vs the
 * rest of the request). Per-IP and per-address limits are off (RATE_LIMIT=false): every buyer comes
 * from 127.0.0.1. Drops the database at the end (BENCH_KEEP=1 keeps it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { cartItems, carts, mailOutbox, orders, products } from '../server/db/schema.js';
import { memoryMailer } from '../server/lib/mail.js';
import { address, insertShopFixtures, ORIGIN } from '../server/modules/checkout/test-fixtures.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const buyers = Number(process.env.BENCH_BUYERS ?? 100);
const DB_NAME = 'flora_bench_checkout';
const STOCK = buyers * 10;

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-bench-checkout-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url.toString(), RATE_LIMIT: 'false', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize });
  await database.migrate();
  await insertShopFixtures(database.db);
  const productId = 2;
  await database.db.update(products).set({ stock: STOCK }).where(eq(products.id, productId));
  const cartIds = Array.from({ length: buyers }, () => crypto.randomUUID());
  await database.db.insert(carts).values(cartIds.map((id) => ({ id, deliveryZoneId: 2 })));
  await database.db.insert(cartItems).values(cartIds.map((cartId) => ({ cartId, productId, colorId: null, quantity: 1 })));

  const mail = memoryMailer();
  const app = await buildApp(config, database, { mailer: mail, serveWeb: false });
  // Where the time goes: the whole request on the server, and the checkout's transaction alone.
  const serverMs: number[] = [];
  app.addHook('onResponse', async (req, reply) => {
    if (req.url === '/api/checkout') serverMs.push(reply.elapsedTime);
  });
  const txMs: number[] = [];
  const poolWaitMs: number[] = [];
  const pool = database.pool!;
  const connect = pool.connect.bind(pool) as (...a: unknown[]) => Promise<pg.PoolClient>;
  (pool as unknown as { connect: (...a: unknown[]) => unknown }).connect = (...a: unknown[]) => (a.length ? connect(...a) : timedConnect());
  const timedConnect = async () => {
    const asked = performance.now();
    const client = await connect();
    poolWaitMs.push(performance.now() - asked);
    const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
    let began = 0;
    (client as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().toLowerCase();
      if (text === 'begin') began = performance.now();
      const r = await query(...args);
      if ((text === 'commit' || text === 'rollback') && began) {
        txMs.push(performance.now() - began);
        began = 0;
      }
      return r;
    };
    return client;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  const [before] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers });
  const body = (cartId: string) =>
    JSON.stringify({
      address,
      customer: { name: 'Bench Buyer', email: `bench-${cartId.slice(0, 8)}@example.com`, phone: '0600000000' },
      delivery_zone_id: 2,
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      total_amount: 149.9,
    });
  const post = (cartId: string) =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const payload = body(cartId);
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/checkout',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'accept-language': 'en',
            origin: ORIGIN,
            cookie: `cart_id=${cartId}`,
            'idempotency-key': `bench-${cartId}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const started = performance.now();
  const results = await Promise.all(cartIds.map(post));
  const wall = performance.now() - started;
  const [after] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const accepted = results.filter((r) => r.status === 201).length;
  const placed = (await database.db.select({ id: orders.id }).from(orders)).length;
  await app.mailQueue.settled(30_000);
  const queued = (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : 0;
  };
  const line = (name: string, xs: number[]) =>
    `${name.padEnd(34)} p50 ${pct(xs, 50).toFixed(0).padStart(5)} ms   p95 ${pct(xs, 95).toFixed(0).padStart(5)} ms   p99 ${pct(xs, 99).toFixed(0).padStart(5)} ms`;
  const latencies = results.map((r) => r.ms);
  const statuses = Object.entries(results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}));
  console.log(`\nCheckout storm: ${buyers} guests at once, PostgreSQL, pool ${config.databasePoolSize}, mails through ${app.mailQueue.driver}`);
  console.log(`answers: ${statuses.map(([s, n]) => `${n}× ${s}`).join(', ')}; accepted orders ${accepted} (rows ${placed}); ${(accepted / (wall / 1000)).toFixed(0)} orders/s over ${wall.toFixed(0)} ms`);
  console.log(`stock of product ${productId}: before ${before!.stock}, after ${after!.stock}, sold ${before!.stock - after!.stock} (oversell: ${before!.stock - after!.stock !== accepted ? 'YES' : 'none'})`);
  console.log(`mail outbox rows ${queued}, mails delivered ${mail.sent.length} (none sent on the request path)`);
  console.log(line('client latency', latencies));
  console.log(line('server time per request', serverMs));
  console.log(line('checkout transactions (begin-commit)', txMs));
  console.log(line('waiting for a pool connection', poolWaitMs));
  const p99 = pct(latencies, 99);
  console.log(p99 < 300 ? `p99 ${p99.toFixed(0)} ms: under the 300 ms target` : `p99 ${p99.toFixed(0)} ms: OVER the 300 ms target`);

  agent.destroy();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP) {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${DB_NAME} with (force)`);
    await dropper.end();
  }
  if (after!.stock + accepted !== before!.stock) process.exitCode = 1;
}

await main();
