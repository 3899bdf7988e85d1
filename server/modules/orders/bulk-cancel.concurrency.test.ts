/**
 * Bulk cancel racing the edit screen's single cancel and a second bulk cancel, on a real PostgreSQL
 * (PGlite runs one query at a time): every order's units come back exactly once.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run server/modules/orders/bulk-cancel.concurrency.test.ts
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusHistory, products } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from './order-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

describe.skipIf(!onPostgres)('bulk cancel under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
    admin = await userWithSession(ctx.db, 'admin');
  });
  afterAll(() => ctx?.close());

  it('two bulk cancels and a single cancel per order at once: each order restocked once', async () => {
    await ctx.db
      .update(products)
      .set({ stock: 100 })
      .where(inArray(products.id, [1, 2]));
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        await insertOrder(ctx.db, {
          lines: [
            [1, 2, 180],
            [2, 1, 99.9],
          ],
        }),
      );
    const bulk = () => as(admin)('POST', '/api/admin/orders/bulk-cancel', { order_ids: ids });
    const single = (id: number) =>
      as(admin)('PUT', `/api/admin/orders/edit/${id}`, { order_status: 'cancelled', payment_status: 'pending', version: 1 });
    // The bulk cancels walk the ids upwards, the edit screen downwards: they meet in the middle.
    const answers = await Promise.all([bulk(), ...[...ids].reverse().map(single), bulk()]);
    const [first, ...rest] = answers;
    const second = rest.pop()!;
    expect(first!.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const bulkCancelled = [...first!.json().cancelled, ...second.json().cancelled];
    const singles = rest.filter((r) => r.statusCode === 200).length;
    // Every single edit either won (200) or found the order moved by a bulk cancel (409 stale).
    expect(rest.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(new Set(bulkCancelled).size).toBe(bulkCancelled.length);
    expect(bulkCancelled.length + singles).toBe(ids.length);
    const stock = await ctx.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [1, 2]))
      .orderBy(products.id);
    expect(stock).toEqual([
      { id: 1, stock: 180 },
      { id: 2, stock: 140 },
    ]);
    const rows = await ctx.db.select({ s: orders.orderStatus }).from(orders).where(inArray(orders.id, ids));
    expect(rows.every((r) => r.s === 'cancelled')).toBe(true);
    for (const id of ids) {
      const cancels = await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
      expect(cancels.filter((h) => h.orderStatus === 'cancelled')).toHaveLength(1);
    }
    console.log(
      `bulk cancel race: ${ids.length} orders, ${bulkCancelled.length} by bulk, ${singles} by the edit screen, stock ${stock.map((s) => s.stock).join('/')}`,
    );
  });
});
