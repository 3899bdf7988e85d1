/**
 * The dashboard's today figures against a hand-counted fixture. "Now" is 2026-05-20 23:30 UTC, already
 * 21 May 00:30 in Casablanca (UTC+1): today is the 21st, tomorrow the 22nd, and an order due on the
 * 20th (today in UTC) is not counted. Slots: the morning one written from its times, the evening one
 * named by the shop, and a dawn slot deleted since that only its orders remember.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySlots, orderPayments, orders } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertOrder, type OrderSeed } from '../orders/order-fixtures.js';
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
  await ctx.db.insert(deliverySlots).values([
    { key: '0900-1200', starts: '09:00', ends: '12:00', names: null },
    { key: '1500-2000', starts: '15:00', ends: '20:00', names: { fr: 'Soirée', en: 'Evening', ar: 'مساء' } },
  ]);
  const morning = { key: '0900-1200', names: { fr: '9h – 12h', en: '9:00 – 12:00', ar: '9:00 – 12:00' }, starts: '09:00' };
  // Renamed since: the day's label is the shop's name for it now.
  const evening = { key: '1500-2000', names: { fr: 'Fin de journée', en: 'Late', ar: 'آخر النهار' }, starts: '15:00' };
  const dawn = { key: '0700-0900', names: { fr: 'Aube', en: 'Dawn', ar: 'فجر' }, starts: '07:00' };
  const at = (deliveryDate: string | null, status: string, total: number, paymentStatus = 'pending', more: OrderSeed = {}) =>
    insertOrder(ctx.db, { deliveryDate, status, total, paymentStatus, ...more });
  // Today (21st): 5 not cancelled, of which 2 still to deliver; per slot: dawn 1, morning 1 + 1 pick-up,
  // evening 1, no slot 1; on the bench 1 in preparation, 2 ready, 2 not started.
  await at('2026-05-21', 'pending', 100, 'pending', { slot: morning, workshopState: 'in_preparation' });
  await at('2026-05-21', 'confirmed', 100, 'pending', { slot: morning, deliveryMethod: 'pickup', workshopState: 'ready' });
  const partPaid = await at('2026-05-21', 'delivered', 300, 'pending', { slot: evening, workshopState: 'ready' });
  const refunded = await at('2026-05-21', 'delivered', 150, 'pending', { slot: dawn });
  await at('2026-05-21', 'delivered', 100, 'paid');
  await at('2026-05-21', 'cancelled', 100, 'pending', { slot: morning, workshopState: 'in_preparation' });
  // Tomorrow (22nd): 2, both to deliver, both in the evening (one collected at the shop).
  await at('2026-05-22', 'on_delivery', 200, 'pending', { slot: evening, deliveryMethod: 'pickup' });
  await at('2026-05-22', 'not_confirmed', 100, 'pending', { slot: evening });
  // The 20th is yesterday in Casablanca.
  await at('2026-05-20', 'confirmed', 100, 'pending', { slot: morning, workshopState: 'ready' });
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
    expect(await todayFor(ctx.db, NOW, 'fr')).toEqual({
      today: '2026-05-21',
      tomorrow: '2026-05-22',
      deliveries: {
        today: {
          total: 5,
          to_deliver: 2,
          slots: [
            { key: '0700-0900', label: 'Aube', starts: '07:00', deliveries: 1, pickups: 0 },
            { key: '0900-1200', label: '9h – 12h', starts: '09:00', deliveries: 1, pickups: 1 },
            { key: '1500-2000', label: 'Soirée', starts: '15:00', deliveries: 1, pickups: 0 },
            { key: null, label: null, starts: null, deliveries: 1, pickups: 0 },
          ],
        },
        tomorrow: {
          total: 2,
          to_deliver: 2,
          slots: [{ key: '1500-2000', label: 'Soirée', starts: '15:00', deliveries: 1, pickups: 1 }],
        },
      },
      to_confirm: 2,
      // 200 (out for delivery) + 200 (300 less 100 recorded) + 50 (150 less 100 net).
      cash_to_collect: { orders: 3, amount: 450 },
      workshop: { not_started: 2, in_preparation: 1, ready: 2 },
    });
  });

  it('each day’s slots add up to its orders, and the bench’s marks to today’s', async () => {
    const today = await todayFor(ctx.db, NOW, 'en');
    for (const day of [today.deliveries.today, today.deliveries.tomorrow]) {
      expect(day.slots.reduce((n, s) => n + s.deliveries + s.pickups, 0)).toBe(day.total);
    }
    const { not_started, in_preparation, ready } = today.workshop;
    expect(not_started + in_preparation + ready).toBe(today.deliveries.today.total);
  });

  it('names the slots in the reader’s language', async () => {
    const labels = async (locale: 'en' | 'ar') => (await todayFor(ctx.db, NOW, locale)).deliveries.today.slots.map((s) => s.label);
    expect(await labels('en')).toEqual(['Dawn', '9:00 – 12:00', 'Evening', null]);
    expect(await labels('ar')).toEqual(['فجر', '9:00 – 12:00', 'مساء', null]);
  });

  it('GET /api/admin/dashboard/today answers the same figures for now; admins only', async () => {
    const res = await as(admin, 'ar')('GET', '/api/admin/dashboard/today');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.to_confirm).toBe(2);
    expect(body.cash_to_collect).toEqual({ orders: 3, amount: 450 });
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Now is not the fixture's day: nothing due, every figure still there.
    expect(body.workshop).toEqual(expect.objectContaining({ in_preparation: expect.any(Number), ready: expect.any(Number) }));
    expect(Array.isArray(body.deliveries.today.slots)).toBe(true);
    expect((await as(customer)('GET', '/api/admin/dashboard/today')).statusCode).toBe(403);
    expect((await as(null)('GET', '/api/admin/dashboard/today')).statusCode).toBe(401);
  });
});
