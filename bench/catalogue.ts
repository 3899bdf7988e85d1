/**
 * Catalogue benchmark of varied traffic on PostgreSQL (`npm run bench`; not part of `npm test`).
 *
 * Creates a fresh database `flora_bench` on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates, seeds the demo catalogue and 100,000 generated
 * products (search keys included), then starts the shop as `npm start` does, in its own process(es),
 * and replays traffic that rarely repeats an address: lists (random pages across the whole range of
 * random filter combinations and sorts: pages past the last are never asked), product pages (random
 * ids), searches (words drawn from a list in French, English and Arabic, typos included), and a mix
 * of the three in a shop's proportions (50% lists, 30% products, 20% search), each request in a
 * language drawn at random. Each shape runs with autocannon (10 connections, BENCH_DURATION seconds
 * after a 3 s warm-up) with the answer cache on (as in production) and off (CATALOGUE_CACHE_MS=0),
 * with one process and with two (WEB_CONCURRENCY=2 and Redis), and beside a bare Fastify handler
 * sending the same bytes (the framework's ceiling on this machine). Drops the database at the end.
 *
 * Besides requests per second and latency, each shape prints the CPU time the shop's processes and
 * PostgreSQL's spent per request while it ran: on a small machine where the shop, PostgreSQL and the
 * bench's own clients share the cores, these vary less between runs than requests per second, and
 * tell the shop's share of a difference from PostgreSQL's.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_PRODUCTS (default 100000), BENCH_DURATION (s, default 8),
 * BENCH_KEEP=1 keeps the database, BENCH_REUSE=1 measures a database kept by an earlier run (and keeps it),
 * REDIS_URL (default redis://127.0.0.1:6379) for the two-process runs. To iterate on one part:
 * BENCH_SETUPS (comma-separated numbers 1-4 of the setups below, e.g. `2` = one process, cache off),
 * BENCH_SHAPES (comma-separated among list,product,search,mixed), BENCH_SEED_ONLY=1 (seed, keep, stop),
 * BENCH_URL (measure a shop already running on this database, e.g. started with --cpu-prof; with BENCH_REUSE=1),
 * BENCH_COMPARE (another checkout of this repository, e.g. an older commit in a git worktree with its web
 * app built: both shops run side by side on the same database, and each shape is measured on one then
 * the other, BENCH_ROUNDS times (default 5) in alternating order; the table gives each one's medians;
 * the shop of before is asked the lists without the occasion filters, which a shop before occasions
 * refuses, unless BENCH_COMPARE_OCCASIONS=1),
 * BENCH_COLD_CARDS=1 (skip reading every card once before measuring: lists then also store the cards
 * they build, as on the first day after a rename of a category or colour).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { freePort } from './free-port.js';
import { adminUrl, onServer } from './postgres-server.js';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { PAGE_SIZES } from '../shared/constants.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { reindexStaleProducts } from '../server/modules/catalogue/read/search-index.js';
import { seedLargeCatalogue } from '../server/seed/large.js';
import { seedDatabase } from '../server/seed/seed.js';
import { LocalPictureStore } from '../server/lib/storage/local-store.js';
import { postgresCpuBetween, processesCpu, treeCpuMs } from './process-cpu.js';

const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const DB_NAME = 'flora_bench';

const log = (msg: string) => console.log(`[bench] ${msg}`);

const TARGET = { list: { rps: 1000, p99: 50 }, product: { rps: 2500 }, search: { p99: 80 }, mixedCached: { rps: 2000 } };
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const SEARCH_WORDS = [
  'rose',
  'roses',
  'tulipe',
  'tulipes',
  'orchidée',
  'orchidees',
  'pivoine',
  'lavande',
  'bouquet',
  'mariage',
  'séché',
  'jasmin',
  'peony',
  'sunflower',
  'orchid',
  'lily',
  'dried',
  'bridal',
  'tulip',
  'wreath',
  'ورد',
  'ورود',
  'وردة',
  'توليب',
  'أوركيد',
  'زهور',
  'باقة',
  'خزامى',
  'مجففة',
  'ياسمين',
  'tulpie',
  'lavende',
  'orchdée',
  'bouqet', // one-letter typos
];
const SORTS = ['', 'price_asc', 'price_desc', 'newest', 'popular'];
const BANDS: [number | null, number | null][] = [
  [null, null],
  [null, 30],
  [30, 60],
  [60, null],
];
const PER_PAGE = 20;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

interface Catalogue {
  minId: number;
  maxId: number;
  /** Filter query string → number of pages. */
  filters: [string, number][];
}

