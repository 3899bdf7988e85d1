/**
 * The filtered orders list as CSV (UTF-8 with BOM so spreadsheet programs read Arabic names right).
 * Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a leading apostrophe.
 */
import type { AdminOrderRow } from '../../../shared/schemas/orders-admin.js';
import { SHOP_TIME_ZONE } from '../../../shared/constants.js';

export const CSV_HEADER = [
  'id',
  'created_at',
  'customer_name',
  'customer_email',
  'customer_phone',
  'order_status',
  'payment_status',
  'payment_method',
  'is_customized',
  'delivery_date',
  'delivery_city',
  'items_count',
  'total_amount_mad',
];

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const shopTime = new Intl.DateTimeFormat('sv-SE', { timeZone: SHOP_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

export function csvLine(o: AdminOrderRow): string {
  return [
    o.id,
    shopTime.format(new Date(o.created_at)),
    o.customer_name,
    o.customer_email,
    o.customer_phone,
    o.order_status,
    o.payment_status,
    o.payment_method,
    o.is_customized ? 'yes' : 'no',
    o.delivery_date ?? '',
    o.delivery_city,
    o.items_count,
    o.total_amount.toFixed(2),
  ]
    .map(csvCell)
    .join(',');
}
