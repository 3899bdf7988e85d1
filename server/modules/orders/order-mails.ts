/**
 * Order e-mails: the confirmation to the customer in the order's language, and the new-order notice
 * to every admin and super admin in their own language. `queueOrderMails(tx, orderId)` writes them to
 * the mail outbox inside the order's transaction (server/lib/mail-queue.ts); they are rendered from the
 * order when the queue sends them, so the checkout's transaction stays short.
 * `sendNewOrderNotice` is also the back office's "Send Notification" button; the `order_status` mail
 * tells the customer when the back office moves their order (queued by status-mail.ts).
 *
 * Free text the customer typed (name, addresses, recipient, gift message) reaches only an address that
 * is proved (a confirmed account): a guest's confirmation shows the order, not what was typed, so the
 * shop cannot be used to mail a stranger a text of the sender's choosing.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toLocale, type Locale, type OrderStatus } from '../../../shared/constants.js';
import { dateInText } from '../../../shared/dates.js';
import { formatMAD, fromCents, moneyInText } from '../../../shared/money.js';
import { localePath } from '../../../shared/locale-address.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderAddresses, orderItems, orders, users } from '../../db/schema.js';
import { defineMessages, translate, type Localized } from '../../lib/i18n.js';
import { renderMail, userText } from '../../lib/mail-layout.js';
import type { MailMessage } from '../../lib/mail.js';
import { queueOutbox, type MailRenderer } from '../../lib/mail-queue.js';
import { deliveryPhotoOf } from './delivery-proof.js';
import { orderTrackingUrl } from './order-links.js';
import { pickName, withSize } from './order-names.js';
import { paymentMethodLabel } from './payment-labels.js';
import { readContact, toShopInfo } from '../shop/shop-settings.service.js';

const m = defineMessages({
  // "Received", not "confirmed": the shop confirms by phone later; the status mail says when it is.
  confirmSubject: {
    fr: 'Nous avons bien reçu votre commande n°{id}',
    en: 'We have received your order #{id}',
    ar: 'استلمنا طلبك رقم {id}',
  },
  confirmTitle: { fr: 'Merci pour votre commande, {name} !', en: 'Thank you for your order, {name}!', ar: 'شكرًا على طلبك، {name}!' },
  confirmTitleAnonymous: { fr: 'Merci pour votre commande !', en: 'Thank you for your order!', ar: 'شكرًا على طلبك!' },
  confirmIntro: {
    fr: 'Nous avons bien reçu votre commande n°{id}. Nous vous appellerons pour confirmer la livraison.',
    en: 'We have received your order #{id}. We will call you to confirm the delivery.',
    ar: 'لقد استلمنا طلبك رقم {id}. سنتصل بك لتأكيد التوصيل.',
  },
  confirmIntroPickup: {
    fr: 'Nous avons bien reçu votre commande n°{id}. Nous vous appellerons pour confirmer le retrait en boutique.',
    en: 'We have received your order #{id}. We will call you to confirm the pick-up at the shop.',
    ar: 'لقد استلمنا طلبك رقم {id}. سنتصل بك لتأكيد الاستلام من المتجر.',
  },
  subtotal: { fr: 'Sous-total : {amount}', en: 'Subtotal: {amount}', ar: 'المجموع الفرعي: {amount}' },
  coupon: { fr: 'Code promo {code} : -{amount}', en: 'Coupon {code}: -{amount}', ar: 'القسيمة {code}: -{amount}' },
  shipping: { fr: 'Livraison ({city}) : {amount}', en: 'Delivery ({city}): {amount}', ar: 'التوصيل ({city}): {amount}' },
  total: { fr: 'Total (TVA incluse) : {amount}', en: 'Total (taxes included): {amount}', ar: 'المجموع (شامل الضرائب): {amount}' },
  payment: { fr: 'Mode de paiement : {method}', en: 'Payment: {method}', ar: 'طريقة الدفع: {method}' },
  paymentDone: { fr: 'Mode de paiement : {method} (payée)', en: 'Payment: {method} (paid)', ar: 'طريقة الدفع: {method} (مدفوع)' },
  paymentCardWaiting: {
    fr: 'Paiement : par carte, en attente',
    en: 'Payment: by card, waiting for the payment',
    ar: 'الدفع: بالبطاقة، في انتظار الدفع',
  },
  paymentCardPaid: { fr: 'Paiement : par carte, reçu', en: 'Payment: by card, received', ar: 'الدفع: بالبطاقة، تم الاستلام' },
  waitingSubject: {
    fr: 'Commande n°{id} reçue : en attente du paiement',
    en: 'Order #{id} received: waiting for payment',
    ar: 'تم استلام الطلب رقم {id}: في انتظار الدفع',
  },
  waitingIntro: {
    fr: 'Nous avons bien reçu votre commande n°{id}. Elle sera préparée dès que la banque aura confirmé votre paiement par carte. Si le paiement n’a pas abouti, vous pouvez réessayer depuis le suivi de la commande.',
    en: 'We have received your order #{id}. We will prepare it as soon as the bank confirms your card payment. If the payment did not go through, you can try again from the order’s page.',
    ar: 'لقد استلمنا طلبك رقم {id}. سنحضّره فور تأكيد البنك لدفعك بالبطاقة. إذا لم يتم الدفع، يمكنك المحاولة مجددًا من صفحة الطلب.',
  },
  deliveryDate: {
    fr: 'Livraison prévue le {date}, entre 9 h et 20 h.',
    en: 'Delivery planned on {date}, between 9:00 and 20:00.',
    ar: 'التوصيل مقرر يوم {date} بين 9:00 و20:00.',
  },
  deliverySlot: {
    fr: 'Livraison prévue le {date}, créneau {slot}.',
    en: 'Delivery planned on {date}, time slot {slot}.',
    ar: 'التوصيل مقرر يوم {date}، الفترة {slot}.',
  },
  pickupDate: {
    fr: 'Retrait en boutique le {date}, à partir de l’ouverture.',
    en: 'Pick-up at the shop on {date}, from opening time.',
    ar: 'الاستلام من المتجر يوم {date}، ابتداءً من وقت الافتتاح.',
  },
  pickupSlot: {
    fr: 'Retrait en boutique le {date}, créneau {slot}.',
    en: 'Pick-up at the shop on {date}, time slot {slot}.',
    ar: 'الاستلام من المتجر يوم {date}، الفترة {slot}.',
  },
  pickupFree: { fr: 'Retrait en boutique : sans frais', en: 'Pick-up at the shop: free', ar: 'الاستلام من المتجر: مجانًا' },
  shopAddress: { fr: 'Adresse de la boutique : {address}', en: 'Shop address: {address}', ar: 'عنوان المتجر: {address}' },
  shopHours: { fr: 'Horaires d’ouverture : {hours}', en: 'Opening hours: {hours}', ar: 'أوقات العمل: {hours}' },
  recipient: { fr: 'Destinataire : {name} {phone}', en: 'Recipient: {name} {phone}', ar: 'المستلم: {name} {phone}' },
  giftMessage: { fr: 'Message : « {text} »', en: 'Gift message: “{text}”', ar: 'رسالة الإهداء: «{text}»' },
  address: { fr: 'Adresse de livraison : {address}', en: 'Delivery address: {address}', ar: 'عنوان التوصيل: {address}' },
  followButton: { fr: 'Suivre ma commande', en: 'Follow my order', ar: 'تتبع طلبي' },
  noticeSubject: { fr: 'Nouvelle commande n°{id} – {total}', en: 'New order #{id} – {total}', ar: 'طلب جديد رقم {id} – {total}' },
  noticeTitle: { fr: 'Nouvelle commande n°{id}', en: 'New order #{id}', ar: 'طلب جديد رقم {id}' },
  noticeCustomer: {
    fr: 'Client : {name}, {email}, {phone}',
    en: 'Customer: {name}, {email}, {phone}',
    ar: 'الزبون: {name}، {email}، {phone}',
  },
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
  statusSubject_confirmed: { fr: 'Votre commande n°{id} est confirmée', en: 'Your order #{id} is confirmed', ar: 'تم تأكيد طلبك رقم {id}' },
  statusSubject_on_delivery: {
    fr: 'Votre commande n°{id} est en route',
    en: 'Your order #{id} is on its way',
    ar: 'طلبك رقم {id} في الطريق',
  },
  statusSubject_delivered: {
    fr: 'Votre commande n°{id} a été livrée',
    en: 'Your order #{id} has been delivered',
    ar: 'تم توصيل طلبك رقم {id}',
  },
  statusSubject_cancelled: { fr: 'Votre commande n°{id} est annulée', en: 'Your order #{id} is cancelled', ar: 'تم إلغاء طلبك رقم {id}' },
  statusIntro_confirmed: {
    fr: 'Bonne nouvelle, {name} : nous préparons votre commande n°{id}.',
    en: 'Good news, {name}: we are preparing your order #{id}.',
    ar: 'خبر سار يا {name}: نحن نحضّر طلبك رقم {id}.',
  },
  statusIntro_on_delivery: {
    fr: '{name}, votre commande n°{id} est partie : notre livreur est en route.',
    en: '{name}, your order #{id} has left the shop: our courier is on the way.',
    ar: '{name}، غادر طلبك رقم {id} المتجر: عامل التوصيل في الطريق.',
  },
  statusIntro_delivered: {
    fr: '{name}, votre commande n°{id} a été livrée. Merci de votre confiance !',
    en: '{name}, your order #{id} has been delivered. Thank you for choosing us!',
    ar: '{name}، تم توصيل طلبك رقم {id}. شكرًا لثقتك بنا!',
  },
  statusIntro_cancelled: {
    fr: '{name}, votre commande n°{id} a été annulée. Pour toute question, répondez simplement à ce message.',
    en: '{name}, your order #{id} has been cancelled. If you have a question, simply reply to this message.',
    ar: '{name}، تم إلغاء طلبك رقم {id}. لأي سؤال، يكفي الرد على هذه الرسالة.',
  },
  linkSubject: { fr: 'Votre lien de suivi de la commande n°{id}', en: 'Your tracking link for order #{id}', ar: 'رابط تتبع طلبك رقم {id}' },
  linkIntro: {
    fr: 'Voici un nouveau lien pour suivre votre commande n°{id}. Il reste valable 90 jours après la livraison ou l’envoi de ce message.',
    en: 'Here is a new link to follow your order #{id}. It works for 90 days after the delivery or after this message, whichever is later.',
    ar: 'إليك رابطًا جديدًا لتتبع طلبك رقم {id}. يبقى صالحًا 90 يومًا بعد التوصيل أو بعد هذه الرسالة، أيهما أبعد.',
  },
  linkIgnore: {
    fr: 'Si vous n’avez pas demandé ce lien, ignorez ce message.',
    en: 'If you did not ask for this link, ignore this message.',
    ar: 'إذا لم تطلب هذا الرابط، تجاهل هذه الرسالة.',
  },
  // In place of the name the customer typed, when the address is not proved.
  dearCustomer: { fr: 'Cher client', en: 'Dear customer', ar: 'عزيزي الزبون' },
  movedSubject: {
    fr: 'Nouvelle date de livraison pour votre commande n°{id}',
    en: 'New delivery date for your order #{id}',
    ar: 'تاريخ توصيل جديد لطلبك رقم {id}',
  },
  movedIntro: {
    fr: '{name}, nous ne pourrons pas livrer le {from} : votre commande n°{id} sera livrée le {to}. Si ce jour ne vous convient pas, répondez simplement à ce message.',
    en: '{name}, we cannot deliver on {from}: your order #{id} will be delivered on {to} instead. If that day does not suit you, simply reply to this message.',
    ar: '{name}، لن نتمكن من التوصيل يوم {from}: سيتم توصيل طلبك رقم {id} يوم {to}. إذا لم يناسبك هذا اليوم، يكفي الرد على هذه الرسالة.',
  },
  itemsSubject: { fr: 'Votre commande n°{id} a été modifiée', en: 'Your order #{id} has been changed', ar: 'تم تعديل طلبك رقم {id}' },
  itemsIntro: {
    fr: '{name}, comme convenu avec vous, nous avons modifié les articles de votre commande n°{id} :',
    en: '{name}, as agreed with you, we have changed the items of your order #{id}:',
    ar: '{name}، كما اتفقنا معك، قمنا بتعديل منتجات طلبك رقم {id}:',
  },
  itemAdded: { fr: 'Ajouté : {n} × {item}', en: 'Added: {n} × {item}', ar: 'أضيف: {n} × {item}' },
  itemRemoved: { fr: 'Retiré : {item}', en: 'Removed: {item}', ar: 'حُذف: {item}' },
  itemChanged: { fr: '{item} : {from} → {to}', en: '{item}: {from} → {to}', ar: '{item}: {from} ← {to}' },
  itemsNow: { fr: 'Votre commande désormais :', en: 'Your order now:', ar: 'طلبك الآن:' },
  deliveryPhoto: {
    fr: 'La photo prise par notre livreur à la livraison : {url}',
    en: 'The photo our courier took at the delivery: {url}',
    ar: 'الصورة التي التقطها عامل التوصيل عند التسليم: {url}',
  },
});

export async function loadOrder(db: DbOrTx, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const addresses = await db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId));
  // The shop's address and hours (a pick-up's mails say where to collect); no configured fallback for them.
  const contact = order.deliveryMethod === 'pickup' ? await readContact(db, { phone: '', whatsapp: '', email: '' }) : null;
  return { order, items, shipping: addresses.find((a) => a.kind === 'shipping') ?? addresses[0] ?? null, contact };
}

export type Loaded = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

/** The lines and totals, as plain paragraphs in `locale`; what the customer typed only when `withFreeText`. */
export function orderParagraphs({ order, items, shipping, contact }: Loaded, locale: Locale, withFreeText: boolean): string[] {
  const shop = contact ? toShopInfo(contact, locale) : { address: null, opening_hours: null };
  const t = (msg: Localized, params?: Record<string, string | number>) => translate(msg, locale, params);
  const money = (cents: number) => moneyInText(fromCents(cents), locale);
  // Names in the mail's language: the customer's is the order's; an admin reads their own.
  const lines = items.map((i) => {
    const color = i.colorName ? pickName(i.colorNames, locale, i.colorName) : null;
    const name = withSize(pickName(i.productNames, locale, i.productName), i.sizeName ? pickName(i.sizeNames, locale, i.sizeName) : null);
    return `${i.quantity} × ${name}${color ? ` (${color})` : ''} — ${money(i.unitPriceCents * i.quantity)}`;
  });
  const out = [...lines, t(m.subtotal, { amount: money(order.subtotalCents) })];
  if (order.couponCode && order.couponDiscountCents > 0)
    out.push(t(m.coupon, { code: order.couponCode, amount: money(order.couponDiscountCents) }));
  const pickup = order.deliveryMethod === 'pickup';
  out.push(
    pickup
      ? t(m.pickupFree)
      : t(m.shipping, { city: pickName(order.deliveryZoneNames, locale, order.deliveryCity), amount: money(order.shippingCents) }),
    t(m.total, { amount: money(order.totalCents) }),
    order.paymentMethod === 'card_payment'
      ? t(order.paymentStatus === 'paid' ? m.paymentCardPaid : m.paymentCardWaiting)
      : t(order.paymentStatus === 'paid' ? m.paymentDone : m.payment, {
          method: translate(paymentMethodLabel(order.paymentMethod), locale),
        }),
  );
  if (order.deliveryDate) {
    const date = dateInText(locale, order.deliveryDate, 'day');
    const slot = order.deliverySlot ? pickName(order.deliverySlotNames, locale, order.deliverySlot) : null;
    out.push(
      pickup
        ? slot
          ? t(m.pickupSlot, { date, slot })
          : t(m.pickupDate, { date })
        : slot
          ? t(m.deliverySlot, { date, slot })
          : t(m.deliveryDate, { date }),
    );
  }
  // Where and when to collect: the shop's own details (contact settings), never the customer's text.
  if (pickup && shop.address) out.push(t(m.shopAddress, { address: shop.address }));
  if (pickup && shop.opening_hours) out.push(t(m.shopHours, { hours: shop.opening_hours }));
  if (!withFreeText) return out;
  if (shipping && !pickup) {
    // Each part its own run: an Arabic street cannot move the postal code or the phone number.
    const parts = [shipping.fullName, shipping.street, shipping.postalCode, shipping.city, shipping.country, shipping.phone];
    out.push(t(m.address, { address: parts.map(userText).join(', ') }));
  }
  if (order.recipientName)
    out.push(
      t(m.recipient, { name: userText(order.recipientName), phone: order.recipientPhone ? userText(order.recipientPhone) : '' }).trim(),
    );
  if (order.giftMessage) out.push(t(m.giftMessage, { text: userText(order.giftMessage) }));
  return out;
}

