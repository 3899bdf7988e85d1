/**
 * Catalogue read benchmark on PostgreSQL (`npm run bench`; not part of `npm test`).
 *
 * Creates a fresh database `flora_bench` on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates, seeds the demo catalogue and 100,000 generated
 * products, starts the app on a free loopback port and measures five reads with autocannon
 * (10 connections, 2 s warm-up, 8 s measured; the load generator runs in a worker thread so it does not
 * share the server's event loop). Prints requests/s, p50/p99 latency and errors for each, first with
 * the app as it runs in production, then with the 5-second in-process answer cache turned off (every
 * request runs its id-page and product queries: what a page nobody asked for in the last seconds
 * costs). That run starts with every cache cleared and warms nothing itself; the per-filter totals
 * (kept TOTALS_CACHE_TTL_MS, cleared by catalogue writes) stay on, as in production, so only the first
 * request of each filter counts. Drops the database at the end.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_PRODUCTS (default 100000), BENCH_DURATION (s, default 8),
 * BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the list queries, BENCH_KEEP=1 keeps the database,
 * BENCH_REUSE=1 measures a database kept by an earlier run instead of creating one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase, type Database } from '../server/db/client.js';
import {
  invalidateCatalogueCache,
  LIST_CACHE_TTL_MS,
  setListCacheTtl,
  TOTALS_CACHE_TTL_MS,
} from '../server/modules/catalogue/products.service.js';
import { seedLargeCatalogue } from '../server/seed/large.js';
import { seedDatabase } from '../server/seed/seed.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const DB_NAME = 'flora_bench';
const TARGET = { rps: 1500, p99: 50 };

const log = (msg: string) => console.log(`[bench] ${msg}`);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(base: string, name: string, urlPath: string, seconds: number): Promise<Row> {
  const opts = {
    url: base + urlPath,
    connections: 10,
    headers: { 'accept-language': 'fr', accept: 'application/json' },
    workers: 1,
  };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: seconds });
  return {
    name,
    path: urlPath,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

function printTable(title: string, rows: Row[]) {
  const ok = (r: Row) => r.rps >= TARGET.rps && r.p99 < TARGET.p99 && r.errors === 0 && r.non2xx === 0;
  const header = ['read', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'target'];
  const lines = rows.map((r) => [r.name, String(r.rps), String(r.p50), String(r.p99), String(r.errors), String(r.non2xx), ok(r) ? 'met' : 'MISSED']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
  for (const r of rows) console.log(`  ${r.name}: GET ${r.path}`);
}

async function explain(database: Database, label: string, query: ReturnType<typeof sql>) {
  const res = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as { rows: Record<string, string>[] };
  console.log(`\n-- ${label}\n${res.rows.map((r) => Object.values(r)[0]).join('\n')}`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-bench-'));
  const reuse = Boolean(process.env.BENCH_REUSE);
  if (!reuse) {
    await admin(`drop database if exists ${DB_NAME} with (force)`);
    await admin(`create database ${DB_NAME}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    database = await openDatabase({ url: url.toString(), poolSize: 10 });
    if (!reuse) {
      await database.migrate();
      let t = Date.now();
      await seedDatabase(database.db, { uploadsDir: path.join(dataDir, 'uploads'), log });
      log(`demo catalogue in ${Date.now() - t} ms`);
      t = Date.now();
      await seedLargeCatalogue(database.db, productCount, log);
      await database.db.execute(sql`vacuum analyze`);
      log(`${productCount} generated products (+ vacuum analyze) in ${Date.now() - t} ms`);
    }

    const db = database.db;
    const one = async (q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: Record<string, number>[] }).rows[0];
    const { n } = await one(sql`select count(*)::int as n from products`);
    const { id: productId } = await one(sql`select id from products order by id offset ${Math.floor(Number(n) / 2)} limit 1`);
    log(`${n} products in the catalogue; product page: ${productId}`);

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'false',
    });
    app = await buildApp(config, database, { logger: false, serveWeb: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    log(`app listening on ${address}`);

    const reads: [string, string][] = [
      ['list, page 1', '/api/products?page=1&per_page=20'],
      ['list, page 2000', '/api/products?page=2000&per_page=20'],
      ['search "rose"', '/api/products?search=rose'],
      ['category+colour+price', '/api/products?category_id=1&color_id=1&min_price=300&max_price=500'],
      ['one product', `/api/product/${productId}`],
    ];

    if (process.env.BENCH_EXPLAIN) {
      await explain(database, 'count, unfiltered', sql`select count(*) from products p where true`);
      await explain(database, 'page 2000', sql`select p.id from products p order by p.sort_order, p.id limit 20 offset 39980`);
      await explain(database, 'search rose, page', sql`select p.id from products p where p.search_text like '%rose%' order by p.sort_order, p.id limit 20`);
      await explain(database, 'search rose, count', sql`select count(*) from products p where p.search_text like '%rose%'`);
      const filter = sql`p.category_id = 1 and exists (select 1 from product_colors pc where pc.product_id = p.id and pc.color_id = 1) and p.final_price_cents >= 30000 and p.final_price_cents < 50000`;
      await explain(database, 'filter, page', sql`select p.id from products p where ${filter} order by p.sort_order, p.id limit 20`);
      await explain(database, 'filter, count', sql`select count(*) from products p where ${filter}`);
      await explain(database, 'category, price order', sql`select p.id from products p where p.category_id = 1 order by p.final_price_cents, p.id limit 20`);
      await explain(database, 'search rose, page 500', sql`select p.id from products p where p.search_text like '%rose%' order by p.sort_order, p.id limit 20 offset 9980`);
    }

    const base = address.replace('0.0.0.0', '127.0.0.1');
    const cached: Row[] = [];
    for (const [name, p] of reads) cached.push(await measure(base, name, p, duration));
    printTable(`As in production (answers cached ${LIST_CACHE_TTL_MS / 1000} s in the process):`, cached);

    setListCacheTtl(0);
    invalidateCatalogueCache(db);
    const uncached: Row[] = [];
    for (const [name, p] of reads) uncached.push(await measure(base, name, p, duration));
    printTable(
      `Without the ${LIST_CACHE_TTL_MS / 1000}-second answer cache (every request runs its id-page and product queries; ` +
        `per-filter totals still kept ${TOTALS_CACHE_TTL_MS / 60_000} min, counted once per filter after a cold start):`,
      uncached,
    );
  } finally {
    await app?.close();
    await database?.close();
    if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${DB_NAME} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
