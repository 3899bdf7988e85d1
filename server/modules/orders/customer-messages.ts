/**
 * The ready-made messages that tell a customer where their order is: confirmed, on its way, delivered
 * (with the order's tracking link), its date moved, a link to pay. The date comes with the order's time
 * slot when it has one (the label it kept in the order's language): moving an order may move its slot. Written here, in the order's
 * language (the one the customer ordered in, whoever reads the back office), so the order page, the
 * day's sheet and the driver's view send the same words. Each carries a WhatsApp link when the
 * customer's phone is a mobile (shared/phone.ts), none for a landline.
 */
import { eq } from 'drizzle-orm';
import { toLocale, type Locale } from '../../../shared/constants.js';
import { formatShopDate } from '../../../shared/dates.js';
import { whatsAppDigits, whatsAppMessageUrl } from '../../../shared/phone.js';
import type { CustomerMessageKind, CustomerMessages } from '../../../shared/schemas/customer-messages.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages, translate, type Localized } from '../../lib/i18n.js';
import { orderTrackingUrl } from './order-links.js';
import { orderMessages } from './orders.service.js';

const m = defineMessages({
  confirmed: {
    fr: 'Bonjour {name}, votre commande n° {id} est confirmée.{date} Merci pour votre confiance !',
    en: 'Hello {name}, your order #{id} is confirmed.{date} Thank you for your trust!',
    ar: 'مرحبا {name}، تم تأكيد طلبكم رقم {id}.{date} شكرا على ثقتكم!',
  },
  confirmedDate: {
    fr: ' Livraison prévue le {date}.',
    en: ' Delivery planned for {date}.',
    ar: ' التوصيل مبرمج يوم {date}.',
  },
  onItsWay: {
    fr: 'Bonjour {name}, votre commande n° {id} est en route : notre livreur arrive bientôt. Suivez-la ici : {url}',
    en: 'Hello {name}, your order #{id} is on its way: our courier will be there soon. Follow it here: {url}',
    ar: 'مرحبا {name}، طلبكم رقم {id} في الطريق: عامل التوصيل سيصل قريبا. تابعوه هنا: {url}',
  },
  delivered: {
    fr: 'Bonjour {name}, votre commande n° {id} a été livrée. Merci et à bientôt ! Le détail de la commande : {url}',
    en: 'Hello {name}, your order #{id} has been delivered. Thank you, and see you soon! The order’s details: {url}',
    ar: 'مرحبا {name}، تم توصيل طلبكم رقم {id}. شكرا لكم وإلى اللقاء! تفاصيل الطلب: {url}',
  },
  dateMoved: {
    fr: 'Bonjour {name}, la livraison de votre commande n° {id} est désormais prévue le {date}. Merci de votre compréhension.',
    en: 'Hello {name}, the delivery of your order #{id} is now planned for {date}. Thank you for your understanding.',
    ar: 'مرحبا {name}، أصبح توصيل طلبكم رقم {id} مبرمجا يوم {date}. شكرا على تفهمكم.',
  },
  dateWithSlot: { fr: '{date}, {slot}', en: '{date}, {slot}', ar: '{date}، {slot}' },
  paymentLink: {
    fr: 'Bonjour {name}, voici le lien pour régler votre commande n° {id} : {url}',
    en: 'Hello {name}, here is the link to pay for your order #{id}: {url}',
    ar: 'مرحبا {name}، هذا رابط أداء ثمن طلبكم رقم {id}: {url}',
  },
});

type LinkConfig = Pick<Config, 'publicUrl' | 'dataDir'>;

/**
 * The messages of order `orderId`, in its language. `paymentUrl` (a payment link made for the order)
 * adds the payment-link message. "Date moved" needs a delivery date; the others are always offered
 * (staff pick the one the moment calls for).
 */
export async function customerMessagesFor(
  db: DbOrTx,
  config: LinkConfig,
  orderId: number,
  opts: { paymentUrl?: string; now?: Date } = {},
): Promise<CustomerMessages> {
  const [order] = await db
    .select({
      id: orders.id,
      name: orders.customerName,
      email: orders.customerEmail,
      phone: orders.customerPhone,
      language: orders.language,
      deliveryDate: orders.deliveryDate,
      slot: orders.deliverySlot,
      slotNames: orders.deliverySlotNames,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError(404, orderMessages.notFound);
  const locale: Locale = toLocale(order.language);
  // Plain text in a chat: the date without the isolate marks a mail's HTML uses (some phones draw them).
  const day = order.deliveryDate ? formatShopDate(locale, order.deliveryDate, 'day') : null;
  const slot = order.slot ? (order.slotNames?.[locale] ?? order.slot) : null;
  const date = day && slot ? translate(m.dateWithSlot, locale, { date: day, slot }) : day;
  const trackingUrl = orderTrackingUrl(config, order.id, order.email, opts.now ?? new Date(), locale);
  const t = (msg: Localized, params: Record<string, string | number> = {}) =>
    translate(msg, locale, { name: order.name.trim(), id: order.id, ...params });
  const texts: [CustomerMessageKind, string][] = [
    ['confirmed', t(m.confirmed, { date: date ? t(m.confirmedDate, { date }) : '' })],
    ['on_its_way', t(m.onItsWay, { url: trackingUrl })],
    ['delivered', t(m.delivered, { url: trackingUrl })],
  ];
  if (date) texts.push(['date_moved', t(m.dateMoved, { date })]);
  if (opts.paymentUrl) texts.push(['payment_link', t(m.paymentLink, { url: opts.paymentUrl })]);
  return {
    order_id: order.id,
    language: locale,
    phone: order.phone,
    whatsapp: whatsAppDigits(order.phone) !== null,
    has_email: order.email.trim() !== '',
    messages: texts.map(([kind, text]) => ({ kind, text, whatsapp_url: whatsAppMessageUrl(order.phone, text) })),
  };
}
