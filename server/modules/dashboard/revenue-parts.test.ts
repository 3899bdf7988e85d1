/**
 * What revenue is made of: the dashboard's and the revenue screen's figures take delivered revenue
 * apart (products - coupon discounts + delivery fees = revenue, to the centime), the category split
 * adds up to the products, and every period (day, week, month, year) answers with delivered orders.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_PERIODS } from '../../../shared/schemas/dashboard.js';
import { toCents } from '../../../shared/money.js';
import { categories, orders, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from '../orders/order-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);
let withCoupon: number;

/** An order of the fixtures, then its fee, coupon and total as the checkout writes them. */
async function placed(lines: [number, number, number][], shipping: number, discount: number, status = 'delivered') {
  const id = await insertOrder(ctx.db, { status, lines });
  const subtotal = lines.reduce((s, [, q, p]) => s + toCents(p) * q, 0);
  await ctx.db
    .update(orders)
    .set({
      subtotalCents: subtotal,
      shippingCents: toCents(shipping),
      couponDiscountCents: toCents(discount),
      totalCents: subtotal - toCents(discount) + toCents(shipping),
    })
    .where(eq(orders.id, id));
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
  await ctx.db.insert(categories).values({ id: 2, name: 'Plantes' });
  await ctx.db.insert(products).values({ id: 10, name: 'Ficus', priceCents: toCents(99.9), stock: 5, categoryId: 2 });
  withCoupon = await placed([[1, 2, 180]], 40, 36); // Bouquets 360 - 36 + 40 = 364
  await placed([[10, 1, 99.9]], 0, 0); // Plantes 99.90, free delivery
  await placed([[1, 1, 180]], 50, 0, 'pending'); // not delivered: not revenue
});
afterAll(async () => {
  await ctx.close();
});

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('revenue taken apart', () => {
  it('on the dashboard: products - discounts + delivery = revenue, and the categories add up to the products', async () => {
    const res = await as(admin, 'fr')('GET', '/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.total_revenue).toBe(463.9);
    expect(d.total_revenue_parts).toEqual({ products: 459.9, discounts: 36, delivery: 40 });
    expect(d.revenue_by_category).toEqual({ Bouquets: 360, Plantes: 99.9 });
    expect(sum(Object.values(d.revenue_by_category) as number[])).toBe(d.total_revenue_parts.products);
  });

  it('for every period, with delivered orders', async () => {
    for (const period of REVENUE_PERIODS) {
      const res = await as(admin, 'fr')('GET', `/api/admin/revenue?period=${period}`);
      expect(res.statusCode, period).toBe(200);
      const r = res.json();
      expect(r.revenue, period).toBe(463.9);
      expect(r.revenue_parts, period).toEqual({ products: 459.9, discounts: 36, delivery: 40 });
      expect(sum(r.revenue_over_time.map((b: { total: number }) => b.total)), period).toBe(463.9);
    }
  });

  it('moves with the order: a delivered order cancelled takes its fee and discount out', async () => {
    await ctx.db.update(orders).set({ orderStatus: 'cancelled' }).where(eq(orders.id, withCoupon));
    const d = (await as(admin, 'fr')('GET', '/api/admin/dashboard')).json();
    expect(d.total_revenue).toBe(99.9);
    expect(d.total_revenue_parts).toEqual({ products: 99.9, discounts: 0, delivery: 0 });
    expect(d.revenue_by_category).toEqual({ Plantes: 99.9 });
  });
});
