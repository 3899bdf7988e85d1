/**
 * Numbered invoices for paid orders: `FA-2026-00001`, one per order, numbers without gaps within a shop
 * year (Africa/Casablanca) and never reused. Issuing is one transaction: the order is locked (a second
 * request for the same order waits and then finds the first one's invoice), the year's counter is moved
 * on with an upsert that holds its row until COMMIT (two staff issuing at once queue there, so numbers
 * follow commit order), and the invoice row is written. A failure rolls the counter back with the rest,
 * so no number is ever skipped.
 */
import { sql } from 'drizzle-orm';
import { shopClock } from '../../../shared/delivery-date.js';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { orderMessages } from './orders.service.js';

export const invoiceMessages = defineMessages({
  notPaid: {
    fr: 'Une facture se fait pour une commande payée : celle-ci ne l’est pas encore.',
    en: 'An invoice is made for a paid order: this one is not paid yet.',
    ar: 'تُصدر الفاتورة لطلب مدفوع، وهذا الطلب لم يُدفع بعد.',
  },
});

export interface Invoice {
  number: string;
  year: number;
  sequence: number;
  order_id: number;
  total: number;
  issued_at: string;
}

export const invoiceNumber = (year: number, sequence: number): string => `FA-${year}-${String(sequence).padStart(5, '0')}`;

type InvoiceRow = { number: string; year: number; sequence: number; order_id: number; total_cents: number; issued_at: string | Date };

const toInvoice = (row: InvoiceRow): Invoice => ({
  number: row.number,
  year: Number(row.year),
  sequence: Number(row.sequence),
  order_id: Number(row.order_id),
  total: Number(row.total_cents) / 100,
  issued_at: new Date(row.issued_at).toISOString(),
});

const INVOICE_COLUMNS = sql`number, year, sequence, order_id, total_cents, created_at as issued_at`;

/** The order's invoice, or null when none was issued. */
export async function findInvoice(db: Db, orderId: number): Promise<Invoice | null> {
  const [row] = await sqlRows<InvoiceRow>(db, sql`select ${INVOICE_COLUMNS} from invoices where order_id = ${orderId}`);
  return row ? toInvoice(row) : null;
}

/**
 * The order's invoice, issued now when it has none. `created` says which, so the route can answer 201
 * and audit only a real issue.
 */
export async function issueInvoice(
  db: Db,
  orderId: number,
  staffId: number | null,
  now = new Date(),
): Promise<{ invoice: Invoice; created: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await sqlRows<{ total_cents: number; payment_status: string }>(
      tx,
      sql`select total_cents, payment_status from orders where id = ${orderId} for update`,
    );
    if (!order) throw new AppError(404, orderMessages.notFound);
    const [existing] = await sqlRows<InvoiceRow>(tx, sql`select ${INVOICE_COLUMNS} from invoices where order_id = ${orderId}`);
    if (existing) return { invoice: toInvoice(existing), created: false };
    if (order.payment_status !== 'paid') throw new AppError(409, invoiceMessages.notPaid);
    const year = Number(shopClock(now).date.slice(0, 4));
    const [counter] = await sqlRows<{ last: number }>(
      tx,
      sql`
        insert into invoice_counters (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counters.last + 1
        returning last`,
    );
    const sequence = Number(counter!.last);
    const [row] = await sqlRows<InvoiceRow>(
      tx,
      sql`
        insert into invoices (number, year, sequence, order_id, total_cents, issued_by)
        values (${invoiceNumber(year, sequence)}, ${year}, ${sequence}, ${orderId}, ${order.total_cents}, ${staffId})
        returning ${INVOICE_COLUMNS}`,
    );
    return { invoice: toInvoice(row!), created: true };
  });
}
