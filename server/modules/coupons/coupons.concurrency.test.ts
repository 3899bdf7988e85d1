/**
 * A coupon's limits under 50 checkouts at once, on a real PostgreSQL (PGlite runs one query at a
 * time, so it cannot show a race). The checkout locks the coupon row, then counts: each limit holds.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run server/modules/coupons/coupons.concurrency.test.ts
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, carts, cartItems } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { address, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

describe.skipIf(!onPostgres)('coupon limits under 50 concurrent checkouts (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
    admin = await userWithSession(ctx.db, 'admin');
  });
  afterAll(() => ctx?.close());

  /** One "Plante verte" (99.90) to Casablanca (50), 10 MAD off: 139.90. */
  async function checkout(code: string, email: string) {
    const cartId = crypto.randomUUID();
    await ctx.db.insert(carts).values({ id: cartId, deliveryZoneId: 2 });
    await ctx.db.insert(cartItems).values({ cartId, productId: 2, colorId: null, quantity: 1 });
    return () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${cartId}`, 'idempotency-key': crypto.randomUUID() },
        payload: {
          address,
          customer: { name: 'Buyer', email, phone: '0600000000' },
          delivery_zone_id: 2,
          payment_method: 'cash_on_delivery',
          accept_terms: true,
          coupon_code: code,
          total_amount: 139.9,
        },
      });
  }

  async function newCoupon(code: string, limits: { max_uses: number | null; max_uses_per_customer: number | null }) {
    const res = await as(admin)('POST', '/api/admin/coupons', { code, type: 'fixed', value: 10, ...limits });
    expect(res.statusCode).toBe(201);
    return res.json().coupon.id as number;
  }

  const redemptions = async (couponId: number) => {
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    return Number(r!.n);
  };

  it('one customer, 50 checkouts at once, 2 uses per customer: exactly 2 orders use it', async () => {
    const id = await newCoupon('TWICE', { max_uses: null, max_uses_per_customer: 2 });
    const calls = await Promise.all(Array.from({ length: 50 }, () => checkout('TWICE', 'same.buyer@example.com')));
    const results = await Promise.all(calls.map((call) => call()));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(48);
    expect(await redemptions(id)).toBe(2);
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row!.usedCount).toBe(2);
  });

  it('50 customers at once, 7 uses in all and 1 per customer, some customers twice: 7 orders, nobody twice', async () => {
    const id = await newCoupon('SEVEN', { max_uses: 7, max_uses_per_customer: 1 });
    const emails = Array.from({ length: 50 }, (_, i) => `buyer${i % 25}@example.com`);
    const calls = await Promise.all(emails.map((email) => checkout('SEVEN', email)));
    const results = await Promise.all(calls.map((call) => call()));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(7);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(43);
    const rows = await ctx.db.select({ email: couponRedemptions.email }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id));
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.email)).size).toBe(7);
    expect((await as(admin)('GET', `/api/admin/coupons/${id}`)).json().coupon.used_count).toBe(7);
  });
});
