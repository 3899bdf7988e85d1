/**
 * Memory of one shop process under varied traffic (`npm run bench:memory`; not part of `npm test`).
 *
 * Starts the compiled server (dist/server/start.js, what `npm start` runs once the build is current;
 * `npm run build` first) as one process (WEB_CONCURRENCY=1) on a free loopback port with a fresh data
 * folder, on PGlite (a fresh DATA_DIR) and/or PostgreSQL (a fresh database `flora_mem` on
 * BENCH_DATABASE_URL), the demo catalogue seeded as on a first `npm start`. Then drives
 * MEMORY_BENCH_SECONDS (default 600) of varied traffic from MEMORY_BENCH_VISITORS (default 4) visitors
 * at once, each in its own language (fr, en, ar) and from its own address (X-Forwarded-For, TRUST_PROXY=1:
 * rate limits stay on, as in production): server-rendered pages (home, the shop with filters, sorts and
 * pages, categories and subcategories, products, searches, cart, wishlist, information pages), API
 * reads (lists, products, searches, categories), pictures, cart additions, now and then a guest checkout,
 * and an administrator's reads (logged in as the seeded super admin: dashboard, orders, products,
 * customers, admin pages) and wishlist.
 *
 * Every MEMORY_BENCH_SAMPLE_MS (default 2000) it reads the resident memory (RSS) of the server and of
 * its child processes from /proc, and the server's own figures from /metrics (V8 heap used and total,
 * external memory). Prints start (ready, before traffic), peak and end RSS, the heap figures, the
 * requests answered (by status class) and their p50/p99 time, and the server's CPU time.
 *
 * Environment: MEMORY_BENCH_DATABASE (pglite, postgres or both; default both, one after the other),
 * MEMORY_BENCH_SECONDS, MEMORY_BENCH_VISITORS, MEMORY_BENCH_SAMPLE_MS, BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), MEMORY_BENCH_DIST (a build folder other than dist/, e.g. a
 * copy of an older build to compare; it must sit directly in the repository, as dist/ does, since the
 * compiled server finds its migrations and locales from where it is), MEMORY_BENCH_NODE_OPTIONS (extra
 * Node flags for the server, e.g. `--heapsnapshot-signal=SIGUSR2` or `--trace-gc`), MEMORY_BENCH_CSV
 * (a file to write the samples to), MEMORY_BENCH_SNAPSHOT_AT (seconds into the traffic: sends the server
 * SIGUSR2, which writes a heap snapshot in the repository's folder when MEMORY_BENCH_NODE_OPTIONS has
 * `--heapsnapshot-signal=SIGUSR2`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRICE_BANDS, PRODUCT_SORTS } from '../shared/constants.js';
import { freePort } from './free-port.js';
import { adminUrl, onServer } from './postgres-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.MEMORY_BENCH_SECONDS ?? 600);
const visitors = Number(process.env.MEMORY_BENCH_VISITORS ?? 4);
const sampleMs = Number(process.env.MEMORY_BENCH_SAMPLE_MS ?? 2000);
const distDir = path.resolve(root, process.env.MEMORY_BENCH_DIST ?? 'dist');
const DB_NAME = process.env.MEMORY_BENCH_DB_NAME ?? 'flora_mem';
const ADMIN = { email: 'memory.bench@flora.test', password: 'Memory-Bench-Secret-42' };
const METRICS_TOKEN = randomBytes(24).toString('hex');
const LANGS = ['fr', 'en', 'ar'] as const;
const SEARCH_WORDS = [
  'rose',
  'roses',
  'tulipe',
  'orchidée',
  'pivoine',
  'bouquet',
  'mariage',
  'peony',
  'orchid',
  'lily',
  'ورد',
  'وردة',
  'باقة',
  'زهور',
  'tulpie',
  'bouqet',
];
const MB = 1024 * 1024;

const log = (msg: string) => console.log(`[memory] ${msg}`);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;

// ---- memory of a process tree, from /proc ----

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry), ...childrenOf(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** Resident memory (bytes) of `pid` and of its descendants. */
function treeRss(pid: number): { own: number; children: number } {
  const rss = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  return { own: rss(pid), children: childrenOf(pid).reduce((sum, p) => sum + rss(p), 0) };
}

