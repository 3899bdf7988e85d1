/**
 * The filtered orders list as CSV, made to open in columns in the spreadsheet of a Moroccan shop's
 * computer (French or Arabic Excel, LibreOffice): the format follows the shop's country, the words
 * follow the admin's language.
 *   - `;` between cells and a decimal comma in amounts: Morocco's regional settings (as France's) use
 *     the comma for decimals, so a comma-separated file opens in one column there;
 *   - UTF-8 with a byte-order mark, so Arabic and accented names are read as UTF-8 and not as ANSI;
 *   - column names, statuses, payment methods and yes/no in the admin's language; dates as
 *     `YYYY-MM-DD HH:MM` shop time (sorts, and every spreadsheet reads it as a date);
 *   - a cell a spreadsheet would run as a formula (=, +, -, @, tab or return first) starts with an
 *     apostrophe, so an order's name can never run code on the florist's computer.
 */
import { stringify } from 'csv-stringify/sync';
import type { Locale, OrderStatus, PaymentStatus } from '../../../shared/constants.js';
import { SHOP_TIME_ZONE } from '../../../shared/constants.js';
import type { AdminOrderRow } from '../../../shared/schemas/orders-admin.js';
import { defineMessages, type Localized } from '../../lib/i18n.js';
import { paymentMethodLabel } from './payment-labels.js';

const columns = defineMessages({
  id: { fr: 'Commande', en: 'Order', ar: 'الطلب' },
  created_at: { fr: 'Passée le', en: 'Placed', ar: 'تاريخ الطلب' },
  customer_name: { fr: 'Client', en: 'Customer', ar: 'الزبون' },
  customer_email: { fr: 'E-mail', en: 'E-mail', ar: 'البريد الإلكتروني' },
  customer_phone: { fr: 'Téléphone', en: 'Phone', ar: 'الهاتف' },
  order_status: { fr: 'Statut', en: 'Status', ar: 'الحالة' },
  payment_status: { fr: 'Paiement', en: 'Payment', ar: 'الدفع' },
  payment_method: { fr: 'Mode de paiement', en: 'Payment method', ar: 'طريقة الدفع' },
  is_customized: { fr: 'Personnalisée', en: 'Custom', ar: 'مخصص' },
  delivery_date: { fr: 'Livraison le', en: 'Delivery date', ar: 'تاريخ التوصيل' },
  delivery_city: { fr: 'Ville', en: 'City', ar: 'المدينة' },
  items_count: { fr: 'Articles', en: 'Items', ar: 'عدد المنتجات' },
  total_amount: { fr: 'Total (MAD)', en: 'Total (MAD)', ar: 'المجموع (درهم)' },
});

const orderStatuses: Record<OrderStatus, Localized> = {
  pending: { fr: 'En attente', en: 'Pending', ar: 'قيد الانتظار' },
  not_confirmed: { fr: 'Non confirmée', en: 'Not confirmed', ar: 'غير مؤكد' },
  confirmed: { fr: 'Confirmée', en: 'Confirmed', ar: 'مؤكد' },
  processing: { fr: 'En préparation', en: 'Processing', ar: 'قيد التحضير' },
  on_delivery: { fr: 'En livraison', en: 'Out for delivery', ar: 'في الطريق' },
  shipped: { fr: 'Expédiée', en: 'Shipped', ar: 'تم الشحن' },
  delivered: { fr: 'Livrée', en: 'Delivered', ar: 'تم التوصيل' },
  cancelled: { fr: 'Annulée', en: 'Cancelled', ar: 'ملغى' },
};

const paymentStatuses: Record<PaymentStatus, Localized> = {
  pending: { fr: 'Paiement en attente', en: 'Payment pending', ar: 'الدفع قيد الانتظار' },
  paid: { fr: 'Payée', en: 'Paid', ar: 'مدفوع' },
  failed: { fr: 'Paiement échoué', en: 'Payment failed', ar: 'فشل الدفع' },
  refunded: { fr: 'Remboursée', en: 'Refunded', ar: 'مُسترد' },
};

const yesNo = defineMessages({ yes: { fr: 'Oui', en: 'Yes', ar: 'نعم' }, no: { fr: 'Non', en: 'No', ar: 'لا' } });

/** The cell separator: `;`, as the spreadsheets of Morocco (and France) expect. */
export const CSV_DELIMITER = ';';

/** A cell a spreadsheet would read as a formula gets a leading apostrophe (shown as text, never run). */
export const formulaSafe = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** An amount in MAD with a decimal comma and no thousands separator (`1234,50`): read as a number. */
export const csvAmount = (amount: number): string => amount.toFixed(2).replace('.', ',');

const shopTime = new Intl.DateTimeFormat('sv-SE', { timeZone: SHOP_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

const options = { delimiter: CSV_DELIMITER, record_delimiter: '\r\n', cast: { string: formulaSafe } } as const;

/** The first line: the byte-order mark and the column names in `locale`. */
export const csvHeader = (locale: Locale): string => stringify([Object.values(columns).map((c) => c[locale])], { ...options, bom: true });

/** A batch of orders as lines, words in `locale`. */
export function csvRows(rows: AdminOrderRow[], locale: Locale): string {
  return stringify(
    rows.map((o) => [
      String(o.id),
      shopTime.format(new Date(o.created_at)),
      o.customer_name,
      o.customer_email,
      o.customer_phone,
      orderStatuses[o.order_status][locale],
      paymentStatuses[o.payment_status][locale],
      paymentMethodLabel(o.payment_method)[locale],
      (o.is_customized ? yesNo.yes : yesNo.no)[locale],
      o.delivery_date ?? '',
      o.delivery_city,
      String(o.items_count),
      csvAmount(o.total_amount),
    ]),
    options,
  );
}
