/**
 * Back-office read benchmark on PostgreSQL (`npm run bench:admin`; not part of `npm test`).
 *
 * Creates a fresh database `flora_bench_admin` on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates, and seeds in SQL (generate_series) 100,000
 * customers, 200 products and BENCH_ORDERS orders (default 1,000,000) spread over the last two years,
 * one line each, statuses mixed (half delivered), phones written in several formats, a third with a
 * recipient, 40% without an account (half of those by 40,000 people who have none). Triggers are off
 * while seeding; the sales rollups and the guest buyers are then rebuilt by the migrations' own
 * `flora_rebuild_sales_rollups()` and `flora_rebuild_guest_buyers()`. Then, through the app's own request handling
 * (`inject`, as a logged-in admin, one request at a time), it measures BENCH_SAMPLES requests
 * (default 40, after 5 warm-up) of the dashboard, each revenue period, the orders list with each
 * filter and search (id, e-mail, name, recipient, phone in another format), one order, and the
 * customers list (accounts and guests; name and phone searches), and prints p50/p95 in ms. Drops the database at the end (BENCH_KEEP=1 keeps
 * it, BENCH_REUSE=1 measures a kept one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { adminUrl, onServer } from './postgres-server.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { users } from '../server/db/schema.js';
import { createSession } from '../server/modules/accounts/auth.js';

const orderCount = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const DB_NAME = 'flora_bench_admin';
const TARGET_P95_MS = 200;

const log = (msg: string) => console.log(`[bench:admin] ${msg}`);

const SEED = (n: number) => `
set session_replication_role = replica;
insert into categories (name) select 'Bench catégorie ' || g from generate_series(1, 4) g;
insert into products (name, price_cents, stock, category_id)
  select 'Bench produit ' || g, 10000 + g * 100, 1000, (select min(id) from categories where name like 'Bench%') + g % 4
  from generate_series(1, 200) g;
insert into users (name, email, phone, role, password_hash, created_at)
  select 'Client ' || g, 'client' || g || '@bench.test', '06 ' || lpad(g::text, 8, '0'), 'customer', 'x', now() - random() * interval '730 days'
  from generate_series(1, 100000) g;
-- 60% of the orders are accounts'; of the guest orders, half are account holders ordering signed out
-- (their e-mail and phone) and half are 40,000 people without an account. A third have a recipient.
insert into orders (user_id, customer_name, customer_email, customer_phone, recipient_name, recipient_phone, delivery_city, delivery_date,
                    subtotal_cents, total_cents, payment_method, payment_status, order_status, is_customized, created_at, updated_at)
  select case when g % 10 < 6 then u.first + g % 100000 else null end,
         case when g % 10 >= 8 then 'Invité ' || g % 40000 else 'Client ' || g % 100000 end,
         case when g % 10 >= 8 then 'guest' || g % 40000 || '@bench.test' else 'client' || g % 100000 || '@bench.test' end,
         case when g % 10 >= 8 then '+212 7' || lpad((g % 40000)::text, 8, '0') else '06' || lpad((g % 100000)::text, 8, '0') end,
         case when g % 3 = 0 then 'Destinataire ' || g % 50000 end,
         case when g % 3 = 0 then '0661' || lpad((g % 50000)::text, 6, '0') end,
         (array['Rabat', 'Casablanca', 'Marrakech', 'Fès', 'Tanger'])[1 + g % 5],
         (ts at time zone 'Africa/Casablanca')::date + 1, t, t, 'cash_on_delivery', 'pending',
         (array['delivered', 'delivered', 'delivered', 'delivered', 'confirmed', 'pending', 'cancelled', 'on_delivery'])[1 + (g * 7) % 8],
         g % 10 = 0, ts, ts
  from (select g, now() - random() * interval '730 days' as ts, 10000 + (random() * 190000)::int as t from generate_series(1, ${n}) g) x,
       (select min(id) as first from users where email like '%@bench.test') u;
insert into order_items (order_id, product_id, product_name, quantity, original_unit_price_cents, unit_price_cents)
  select o.id, p.first + o.id % 200, 'Bench produit', 1, o.total_cents, o.total_cents
  from orders o, (select min(id) as first from products where name like 'Bench produit%') p;
set session_replication_role = origin;
select flora_rebuild_sales_rollups();
select flora_rebuild_guest_buyers();
`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  const reuse = process.env.BENCH_REUSE === '1';
  if (!reuse) {
    await onServer(`drop database if exists ${DB_NAME} with (force)`);
    await onServer(`create database ${DB_NAME}`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-bench-admin-'));
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    database = await openDatabase({ url: url.toString(), poolSize: 10 });
    await database.migrate();
    if (!reuse) {
      log(`seeding ${orderCount.toLocaleString('en')} orders…`);
      const started = performance.now();
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(SEED(orderCount));
        // Outside the seed's implicit transaction: VACUUM refuses to run in one.
        await client.query('vacuum analyze');
      } finally {
        await client.end();
      }
      log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.toString(),
    });
    app = await buildApp(config, database, { logger: false, serveWeb: false });
    await app.ready();
    const [admin] = await database.db
      .insert(users)
      .values({
        name: 'Bench admin',
        email: `bench.admin.${Date.now()}@bench.test`,
        role: 'admin',
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const { token } = await createSession(database.db, admin!.id);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const { rows } = await pool.query<{ id: number; email: string; phone: string }>(
      `select id, customer_email as email, customer_phone as phone from orders order by id desc offset 4321 limit 1`,
    );
    const guestRow = await pool.query<{ phone: string }>(
      `select customer_phone as phone from orders where user_id is null and customer_email like 'guest%' order by id desc offset 10 limit 1`,
    );
    await pool.end();
    const some = rows[0]!;
    // The same numbers written another way than stored: "0612345678" searched as "+212 6 12 34 56 78".
    const otherFormat = (phone: string) =>
      `+212 ${phone
        .replace(/\D/g, '')
        .replace(/^(212|0)/, '')
        .replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4 $5')}`;
    const guestPhone = guestRow.rows[0]!.phone;
    const month = new Date(Date.now() - 200 * 24 * 3600 * 1000).toISOString().slice(0, 7);
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

    const cases: [string, string][] = [
      ['dashboard', '/api/admin/dashboard?revenue_status=delivered'],
      ['revenue day', '/api/admin/revenue?period=day&status=delivered'],
      ['revenue week', '/api/admin/revenue?period=week&status=delivered'],
      ['revenue month', '/api/admin/revenue?period=month&status=delivered'],
      ['revenue year', '/api/admin/revenue?period=year&status=delivered'],
      ['orders (no filter)', '/api/admin/orders'],
      ['orders page 500', '/api/admin/orders?page=500'],
      ['orders oldest first', '/api/admin/orders?sort=oldest'],
      ['orders status=pending', '/api/admin/orders?status=pending'],
      ['orders customized', '/api/admin/orders?type=customized'],
      ['orders regular', '/api/admin/orders?type=regular'],
      ['orders date range (a month)', `/api/admin/orders?from=${month}-01&to=${lastDay}`],
      ['orders search e-mail', `/api/admin/orders?search=${encodeURIComponent(some.email)}`],
      ['orders search id', `/api/admin/orders?search=${encodeURIComponent(`#${some.id}`)}`],
      ['orders search name', '/api/admin/orders?search=Client%2042424'],
      ['orders all filters', `/api/admin/orders?status=delivered&type=regular&sort=oldest&from=${month}-01&to=${lastDay}&search=client4`],
      ['orders search phone', `/api/admin/orders?search=${encodeURIComponent(otherFormat(some.phone))}`],
      ['orders search phone start', `/api/admin/orders?search=${encodeURIComponent('06 12 34')}`],
      ['orders search recipient', `/api/admin/orders?search=${encodeURIComponent('destinataire 4242')}`],
      ['orders search accents', `/api/admin/orders?search=${encodeURIComponent('INVITE 1234')}`],
      ['one order', `/api/admin/orders/${some.id}`],
      ['customers (no search)', '/api/admin/customers'],
      ['customers page 300', '/api/admin/customers?page=300'],
      ['customers search name', `/api/admin/customers?search=${encodeURIComponent('Invité 4242')}`],
      ['customers search phone', `/api/admin/customers?search=${encodeURIComponent(otherFormat(guestPhone))}`],
      ['customers search account phone', `/api/admin/customers?search=${encodeURIComponent(otherFormat(some.phone))}`],
    ];
    const results: { name: string; p50: number; p95: number }[] = [];
    for (const [name, urlPath] of cases) {
      const times: number[] = [];
      for (let i = 0; i < samples + 5; i++) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: urlPath,
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
        });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i >= 5) times.push(ms);
      }
      times.sort((a, b) => a - b);
      results.push({ name, p50: percentile(times, 50), p95: percentile(times, 95) });
      log(
        `${name.padEnd(30)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
      );
    }
    const slow = results.filter((r) => r.p95 >= TARGET_P95_MS);
    console.log('\n| Request | p50 (ms) | p95 (ms) |\n|---|---:|---:|');
    for (const r of results) console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
    log(
      slow.length === 0 ? `every p95 under ${TARGET_P95_MS} ms` : `over ${TARGET_P95_MS} ms at p95: ${slow.map((s) => s.name).join(', ')}`,
    );
    if (slow.length > 0) process.exitCode = 1;
  } finally {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== '1' && !reuse) await onServer(`drop database if exists ${DB_NAME} with (force)`);
  }
}

await main();
