/**
 * An order's money in the back office: cash collected, a partial payment then the rest, refunds partial
 * and whole, what may not be recorded, the history and audit rows, and the day's cash adding up.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderPayments, orders, orderStatusHistory } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from './order-fixtures.js';
import { statusFromPayments } from './payments.service.js';

let ctx: TestContext;
let florist: TestUser;
let driver: TestUser;
const as = requester(() => ctx.app);
const DAY = '2026-12-10';

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  florist = await userWithSession(ctx.db, 'admin', { name: 'Salma' });
  driver = await userWithSession(ctx.db, 'admin', { name: 'Karim' });
});
afterAll(() => ctx.close());

const pay = (who: TestUser, id: number, body: object, lang = 'fr') => as(who, lang)('POST', `/api/admin/orders/${id}/payments`, body);
const refund = (who: TestUser, id: number, body: object, lang = 'fr') => as(who, lang)('POST', `/api/admin/orders/${id}/refunds`, body);

describe('payment status from the rows', () => {
  it('is paid when covered, pending while partly paid, refunded when all was given back', () => {
    expect(statusFromPayments('pending', 1000, { paid_cents: 0, refunded_cents: 0 })).toBe('pending');
    expect(statusFromPayments('failed', 1000, { paid_cents: 0, refunded_cents: 0 })).toBe('failed');
    expect(statusFromPayments('pending', 1000, { paid_cents: 400, refunded_cents: 0 })).toBe('pending');
    expect(statusFromPayments('pending', 1000, { paid_cents: 1000, refunded_cents: 0 })).toBe('paid');
    expect(statusFromPayments('paid', 1000, { paid_cents: 1000, refunded_cents: 300 })).toBe('paid');
    expect(statusFromPayments('paid', 1000, { paid_cents: 1000, refunded_cents: 1000 })).toBe('refunded');
  });
});

describe('an order’s payments', () => {
  it('cash collected in one tap marks a delivered cash order paid, with a history row, a new version and an audit row', async () => {
    const id = await insertOrder(ctx.db, { total: 490, status: 'delivered', deliveryDate: DAY });
    const res = await pay(driver, id, { method: 'cash', amount: 490 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 490, paid: 490, due: 0, payment_status: 'paid', version: 2 });
    expect(res.json().entries).toEqual([expect.objectContaining({ kind: 'payment', method: 'cash', amount: 490, recorded_by: 'Karim' })]);
    const history = await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history.at(-1)).toMatchObject({ orderStatus: 'delivered', paymentStatus: 'paid', changedBy: driver.id });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
  });

  it('a partial payment leaves it pending with what is due, the rest makes it paid; more than due is refused in the reader’s language', async () => {
    const id = await insertOrder(ctx.db, { total: 530.5, deliveryDate: DAY });
    const first = await pay(florist, id, { method: 'bank_transfer', amount: 200, reference: 'VIR 8841' });
    expect(first.json()).toMatchObject({ paid: 200, due: 330.5, payment_status: 'pending' });
    const tooMuch = await pay(florist, id, { method: 'cash', amount: 400 }, 'ar');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toBe('المبلغ أكبر مما تبقى للدفع (330,50 درهم).');
    const rest = await pay(florist, id, { method: 'card_terminal', amount: 330.5 });
    expect(rest.json()).toMatchObject({ paid: 530.5, due: 0, payment_status: 'paid' });
    const again = await pay(florist, id, { method: 'cash', amount: 1 });
    expect(again.statusCode).toBe(409);
    expect((await ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id))).length).toBe(2);
  });

  it('refunds: a partial one keeps it paid, the whole makes it refunded, never more than received; a reason is required', async () => {
    const id = await insertOrder(ctx.db, { total: 300 });
    await pay(florist, id, { method: 'cash', amount: 300 });
    expect((await refund(florist, id, { amount: 50 })).statusCode).toBe(422);
    const part = await refund(florist, id, { amount: 50, reason: 'Deux tiges abîmées' });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ paid: 250, refunded: 50, payment_status: 'paid' });
    const tooMuch = await refund(florist, id, { amount: 300, reason: 'Annulée' }, 'en');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toBe('A refund cannot be more than what was received (250.00 MAD).');
    const whole = await refund(florist, id, { amount: 250, reason: 'Annulée par la cliente' });
    expect(whole.json()).toMatchObject({ paid: 0, refunded: 300, payment_status: 'refunded' });
    const [row] = await ctx.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, id));
    expect(row!.paymentStatus).toBe('refunded');
  });

  it('refuses bad input with field errors, a cancelled order, an unknown order, and the online card method from staff', async () => {
    const id = await insertOrder(ctx.db, { total: 100 });
    expect((await pay(florist, id, { method: 'cash', amount: -5 })).statusCode).toBe(422);
    expect((await pay(florist, id, { method: 'cash', amount: 10.001 })).statusCode).toBe(422);
    expect((await pay(florist, id, { method: 'card_online', amount: 10 })).statusCode).toBe(422);
    expect((await pay(florist, 999999, { method: 'cash', amount: 10 })).statusCode).toBe(404);
    const cancelled = await insertOrder(ctx.db, { total: 100, status: 'cancelled' });
    expect((await pay(florist, cancelled, { method: 'cash', amount: 10 })).statusCode).toBe(409);
  });
});

describe('the day’s cash', () => {
  it('lists what each person took in by method, refunds off, the cash still to collect, and a total that adds up', async () => {
    const day = '2026-12-11';
    const a = await insertOrder(ctx.db, { total: 400, deliveryDate: day, name: 'Nadia' });
    const b = await insertOrder(ctx.db, { total: 250, deliveryDate: day, name: 'Youssef' });
    const c = await insertOrder(ctx.db, { total: 180, deliveryDate: day, name: 'Hind' });
    await insertOrder(ctx.db, { total: 999, deliveryDate: day, status: 'cancelled' });
    await pay(driver, a, { method: 'cash', amount: 400 });
    await pay(driver, b, { method: 'cash', amount: 100 });
    await pay(florist, c, { method: 'card_terminal', amount: 180 });
    await refund(florist, c, { amount: 30, reason: 'Vase fêlé' });
    // Recorded "on" the day: the rows of this test are moved to noon of that shop day.
    await ctx.db.execute(`update order_payments set created_at = '${day} 12:00:00+01' where order_id in (${a}, ${b}, ${c})`);
    const res = await as(florist)('GET', `/api/admin/cash?day=${day}`);
    expect(res.statusCode).toBe(200);
    const cash = res.json();
    expect(cash.people).toEqual([
      { staff_id: driver.id, name: 'Karim', cash: 500, card_terminal: 0, bank_transfer: 0, refunds: 0, total: 500 },
      { staff_id: florist.id, name: 'Salma', cash: 0, card_terminal: 180, bank_transfer: 0, refunds: 30, total: 150 },
    ]);
    expect(cash.total).toBe(650);
    expect(cash.total).toBe(cash.people.reduce((n: number, p: { total: number }) => n + p.total, 0) + cash.card_online);
    expect(cash.to_collect).toEqual([{ order_id: b, customer_name: 'Youssef', due: 150 }]);
    expect(cash.to_collect_total).toBe(150);
    expect((await as(florist)('GET', '/api/admin/cash?day=2026-02-30')).statusCode).toBe(422);
  });
});

describe('cash collected in one tap', () => {
  const collect = (who: TestUser, id: number, lang = 'fr') => as(who, lang)('POST', `/api/admin/orders/${id}/cash-collected`, {});

  it('records what is still due as cash by whoever tapped: the order is paid; a second tap is told nothing is due', async () => {
    const id = await insertOrder(ctx.db, { total: 350, status: 'delivered', deliveryDate: DAY });
    await pay(florist, id, { method: 'bank_transfer', amount: 100, reference: 'VIR 1' });
    const res = await collect(driver, id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ paid: 350, due: 0, payment_status: 'paid' });
    expect(res.json().entries.at(-1)).toMatchObject({ kind: 'payment', method: 'cash', amount: 250, recorded_by: 'Karim' });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.after).toMatchObject({ method: 'cash', amount: 250, collected: true, payment_status: 'paid' });
    const again = await collect(driver, id, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('هذا الطلب مدفوع بالكامل.');
    expect((await ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id))).length).toBe(2);
  });

  it('takes no body but an empty one, and is for staff only', async () => {
    const id = await insertOrder(ctx.db, { total: 80 });
    expect((await as(driver)('POST', `/api/admin/orders/${id}/cash-collected`, { amount: 1 })).statusCode).toBe(422);
    expect((await as(null)('POST', `/api/admin/orders/${id}/cash-collected`, {})).statusCode).toBe(401);
  });
});
