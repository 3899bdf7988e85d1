/**
 * Rolling restart drill (ROLLING_DRILL=1, needs TEST_DATABASE_URL; `npm run test:rolling`): the compiled
 * shop (`node scripts/start.js`, which builds first when the build is not current) runs with
 * WEB_CONCURRENCY=2 on PostgreSQL under steady traffic from several keep-alive clients: catalogue reads
 * and guests placing orders. Mid-way it gets SIGHUP, then a second one once the first roll is done:
 * each replaces both workers one at a time. Asserted: no request failed (no connection error, no 5xx,
 * nothing but 2xx), every order answered 201 is in the database and the database holds no other, the
 * workers were really replaced (new process ids), and /metrics adds up both workers. Prints the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { orders as ordersTable, products } from './db/schema.js';
import { insertShopFixtures } from './test/shop-fixtures.js';
import { createTestDatabase, onPostgres } from './test/helpers.js';
import { checkoutHeaders, guestCart } from './test/server-process.js';

const PORT = Number(process.env.ROLLING_PORT ?? 4361);
const URL_ = `http://127.0.0.1:${PORT}`;
const METRICS_TOKEN = 'rolling-restart-metrics-token-0123456789';
const TRAFFIC_MS = 15_000;
const READERS = 6;
const BUYERS = 3;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-rolling-'));
const logFile = path.join(dataDir, 'shop.log');
let database: Database | undefined;
let shop: ChildProcess | undefined;

afterAll(async () => {
  if (shop && shop.exitCode === null && shop.signalCode === null) {
    // The primary takes its workers down with it on SIGTERM; SIGKILL only if it hangs.
    shop.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 15_000).unref());
    if (shop.exitCode === null && shop.signalCode === null) shop.kill('SIGKILL');
  }
  await database?.close();
  if (process.env.KEEP_ROLLING_LOGS === '1') console.log(`shop log in ${logFile}`);
  else rmSync(dataDir, { recursive: true, force: true });
});

const log = () => readFileSync(logFile, 'utf8');
/** The `msg` of every JSON line of the shop's log (the primary's and the workers'). */
const messages = () =>
  log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { msg?: string }).msg ?? '');

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (shop?.exitCode !== null || shop?.signalCode !== null)
      throw new Error(`the shop exited while waiting for ${what}:\n${log().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${log().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function scrape() {
  const res = await fetch(`${URL_}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  const families = new Map(parsePrometheusTextFormat(await res.text()).map((f) => [f.name, f]));
  const sum = (name: string) => (families.get(name)?.metrics ?? []).reduce((s, m) => s + Number(m.value ?? 0), 0);
  return { reporting: sum('flora_processes_reporting'), requests: sum('flora_http_requests_total') };
}