async function describeCatalogue(db: Database['db']): Promise<Catalogue> {
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const [{ min, max }] = await one<{ min: number; max: number }>(sql`select min(id)::int as min, max(id)::int as max from products`);
  // Every combination of category (or none), colour (or none) and price band, and each occasion with
  // a category (or none) and a price band, with its page count: the benchmark asks random pages that
  // exist, as a shopper following the page links would.
  const rows = await one<{ category_id: number | null; color_id: number | null; occasion: string | null; band: number; n: number }>(sql`
    with bands(band, lo, hi) as (values (0, null::int, null::int), (1, null, 3000), (2, 3000, 6000), (3, 6000, null)),
      combos as (
        select c.category_id, k.color_id, null::int as occasion_id, b.band, b.lo, b.hi
        from (select id as category_id from categories union all select null) c
        cross join (select id as color_id from colors union all select null) k
        cross join bands b
        union all
        select c.category_id, null, o.id, b.band, b.lo, b.hi
        from (select id as category_id from categories union all select null) c
        cross join occasions o
        cross join bands b)
    select x.category_id, x.color_id, o.slug_fr as occasion, x.band, (
      select count(*)::int from products p
      where (x.category_id is null or p.category_id = x.category_id)
        and (x.color_id is null or exists (select 1 from product_colors pc where pc.product_id = p.id and pc.color_id = x.color_id))
        and (x.occasion_id is null or exists (select 1 from product_occasions po where po.product_id = p.id and po.occasion_id = x.occasion_id))
        and (x.lo is null or p.final_price_cents >= x.lo) and (x.hi is null or p.final_price_cents < x.hi)) as n
    from combos x left join occasions o on o.id = x.occasion_id`);
  const filters: [string, number][] = [];
  for (const r of rows) {
    if (r.n === 0) continue;
    const [lo, hi] = BANDS[r.band];
    const q = [
      r.category_id === null ? '' : `category_id=${r.category_id}`,
      r.color_id === null ? '' : `color_id=${r.color_id}`,
      r.occasion === null ? '' : `occasion=${encodeURIComponent(r.occasion)}`,
      lo === null ? '' : `min_price=${lo}`,
      hi === null ? '' : `max_price=${hi}`,
    ].filter(Boolean);
    filters.push([q.join('&'), Math.ceil(r.n / PER_PAGE)]);
  }
  return { minId: min, maxId: max, filters };
}

type Shape = 'list' | 'product' | 'search' | 'mixed';

/**
 * The lists a shop is asked: BENCH_COMPARE's shop of before may predate occasions (its strict query
 * refuses the parameter), so it is asked the same mix without the occasion filters; this checkout's
 * shop gets every filter, occasions included. BENCH_OCCASIONS=0 asks every shop the mix without them
 * (the code alone, compared on the same traffic).
 */
const servedBy = (shop: Pick<Shop, 'tree'>, c: Catalogue): Catalogue =>
  process.env.BENCH_OCCASIONS === '0' || (shop.tree === 'before' && process.env.BENCH_COMPARE_OCCASIONS !== '1')
    ? { ...c, filters: c.filters.filter(([f]) => !f.includes('occasion=')) }
    : c;

function pathOf(shape: Shape, c: Catalogue): string {
  if (shape === 'mixed') {
    const r = Math.random();
    return pathOf(r < 0.5 ? 'list' : r < 0.8 ? 'product' : 'search', c);
  }
  if (shape === 'product') return `/api/product/${c.minId + Math.floor(Math.random() * (c.maxId - c.minId + 1))}`;
  if (shape === 'search') return `/api/products?search=${encodeURIComponent(pick(SEARCH_WORDS))}`;
  const [filter, pages] = pick(c.filters);
  const sort = pick(SORTS);
  const page = 1 + Math.floor(Math.random() * pages);
  return `/api/products?${[filter, sort && `sort=${sort}`, `page=${page}`, `per_page=${PER_PAGE}`].filter(Boolean).join('&')}`;
}