/** CPU time (ms, user + system) used so far by `pid`. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
  } catch {
    return 0;
  }
}

interface Sample {
  t: number;
  rss: number;
  childRss: number;
  heapUsed?: number;
  heapTotal?: number;
  external?: number;
}

async function heapFigures(base: string): Promise<Pick<Sample, 'heapUsed' | 'heapTotal' | 'external'>> {
  try {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (name: string) => {
      const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)`, 'm').exec(text);
      return m ? Number(m[1]) : undefined;
    };
    return {
      heapUsed: value('nodejs_heap_size_used_bytes'),
      heapTotal: value('nodejs_heap_size_total_bytes'),
      external: value('nodejs_external_memory_bytes'),
    };
  } catch {
    return {};
  }
}

// ---- the shop ----

async function startShop(env: Record<string, string>, dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const entry = path.join(distDir, 'server', 'start.js');
  if (!existsSync(entry)) throw new Error(`${path.relative(root, entry)} not found: run "npm run build" first.`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = ['--enable-source-maps', ...(process.env.MEMORY_BENCH_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(distDir, 'web'),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      METRICS_TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const deadline = Date.now() + 900_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error('shop did not start');
}

async function stopShop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// ---- the traffic ----

interface Catalogue {
  products: { id: number; pictures: string[] }[];
  categories: { id: number; subcategories: number[] }[];
  colors: number[];
  zones: number[];
}

interface Stats {
  byClass: Map<string, number>;
  times: number[];
  failures: Map<string, number>;
  checkouts: number;
}

class Visitor {
  cookies = new Map<string, string>();
  token: string | null = null;
  constructor(
    readonly base: string,
    readonly lang: (typeof LANGS)[number],
    readonly address: string,
    readonly stats: Stats,
  ) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = {
      'accept-language': this.lang,
      'x-forwarded-for': this.address,
      accept: url.startsWith('/api/') ? 'application/json' : 'text/html',
      'accept-encoding': 'gzip, br',
      ...extra,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = this.base;
    }
    const started = performance.now();
    let status = 0;
    let json: unknown = null;
    try {
      const res = await fetch(this.base + url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      status = res.status;
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      if ((res.headers.get('content-type') ?? '').includes('json')) json = await res.json();
      else await res.arrayBuffer();
    } catch (err) {
      this.stats.failures.set(String((err as Error).message), (this.stats.failures.get(String((err as Error).message)) ?? 0) + 1);
    }
    this.stats.times.push(performance.now() - started);
    const klass = status === 0 ? 'error' : `${Math.floor(status / 100)}xx`;
    this.stats.byClass.set(klass, (this.stats.byClass.get(klass) ?? 0) + 1);
    if (status >= 500 || status === 0 || status === 404) {
      const key = `${status} ${method} ${url.replace(/\d+/g, 'N').split('?')[0]}`;
      this.stats.failures.set(key, (this.stats.failures.get(key) ?? 0) + 1);
    }
    return { status, json };
  }
}

function listingQuery(c: Catalogue, withSearch = false): string {
  const q = new URLSearchParams();
  if (chance(0.3)) q.set('color', String(pick(c.colors)));
  if (chance(0.3)) q.set('price', pick(PRICE_BANDS).id);
  if (chance(0.6)) q.set('sort', pick(PRODUCT_SORTS));
  // Later pages of the whole shop only: a filtered list of the demo catalogue may have one page.
  if (q.size === 0 && !withSearch && chance(0.5)) q.set('page', String(2 + Math.floor(Math.random() * 2)));
  if (withSearch) q.set('search', pick(SEARCH_WORDS));
  const s = q.toString();
  return s ? `?${s}` : '';
}

function apiListQuery(c: Catalogue): string {
  const q = new URLSearchParams();
  if (chance(0.4)) q.set('category_id', String(pick(c.categories).id));
  if (chance(0.3)) q.set('color_id', String(pick(c.colors)));
  if (chance(0.3)) {
    const band = pick(PRICE_BANDS);
    if (band.min !== undefined) q.set('min_price', String(band.min));
    if (band.max !== undefined) q.set('max_price', String(band.max));
  }
  if (chance(0.6)) q.set('sort', pick(PRODUCT_SORTS));
  if (q.size === 0 || (q.size === 1 && q.has('sort'))) q.set('page', String(1 + Math.floor(Math.random() * 3)));
  q.set('per_page', String(pick([12, 20, 24])));
  return `?${q}`;
}

/** One thing a shopper does; weights in a shop's proportions (most visits read, few buy). */
async function shopperStep(v: Visitor, c: Catalogue): Promise<void> {
  const r = Math.random();
  const product = pick(c.products);
  const category = pick(c.categories);
  if (r < 0.08) await v.request('GET', '/');
  else if (r < 0.2) await v.request('GET', `/shop${listingQuery(c)}`);
  else if (r < 0.28) {
    const sub = category.subcategories.length > 0 && chance(0.4) ? `/subcategory/${pick(category.subcategories)}` : '';
    await v.request('GET', `/category/${category.id}${sub}${listingQuery(c)}`);
  } else if (r < 0.4) await v.request('GET', `/product/${product.id}`);
  else if (r < 0.45) await v.request('GET', `/shop${listingQuery(c, true)}`);
  else if (r < 0.48) await v.request('GET', pick(['/cart', '/wishlist', '/information/about-us', '/contact', '/privacy', '/login']));
  else if (r < 0.6) await v.request('GET', `/api/products${apiListQuery(c)}`);
  else if (r < 0.68) await v.request('GET', `/api/product/${product.id}`);
  else if (r < 0.73) await v.request('GET', `/api/products?search=${encodeURIComponent(pick(SEARCH_WORDS))}`);
  else if (r < 0.76)
    await v.request(
      'GET',
      pick([
        '/api/categories',
        '/api/subcategories',
        '/api/colors',
        '/api/delivery-zones',
        '/api/shop-info',
        '/sitemap.xml',
        '/robots.txt',
      ]),
    );
  else if (r < 0.88) {
    if (product.pictures.length > 0) await v.request('GET', pick(product.pictures), undefined, { accept: 'image/webp,image/*' });
  } else if (r < 0.97) {
    await v.request('POST', '/api/cart/add', { product_id: product.id, quantity: 1 });
    if (chance(0.5)) await v.request('GET', '/api/cart');
  } else await guestCheckout(v, c);
}