describe.runIf(onPostgres && process.env.ROLLING_DRILL === '1')('rolling restart under traffic (WEB_CONCURRENCY=2, PostgreSQL)', () => {
  it('SIGHUP twice mid-traffic: every request answered 2xx, every order kept', async () => {
    database = await createTestDatabase();
    const db = database.db;
    await insertShopFixtures(db);
    await db
      .update(products)
      .set({ stock: 1_000_000 })
      .where(inArray(products.id, [1, 2]));
    const [{ name }] = ((await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows as [
      { name: string },
    ];
    const databaseUrl = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();

    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: URL_,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '2',
      RATE_LIMIT: 'false',
      METRICS_TOKEN,
      ADMIN_EMAIL: 'rolling@flora.test',
      ADMIN_PASSWORD: 'rolling-test-password',
      LOG_LEVEL: 'info',
    };
    delete env.REDIS_URL;
    const out = openSync(logFile, 'a');
    // Node runs the launcher itself (no npm in between): SIGHUP reaches the primary.
    shop = spawn(process.execPath, ['scripts/start.js'], { env, stdio: ['ignore', out, out] });
    // A build first when the sources changed since the last one (several minutes on a busy machine).
    const workersAt = () =>
      messages()
        .filter((m) => /^Worker \d+ ready/.test(m))
        .map((m) => Number(/^Worker (\d+)/.exec(m)![1]));
    // The primary's line comes once both workers listen; each worker's own line may reach the log a
    // moment later (three processes write to it): wait for all three.
    await until(
      'both workers listening',
      () => messages().some((m) => m.startsWith('Shop ready on') && m.includes('with 2 processes')) && workersAt().length === 2,
      600_000,
    );
    const firstWorkers = workersAt();
    expect(firstWorkers).toHaveLength(2);

    // Steady traffic: readers walk the catalogue, buyers fill a cart and check out, all on kept-alive
    // connections (fetch's default), until the time is up and both reloads are done.
    const latencies: number[] = [];
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    const orders: number[] = [];
    let stop = false;
    const timed = async <T>(label: string, call: () => Promise<T>): Promise<T | undefined> => {
      const started = performance.now();
      try {
        return await call();
      } catch (err) {
        failures.push(`${label}: ${(err as Error).cause ? String((err as Error).cause) : String(err)}`);
        statuses.set('error', (statuses.get('error') ?? 0) + 1);
        return undefined;
      } finally {
        latencies.push(performance.now() - started);
      }
    };
    const request = (label: string, url: string, init?: RequestInit) =>
      timed(label, async () => {
        const res = await fetch(url, init);
        const body = await res.text();
        statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
        if (res.status < 200 || res.status > 299) failures.push(`${label}: ${res.status} ${body.slice(0, 200)}`);
        return { status: res.status, body };
      });
    const reader = async (n: number) => {
      const pages = [
        '/api/products?per_page=12',
        '/api/products?per_page=12&sort=price_asc',
        '/api/categories',
        '/api/delivery-zones',
        '/api/product/1',
        '/api/health/live',
      ];
      for (let i = n; !stop; i++) await request('read', `${URL_}${pages[i % pages.length]}`);
    };
    const buyer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const cart = await timed('cart', () => guestCart(URL_, [{ productId: 1 + ((n + i) % 2), quantity: 1 }], 1, n * 10_000 + i));
        if (!cart) continue;
        const key = crypto.randomUUID();
        const res = await request('checkout', `${URL_}/api/checkout`, {
          method: 'POST',
          headers: checkoutHeaders(URL_, cart.cookie, key, Buffer.byteLength(cart.body)),
          body: cart.body,
        });
        if (res?.status === 201) orders.push((JSON.parse(res.body) as { order: { id: number } }).order.id);
      }
    };
    const started = Date.now();
    const traffic = Promise.all([
      ...Array.from({ length: READERS }, (_, n) => reader(n)),
      ...Array.from({ length: BUYERS }, (_, n) => buyer(n)),
    ]);

    await new Promise((r) => setTimeout(r, 3000));
    // Both workers answer for /metrics, whichever is asked.
    const before = await scrape();
    expect(before.reporting).toBe(2);
    expect(before.requests).toBeGreaterThan(latencies.length / 2);

    const reloads: number[] = [];
    for (const round of [1, 2]) {
      const sent = Date.now();
      shop.kill('SIGHUP');
      await until(`reload ${round} done`, () => messages().filter((m) => m.startsWith('Reload done')).length >= round, 600_000);
      reloads.push(Date.now() - sent);
    }
    const remaining = TRAFFIC_MS - (Date.now() - started);
    if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
    stop = true;
    await traffic;
    const seconds = (Date.now() - started) / 1000;

    const after = await scrape();
    // Each new worker's own line (four of them) may reach the log after the primary's.
    await until('every new worker logged', () => workersAt().length >= 6, 10_000);
    const lastWorkers = workersAt().slice(-2);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    const [{ n: stored }] = ((await db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] })
      .rows as [{ n: number }];
    const found = orders.length
      ? (await db.select({ id: ordersTable.id }).from(ordersTable).where(inArray(ordersTable.id, orders))).length
      : 0;
    console.log(
      `Rolling restart: ${latencies.length} requests in ${seconds.toFixed(1)} s (${READERS} readers, ${BUYERS} buyers, keep-alive), ` +
        `2 reloads (${reloads.map((ms) => (ms / 1000).toFixed(1)).join(' s, ')} s), failures ${failures.length}, ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}, latency p50 ${p(0.5)} ms p99 ${p(0.99)} ms max ${sorted.at(-1)!.toFixed(1)} ms, ` +
        `orders answered 201: ${orders.length}, in the database: ${stored} (found ${found}); workers ${firstWorkers.join(',')} -> ${lastWorkers.join(',')}`,
    );
    if (failures.length) console.log(failures.slice(0, 20).join('\n'));
    expect(failures).toEqual([]);
    expect(orders.length).toBeGreaterThan(0);
    expect(found).toBe(orders.length);
    expect(stored).toBe(orders.length);
    // Four new workers were started (two per reload) and the last two are neither of the first.
    expect(workersAt()).toHaveLength(6);
    expect(lastWorkers.filter((pid) => firstWorkers.includes(pid))).toEqual([]);
    expect(after.reporting).toBe(2);
    // Each roll step logged: a new worker starting, listening while an old one drains, the old one's exit.
    const steps = messages().filter((m) => /^Reload \d\/2:/.test(m));
    expect(steps).toHaveLength(2 * 2 * 3);

    // SIGTERM: the primary stops both workers, which drain and exit; then it exits 0.
    const exited = new Promise<number | string>((resolve) => shop!.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
    shop.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 1_800_000);
});