export type LinkConfig = Pick<Config, 'publicUrl' | 'dataDir'>;

/** Whether the order's address is that of a confirmed account (free text may then be mailed to it). */
export async function addressProved(db: DbOrTx, order: Loaded['order']): Promise<boolean> {
  if (!order.userId) return false;
  const [account] = await db.select({ verified: users.emailVerifiedAt, email: users.email }).from(users).where(eq(users.id, order.userId));
  return Boolean(account?.verified) && account?.email === order.customerEmail;
}

/**
 * Where the customer follows the order: their order history, or the guest's signed tracking link, in
 * the order's language (an Arabic mail opens the Arabic page).
 */
const customerOrderUrl = (config: LinkConfig, order: Loaded['order']) => {
  const locale = toLocale(order.language);
  return order.userId
    ? `${config.publicUrl}${localePath(locale, '/profile/orders')}`
    : orderTrackingUrl(config, order.id, order.customerEmail, new Date(), locale);
};

/** The customer's confirmation; free text only when the order belongs to a confirmed account. */
async function confirmationMail(db: DbOrTx, config: LinkConfig, orderId: number): Promise<MailMessage | null> {
  const loaded = await loadOrder(db, orderId);
  if (!loaded) return null;
  const { order } = loaded;
  // An order staff took for a buyer who gave no e-mail address: nobody to write to.
  if (!order.customerEmail) return null;
  const proved = await addressProved(db, order);
  const locale = toLocale(order.language);
  const t = (msg: Localized) => translate(msg, locale, { id: order.id, name: userText(order.customerName) });
  // A card order not paid yet: "received, waiting for payment", with the page where it can be paid.
  const waiting = order.paymentMethod === 'card_payment' && order.paymentStatus !== 'paid' && order.orderStatus !== 'cancelled';
  const url = waiting ? orderTrackingUrl(config, order.id, order.customerEmail, new Date(), locale) : customerOrderUrl(config, order);
  const intro = t(waiting ? m.waitingIntro : order.deliveryMethod === 'pickup' ? m.confirmIntroPickup : m.confirmIntro);
  const { html, text } = renderMail({
    locale,
    title: t(proved ? m.confirmTitle : m.confirmTitleAnonymous),
    preheader: intro,
    paragraphs: [intro, ...orderParagraphs(loaded, locale, proved)],
    button: { label: t(m.followButton), url },
  });
  return { to: order.customerEmail, subject: t(waiting ? m.waitingSubject : m.confirmSubject), html, text, links: [url] };
}

