/**
 * Makes `receipt-order-{id}.pdf` and hands it to the browser. Loaded only when someone asks for a
 * receipt: pdf-lib, the shaper and the font stay out of every page's download until then.
 */
import type { TFunction } from 'i18next';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import { formatShopDate } from '../format';
import fontUrl from './fonts/DejaVuSans.ttf?url';
import type { ReceiptOrder } from './receipt-order';
import { receiptPdf, type ReceiptContent } from './receipt-pdf';

export const receiptFileName = (id: number) => `receipt-order-${id}.pdf`;

/** The receipt's words in the reader's language (`t` of the `receipt` namespace). */
export function receiptContent(order: ReceiptOrder, t: TFunction, language: string): ReceiptContent {
  const locale = toLocale(language);
  const money = (n: number) => formatMAD(n, locale);
  return {
    rtl: locale === 'ar',
    storeName: t('storeName'),
    title: t('title'),
    facts: [
      [t('orderNumber'), `#${order.id}`],
      [t('date'), formatShopDate(locale, order.created_at, true)],
      [t('deliveryDate'), order.delivery_date ? formatShopDate(locale, order.delivery_date) : '–'],
      [t('type'), order.is_customized ? t('customized') : t('regular')],
      [t('customer'), order.customer.name],
      [t('email'), order.customer.email ?? '–'],
      [t('phone'), order.customer.phone ?? '–'],
      [t('address'), order.address ?? '–'],
      [t('giftMessage'), order.gift_message || '–'],
    ],
    columns: { item: t('item'), quantity: t('quantity'), price: t('price') },
    lines: order.items.map((i) => ({ name: i.name, color: i.color, quantity: i.quantity, price: money(i.line_total) })),
    totalLabel: t('total'),
    total: money(order.total_amount),
    footer: t('thanks'),
    subject: receiptFileName(order.id),
  };
}

export async function downloadReceipt(order: ReceiptOrder, t: TFunction, language: string): Promise<void> {
  const font = new Uint8Array(await (await fetch(fontUrl)).arrayBuffer());
  const bytes = await receiptPdf(receiptContent(order, t, language), font);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(order.id);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
