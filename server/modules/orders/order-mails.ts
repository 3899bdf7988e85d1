/**
 * Order e-mails, sent after the order's transaction has committed (never inside it): the confirmation
 * to the customer in the order's language, and the new-order notice to every admin and super admin in
 * their own language. `sendNewOrderNotice` is also the back office's "Send Notification" button.
 * A failing mail is logged; it never fails the order.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { toLocale, type Locale } from '../../../shared/constants.js';
import { formatMAD, fromCents } from '../../../shared/money.js';
import type { App } from '../../types.js';
import { orderAddresses, orderItems, orders, users } from '../../db/schema.js';
import { defineMessages, translate, type Localized } from '../../lib/i18n.js';
import { renderMail } from '../../lib/mail-layout.js';
import { orderTrackingUrl } from './order-links.js';

const m = defineMessages({
  confirmSubject: { fr: 'Votre commande n°{id} est confirmée', en: 'Your order #{id} is confirmed', ar: 'تم تأكيد طلبك رقم {id}' },
  confirmTitle: { fr: 'Merci pour votre commande, {name} !', en: 'Thank you for your order, {name}!', ar: 'شكرًا على طلبك، {name}!' },
  confirmIntro: {
    fr: 'Nous avons bien reçu votre commande n°{id}. Nous vous appellerons pour confirmer la livraison.',
    en: 'We have received your order #{id}. We will call you to confirm the delivery.',
    ar: 'لقد استلمنا طلبك رقم {id}. سنتصل بك لتأكيد التوصيل.',
  },
  subtotal: { fr: 'Sous-total : {amount}', en: 'Subtotal: {amount}', ar: 'المجموع الفرعي: {amount}' },
  coupon: { fr: 'Code promo {code} : -{amount}', en: 'Coupon {code}: -{amount}', ar: 'القسيمة {code}: -{amount}' },
  shipping: { fr: 'Livraison ({city}) : {amount}', en: 'Delivery ({city}): {amount}', ar: 'التوصيل ({city}): {amount}' },
  total: { fr: 'Total (TVA incluse) : {amount}', en: 'Total (taxes included): {amount}', ar: 'المجموع (شامل الضرائب): {amount}' },
  payment: { fr: 'Paiement : à la livraison (espèces)', en: 'Payment: cash on delivery', ar: 'الدفع: نقدًا عند التوصيل' },
  deliveryDate: { fr: 'Livraison prévue le {date}, entre 9 h et 20 h.', en: 'Delivery planned on {date}, between 9:00 and 20:00.', ar: 'التوصيل مقرر يوم {date} بين 9:00 و20:00.' },
  recipient: { fr: 'Destinataire : {name} {phone}', en: 'Recipient: {name} {phone}', ar: 'المستلم: {name} {phone}' },
  giftMessage: { fr: 'Message : « {text} »', en: 'Gift message: “{text}”', ar: 'رسالة الإهداء: «{text}»' },
  address: { fr: 'Adresse de livraison : {address}', en: 'Delivery address: {address}', ar: 'عنوان التوصيل: {address}' },
  followButton: { fr: 'Suivre ma commande', en: 'Follow my order', ar: 'تتبع طلبي' },
  noticeSubject: { fr: 'Nouvelle commande n°{id} – {total}', en: 'New order #{id} – {total}', ar: 'طلب جديد رقم {id} – {total}' },
  noticeTitle: { fr: 'Nouvelle commande n°{id}', en: 'New order #{id}', ar: 'طلب جديد رقم {id}' },
  noticeCustomer: { fr: 'Client : {name}, {email}, {phone}', en: 'Customer: {name}, {email}, {phone}', ar: 'الزبون: {name}، {email}، {phone}' },
  noticeCustom: { fr: 'Bouquet personnalisé : {text}', en: 'Custom bouquet: {text}', ar: 'باقة مخصصة: {text}' },
  noticeNotes: { fr: 'Notes : {text}', en: 'Notes: {text}', ar: 'ملاحظات: {text}' },
  noticeSubstitution: {
    fr: 'Remplacement : {choice}',
    en: 'Substitution: {choice}',
    ar: 'الاستبدال: {choice}',
  },
  similar: { fr: 'fleurs similaires de même valeur', en: 'similar flowers of equal value', ar: 'زهور مماثلة بنفس القيمة' },
  callFirst: { fr: 'appeler le client d’abord', en: 'call the customer first', ar: 'الاتصال بالزبون أولاً' },
  noticeButton: { fr: 'Ouvrir les commandes', en: 'Open the orders', ar: 'فتح الطلبات' },
});

async function loadOrder(app: App, orderId: number) {
  const db = app.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const addresses = await db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId));
  return { order, items, shipping: addresses.find((a) => a.kind === 'shipping') ?? addresses[0] ?? null };
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

/** The lines and totals, as plain paragraphs in `locale`. */
function orderParagraphs({ order, items, shipping }: Loaded, locale: Locale): string[] {
  const t = (msg: Localized, params?: Record<string, string | number>) => translate(msg, locale, params);
  const money = (cents: number) => formatMAD(fromCents(cents), locale);
  const lines = items.map(
    (i) => `${i.quantity} × ${i.productName}${i.colorName ? ` (${i.colorName})` : ''} — ${money(i.unitPriceCents * i.quantity)}`,
  );
  const out = [...lines, t(m.subtotal, { amount: money(order.subtotalCents) })];
  if (order.couponCode && order.couponDiscountCents > 0) out.push(t(m.coupon, { code: order.couponCode, amount: money(order.couponDiscountCents) }));
  out.push(t(m.shipping, { city: order.deliveryCity, amount: money(order.shippingCents) }), t(m.total, { amount: money(order.totalCents) }), t(m.payment));
  if (order.deliveryDate) out.push(t(m.deliveryDate, { date: order.deliveryDate }));
  if (shipping) {
    out.push(t(m.address, { address: [shipping.fullName, shipping.street, shipping.postalCode, shipping.city, shipping.country, shipping.phone].join(', ') }));
  }
  if (order.recipientName) out.push(t(m.recipient, { name: order.recipientName, phone: order.recipientPhone ?? '' }).trim());
  if (order.giftMessage) out.push(t(m.giftMessage, { text: order.giftMessage }));
  return out;
}