/** Statuses the customer hears about by e-mail when the back office sets them. */
export const MAILED_STATUSES = ['confirmed', 'on_delivery', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export type MailedStatus = (typeof MAILED_STATUSES)[number];
export const isMailedStatus = (status: string): status is MailedStatus => (MAILED_STATUSES as readonly string[]).includes(status);

/**
 * The customer's mail when the back office moves their order to confirmed, on delivery, delivered or
 * cancelled, in the order's language (the name they typed only when the address is proved).
 */
async function statusMail(db: DbOrTx, config: LinkConfig, orderId: number, status: MailedStatus): Promise<MailMessage | null> {
  const loaded = await loadOrder(db, orderId);
  if (!loaded) return null;
  const { order } = loaded;
  if (!order.customerEmail) return null;
  // The order moved on since (another change in the same instant): this status is no news any more.
  if (order.orderStatus !== status) return null;
  const proved = await addressProved(db, order);
  const locale = toLocale(order.language);
  const name = proved ? userText(order.customerName) : translate(m.dearCustomer, locale);
  const t = (msg: Localized) => translate(msg, locale, { id: order.id, name });
  const url = customerOrderUrl(config, order);
  const intro = t(m[`statusIntro_${status}`]);
  const subject = t(m[`statusSubject_${status}`]);
  // The driver's proof of delivery, as a link (the mail carries no remote picture to load).
  const photo = status === 'delivered' ? await deliveryPhotoOf(db, order.id) : null;
  const photoUrl = photo ? `${config.publicUrl}${photo}` : null;
  const { html, text } = renderMail({
    locale,
    title: subject,
    preheader: intro,
    paragraphs: [
      intro,
      ...(photoUrl ? [translate(m.deliveryPhoto, locale, { url: photoUrl })] : []),
      ...(status === 'cancelled' ? [] : orderParagraphs(loaded, locale, proved)),
    ],
    button: { label: t(m.followButton), url },
  });
  return { to: order.customerEmail, subject, html, text, links: photoUrl ? [url, photoUrl] : [url] };
}

/** One line's change as the items mail tells it (0 before: added; 0 after: removed). */
export interface MailedLineChange {
  name: string;
  color: string | null;
  before: number;
  after: number;
}

/**
 * The customer's mail when staff changed the lines of their order: what changed, then the order as it
 * is now (lines and totals), in the order's language; no free text unless the address is proved.
 */
async function itemsChangedMail(db: DbOrTx, config: LinkConfig, orderId: number, changes: MailedLineChange[]): Promise<MailMessage | null> {
  const loaded = await loadOrder(db, orderId);
  if (!loaded || !loaded.order.customerEmail) return null;
  const { order } = loaded;
  const proved = await addressProved(db, order);
  const locale = toLocale(order.language);
  const name = proved ? userText(order.customerName) : translate(m.dearCustomer, locale);
  const t = (msg: Localized, params: Record<string, string | number> = {}) => translate(msg, locale, { id: order.id, name, ...params });
  const item = (c: MailedLineChange) => `${c.name}${c.color ? ` (${c.color})` : ''}`;
  const lines = changes.map((c) =>
    c.before === 0
      ? t(m.itemAdded, { n: c.after, item: item(c) })
      : c.after === 0
        ? t(m.itemRemoved, { item: item(c) })
        : t(m.itemChanged, { item: item(c), from: c.before, to: c.after }),
  );
  const url = customerOrderUrl(config, order);
  const subject = t(m.itemsSubject);
  const { html, text } = renderMail({
    locale,
    title: subject,
    preheader: t(m.itemsIntro),
    paragraphs: [t(m.itemsIntro), ...lines, t(m.itemsNow), ...orderParagraphs(loaded, locale, proved)],
    button: { label: t(m.followButton), url },
  });
  return { to: order.customerEmail, subject, html, text, links: [url] };
}

/**
 * The customer's mail when the shop closed their delivery day and moved the order to another day, in
 * the order's language (the name they typed only when the address is proved).
 */
async function deliveryMovedMail(db: DbOrTx, config: LinkConfig, orderId: number, from: string, to: string): Promise<MailMessage | null> {
  const loaded = await loadOrder(db, orderId);
  if (!loaded?.order.customerEmail) return null;
  const { order } = loaded;
  const proved = await addressProved(db, order);
  const locale = toLocale(order.language);
  const name = proved ? userText(order.customerName) : translate(m.dearCustomer, locale);
  const t = (msg: Localized) =>
    translate(msg, locale, { id: order.id, name, from: dateInText(locale, from, 'day'), to: dateInText(locale, to, 'day') });
  const url = customerOrderUrl(config, order);
  const subject = t(m.movedSubject);
  // The slot it has on the new day (staff may have given it another one there).
  const slot = order.deliverySlot ? pickName(order.deliverySlotNames, locale, order.deliverySlot) : null;
  const slotLine = slot
    ? translate(order.deliveryMethod === 'pickup' ? m.pickupSlot : m.deliverySlot, locale, { date: dateInText(locale, to, 'day'), slot })
    : null;
  const { html, text } = renderMail({
    locale,
    title: subject,
    preheader: t(m.movedIntro),
    paragraphs: slotLine ? [t(m.movedIntro), slotLine] : [t(m.movedIntro)],
    button: { label: t(m.followButton), url },
  });
  return { to: order.customerEmail, subject, html, text, links: [url] };
}

/** The outbox row of that mail, to queue in the transaction that moves the order (one per move). */
export const deliveryMovedMailEntry = (orderId: number, from: string, to: string) => ({
  kind: 'order_delivery_moved',
  payload: { orderId, from, to },
  key: `order:${orderId}:delivery-moved:${from}:${to}`,
});

/** A fresh tracking link (asked for on the tracking page), to the order's own address only; no free text. */
async function trackingLinkMail(db: DbOrTx, config: LinkConfig, orderId: number): Promise<MailMessage | null> {
  const [order] = await db
    .select({ id: orders.id, email: orders.customerEmail, language: orders.language })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const locale = toLocale(order.language);
  const t = (msg: Localized) => translate(msg, locale, { id: order.id });
  const url = orderTrackingUrl(config, order.id, order.email, new Date(), toLocale(order.language));
  const { html, text } = renderMail({
    locale,
    title: t(m.linkSubject),
    preheader: t(m.linkIntro),
    paragraphs: [t(m.linkIntro)],
    button: { label: t(m.followButton), url },
    after: [t(m.linkIgnore)],
  });
  return { to: order.email, subject: t(m.linkSubject), html, text, links: [url] };
}

/** Queues a fresh tracking link for an order (durable once this returns). */
export async function queueTrackingLinkMail(db: DbOrTx, orderId: number): Promise<void> {
  await queueOutbox(db, [{ kind: 'order_tracking_link', payload: { orderId } }]);
}

/** The new-order notice to one admin, in their language (they see everything the customer typed). */
async function noticeMail(db: DbOrTx, config: LinkConfig, orderId: number, adminId: number): Promise<MailMessage | null> {
  const loaded = await loadOrder(db, orderId);
  const [admin] = await db
    .select({ email: users.email, language: users.language, role: users.role })
    .from(users)
    .where(eq(users.id, adminId));
  if (!loaded || !admin || !['admin', 'super_admin'].includes(admin.role)) return null;
  const { order } = loaded;
  const locale = toLocale(admin.language);
  const t = (msg: Localized, params: Record<string, string | number> = {}) => translate(msg, locale, { id: order.id, ...params });
  const paragraphs = [
    t(m.noticeCustomer, { name: userText(order.customerName), email: userText(order.customerEmail), phone: userText(order.customerPhone) }),
    ...orderParagraphs(loaded, locale, true),
    t(m.noticeSubstitution, { choice: t(order.substitution === 'call_first' ? m.callFirst : m.similar) }),
  ];
  if (order.customInstructions) paragraphs.push(t(m.noticeCustom, { text: userText(order.customInstructions) }));
  if (order.orderNotes) paragraphs.push(t(m.noticeNotes, { text: userText(order.orderNotes) }));
  const url = `${config.publicUrl}/admin/orders`;
  const { html, text } = renderMail({ locale, title: t(m.noticeTitle), paragraphs, button: { label: t(m.noticeButton), url } });
  return { to: admin.email, subject: t(m.noticeSubject, { total: formatMAD(fromCents(order.totalCents), locale) }), html, text };
}

/** The outbox kinds of order mails, rendered when sent (given to createMailQueue by app.ts). */
export function orderMailRenderers(config: LinkConfig): Record<string, MailRenderer> {
  return {
    order_confirmation: ((db: DbOrTx, p: { orderId: number }) => confirmationMail(db, config, p.orderId)) as MailRenderer,
    order_notice: ((db: DbOrTx, p: { orderId: number; adminId: number }) => noticeMail(db, config, p.orderId, p.adminId)) as MailRenderer,
    order_status: ((db: DbOrTx, p: { orderId: number; status: MailedStatus }) =>
      statusMail(db, config, p.orderId, p.status)) as MailRenderer,
    order_tracking_link: ((db: DbOrTx, p: { orderId: number }) => trackingLinkMail(db, config, p.orderId)) as MailRenderer,
    order_delivery_moved: ((db: DbOrTx, p: { orderId: number; from: string; to: string }) =>
      deliveryMovedMail(db, config, p.orderId, p.from, p.to)) as MailRenderer,
    order_items_changed: ((db: DbOrTx, p: { orderId: number; changes: MailedLineChange[] }) =>
      itemsChangedMail(db, config, p.orderId, p.changes)) as MailRenderer,
  };
}

async function adminIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']));
  return rows.map((r) => r.id);
}

