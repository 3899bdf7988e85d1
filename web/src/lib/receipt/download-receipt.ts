/**
 * Makes `receipt-order-{id}.pdf` and hands it to the browser. Loaded only when someone asks for a
 * receipt: pdf-lib, the shaper and the font stay out of every page's download until then.
 */
import type { TFunction } from 'i18next';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import type { LegalIdentity } from '@shared/schemas/shop';
import { api } from '../api';
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
  const pickup = order.delivery_method === 'pickup';
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
      [t(pickup ? 'pickupDate' : 'deliveryDate'), order.delivery_date ? formatShopDate(locale, order.delivery_date) : '–'],
      // A pick-up is said as such (in place of a delivery city); the slot is when it is delivered or collected.
      pickup ? [t('handover'), t('pickup')] : [t('deliveryCity'), city],
      ...(order.delivery_slot
        ? [[t('slot'), nameIn(order.delivery_slot.names, locale, order.delivery_slot.label)] as [string, string]]
        : []),
      [t('type'), order.is_customized ? t('customized') : t('regular')],
      [t('customer'), order.customer.name],
      [t('email'), order.customer.email ?? '–'],
      [t('phone'), order.customer.phone ?? '–', 'phone'],
      [t('recipient'), recipient, 'runs'],
      // Nothing is delivered for a pick-up: no address (the shop's own is printed under its name).
      ...(pickup ? [] : [[t('address'), order.address ?? '–'] as [string, string]]),
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

/**
 * The shop's legal identity as printed under its name: the legal name and address, then the
 * identifiers (ICE, RC, IF, patente), each value its own run; empty fields are left off.
 */
export function legalLines(legal: LegalIdentity | null, t: TFunction): string[] {
  if (!legal) return [];
  const head = [legal.legal_name, legal.address].filter(Boolean).map(isolate).join(' — ');
  const ids = (['ice', 'rc', 'if', 'patente'] as const)
    .filter((k) => legal[k])
    // Each label with its value as one run: "ICE 0012…" stays whole in an Arabic line.
    .map((k) => isolate(`${t(`legal.${k}`)} ${legal[k]}`))
    .join(' · ');
  return [head, ids].filter(Boolean);
}

/** The shop's legal identity, printed on every receipt and invoice. */
export const fetchLegal = () => api.get<LegalIdentity>('/shop-legal');

/** Hands a made PDF to the browser as `name`. */
export function savePdf(bytes: Uint8Array, name: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const receiptFont = async () => new Uint8Array(await (await fetch(fontUrl)).arrayBuffer());

export async function downloadReceipt(order: ReceiptOrder, t: TFunction, language: string): Promise<void> {
  const [font, legal] = await Promise.all([receiptFont(), fetchLegal()]);
  const bytes = await receiptPdf({ ...receiptContent(order, t, language), legal: legalLines(legal, t) }, font);
  savePdf(bytes, receiptFileName(order.id));
}
