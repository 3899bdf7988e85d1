/**
 * Days out of the calendar the shop can mean are refused with a translated 422, never a 500: year 0
 * (PostgreSQL has none), 9999-12-31 (its next day is not a date), in every route that takes a day; and
 * closing a day whose orders have no open day to move to is a 422 on `due_orders`, nothing closed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectableRange } from '../../../shared/delivery-date.js';
import { closedDates, orders } from '../../db/schema.js';
import { backOfficeTest } from '../../test/back-office-test.js';
import { insertOrder } from '../orders/order-fixtures.js';

const shop = backOfficeTest();
const as = shop.as;

describe('days outside the calendar', () => {
  const requests = [
    ['GET', '/api/admin/orders/workshop?day=0000-01-01', 'day'],
    ['GET', '/api/admin/orders/workshop?day=9999-12-31', 'day'],
    ['GET', '/api/admin/closed-dates/9999-12-31/due', 'date'],
    ['GET', '/api/admin/closed-dates/0000-01-01/due', 'date'],
    ['POST', '/api/admin/closed-dates', 'date', { date: '9999-12-31', reason: null }],
    ['DELETE', '/api/admin/closed-dates/9999-12-31', 'date'],
    ['GET', '/api/admin/orders?from=0000-01-01', 'from'],
    ['GET', '/api/admin/orders?delivery=9999-12-31', 'delivery'],
  ] as const;

  it.each(requests)('%s %s is a 422 naming the field, in the reader’s language', async (method, url, field, body?: object) => {
    const res = await as(shop.admin, 'fr')(method, url, body as never);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual(['Date invalide.']);
  });

  it('keeps real days of the range', async () => {
    expect((await as(shop.admin)('GET', '/api/admin/orders/workshop?day=2099-12-31')).statusCode).toBe(200);
    expect((await as(shop.admin)('GET', '/api/admin/orders?from=2000-01-01')).statusCode).toBe(200);
    expect((await as(shop.admin)('GET', '/api/admin/orders/workshop?day=2026-02-29')).statusCode).toBe(422);
  });
});

describe('moving orders when no open day is left', () => {
  it('is a translated 422 on due_orders and closes nothing', async () => {
    // The last day a customer may choose: the day after it is past the booking window.
    const last = selectableRange(new Date()).latest;
    const id = await insertOrder(shop.ctx.db, { deliveryDate: last, status: 'confirmed' });
    const res = await as(shop.admin, 'ar')('POST', '/api/admin/closed-dates', { date: last, reason: null, due_orders: 'move' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.due_orders).toEqual(['لا يوجد يوم توصيل مفتوح خلال الأيام التسعين القادمة: أعد فتح يوم أولاً.']);
    expect(await shop.ctx.db.select().from(closedDates).where(eq(closedDates.date, last))).toEqual([]);
    const [order] = await shop.ctx.db.select({ day: orders.deliveryDate }).from(orders).where(eq(orders.id, id));
    expect(order!.day).toBe(last);
  });
});