/** Both mails of a new order, queued in the order's transaction (keys make a replay queue nothing). */
export async function queueOrderMails(tx: DbOrTx, orderId: number): Promise<void> {
  const admins = await adminIds(tx);
  await queueOutbox(tx, [
    { kind: 'order_confirmation', payload: { orderId }, key: `order:${orderId}:confirmation` },
    ...admins.map((adminId) => ({ kind: 'order_notice', payload: { orderId, adminId }, key: `order:${orderId}:notice:${adminId}` })),
  ]);
}

/**
 * The same rows as queueOrderMails, as a select for a larger statement (checkout/order-write.ts):
 * `orderId` is the order's id expression, `from` the relation it comes from. Admins are read by the
 * statement itself (no round trip for adminIds).
 */
export function orderMailRows(orderId: SQL, from: SQL): SQL {
  return sql`select 'order_confirmation', 'order:' || ${orderId} || ':confirmation', jsonb_build_object('orderId', ${orderId}) from ${from}
    union all
    select 'order_notice', 'order:' || ${orderId} || ':notice:' || u.id, jsonb_build_object('orderId', ${orderId}, 'adminId', u.id)
    from ${from}, users u where u.role in ('admin', 'super_admin')`;
}

/** The new-order notice again, to every admin and super admin (a fresh mail each time). Returns how many were queued. */
export async function sendNewOrderNotice(app: { database: { db: Db }; mailQueue: { nudge(): void } }, orderId: number): Promise<number> {
  const db = app.database.db;
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!exists) return 0;
  const admins = await adminIds(db);
  await queueOutbox(
    db,
    admins.map((adminId) => ({ kind: 'order_notice', payload: { orderId, adminId } })),
  );
  app.mailQueue.nudge();
  return admins.length;
}