async function guestCheckout(v: Visitor, c: Catalogue): Promise<void> {
  if (!v.cookies.has('cart_id')) await v.request('POST', '/api/cart/add', { product_id: pick(c.products).id, quantity: 1 });
  await v.request('POST', '/api/cart/delivery-city', { zone_id: pick(c.zones) });
  const { status, json } = await v.request('GET', '/api/cart');
  const cart = json as { items?: unknown[]; summary?: { total: number } } | null;
  if (status !== 200 || !cart?.items?.length || !cart.summary) return;
  const n = randomBytes(4).toString('hex');
  const answer = await v.request(
    'POST',
    '/api/checkout',
    {
      address: {
        full_name: 'Memory Bench',
        street: '12 rue des Roses',
        city: 'Casablanca',
        postal_code: '20000',
        country: 'Maroc',
        phone: '0600000000',
      },
      customer: { name: 'Memory Bench', email: `memory-${n}@example.com`, phone: '0600000000' },
      delivery_zone_id: cart.summary && (json as { summary: { delivery_city: { id: number } | null } }).summary.delivery_city?.id,
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      total_amount: cart.summary.total,
    },
    { 'idempotency-key': `memory-${n}` },
  );
  if (answer.status === 201) v.stats.checkouts++;
  // A new cart for the next purchase, as after a real order.
  v.cookies.delete('cart_id');
}

/** One thing the shop's staff does: back-office reads, and their own wishlist. */
async function staffStep(v: Visitor, c: Catalogue): Promise<void> {
  if (!v.token) {
    const { json } = await v.request('POST', '/api/login', ADMIN);
    v.token = (json as { token?: string } | null)?.token ?? null;
    if (!v.token) throw new Error(`could not log in as ${ADMIN.email}`);
  }
  await v.request(
    'GET',
    pick([
      '/api/admin/dashboard',
      '/api/admin/orders',
      `/api/admin/orders?page=1&status=pending`,
      '/api/admin/products',
      `/api/admin/products?search=${encodeURIComponent(pick(SEARCH_WORDS))}`,
      '/api/admin/customers',
      '/api/admin/categories',
      '/api/admin/coupons',
      '/api/admin/revenue?period=month&status=delivered',
      '/api/wishlist',
      '/admin/dashboard',
      '/admin/orders',
      '/admin/products',
    ]),
  );
  if (chance(0.1)) await v.request('POST', `/api/wishlist/${pick(c.products).id}`, {});
}

