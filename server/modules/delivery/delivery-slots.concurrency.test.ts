/**
 * The last places of a slot under concurrent checkouts, on a real PostgreSQL (PGlite runs one query at
 * a time): exactly the slot's capacity of orders, the others refused on `delivery_slot`; the same for
 * back-office edits moving orders into a slot's last place.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run server/modules/delivery/delivery-slots.concurrency.test.ts
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, selectableRange } from '../../../shared/delivery-date.js';
import { cartItems, carts, deliverySlots, orders } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { address, createUser, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';
import { insertOrder } from '../orders/order-fixtures.js';

let ctx: TestContext;

describe.skipIf(!onPostgres)('slot capacity under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
    await ctx.db.insert(deliverySlots).values([
      { key: '0900-1200', starts: '09:00', ends: '12:00', capacity: 3 },
      { key: '1500-2000', starts: '15:00', ends: '20:00', capacity: 1 },
    ]);
  });
  afterAll(() => ctx?.close());

  it('20 checkouts at once for a slot of 3 places: exactly 3 orders, 17 refused as full', async () => {
    const day = addDays(selectableRange(new Date()).earliest, 1);
    const ids = Array.from({ length: 20 }, () => crypto.randomUUID());
    await ctx.db.insert(carts).values(ids.map((id) => ({ id, deliveryZoneId: 2 })));
    await ctx.db.insert(cartItems).values(ids.map((cartId) => ({ cartId, productId: 2, colorId: null, quantity: 1 })));
    const results = await Promise.all(
      ids.map((id, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${id}`, 'idempotency-key': `slot-race-${i}-${id}` },
          payload: {
            address,
            customer: { name: 'Buyer', email: `buyer-${i}@example.com`, phone: '0600000000' },
            delivery_zone_id: 2,
            delivery_date: day,
            delivery_slot: '0900-1200',
            payment_method: 'cash_on_delivery',
            accept_terms: true,
            total_amount: 149.9,
          },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(17);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json().errors.delivery_slot).toEqual(['This time slot is full that day. Please choose another.']);
    }
    const [placed] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.deliveryDate, day), eq(orders.deliverySlot, '0900-1200')));
    expect(Number(placed!.n)).toBe(3);
  });
  it('6 edits at once moving orders into a slot of 1 place: exactly 1 moves, 5 refused as full', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', email: 'slot-race-admin@flora.test' });
    const day = addDays(selectableRange(new Date()).earliest, 2);
    const morning = { key: '0900-1200', starts: '09:00', names: { fr: '9h – 12h', en: '9:00 – 12:00', ar: '9:00 – 12:00' } };
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed', slot: morning }));
    const results = await Promise.all(
      ids.map((id) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/orders/edit/${id}`,
          headers: { 'accept-language': 'en', ...admin.auth },
          payload: { order_status: 'confirmed', payment_status: 'pending', delivery_date: day, delivery_slot: '1500-2000' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    const [moved] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.deliveryDate, day), eq(orders.deliverySlot, '1500-2000')));
    expect(Number(moved!.n)).toBe(1);
  });
});
