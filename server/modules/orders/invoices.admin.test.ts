/**
 * Numbered invoices: issued for a paid order only, once (the same number every time after), numbered
 * FA-<year>-<sequence> in the shop's year, audited; a refused issue spends no number.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { backOfficeTest } from '../../test/back-office-test.js';
import { userWithSession, type TestUser } from '../../test/users.js';
import { insertOrder } from './order-fixtures.js';
import { invoiceNumber, issueInvoice } from './invoices.service.js';

const shop = backOfficeTest();
const as = shop.as;
let customer: TestUser;

beforeAll(async () => {
  customer = await userWithSession(shop.ctx.db, 'customer');
});

describe('invoices', () => {
  it('writes numbers with the year and five digits', () => {
    expect(invoiceNumber(2026, 1)).toBe('FA-2026-00001');
    expect(invoiceNumber(2027, 12345)).toBe('FA-2027-12345');
  });

  it('refuses an unpaid order in the reader’s language, and spends no number on it', async () => {
    const unpaid = await insertOrder(shop.ctx.db, { total: 490 });
    const refused = await as(shop.admin, 'ar')('POST', `/api/admin/orders/${unpaid}/invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('تُصدر الفاتورة لطلب مدفوع، وهذا الطلب لم يُدفع بعد.');
    expect((await as(shop.admin)('GET', `/api/admin/orders/${unpaid}/invoice`)).statusCode).toBe(404);
    expect((await as(shop.admin)('POST', '/api/admin/orders/999999/invoice')).statusCode).toBe(404);

    const paid = await insertOrder(shop.ctx.db, { total: 530.5, paymentStatus: 'paid' });
    const issued = await as(shop.admin)('POST', `/api/admin/orders/${paid}/invoice`);
    expect(issued.statusCode).toBe(201);
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Casablanca', year: 'numeric' }).format(new Date());
    expect(issued.json()).toMatchObject({ number: `FA-${year}-00001`, sequence: 1, order_id: paid, total: 530.5 });
  });

  it('gives the same invoice again instead of a second number, and audits only the issue', async () => {
    const paid = await insertOrder(shop.ctx.db, { total: 300, paymentStatus: 'paid' });
    const first = await as(shop.admin)('POST', `/api/admin/orders/${paid}/invoice`);
    const again = await as(shop.admin)('POST', `/api/admin/orders/${paid}/invoice`);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().number).toBe(first.json().number);
    expect((await as(shop.admin)('GET', `/api/admin/orders/${paid}/invoice`)).json().number).toBe(first.json().number);
    const rows = await shop.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.invoice'), eq(auditLog.entityId, String(paid))));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({ invoice: first.json().number });
  });

  it('starts each shop year at 1: the year is the shop’s (Africa/Casablanca), not the server’s', async () => {
    const paid = await insertOrder(shop.ctx.db, { total: 100, paymentStatus: 'paid' });
    // 31 December 2026, 23:30 UTC is already 1 January 2027 at 00:30 in Casablanca (UTC+1 outside Ramadan).
    const { invoice } = await issueInvoice(shop.ctx.db, paid, shop.admin.id, new Date('2026-12-31T23:30:00Z'));
    expect(invoice.number).toBe('FA-2027-00001');
  });

  it('is for staff only', async () => {
    const paid = await insertOrder(shop.ctx.db, { total: 100, paymentStatus: 'paid' });
    expect((await as(customer)('POST', `/api/admin/orders/${paid}/invoice`)).statusCode).toBe(403);
  });
});