interface Row {
  setup: string;
  shape: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Which shop: `now` (this checkout) or `before` (BENCH_COMPARE's). */
  tree: 'now' | 'before';
  /** CPU µs per request of the shop's processes (null: a shop started by hand, BENCH_URL) and of PostgreSQL's. */
  shopUs: number | null;
  postgresUs: number;
}

type Request = { path: string; headers?: Record<string, string> };

async function measure(shop: Shop, setup: string, shape: Shape, c: Catalogue, seconds: number): Promise<Row> {
  const base = shop.base;
  const shopPid = shop.child?.pid ?? null;
  const opts = {
    url: base,
    connections: 10,
    headers: { accept: 'application/json' },
    // Each request in a language of its own, as a shop's visitors mix them (Arabic cards weigh twice
    // the French ones in the caches).
    requests: [
      {
        setupRequest: (req: Request) => ({
          ...req,
          path: pathOf(shape, c),
          headers: { ...req.headers, 'accept-language': pick(['fr', 'en', 'ar']) },
        }),
      },
    ],
  };
  await autocannon({ ...opts, duration: 3 });
  const before = processesCpu();
  const r = await autocannon({ ...opts, duration: seconds });
  const after = processesCpu();
  const perRequest = (ms: number) => Math.round((1000 * ms) / Math.max(1, r.requests.total));
  return {
    setup,
    shape,
    tree: shop.tree,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    shopUs: shopPid === null ? null : perRequest(treeCpuMs(after, shopPid) - treeCpuMs(before, shopPid)),
    postgresUs: perRequest(postgresCpuBetween(before, after)),
  };
}

/** GETs every (language, path), 10 at a time, failing on any non-2xx; returns each one's time (ms). */
async function fetchAll(base: string, paths: readonly (readonly [string, string])[]): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < paths.length) {
        const [lang, p] = paths[next++]!;
        const t = performance.now();
        const res = await fetch(base + p, { headers: { accept: 'application/json', 'accept-language': lang } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${res.status} on ${p}`);
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

/**
 * Every filter combination in every order asked once at its last page, 10 at a time, as earlier
 * shoppers would have: the shop then holds each one's total and seek anchors, as it does after its
 * first minutes of traffic (they live 10 minutes and until a catalogue write). Prints what these first
 * visits cost: the price of a catalogue write, paid again by the first visitors of each list.
 */
async function visitEveryList(base: string, c: Catalogue): Promise<void> {
  const paths = c.filters.flatMap(([filter, pages]) =>
    SORTS.map(
      (sort) => `/api/products?${[filter, sort && `sort=${sort}`, `page=${pages}`, `per_page=${PER_PAGE}`].filter(Boolean).join('&')}`,
    ),
  );
  const started = Date.now();
  const times = await fetchAll(
    base,
    paths.map((p) => ['fr', p] as const),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  log(
    `first visits of ${paths.length} lists (filter × order, last page): ${((Date.now() - started) / 1000).toFixed(1)} s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
}

/**
 * Every product's card read once in each language (pages of 100), as the shop's visitors would have
 * read them since the last rename of a category or colour: the cards are then stored ready in the
 * database (product-cards.ts), as they are on a shop that has been open a while. Prints what this
 * costs: the price of such a rename, paid again by the visitors who read each card first.
 */
async function readEveryCard(base: string): Promise<void> {
  const started = Date.now();
  const pages = Math.ceil(productCount / PAGE_SIZES.max);
  const paths = (['fr', 'en', 'ar'] as const).flatMap((lang) =>
    Array.from({ length: pages }, (_, i) => [lang, `/api/products?page=${i + 1}&per_page=${PAGE_SIZES.max}`] as const),
  );
  await fetchAll(base, paths);
  log(`every card read once in 3 languages (${paths.length} pages of ${PAGE_SIZES.max}): ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A Markdown table: the first two columns are text (left), the others figures (right). */
function printMarkdown(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${fmt(header)}`);
  console.log(`|${widths.map((w, i) => (i < 2 ? ':' : '') + '-'.repeat(w + 1) + (i < 2 ? '' : ':')).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

function printFooter(bareRps: number) {
  console.log(`\nbare Fastify handler sending a list answer's bytes: ${bareRps} req/s`);
  console.log(
    `targets (cache off, one process): lists ${TARGET.list.rps} req/s and p99 < ${TARGET.list.p99} ms; products ${TARGET.product.rps} req/s; ` +
      `search p99 < ${TARGET.search.p99} ms; mixed with the cache on ${TARGET.mixedCached.rps} req/s`,
  );
}

function printTable(rows: Row[], bareRps: number) {
  const header = [
    'setup',
    'traffic',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'of bare Fastify',
    'shop CPU µs/req',
    'PostgreSQL CPU µs/req',
  ];
  printMarkdown(
    header,
    rows.map((r) => [
      r.setup,
      r.shape,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.errors),
      String(r.non2xx),
      `${Math.round((100 * r.rps) / bareRps)}%`,
      r.shopUs === null ? '-' : String(r.shopUs),
      String(r.postgresUs),
    ]),
  );
  printFooter(bareRps);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * BENCH_COMPARE's table: for each setup and shape, the medians of the rounds of the shop of before
 * and of now, and how far now is from before; then every round's requests per second, sorted.
 */
function printComparison(rows: Row[], bareRps: number) {
  const groups = new Map<string, { before: Row[]; now: Row[] }>();
  for (const r of rows) {
    const key = `${r.setup}|${r.shape}`;
    if (!groups.has(key)) groups.set(key, { before: [], now: [] });
    groups.get(key)![r.tree].push(r);
  }
  const medianOf = (list: Row[], of: (r: Row) => number | null) => {
    const values = list.map(of).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const shown = (v: number | null) => (v === null ? '-' : String(Math.round(v)));
  /** Before's median, now's, and (with `change`) how far now is from before. */
  const column = (g: { before: Row[]; now: Row[] }, of: (r: Row) => number | null, change = false) => {
    const [before, now] = [medianOf(g.before, of), medianOf(g.now, of)];
    const moved = before && now !== null ? `${now >= before ? '+' : ''}${((100 * (now - before)) / before).toFixed(1)} %` : '-';
    return change ? [shown(before), shown(now), moved] : [shown(before), shown(now)];
  };
  const lines = [...groups].map(([key, g]) => [
    ...key.split('|'),
    ...column(g, (r) => r.rps, true),
    ...column(g, (r) => r.p99),
    ...column(g, (r) => r.shopUs, true),
    ...column(g, (r) => r.postgresUs),
    String(g.before.concat(g.now).reduce((n, r) => n + r.errors + r.non2xx, 0)),
  ]);
  console.log(
    `\nmedians of ${Math.max(...[...groups.values()].map((g) => g.now.length))} rounds, before = ${process.env.BENCH_COMPARE}, now = this checkout`,
  );
  printMarkdown(
    [
      'setup',
      'traffic',
      'req/s before',
      'req/s now',
      'change',
      'p99 ms before',
      'p99 ms now',
      'shop µs/req before',
      'shop µs/req now',
      'change',
      'PostgreSQL µs/req before',
      'PostgreSQL µs/req now',
      'errors + non-2xx',
    ],
    lines,
  );
  console.log('\nreq/s of every round, sorted (before | now):');
  for (const [key, g] of groups) {
    const sorted = (list: Row[]) =>
      list
        .map((r) => r.rps)
        .sort((a, b) => a - b)
        .join(' ');
    console.log(`  ${key.replace('|', ', ')}: ${sorted(g.before)} | ${sorted(g.now)}`);
  }
  printFooter(bareRps);
}

interface Shop {
  tree: Row['tree'];
  base: string;
  /** Null for a shop started by hand (BENCH_URL). */
  child: ChildProcess | null;
}

/** The shop as `npm start` runs it, in its own process(es), from the checkout in `dir`. */
async function startShop(
  tree: Shop['tree'],
  dir: string,
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<Shop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shopDir = path.resolve(dir);
  const child = spawn(process.execPath, [path.join(shopDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/start.ts'], {
    cwd: shopDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { tree, base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('shop did not start');
}

async function stopShop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-bench-'));
  const reuse = Boolean(process.env.BENCH_REUSE);
  if (!reuse) {
    await onServer(`drop database if exists ${DB_NAME} with (force)`);
    await onServer(`create database ${DB_NAME}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  let database: Database | undefined;
  try {
    // The benchmark's own setup queries (seeding, counting every filter combination over 100,000
    // products) run longer than the shop's 6 s query limit.
    database = await openDatabase({ url: url.toString(), poolSize: 10, queryTimeoutMs: 300_000 });
    if (!reuse) {
      await database.migrate();
      let t = Date.now();
      await seedDatabase(database.db, { pictures: new LocalPictureStore(path.join(dataDir, 'uploads')), log });
      log(`demo catalogue in ${Date.now() - t} ms`);
      t = Date.now();
      await seedLargeCatalogue(database.db, productCount, log);
      const indexed = Date.now();
      await reindexStaleProducts(database.db, 2000);
      log(`search keys in ${Date.now() - indexed} ms`);
      await database.db.execute(sql`vacuum analyze`);
      log(`${productCount} generated products (+ search keys, vacuum analyze) in ${Date.now() - t} ms`);
    }
    if (process.env.BENCH_SEED_ONLY) return;
    const catalogue = await describeCatalogue(database.db);
    log(`${catalogue.maxId - catalogue.minId + 1} product ids, ${catalogue.filters.length} filter combinations`);

    const rows: Row[] = [];
    let sample = '';
    const setups: [string, Record<string, string>][] = [
      ['1 process, cache on', {}],
      ['1 process, cache off', { CATALOGUE_CACHE_MS: '0' }],
      ['2 processes, cache on', { WEB_CONCURRENCY: '2', REDIS_URL, REDIS_PREFIX: 'bench' }],
      ['2 processes, cache off', { WEB_CONCURRENCY: '2', REDIS_URL, REDIS_PREFIX: 'bench', CATALOGUE_CACHE_MS: '0' }],
    ];
    const setupFilter = process.env.BENCH_SETUPS?.split(',').map(Number);
    const shapes = (process.env.BENCH_SHAPES?.split(',') ?? ['list', 'product', 'search', 'mixed']) as Shape[];
    const compareDir = process.env.BENCH_COMPARE;
    const trees: [Shop['tree'], string][] = compareDir
      ? [
          ['before', compareDir],
          ['now', '.'],
        ]
      : [['now', '.']];
    const rounds = compareDir ? Number(process.env.BENCH_ROUNDS ?? 5) : 1;
    let cardsRead = false;
    for (const [setup, env] of setups.filter((_, i) => !setupFilter || setupFilter.includes(i + 1))) {
      // Side by side, each shop has its own Redis prefix: neither reads the totals the other shared.
      const envOf = (tree: Shop['tree']) =>
        env.REDIS_PREFIX && compareDir ? { ...env, REDIS_PREFIX: `${env.REDIS_PREFIX}-${tree}` } : env;
      if (env.REDIS_URL) {
        // Each setup starts without the totals and seek anchors an earlier one shared through Redis
        // (they outlive a restart for 10 minutes): moving the generations is what a catalogue write does.
        for (const [tree] of trees) {
          const redis = new Redis(env.REDIS_URL, { keyPrefix: `${envOf(tree).REDIS_PREFIX}:` });
          await redis.multi().incr('catalogue-generation').incr('catalogue-popular-generation').exec();
          redis.disconnect();
        }
      }
      const shops: Shop[] = [];
      try {
        // BENCH_URL: a shop started by hand on this database (to profile it), measured as it is.
        if (process.env.BENCH_URL) shops.push({ tree: 'now', base: process.env.BENCH_URL, child: null });
        else for (const [tree, dir] of trees) shops.push(await startShop(tree, dir, url.toString(), dataDir, envOf(tree)));
        for (const shop of shops) log(`${setup}: shop${compareDir ? ` ${shop.tree}` : ''} on ${shop.base}`);
        if (!cardsRead && !process.env.BENCH_COLD_CARDS) {
          await readEveryCard(shops[0]!.base);
          cardsRead = true;
        }
        for (const shop of shops)
          if (shapes.some((s) => s === 'list' || s === 'mixed')) await visitEveryList(shop.base, servedBy(shop, catalogue));
        sample ||= await (
          await fetch(`${shops[0]!.base}/api/products?per_page=${PER_PAGE}`, { headers: { 'accept-language': 'fr' } })
        ).text();
        // Compared shops take turns, the first of a round alternating: neither always runs on a
        // machine warmed (or tired) by the other.
        for (let round = 0; round < rounds; round++) {
          for (const shape of shapes) {
            for (const shop of round % 2 ? [...shops].reverse() : shops)
              rows.push(await measure(shop, setup, shape, servedBy(shop, catalogue), duration));
          }
        }
      } finally {
        for (const shop of shops) if (shop.child) await stopShop(shop.child);
      }
      if (process.env.BENCH_URL) break;
    }

    // The framework's ceiling: the same bytes from a Fastify handler that does nothing, in its own
    // process like the shop (autocannon runs here).
    const bareFile = path.join(dataDir, 'sample.json');
    writeFileSync(bareFile, sample);
    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import Fastify from 'fastify'; import { readFileSync } from 'node:fs';
         const body = readFileSync(${JSON.stringify(bareFile)}); const app = Fastify();
         app.get('/*', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
         await app.listen({ host: '127.0.0.1', port: ${barePort} });`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const bareBase = `http://127.0.0.1:${barePort}`;
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(bareBase).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const bareRow = await measure({ tree: 'now', base: bareBase, child: bare }, 'bare', 'list', catalogue, duration);
    await stopShop(bare);
    if (compareDir) printComparison(rows, bareRow.rps);
    else printTable(rows, bareRow.rps);
  } finally {
    await database?.close();
    if (!process.env.BENCH_KEEP && !process.env.BENCH_SEED_ONLY && !process.env.BENCH_REUSE)
      await onServer(`drop database if exists ${DB_NAME} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
