/**
 * The sales rollups (hourly, shop-daily, shop-monthly, returning customers) stay equal to a plain
 * aggregate over the orders after inserts, status changes, cancels, total and date changes, a
 * customer leaving and a deletion; rebuilding them gives the same. The orders list's deep pages,
 * which seek from the daily rollup, are the pages OFFSET gives.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from '../orders/order-fixtures.js';
import { SEEK_FROM_OFFSET } from '../orders/orders.admin.service.js';
import { sqlRows } from '../../db/sql-rows.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);
const TZ = `'Africa/Casablanca'`;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

/** One rollup row: key, status, orders, customized orders (days and months), revenue. */
type Row = { k: string; st: string; n: number; c: number; cents: number };
const norm = (rows: { k: string; st: string; n: number | string; c: number | string; cents: number | string }[]): Row[] =>
  rows
    .map((r) => ({ k: r.k, st: r.st, n: Number(r.n), c: Number(r.c), cents: Number(r.cents) }))
    .sort((a, b) => (a.k + a.st).localeCompare(b.k + b.st));

/** Each rollup (rows that are not all zero) and the same figures computed from the orders. */
async function rollupsAndTruth() {
  const q = (s: string) => sqlRows<Row>(ctx.db, sql.raw(s)).then(norm);
  const [hourly, daily, monthly, hourlyTruth, dailyTruth, monthlyTruth] = await Promise.all([
    q(
      `select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as k, order_status as st, orders as n, 0 as c, revenue_cents as cents from sales_hourly where orders <> 0 or revenue_cents <> 0`,
    ),
    q(
      `select to_char(day, 'YYYY-MM-DD') as k, order_status as st, orders as n, customized_orders as c, revenue_cents as cents from sales_daily where orders <> 0 or revenue_cents <> 0`,
    ),
    q(
      `select to_char(month, 'YYYY-MM-DD') as k, order_status as st, orders as n, customized_orders as c, revenue_cents as cents from sales_monthly where orders <> 0 or revenue_cents <> 0`,
    ),
    q(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24') as k, order_status as st, count(*) as n, 0 as c, sum(total_cents) as cents from orders group by 1, 2`,
    ),
    q(
      `select to_char(created_at at time zone ${TZ}, 'YYYY-MM-DD') as k, order_status as st, count(*) as n, count(*) filter (where is_customized) as c, sum(total_cents) as cents from orders group by 1, 2`,
    ),
    q(
      `select to_char(date_trunc('month', created_at at time zone ${TZ}), 'YYYY-MM-DD') as k, order_status as st, count(*) as n, count(*) filter (where is_customized) as c, sum(total_cents) as cents from orders group by 1, 2`,
    ),
  ]);
  const [c] = await sqlRows<{
    kept: number | string;
    truth: number | string;
    customers: number | string;
    customers_truth: number | string;
  }>(
    ctx.db,
    sql`select (select value from rollup_counters where name = 'returning_customers') as kept,
               (select count(*) from (select user_id from orders where user_id is not null group by 1 having count(*) >= 2) t) as truth,
               (select value from rollup_counters where name = 'customers') as customers,
               (select count(*) from users where role = 'customer') as customers_truth`,
  );
  return {
    hourly,
    daily,
    monthly,
    hourlyTruth,
    dailyTruth,
    monthlyTruth,
    returning: Number(c!.kept),
    returningTruth: Number(c!.truth),
    customers: Number(c!.customers),
    customersTruth: Number(c!.customers_truth),
  };
}

async function expectRollupsExact() {
  const r = await rollupsAndTruth();
  expect(r.hourly).toEqual(r.hourlyTruth);
  expect(r.daily).toEqual(r.dailyTruth);
  expect(r.monthly).toEqual(r.monthlyTruth);
  expect(r.returning).toBe(r.returningTruth);
  expect(r.customers).toBe(r.customersTruth);
  return r;
}

