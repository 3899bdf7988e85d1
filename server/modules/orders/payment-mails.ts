/**
 * The customer's mails about an online card payment, in the order's language, rendered from the order
 * when the queue sends them (like order-mails.ts): the payment received, the order cancelled because no
 * payment came before its hold ran out, and a payment link the shop sends. Queued by the payments
 * module in the transaction that causes them.
 */
import { toLocale } from '../../../shared/constants.js';
import { fromCents, moneyInText } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { defineMessages, translate, type Localized } from '../../lib/i18n.js';
import { renderMail, userText } from '../../lib/mail-layout.js';
import type { MailMessage } from '../../lib/mail.js';
import type { MailRenderer, OutboxEntry } from '../../lib/mail-queue.js';
import { addressProved, loadOrder, orderParagraphs, type LinkConfig } from './order-mails.js';
import { orderTrackingUrl } from './order-links.js';

const m = defineMessages({
  paidSubject: {
    fr: 'Paiement reçu pour votre commande n°{id}',
    en: 'Payment received for your order #{id}',
    ar: 'تم استلام دفع طلبك رقم {id}',
  },
  paidIntro: {
    fr: '{name}, nous avons bien reçu votre paiement par carte de {amount} pour la commande n°{id}. Nous la préparons.',
    en: '{name}, we have received your card payment of {amount} for order #{id}. We are preparing it.',
    ar: '{name}، استلمنا دفعك بالبطاقة بمبلغ {amount} للطلب رقم {id}. نحن نحضّره.',
  },
  expiredSubject: {
    fr: 'Commande n°{id} annulée : paiement non reçu',
    en: 'Order #{id} cancelled: no payment received',
    ar: 'تم إلغاء الطلب رقم {id}: لم يصل الدفع',
  },
  expiredIntro: {
    fr: '{name}, nous n’avons pas reçu le paiement par carte de votre commande n°{id} à temps : elle est annulée et rien ne vous a été débité. Vous pouvez commander à nouveau quand vous le souhaitez.',
    en: '{name}, we did not receive the card payment for your order #{id} in time: it is cancelled and nothing was charged. You are welcome to order again at any time.',
    ar: '{name}، لم يصلنا دفع طلبك رقم {id} بالبطاقة في الوقت المحدد: تم إلغاؤه ولم يُخصم منك أي مبلغ. يمكنك الطلب من جديد متى شئت.',
  },
  linkSubject: {
    fr: 'Payer votre commande n°{id} par carte',
    en: 'Pay for your order #{id} by card',
    ar: 'ادفع طلبك رقم {id} بالبطاقة',
  },
  linkIntro: {
    fr: '{name}, voici le lien pour payer votre commande n°{id} ({amount}) par carte, en toute sécurité sur la page de la banque. Il est valable 48 heures.',
    en: '{name}, here is the link to pay for your order #{id} ({amount}) by card, safely on the bank’s page. It works for 48 hours.',
    ar: '{name}، هذا رابط دفع طلبك رقم {id} ({amount}) بالبطاقة بأمان على صفحة البنك. الرابط صالح لمدة 48 ساعة.',
  },
  payButton: { fr: 'Payer par carte', en: 'Pay by card', ar: 'الدفع بالبطاقة' },
  followButton: { fr: 'Suivre ma commande', en: 'Follow my order', ar: 'تتبع طلبي' },
  dearCustomer: { fr: 'Cher client', en: 'Dear customer', ar: 'عزيزي الزبون' },
});

type Kind = 'paid' | 'expired' | 'link';

async function paymentMail(db: DbOrTx, config: LinkConfig, orderId: number, kind: Kind, payUrl?: string): Promise<MailMessage | null> {
  const loaded = await loadOrder(db, orderId);
  if (!loaded) return null;
  const { order } = loaded;
  if (!order.customerEmail) return null;
  // News overtaken by the time it is sent: nothing to say any more.
  if (kind === 'paid' && order.paymentStatus !== 'paid') return null;
  if (kind === 'link' && (order.paymentStatus === 'paid' || order.orderStatus === 'cancelled')) return null;
  const proved = await addressProved(db, order);
  const locale = toLocale(order.language);
  const name = proved ? userText(order.customerName) : translate(m.dearCustomer, locale);
  const amount = moneyInText(fromCents(order.totalCents), locale);
  const t = (msg: Localized) => translate(msg, locale, { id: order.id, name, amount });
  const subject = t(kind === 'paid' ? m.paidSubject : kind === 'expired' ? m.expiredSubject : m.linkSubject);
  const intro = t(kind === 'paid' ? m.paidIntro : kind === 'expired' ? m.expiredIntro : m.linkIntro);
  const url = kind === 'link' && payUrl ? payUrl : orderTrackingUrl(config, order.id, order.customerEmail, new Date(), locale);
  const { html, text } = renderMail({
    locale,
    title: subject,
    preheader: intro,
    paragraphs: [intro, ...(kind === 'expired' ? [] : orderParagraphs(loaded, locale, proved))],
    button: { label: t(kind === 'link' ? m.payButton : m.followButton), url },
  });
  return { to: order.customerEmail, subject, html, text, links: [url] };
}

export const paymentReceivedMailEntry = (orderId: number): OutboxEntry => ({
  kind: 'order_payment_received',
  payload: { orderId },
  key: `order:${orderId}:card-paid`,
});
export const paymentExpiredMailEntry = (orderId: number): OutboxEntry => ({
  kind: 'order_payment_expired',
  payload: { orderId },
  key: `order:${orderId}:card-expired`,
});
/** A payment link (a fresh mail each time staff send one). */
export const paymentLinkMailEntry = (orderId: number, url: string): OutboxEntry => ({
  kind: 'order_payment_link',
  payload: { orderId, url },
});

/** The outbox kinds of these mails (given to createMailQueue by app.ts). */
export function paymentMailRenderers(config: LinkConfig): Record<string, MailRenderer> {
  return {
    order_payment_received: ((db: DbOrTx, p: { orderId: number }) => paymentMail(db, config, p.orderId, 'paid')) as MailRenderer,
    order_payment_expired: ((db: DbOrTx, p: { orderId: number }) => paymentMail(db, config, p.orderId, 'expired')) as MailRenderer,
    order_payment_link: ((db: DbOrTx, p: { orderId: number; url: string }) =>
      paymentMail(db, config, p.orderId, 'link', p.url)) as MailRenderer,
  };
}