export async function sendOrderConfirmation(app: App, orderId: number): Promise<void> {
  const loaded = await loadOrder(app, orderId);
  if (!loaded) return;
  const { order } = loaded;
  const locale = toLocale(order.language);
  const t = (msg: Localized) => translate(msg, locale, { id: order.id, name: order.customerName });
  const url = order.userId
    ? `${app.config.publicUrl}/profile/orders`
    : orderTrackingUrl({ dataDir: app.config.dataDir, publicUrl: app.config.publicUrl }, order.id, order.customerEmail);
  const { html, text } = renderMail({
    locale,
    title: t(m.confirmTitle),
    preheader: t(m.confirmIntro),
    paragraphs: [t(m.confirmIntro), ...orderParagraphs(loaded, locale)],
    button: { label: t(m.followButton), url },
  });
  await app.mailer.send({ to: order.customerEmail, subject: t(m.confirmSubject), html, text, links: [url] });
}

/** The new-order notice to every admin and super admin, each in their language. Returns how many were sent. */
export async function sendNewOrderNotice(app: App, orderId: number): Promise<number> {
  const loaded = await loadOrder(app, orderId);
  if (!loaded) return 0;
  const { order } = loaded;
  const admins = await app.database.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']));
  const url = `${app.config.publicUrl}/admin/orders`;
  let sent = 0;
  for (const admin of admins) {
    const locale = toLocale(admin.language);
    const t = (msg: Localized, params: Record<string, string | number> = {}) => translate(msg, locale, { id: order.id, ...params });
    const paragraphs = [
      t(m.noticeCustomer, { name: order.customerName, email: order.customerEmail, phone: order.customerPhone }),
      ...orderParagraphs(loaded, locale),
      t(m.noticeSubstitution, { choice: t(order.substitution === 'call_first' ? m.callFirst : m.similar) }),
    ];
    if (order.customInstructions) paragraphs.push(t(m.noticeCustom, { text: order.customInstructions }));
    if (order.orderNotes) paragraphs.push(t(m.noticeNotes, { text: order.orderNotes }));
    const { html, text } = renderMail({ locale, title: t(m.noticeTitle), paragraphs, button: { label: t(m.noticeButton), url } });
    try {
      await app.mailer.send({ to: admin.email, subject: t(m.noticeSubject, { total: formatMAD(fromCents(order.totalCents), locale) }), html, text });
      sent++;
    } catch (err) {
      app.log.error({ err: { message: (err as Error).message }, orderId }, 'new-order notice failed');
    }
  }
  return sent;
}

/** Both mails of a new order; never throws (the order exists whatever happens to the mail). */
export async function sendOrderMails(app: App, orderId: number): Promise<void> {
  try {
    await sendOrderConfirmation(app, orderId);
  } catch (err) {
    app.log.error({ err: { message: (err as Error).message }, orderId }, 'order confirmation mail failed');
  }
  try {
    await sendNewOrderNotice(app, orderId);
  } catch (err) {
    app.log.error({ err: { message: (err as Error).message }, orderId }, 'new-order notice failed');
  }
}