async function describeCatalogue(base: string): Promise<Catalogue> {
  const get = async <T>(url: string) =>
    (await (await fetch(base + url, { headers: { accept: 'application/json', 'accept-language': 'fr' } })).json()) as T;
  type Page = { data?: { id: number; image_path: string | null; images?: { image_path: string; url: string }[] }[] };
  const products: Catalogue['products'] = [];
  for (let page = 1; page <= 20; page++) {
    const list = await get<Page>(`/api/products?per_page=100&page=${page}`);
    const rows = list.data ?? [];
    for (const p of rows) products.push({ id: p.id, pictures: p.image_path ? [p.image_path] : [] });
    if (rows.length < 100) break;
  }
  // Each product's pictures in every size the shop serves (from its own page).
  for (const p of products.slice(0, 40)) {
    const one = await get<{ images?: { image_path: string; url: string; srcset?: string }[] }>(`/api/product/${p.id}`);
    for (const image of one.images ?? []) p.pictures.push(image.image_path, image.url);
    p.pictures = [...new Set(p.pictures.filter(Boolean))];
  }
  const categories = await get<{ id: number }[] | { data: { id: number }[] }>('/api/categories');
  const subcategories = await get<{ id: number; category_id: number }[] | { data: { id: number; category_id: number }[] }>(
    '/api/subcategories',
  );
  const colors = await get<{ id: number }[] | { data: { id: number }[] }>('/api/colors');
  const zones = await get<{ id: number }[] | { data: { id: number }[] }>('/api/delivery-zones');
  const rows = <T>(x: T[] | { data: T[] }) => (Array.isArray(x) ? x : (x.data ?? []));
  return {
    products,
    categories: rows(categories).map((cat) => ({
      id: cat.id,
      subcategories: rows(subcategories)
        .filter((s) => s.category_id === cat.id)
        .map((s) => s.id),
    })),
    colors: rows(colors).map((x) => x.id),
    zones: rows(zones).map((x) => x.id),
  };
}

// ---- one run ----

interface RunResult {
  database: string;
  start: Sample;
  peak: Sample;
  end: Sample;
  maxHeapUsed: number;
  requests: number;
  byClass: Map<string, number>;
  p50: number;
  p99: number;
  checkouts: number;
  cpuS: number;
  failures: Map<string, number>;
}

