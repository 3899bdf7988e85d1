/**
 * An extra's stock under concurrency (PostgreSQL only: PGlite runs one query at a time): many buyers of
 * a bouquet in a size with the last vases never oversell the vases.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx vitest run server/modules/checkout/extras.concurrency.test.ts
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money.js';
import { cartItems, carts, orderItems, productSizes, products } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { address, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;

describe.skipIf(!onPostgres)('extras under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('40 buyers of a bouquet with a vase, 6 vases: exactly 6 orders, no vase oversold, the bouquet’s stock untouched by refusals', async () => {
    await ctx.db.insert(products).values([
      { id: 70, name: 'Bouquet du jour', priceCents: toCents(200), stock: 100, categoryId: 1 },
      { id: 71, name: 'Vase', priceCents: toCents(80), stock: 6, categoryId: 1, isExtra: true },
    ]);
    const [size] = await ctx.db
      .insert(productSizes)
      .values({ productId: 70, names: { fr: 'Prestige', en: 'Prestige', ar: 'فاخر' }, priceCents: toCents(350) })
      .returning();
    const ids = Array.from({ length: 40 }, () => crypto.randomUUID());
    await ctx.db.insert(carts).values(ids.map((id) => ({ id, deliveryZoneId: 2 })));
    await ctx.db.insert(cartItems).values(
      ids.flatMap((cartId) => [
        { cartId, productId: 70, sizeId: size!.id, quantity: 1 },
        { cartId, productId: 71, quantity: 1 },
      ]),
    );
    // 350 + 80 + 50 delivery (Casablanca)
    const results = await Promise.all(
      ids.map((id, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${id}`, 'idempotency-key': `extras-race-${i}-${id}` },
          payload: {
            address,
            customer: { name: 'Buyer', email: `buyer-${i}@example.com`, phone: '0600000000' },
            delivery_zone_id: 2,
            payment_method: 'cash_on_delivery',
            accept_terms: true,
            total_amount: 480,
          },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(34);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toMatch(/Vase/);
    const rows = await ctx.db
      .select()
      .from(products)
      .where(inArray(products.id, [70, 71]));
    expect(rows.find((p) => p.id === 71)!.stock).toBe(0);
    expect(rows.find((p) => p.id === 70)!.stock).toBe(94);
    const sold = await ctx.db.select().from(orderItems).where(eq(orderItems.productId, 70));
    expect(sold).toHaveLength(6);
    expect(sold.every((l) => l.sizeId === size!.id && l.unitPriceCents === toCents(350))).toBe(true);
  });
});
