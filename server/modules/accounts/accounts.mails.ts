/** The account e-mails (confirmation, reset, e-mail change and its notice), in the reader's language, HTML and text. */
import type { Locale } from '../../../shared/constants.js';
import { localePath } from '../../../shared/locale-address.js';
import { translate } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { renderMail } from '../../lib/mail-layout.js';
import { mailMessages as m } from './accounts.messages.js';

interface Recipient {
  email: string;
  name: string;
  locale: Locale;
}

// Links open the page in the mail's language (French at the root, /en/… and /ar/… for the others).
export const confirmationUrl = (publicUrl: string, token: string, locale: Locale) =>
  `${publicUrl}${localePath(locale, `/email-confirmation/${token}`)}`;
export const resetUrl = (publicUrl: string, token: string, locale: Locale) =>
  `${publicUrl}${localePath(locale, `/reset-password?token=${encodeURIComponent(token)}`)}`;
export const emailChangeUrl = (publicUrl: string, token: string, locale: Locale) =>
  `${publicUrl}${localePath(locale, `/confirm-email-change?token=${encodeURIComponent(token)}`)}`;

type Message = (typeof m)[keyof typeof m];

/** An address inside Arabic text: isolated left to right (FSI…PDI), so its dots stay where they belong. */
export const addressIn = (locale: Locale, address: string): string => (locale === 'ar' ? `\u2068${address}\u2069` : address);

/** A mail whose point is one link (confirm, reset): greeting, intro, validity, button, "ignore if not you". */
function linkMail(
  to: Recipient,
  url: string,
  k: { subject: Message; title: Message; intro: Message; validity: Message; button: Message; ignore: Message },
): MailMessage {
  const t = (msg: Message) => translate(msg, to.locale, { name: to.name });
  const { html, text } = renderMail({
    locale: to.locale,
    title: t(k.title),
    preheader: t(k.intro),
    paragraphs: [t(k.intro), t(k.validity)],
    button: { label: t(k.button), url },
    after: [t(k.ignore)],
  });
  return { to: to.email, subject: t(k.subject), html, text, links: [url] };
}

export const confirmationMail = (to: Recipient, url: string): MailMessage =>
  linkMail(to, url, {
    subject: m.confirmSubject,
    title: m.confirmTitle,
    intro: m.confirmIntro,
    validity: m.confirmValidity,
    button: m.confirmButton,
    ignore: m.confirmIgnore,
  });

export const resetMail = (to: Recipient, url: string): MailMessage =>
  linkMail(to, url, {
    subject: m.resetSubject,
    title: m.resetTitle,
    intro: m.resetIntro,
    validity: m.resetValidity,
    button: m.resetButton,
    ignore: m.resetIgnore,
  });

/** Sent to the NEW address: the link that makes it the account's address (24 h, once). */
export const emailChangeMail = (to: Recipient, url: string): MailMessage =>
  linkMail(to, url, {
    subject: m.changeSubject,
    title: m.resetTitle,
    intro: m.changeIntro,
    validity: m.confirmValidity,
    button: m.changeButton,
    ignore: m.changeIgnore,
  });

/** Sent to the CURRENT address when a change is asked, so a hijacked account is noticed in time. */
export function emailChangeNoticeMail(to: Recipient, newEmail: string): MailMessage {
  const t = (msg: Message) => translate(msg, to.locale, { name: to.name, email: addressIn(to.locale, newEmail) });
  const { html, text } = renderMail({
    locale: to.locale,
    title: t(m.resetTitle),
    paragraphs: [t(m.changeNoticeBody), t(m.changeNoticeHelp)],
  });
  return { to: to.email, subject: t(m.changeNoticeSubject), html, text };
}

/** Sent once per burst of failed logins on the account: it is not locked, and what to do if it was not them. */
export function loginBurstMail(to: Recipient): MailMessage {
  const t = (msg: Message) => translate(msg, to.locale, { name: to.name });
  const { html, text } = renderMail({ locale: to.locale, title: t(m.resetTitle), paragraphs: [t(m.burstBody), t(m.burstHelp)] });
  return { to: to.email, subject: t(m.burstSubject), html, text };
}
