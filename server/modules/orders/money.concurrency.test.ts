/**
 * An order's money under concurrency, on a real PostgreSQL (PGlite runs one query at a time): twenty
 * staff issuing twenty invoices at once get twenty consecutive numbers; twenty requests for one order
 * at once give one invoice; ten staff collecting one order's cash at once record it once.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run server/modules/orders/money.concurrency.test.ts
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderPayments } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from './order-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

describe.skipIf(!onPostgres)('invoice numbers under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertShopFixtures(ctx.db);
    admin = await userWithSession(ctx.db, 'admin');
  });
  afterAll(() => ctx?.close());

  it('twenty invoices at once: numbers 1 to 20, no gap, no repeat', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await insertOrder(ctx.db, { total: 100 + i, paymentStatus: 'paid' }));
    // One unpaid order in the crowd: its refusal must not spend a number.
    const unpaid = await insertOrder(ctx.db, { total: 50 });
    const answers = await Promise.all([...ids, unpaid].map((id) => as(admin)('POST', `/api/admin/orders/${id}/invoice`)));
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(answers[20]!.statusCode).toBe(409);
    const sequences = answers
      .slice(0, 20)
      .map((a) => a.json().sequence as number)
      .sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const numbers = new Set(answers.slice(0, 20).map((a) => a.json().number));
    expect(numbers.size).toBe(20);
  });

  it('twenty requests for one order at once: one invoice, the same number for all', async () => {
    const id = await insertOrder(ctx.db, { total: 490, paymentStatus: 'paid' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => as(admin)('POST', `/api/admin/orders/${id}/invoice`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.json().number)).size).toBe(1);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.orderId, id))).toHaveLength(1);
    expect(answers[0]!.json().sequence).toBe(21);
  });

  it('ten staff collecting the same order’s cash at once: one payment recorded, the others told nothing is due', async () => {
    const id = await insertOrder(ctx.db, { total: 490, status: 'delivered' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => as(admin)('POST', `/api/admin/orders/${id}/payments`, { method: 'cash', amount: 490 })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id))).toHaveLength(1);
  });

  it('ten one-tap "cash collected" at once after a partial payment: one cash payment of exactly the rest', async () => {
    const id = await insertOrder(ctx.db, { total: 300, status: 'delivered' });
    await as(admin)('POST', `/api/admin/orders/${id}/payments`, { method: 'bank_transfer', amount: 120 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => as(admin)('POST', `/api/admin/orders/${id}/cash-collected`, {})));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const rows = await ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(rows.map((r) => [r.method, r.amountCents]).sort()).toEqual([
      ['bank_transfer', 12000],
      ['cash', 18000],
    ]);
  });
});
