/**
 * Makes `receipt-order-{id}.pdf` and hands it to the browser. Loaded only when someone asks for a
 * receipt: pdf-lib, the shaper and the font stay out of every page's download until then.
 */
import type { TFunction } from 'i18next';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import { formatShopDate } from '../format';
import fontUrl from './fonts/DejaVuSans.ttf?url';
import { dialled, isolate } from '@shared/pdf/isolate';
import { nameIn, type ReceiptOrder } from './receipt-order';
import { receiptPdf, type ReceiptContent } from './receipt-pdf';

export const receiptFileName = (id: number) => `receipt-order-${id}.pdf`;

/**
 * The receipt's words and names in `language` (`t` of the `receipt` namespace in that language): the
 * lines, the subtotal, the coupon's discount, the delivery fee and the total (which add up: subtotal -
 * discount + delivery = total, as the order was charged), payment method and status, recipient and
 * delivery date.
 */
export function receiptContent(order: ReceiptOrder, t: TFunction, language: string): ReceiptContent {
  const locale = toLocale(language);
  const money = (n: number) => formatMAD(n, locale);
  const city = nameIn(order.delivery_city_names, locale, order.delivery_city);
  const recipient = order.recipient
    ? [isolate(order.recipient.name), order.recipient.phone ? dialled(order.recipient.phone) : ''].filter(Boolean).join(', ')
    : '–';
  return {
    rtl: locale === 'ar',
    storeName: t('storeName'),
    title: t('title'),
    facts: [
      [t('orderNumber'), `#${order.id}`],
      [t('date'), formatShopDate(locale, order.created_at, true)],
      [t('deliveryDate'), order.delivery_date ? formatShopDate(locale, order.delivery_date) : '–'],
      [t('deliveryCity'), city],
      [t('type'), order.is_customized ? t('customized') : t('regular')],
      [t('customer'), order.customer.name],
      [t('email'), order.customer.email ?? '–'],
      [t('phone'), order.customer.phone ?? '–', 'phone'],
      [t('recipient'), recipient, 'runs'],
      [t('address'), order.address ?? '–'],
      [t('giftMessage'), order.gift_message || '–', 'typed'],
      [t('paymentMethod'), t(`paymentMethods.${order.payment_method}`)],
      [t('paymentStatus'), t(`paymentStatuses.${order.payment_status}`)],
    ],
    columns: { item: t('item'), quantity: t('quantity'), price: t('price') },
    lines: order.items.map((i) => ({
      name: nameIn(i.names, locale, i.name),
      color: i.color ? nameIn(i.color_names, locale, i.color) : null,
      quantity: i.quantity,
      price: money(i.line_total),
    })),
    sums: [
      [t('subtotal'), money(order.subtotal)],
      ...(order.coupon_discount > 0
        ? [
            [order.coupon_code ? t('discountCode', { code: order.coupon_code }) : t('discount'), `-${money(order.coupon_discount)}`] as [
              string,
              string,
            ],
          ]
        : []),
      [t('delivery', { city }), money(order.shipping_cost)],
    ],
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