async function run(database: 'pglite' | 'postgres'): Promise<RunResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-mem-'));
  let env: Record<string, string> = { DATABASE_URL: '' };
  if (database === 'postgres') {
    await onServer(`drop database if exists ${DB_NAME} with (force)`);
    await onServer(`create database ${DB_NAME}`);
    const url = new URL(adminUrl);
    url.pathname = `/${DB_NAME}`;
    env = { DATABASE_URL: url.toString() };
  }
  const startedAt = Date.now();
  const shop = await startShop(env, dataDir);
  const pid = shop.child.pid!;
  const samples: Sample[] = [];
  try {
    log(`${database}: shop ready on ${shop.base} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    const sample = async () => {
      const { own, children } = treeRss(pid);
      const s: Sample = { t: (Date.now() - startedAt) / 1000, rss: own, childRss: children, ...(await heapFigures(shop.base)) };
      samples.push(s);
      return s;
    };
    const catalogue = await describeCatalogue(shop.base);
    log(
      `${database}: ${catalogue.products.length} products, ${catalogue.categories.length} categories, ${catalogue.colors.length} colours, ${catalogue.zones.length} delivery zones`,
    );
    const start = await sample();
    const cpuBefore = cpuMs(pid);
    const stats: Stats = { byClass: new Map(), times: [], failures: new Map(), checkouts: 0 };
    const until = Date.now() + seconds * 1000;
    let sampling = true;
    // MEMORY_BENCH_SNAPSHOT_AT (s of traffic): SIGUSR2 then, for a server started with --heapsnapshot-signal=SIGUSR2.
    const snapshotAt = Number(process.env.MEMORY_BENCH_SNAPSHOT_AT ?? 0);
    const snapshot = snapshotAt > 0 ? setTimeout(() => shop.child.kill('SIGUSR2'), snapshotAt * 1000) : undefined;
    const sampler = (async () => {
      let last = Date.now();
      while (sampling) {
        await new Promise((r) => setTimeout(r, sampleMs));
        const s = await sample();
        if (Date.now() - last >= 60_000) {
          last = Date.now();
          log(
            `${database}: ${s.t.toFixed(0)} s, RSS ${(s.rss / MB).toFixed(0)} MB (children ${(s.childRss / MB).toFixed(0)} MB), heap ${((s.heapUsed ?? 0) / MB).toFixed(0)}/${((s.heapTotal ?? 0) / MB).toFixed(0)} MB, ${stats.times.length} requests`,
          );
        }
      }
    })();
    // One visitor in ten is the shop's staff; the others shop, each in its language and from its address.
    await Promise.all(
      Array.from({ length: visitors }, async (_, i) => {
        let visitor = new Visitor(shop.base, LANGS[i % 3]!, `203.0.113.${i + 1}`, stats);
        const staff = i === visitors - 1 && visitors > 1;
        let steps = 0;
        while (Date.now() < until) {
          if (staff && chance(0.5)) await staffStep(visitor, catalogue);
          else await shopperStep(visitor, catalogue);
          // A new shopper every 40 steps or so: new carts, new sessions, new addresses for the rate limits.
          if (!staff && ++steps % 40 === 0)
            visitor = new Visitor(
              shop.base,
              pick(LANGS),
              `198.51.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
              stats,
            );
        }
      }),
    );
    sampling = false;
    clearTimeout(snapshot);
    await sampler;
    const cpuS = (cpuMs(pid) - cpuBefore) / 1000;
    const end = await sample();
    const peak = samples.reduce((a, b) => (b.rss + b.childRss > a.rss + a.childRss ? b : a));
    if (process.env.MEMORY_BENCH_CSV) {
      const file = process.env.MEMORY_BENCH_CSV.replace(/(\.csv)?$/, `-${database}.csv`);
      writeFileSync(
        file,
        [
          't,rss,child_rss,heap_used,heap_total,external',
          ...samples.map((s) => [s.t, s.rss, s.childRss, s.heapUsed ?? '', s.heapTotal ?? '', s.external ?? ''].join(',')),
        ].join('\n') + '\n',
      );
      log(`samples written to ${file}`);
    }
    const times = stats.times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    return {
      database,
      start,
      peak,
      end,
      maxHeapUsed: Math.max(...samples.map((s) => s.heapUsed ?? 0)),
      requests: times.length,
      byClass: stats.byClass,
      p50: at(0.5),
      p99: at(0.99),
      checkouts: stats.checkouts,
      cpuS,
      failures: stats.failures,
    };
  } finally {
    await stopShop(shop.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (database === 'postgres') await onServer(`drop database if exists ${DB_NAME} with (force)`);
  }
}

function printResults(results: RunResult[]) {
  const mb = (n: number | undefined) => (n === undefined ? '-' : (n / MB).toFixed(0));
  console.log(
    `\n${new Date().toISOString()}, ${seconds} s of traffic from ${visitors} visitors, build ${path.relative(root, distDir)}, load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    '| database | RSS start MB | RSS peak MB | RSS end MB | children end MB | heap used end MB | heap total end MB | heap used max MB | external end MB | requests | req/s | p50 ms | p99 ms | checkouts | server CPU s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.database} | ${mb(r.start.rss)} | ${mb(r.peak.rss + r.peak.childRss)} | ${mb(r.end.rss)} | ${mb(r.end.childRss)} | ${mb(r.end.heapUsed)} | ${mb(r.end.heapTotal)} | ${mb(r.maxHeapUsed)} | ${mb(r.end.external)} | ${r.requests} | ${(r.requests / seconds).toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.checkouts} | ${r.cpuS.toFixed(0)} |`,
    );
  }
  for (const r of results) {
    log(`${r.database}: answers ${[...r.byClass].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    const failures = [...r.failures].sort((a, b) => b[1] - a[1]).slice(0, 10);
    if (failures.length > 0) log(`${r.database}: failures ${failures.map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  }
}

async function main() {
  const which = process.env.MEMORY_BENCH_DATABASE ?? 'both';
  const databases = which === 'both' ? (['pglite', 'postgres'] as const) : ([which] as ('pglite' | 'postgres')[]);
  const results: RunResult[] = [];
  for (const database of databases) results.push(await run(database));
  printResults(results);
  // A run whose traffic mostly failed measured nothing: it says so with its exit code.
  if (results.some((r) => (r.byClass.get('5xx') ?? 0) + (r.byClass.get('error') ?? 0) > r.requests / 100)) {
    log('more than 1% of the requests failed');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