describe('sales rollups', () => {
  it('equal a plain aggregate over orders after inserts, status changes, cancels, edits and deletes', async () => {
    const [u1, u2] = [await userWithSession(ctx.db), await userWithSession(ctx.db)];
    const at = (iso: string) => new Date(iso);
    const ids = [
      // 30 April 23:30 and 1 May 00:30 in Casablanca (UTC+1): two shop days, two shop months.
      await insertOrder(ctx.db, {
        createdAt: at('2026-04-30T22:30:00Z'),
        status: 'delivered',
        total: 50,
        userId: u1.id,
        lines: [[1, 1, 50]],
      }),
      await insertOrder(ctx.db, {
        createdAt: at('2026-04-30T23:30:00Z'),
        status: 'delivered',
        total: 100,
        userId: u1.id,
        lines: [[1, 2, 50]],
      }),
      // During Ramadan 2026 Casablanca is UTC+0: 23:30 UTC is still 1 March.
      await insertOrder(ctx.db, {
        createdAt: at('2026-03-01T23:30:00Z'),
        status: 'pending',
        total: 30,
        userId: u2.id,
        lines: [[2, 1, 30]],
      }),
      await insertOrder(ctx.db, { createdAt: at('2025-12-31T23:10:00Z'), status: 'confirmed', total: 70, customized: true }),
      await insertOrder(ctx.db, { status: 'pending', total: 20, userId: u2.id, lines: [[1, 1, 20]] }),
    ];
    let r = await expectRollupsExact();
    expect(r.daily.map((d) => d.k)).toEqual(expect.arrayContaining(['2026-04-30', '2026-05-01', '2026-03-01', '2026-01-01']));
    expect(r.returning).toBe(2);

    const edit = (id: number, body: object) => as(admin)('PUT', `/api/admin/orders/edit/${id}`, body);
    expect((await edit(ids[2]!, { order_status: 'confirmed', payment_status: 'pending', version: 1 })).statusCode).toBe(200);
    expect((await edit(ids[2]!, { order_status: 'delivered', payment_status: 'paid', version: 2 })).statusCode).toBe(200);
    expect((await edit(ids[1]!, { order_status: 'cancelled', payment_status: 'pending', version: 1 })).statusCode).toBe(200);
    await expectRollupsExact();
    // Reopened after the cancel; a total and a date changed by hand.
    expect((await edit(ids[1]!, { order_status: 'confirmed', payment_status: 'pending', version: 2 })).statusCode).toBe(200);
    await ctx.db.update(orders).set({ totalCents: 12345 }).where(eq(orders.id, ids[3]!));
    await ctx.db
      .update(orders)
      .set({ createdAt: at('2026-02-28T23:30:00Z') })
      .where(eq(orders.id, ids[4]!));
    await ctx.db.update(orders).set({ isCustomized: true }).where(eq(orders.id, ids[0]!));
    await expectRollupsExact();
    // A customer leaving (the account deleted, its orders kept without it) and an order deleted:
    // u1 and u2 stop returning; one customer fewer; a customer made admin counts no more.
    await ctx.db.delete(users).where(eq(users.id, u1.id));
    await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, u2.id));
    await ctx.db.delete(orders).where(eq(orders.id, ids[2]!));
    r = await expectRollupsExact();
    expect(r.returning).toBe(0);

    // Rebuilding from scratch gives the same figures.
    await ctx.db.execute(sql`select flora_rebuild_sales_rollups()`);
    expect(await rollupsAndTruth()).toEqual(r);
  });
});

describe('orders list deep pages (seek from the daily rollup)', () => {
  beforeAll(async () => {
    // 2,600 orders over ~60 shop days, two by two sharing one timestamp (ties broken by id) with
    // microseconds (finer than a JS date), half delivered, one in ten customized.
    await ctx.db.execute(sql`
      insert into orders (customer_name, customer_email, customer_phone, delivery_city, subtotal_cents, total_cents,
                          payment_method, payment_status, order_status, is_customized, created_at, updated_at)
      select 'Deep ' || g, 'deep' || g || '@paging.test', '0600000000', 'Rabat', 1000, 1000, 'cash_on_delivery', 'pending',
             (array['delivered', 'pending'])[1 + g % 2], g % 10 = 0, ts, ts
      from (select g, timestamptz '2024-03-01 10:00:00+00' + k * interval '67 minutes' + ((k * 37) % 999 + 1) * interval '1 microsecond' as ts
            from (select g, (g * 7919) % 1300 as k from generate_series(1, 2600) g) y) x`);
  });

  const offsetPage = async (where: string, order: 'asc' | 'desc', offset: number) =>
    (
      await sqlRows<{ id: number }>(
        ctx.db,
        sql.raw(`select id from orders where ${where} order by created_at ${order}, id ${order} limit 10 offset ${offset}`),
      )
    ).map((r) => Number(r.id));

  it('gives the same rows as OFFSET, newest and oldest first, with status and date filters', async () => {
    const shapes: [string, string, 'asc' | 'desc'][] = [
      ['', 'true', 'desc'],
      ['sort=oldest', 'true', 'asc'],
      ['status=delivered', `order_status = 'delivered'`, 'desc'],
      ['status=delivered&sort=oldest', `order_status = 'delivered'`, 'asc'],
      ['type=regular', 'not is_customized', 'desc'],
      ['type=regular&status=pending&sort=oldest', `not is_customized and order_status = 'pending'`, 'asc'],
      [
        'from=2024-03-05&to=2024-04-20',
        `created_at >= '2024-03-05'::timestamp at time zone ${TZ} and created_at < '2024-04-21'::timestamp at time zone ${TZ}`,
        'desc',
      ],
    ];
    for (const [query, where, order] of shapes) {
      const total = Number((await sqlRows<{ n: number }>(ctx.db, sql.raw(`select count(*) as n from orders where ${where}`)))[0]!.n);
      expect(total).toBeGreaterThan(SEEK_FROM_OFFSET + 10);
      const lastPage = Math.ceil(total / 10);
      for (const page of [SEEK_FROM_OFFSET / 10 + 1, SEEK_FROM_OFFSET / 10 + 7, Math.floor((lastPage * 3) / 4), lastPage]) {
        const res = await as(admin)('GET', `/api/admin/orders?${query}${query ? '&' : ''}page=${page}`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect({ query, page, ids: body.data.map((o: { id: number }) => o.id) }).toEqual({
          query,
          page,
          ids: await offsetPage(where, order, (page - 1) * 10),
        });
        expect(body.meta.total).toBe(total);
      }
    }
  });

  it('exports every order once, in the list order, across batches of 1,000', async () => {
    for (const [query, order] of [
      ['', 'desc'],
      ['sort=oldest', 'asc'],
    ] as const) {
      const res = await as(admin)('GET', `/api/admin/orders/export.csv${query ? `?${query}` : ''}`);
      expect(res.statusCode).toBe(200);
      const ids = res.body
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .slice(1)
        .filter(Boolean)
        .map((line) => Number(line.split(';')[0]));
      const expected = (
        await sqlRows<{ id: number }>(ctx.db, sql.raw(`select id from orders order by created_at ${order}, id ${order}`))
      ).map((r) => Number(r.id));
      expect(expected.length).toBeGreaterThan(2000);
      expect(ids).toEqual(expected);
    }
  });
});
