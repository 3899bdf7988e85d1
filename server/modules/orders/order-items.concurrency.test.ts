/**
 * Two staff members changing two orders at once for the last stems of a product (a race only a real
 * PostgreSQL shows; PGlite runs one query at a time): one wins, the other is refused with 409, and
 * the stock never goes below zero.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server server/modules/orders/order-items.concurrency.test.ts
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money.js';
import { orderItems, orders, products } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from './order-fixtures.js';

let ctx: TestContext;
let admins: TestUser[];
const as = requester(() => ctx.app);

describe.skipIf(!onPostgres)('order items edits under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
    admins = [await userWithSession(ctx.db, 'admin'), await userWithSession(ctx.db, 'admin')];
  });
  afterAll(() => ctx?.close());

  it('two edits racing for the last 3 stems: one wins, the other gets 409, stock never negative', async () => {
    await ctx.db.insert(products).values({ id: 60, name: 'Dernières renoncules', priceCents: toCents(25), stock: 3, categoryId: 1 });
    for (let round = 0; round < 5; round++) {
      await ctx.db.update(products).set({ stock: 3 }).where(eq(products.id, 60));
      const ids = [await insertOrder(ctx.db, { lines: [[2, 1, 99.9]] }), await insertOrder(ctx.db, { lines: [[2, 1, 99.9]] })];
      const lines = await Promise.all(
        ids.map(async (id) => (await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id)))[0]!),
      );
      const results = await Promise.all(
        ids.map((id, i) =>
          as(admins[i]!)('PUT', `/api/admin/orders/${id}/items`, {
            version: 1,
            items: [
              { id: lines[i]!.id, product_id: 2, quantity: 1 },
              { product_id: 60, quantity: 3 },
            ],
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const [p] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, 60));
      expect(p!.stock).toBe(0);
      // The loser's order is as it was.
      const loser = ids[results.findIndex((r) => r.statusCode === 409)]!;
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, loser));
      expect(row!.version).toBe(1);
      expect(await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, loser))).toHaveLength(1);
    }
  });

  it('an edit giving stems back and one taking them meet without deadlock and end with the right stock', async () => {
    await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, 60));
    const giving = await insertOrder(ctx.db, {
      lines: [
        [60, 2, 25],
        [2, 1, 99.9],
      ],
    });
    const taking = await insertOrder(ctx.db, {
      lines: [
        [2, 1, 99.9],
        [60, 1, 25],
      ],
    });
    const [g, t] = await Promise.all(
      [giving, taking].map(async (id) => ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id))),
    );
    const results = await Promise.all([
      as(admins[0]!)('PUT', `/api/admin/orders/${giving}/items`, {
        items: g!.filter((l) => l.productId === 2).map((l) => ({ id: l.id, product_id: 2, quantity: 1 })),
      }),
      as(admins[1]!)('PUT', `/api/admin/orders/${taking}/items`, {
        items: [
          { id: t!.find((l) => l.productId === 2)!.id, product_id: 2, quantity: 2 },
          { id: t!.find((l) => l.productId === 60)!.id, product_id: 60, quantity: 1 },
        ],
      }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [p] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, 60));
    expect(p!.stock).toBe(2);
  });
});
