/**
 * Races that only a real PostgreSQL shows (PGlite runs one query at a time): many buyers for the last
 * units, many uses of a limited coupon, the same checkout sent twice at once.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server server/modules/checkout/checkout.concurrency.test.ts
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money.js';
import { cartItems, carts, couponRedemptions, coupons, orders, products } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { address, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;

describe.skipIf(!onPostgres)('checkout under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
  });
  afterAll(() => ctx?.close());

  /** Visitor carts made directly in the database: `n` carts with `quantity` of `productId`. */
  async function visitorCarts(n: number, productId: number, opts: { couponId?: number; quantity?: number } = {}) {
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    await ctx.db.insert(carts).values(ids.map((id) => ({ id, deliveryZoneId: 2, couponId: opts.couponId ?? null })));
    await ctx.db.insert(cartItems).values(ids.map((cartId) => ({ cartId, productId, colorId: null, quantity: opts.quantity ?? 1 })));
    return ids;
  }

  const checkout = (cartId: string, totalAmount: number, key: string, email = `buyer-${cartId.slice(0, 8)}@example.com`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${cartId}`, 'idempotency-key': key },
      payload: {
        address,
        customer: { name: 'Buyer', email, phone: '0600000000' },
        delivery_zone_id: 2,
        payment_method: 'cash_on_delivery',
        accept_terms: true,
        total_amount: totalAmount,
      },
    });

  const countOrders = async (where = sql`true`) => {
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where);
    return Number(r!.n);
  };

  it('100 buyers, 10 in stock: exactly 10 orders, stock 0, 90 clear refusals', async () => {
    const [p] = await ctx.db
      .insert(products)
      .values({ id: 50, name: 'Dernières pivoines', priceCents: toCents(150), stock: 10, categoryId: 1 })
      .returning();
    const ids = await visitorCarts(100, p!.id);
    const before = await countOrders();
    const results = await Promise.all(ids.map((id, i) => checkout(id, 200, `stock-race-${i}-${id}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(90);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toMatch(/^Sorry, (only \d+ left of Dernières pivoines|Dernières pivoines is out of stock)\.$/);
    }
    const [after] = await ctx.db.select().from(products).where(eq(products.id, p!.id));
    expect(after!.stock).toBe(0);
    expect(after!.popularity).toBe(10);
    expect((await countOrders()) - before).toBe(10);
  });

  it('50 buyers with a coupon limited to 5 uses: exactly 5 orders use it, the rest see the real price', async () => {
    const [coupon] = await ctx.db
      .insert(coupons)
      .values({ code: 'RUSH5', type: 'fixed', value: toCents(20), maxUses: 5 })
      .returning();
    const ids = await visitorCarts(50, 2, { couponId: coupon!.id });
    // 99.90 - 20 + 50 delivery (Casablanca)
    const results = await Promise.all(ids.map((id, i) => checkout(id, 129.9, `coupon-race-${i}-${id}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect(r.json()).toMatchObject({ message: 'Invalid Coupon', totals: { total: 149.9, discount: 0 } });
    const [after] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after!.usedCount).toBe(5);
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon!.id));
    expect(Number(r!.n)).toBe(5);
    expect(await countOrders(eq(orders.couponId, coupon!.id))).toBe(5);
  });

  it('the same checkout sent twice at once with one idempotency key: one order', async () => {
    const [cartId] = await visitorCarts(1, 2);
    const key = `double-submit-${cartId}`;
    const [a, b] = await Promise.all([
      checkout(cartId!, 149.9, key, 'twice@example.com'),
      checkout(cartId!, 149.9, key, 'twice@example.com'),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 201]);
    expect(a!.json().order.id).toBe(b!.json().order.id);
    expect(await countOrders(eq(orders.idempotencyKey, key))).toBe(1);
  });

  it('ten copies of one submission racing: still one order', async () => {
    const [cartId] = await visitorCarts(1, 2);
    const key = `many-submits-${cartId}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => checkout(cartId!, 149.9, key, 'many@example.com')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(await countOrders(eq(orders.idempotencyKey, key))).toBe(1);
  });
});
