/**
 * The dashboard's today figures against a hand-counted fixture. "Now" is 2026-05-20 23:30 UTC, already
 * 21 May 00:30 in Casablanca (UTC+1): today is the 21st, tomorrow the 22nd, and an order due on the
 * 20th (today in UTC) is not counted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayments, orders } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertOrder } from '../orders/order-fixtures.js';
import { todayFor } from './today.service.js';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
const as = requester(() => ctx.app);
const NOW = new Date('2026-05-20T23:30:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
  customer = await userWithSession(ctx.db, 'customer');
  const at = (deliveryDate: string | null, status: string, total: number, paymentStatus = 'pending') =>
    insertOrder(ctx.db, { deliveryDate, status, total, paymentStatus });
  // Today (21st): 5 not cancelled, of which 2 still to deliver.
  await at('2026-05-21', 'pending', 100);
  await at('2026-05-21', 'confirmed', 100);
  const partPaid = await at('2026-05-21', 'delivered', 300);
  const refunded = await at('2026-05-21', 'delivered', 150);
  await at('2026-05-21', 'delivered', 100, 'paid');
  await at('2026-05-21', 'cancelled', 100);
  // Tomorrow (22nd): 2, both to deliver.
  await at('2026-05-22', 'on_delivery', 200);
  await at('2026-05-22', 'not_confirmed', 100);
  // The 20th is yesterday in Casablanca.
  await at('2026-05-20', 'confirmed', 100);
  // Paid by card online: nothing for a driver to collect.
  const card = await at(null, 'delivered', 500);
  await ctx.db.update(orders).set({ paymentMethod: 'card_payment' }).where(eq(orders.id, card));
  // 100 of 300 recorded; 150 paid then 50 given back (100 net of 150).
  await ctx.db.insert(orderPayments).values([
    { orderId: partPaid, kind: 'payment', method: 'cash', amountCents: 10_000 },
    { orderId: refunded, kind: 'payment', method: 'cash', amountCents: 15_000 },
    { orderId: refunded, kind: 'refund', method: 'cash', amountCents: 5_000 },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

describe('the dashboard’s today', () => {
  it('counts today’s and tomorrow’s deliveries on the shop’s calendar, orders to confirm and cash to collect', async () => {
    expect(await todayFor(ctx.db, NOW)).toEqual({
      today: '2026-05-21',
      tomorrow: '2026-05-22',
      deliveries: { today: { total: 5, to_deliver: 2 }, tomorrow: { total: 2, to_deliver: 2 } },
      to_confirm: 2,
      // 200 (out for delivery) + 200 (300 less 100 recorded) + 50 (150 less 100 net).
      cash_to_collect: { orders: 3, amount: 450 },
    });
  });

  it('GET /api/admin/dashboard/today answers the same figures for now; admins only', async () => {
    const res = await as(admin)('GET', '/api/admin/dashboard/today');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.to_confirm).toBe(2);
    expect(body.cash_to_collect).toEqual({ orders: 3, amount: 450 });
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await as(customer)('GET', '/api/admin/dashboard/today')).statusCode).toBe(403);
    expect((await as(null)('GET', '/api/admin/dashboard/today')).statusCode).toBe(401);
  });
});
