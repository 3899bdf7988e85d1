/**
 * Dashboard and revenue against a hand-computed fixture. "Now" is 2026-05-20 10:00 UTC, 11:00 in
 * Casablanca (UTC+1 outside Ramadan). Order A at 2026-04-30 23:30 UTC is 1 May 00:30 shop time: it
 * belongs to May, while B one hour earlier (30 April 23:30 shop time) belongs to April.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money.js';
import { categories, products, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from '../orders/order-fixtures.js';
import { dashboardFor, lastMonths } from './dashboard.service.js';
import { percentChange, revenueFor } from './revenue.service.js';

let ctx: TestContext;
let admin: TestUser;
const NOW = new Date('2026-05-20T10:00:00Z');
const day = 24 * 3600 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
  await ctx.db.insert(categories).values({ id: 2, name: 'Plantes' });
  await ctx.db.insert(products).values({ id: 10, name: 'Ficus', priceCents: toCents(20), stock: 5, categoryId: 2 });
  // Customers: 3 new in the last 30 days, 2 in the 30 before, 1 older -> growth (3-2)/2 = 50 %.
  const hash = await hashPassword('secret123');
  const ages = [1, 5, 29, 31, 59, 200];
  const made = await ctx.db
    .insert(users)
    .values(
      ages.map((d, i) => ({
        name: `C${i}`,
        email: `c${i}@dash.test`,
        passwordHash: hash,
        role: 'customer',
        createdAt: new Date(NOW.getTime() - d * day),
      })),
    )
    .returning({ id: users.id });
  const [u1, u2] = made.map((u) => u.id);
  const at = (iso: string) => new Date(iso);
  const delivered = 'delivered';
  await insertOrder(ctx.db, {
    createdAt: at('2026-04-30T23:30:00Z'),
    status: delivered,
    total: 100,
    userId: u1,
    lines: [
      [1, 2, 40],
      [10, 1, 20],
    ],
  }); // A
  await insertOrder(ctx.db, { createdAt: at('2026-04-30T22:30:00Z'), status: delivered, total: 50, userId: u1 }); // B
  await insertOrder(ctx.db, { createdAt: at('2026-05-10T10:00:00Z'), status: delivered, total: 30, userId: u2, lines: [[1, 1, 30]] }); // C
  await insertOrder(ctx.db, { createdAt: at('2026-05-20T09:00:00Z'), status: delivered, total: 20, lines: [[null, 1, 20]] }); // D
  await insertOrder(ctx.db, { createdAt: at('2026-05-20T08:00:00Z'), status: 'pending', total: 999, lines: [[10, 1, 999]] }); // E
  await insertOrder(ctx.db, { createdAt: at('2026-05-19T12:00:00Z'), status: delivered, total: 40 }); // F
  await insertOrder(ctx.db, { createdAt: at('2026-01-15T12:00:00Z'), status: delivered, total: 10 }); // G
  await insertOrder(ctx.db, { createdAt: at('2025-06-01T12:00:00Z'), status: delivered, total: 70 }); // H
  await insertOrder(ctx.db, { createdAt: at('2026-04-10T12:00:00Z'), status: delivered, total: 25 }); // I
});
afterAll(async () => {
  await ctx.close();
});

describe('revenue of each period (shop calendar, delivered orders)', () => {
  it('day: today against yesterday, 24 hourly buckets', async () => {
    const r = await revenueFor(ctx.db, 'day', 'delivered', NOW);
    expect(r).toMatchObject({ revenue: 20, previous_revenue: 40, percent_change: -50 });
    expect(r.revenue_over_time).toHaveLength(24);
    expect(r.revenue_over_time[10]).toEqual({ period: '10:00', total: 20 });
    expect(r.revenue_over_time.reduce((s, b) => s + b.total, 0)).toBe(20);
  });

  it('week: the last 7 days against the 7 before, daily buckets', async () => {
    const r = await revenueFor(ctx.db, 'week', 'delivered', NOW);
    expect(r).toMatchObject({ revenue: 60, previous_revenue: 30, percent_change: 100 });
    expect(r.revenue_over_time.map((b) => b.period)).toEqual([
      '2026-05-14',
      '2026-05-15',
      '2026-05-16',
      '2026-05-17',
      '2026-05-18',
      '2026-05-19',
      '2026-05-20',
    ]);
    expect(r.revenue_over_time.map((b) => b.total)).toEqual([0, 0, 0, 0, 0, 40, 20]);
  });

  it('month: May (A counts, B does not) against April, 4 weekly buckets', async () => {
    const r = await revenueFor(ctx.db, 'month', 'delivered', NOW);
    expect(r).toMatchObject({ revenue: 190, previous_revenue: 75, percent_change: 153.3 });
    expect(r.revenue_over_time).toEqual([
      { period: '2026-05-01', total: 100 },
      { period: '2026-05-08', total: 30 },
      { period: '2026-05-15', total: 60 },
      { period: '2026-05-22', total: 0 },
    ]);
  });

  it('year: 2026 against 2025, monthly buckets', async () => {
    const r = await revenueFor(ctx.db, 'year', 'delivered', NOW);
    expect(r).toMatchObject({ revenue: 275, previous_revenue: 70, percent_change: 292.9 });
    expect(r.revenue_over_time).toHaveLength(12);
    expect(r.revenue_over_time.filter((b) => b.total > 0)).toEqual([
      { period: '2026-01', total: 10 },
      { period: '2026-04', total: 75 },
      { period: '2026-05', total: 190 },
    ]);
  });

  it('counts another status when asked', async () => {
    expect((await revenueFor(ctx.db, 'day', 'pending', NOW)).revenue).toBe(999);
  });

  it('percent change: one decimal, 100 from nothing, 0 from nothing to nothing', () => {
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
  });
});

describe('dashboard figures', () => {
  it('match the fixture', async () => {
    const d = await dashboardFor(ctx.db, 'delivered', 'en', NOW);
    expect(d).toMatchObject({
      total_orders: 9,
      total_revenue: 345,
      // Six customer accounts and one guest who ordered without one (D to I share an e-mail and phone).
      total_users: 7,
      orders_last_30_days: 6,
      revenue_last_30_days: 240,
      user_growth_percent: 50,
      new_users_last_30_days: 3,
      returning_users: 1,
      revenue_by_category: { Bouquets: 110, Plantes: 20, 'Deleted products': 20 },
    });
    expect(d.orders_over_time).toHaveLength(12);
    expect(d.orders_over_time[0]).toEqual({ month: '2025-06', count: 1 });
    expect(d.orders_over_time.filter((m) => m.count > 0)).toEqual([
      { month: '2025-06', count: 1 },
      { month: '2026-01', count: 1 },
      { month: '2026-04', count: 2 },
      { month: '2026-05', count: 5 },
    ]);
  });

  it('lists the last 12 shop months across a year end', () => {
    expect(lastMonths(new Date('2026-01-31T23:30:00Z'), 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('answers over HTTP for an admin', async () => {
    const as = requester(() => ctx.app);
    const res = await as(admin)('GET', '/api/admin/dashboard?revenue_status=delivered');
    expect(res.statusCode).toBe(200);
    expect(res.json().total_orders).toBe(9);
    const rev = await as(admin)('GET', '/api/admin/revenue?period=year&status=delivered');
    expect(rev.statusCode).toBe(200);
    expect(rev.json().revenue_over_time).toHaveLength(12);
    expect((await as(admin)('GET', '/api/admin/revenue?period=decade')).statusCode).toBe(422);
  });
});
