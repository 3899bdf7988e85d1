/**
 * How a staff order is paid: cash at the counter, the card terminal and a bank transfer are received as
 * the order is entered (one payment of its total, in the order's transaction: the order is born paid,
 * the payment names who took it and the slip's or transfer's reference); a payment link and cash on
 * delivery leave it waiting; the storefront's checkout still takes only its own two methods.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBodySchema } from '../../../shared/schemas/checkout.js';
import { auditLog, orderPayments, orders, orderStatusHistory } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { address, insertShopFixtures } from '../../test/shop-fixtures.js';
import { csvRows } from './orders-csv.js';

let ctx: TestContext;
let staff: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  staff = await userWithSession(ctx.db, 'admin', { name: 'Salma' });
});
afterAll(() => ctx.close());

let keys = 0;
function placeStaffOrder(body: object, lang = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/orders',
    headers: { 'accept-language': lang, 'idempotency-key': `staff-pay-${process.pid}-${++keys}`, authorization: `Bearer ${staff.token}` },
    payload: body,
  });
}

/** 1 × product 2 (99.90), Rabat (40 delivery): 139.90, taken at the shop. */
const counterOrder = (over: object = {}) => ({
  source: 'shop',
  items: [{ product_id: 2, quantity: 1 }],
  customer: { name: 'Khadija Bennani', phone: '0661122334' },
  address: { ...address, full_name: 'Khadija Bennani', phone: '0661122334' },
  delivery_zone_id: 1,
  payment_method: 'cash_at_counter',
  total_amount: 139.9,
  ...over,
});

const paymentsOf = (id: number) => ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));

describe('a staff order paid as it is entered', () => {
  it('cash at the counter: the order is paid, one cash payment of its total by the staff member, a paid history row, the method in the audit', async () => {
    const res = await placeStaffOrder(counterOrder());
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ payment_method: 'cash_at_counter', payment_status: 'paid', total_amount: 139.9 });
    expect(await paymentsOf(order.id)).toEqual([
      expect.objectContaining({ kind: 'payment', method: 'cash', amountCents: 13990, reference: null, recordedBy: staff.id }),
    ]);
    const [history] = await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toMatchObject({ orderStatus: 'pending', paymentStatus: 'paid' });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'order.create')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.after).toMatchObject({ payment_method: 'cash_at_counter', payment_status: 'paid' });
    const money = await as(staff)('GET', `/api/admin/orders/${order.id}/payments`);
    expect(money.json()).toMatchObject({ paid: 139.9, due: 0, payment_status: 'paid' });
    expect(money.json().entries[0]).toMatchObject({ method: 'cash', recorded_by: 'Salma' });
  });

  it('card terminal and bank transfer keep their reference; a replayed key records no second payment', async () => {
    const terminal = await placeStaffOrder(counterOrder({ payment_method: 'card_terminal', payment_reference: '  TPE 004512 ' }));
    expect(terminal.json().order.payment_status).toBe('paid');
    expect(await paymentsOf(terminal.json().order.id)).toEqual([
      expect.objectContaining({ method: 'card_terminal', amountCents: 13990, reference: 'TPE 004512' }),
    ]);
    const key = `staff-pay-replay-${process.pid}`;
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/orders',
        headers: { 'idempotency-key': key, authorization: `Bearer ${staff.token}` },
        payload: counterOrder({ payment_method: 'bank_transfer', payment_reference: 'VIR 7781' }),
      });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(await paymentsOf(first.json().order.id)).toEqual([expect.objectContaining({ method: 'bank_transfer', reference: 'VIR 7781' })]);
  });

  it('a payment link and cash on delivery wait for payment, with no payment recorded', async () => {
    for (const method of ['payment_link', 'cash_on_delivery']) {
      const res = await placeStaffOrder(counterOrder({ payment_method: method, payment_reference: 'ignored' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().order).toMatchObject({ payment_method: method, payment_status: 'pending' });
      expect(await paymentsOf(res.json().order.id)).toEqual([]);
    }
  });

  it('refuses an unknown method and the online card from staff, and writes nothing', async () => {
    const before = (await ctx.db.select({ id: orders.id }).from(orders)).length;
    expect((await placeStaffOrder(counterOrder({ payment_method: 'cheque' }))).statusCode).toBe(422);
    const card = await placeStaffOrder(counterOrder({ payment_method: 'card_payment' }), 'fr');
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.payment_method).toHaveLength(1);
    expect((await ctx.db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it('names each method in the reader’s language in the CSV export', async () => {
    const res = await placeStaffOrder(counterOrder({ payment_method: 'card_terminal' }));
    const row = (await as(staff)('GET', `/api/admin/orders?search=${res.json().order.id}`)).json().data[0];
    expect(csvRows([row], 'fr')).toContain('Carte (terminal de paiement)');
    expect(csvRows([row], 'ar')).toContain('بطاقة (جهاز الدفع)');
  });
});

describe('the storefront’s checkout', () => {
  it('still takes only cash on delivery and card payment', () => {
    for (const method of ['cash_at_counter', 'card_terminal', 'bank_transfer', 'payment_link']) {
      expect(checkoutBodySchema.shape.payment_method.safeParse(method).success).toBe(false);
    }
    expect(checkoutBodySchema.shape.payment_method.options).toEqual(['cash_on_delivery', 'card_payment']);
  });
});
