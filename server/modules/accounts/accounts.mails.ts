/** The account e-mails (confirmation, reset, e-mail changed), in the reader's language, HTML and text. */
import type { Locale } from '../../../shared/constants.js';
import { translate } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';
import { renderMail } from '../../lib/mail-layout.js';
import { mailMessages as m } from './accounts.messages.js';

interface Recipient {
  email: string;
  name: string;
  locale: Locale;
}

export const confirmationUrl = (publicUrl: string, token: string) => `${publicUrl}/email-confirmation/${token}`;
export const resetUrl = (publicUrl: string, token: string) => `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

export function confirmationMail(to: Recipient, url: string): MailMessage {
  const t = (msg: (typeof m)[keyof typeof m]) => translate(msg, to.locale, { name: to.name });
  const { html, text } = renderMail({
    locale: to.locale,
    title: t(m.confirmTitle),
    preheader: t(m.confirmIntro),
    paragraphs: [t(m.confirmIntro), t(m.confirmValidity)],
    button: { label: t(m.confirmButton), url },
    after: [t(m.confirmIgnore)],
  });
  return { to: to.email, subject: t(m.confirmSubject), html, text, links: [url] };
}

export function resetMail(to: Recipient, url: string): MailMessage {
  const t = (msg: (typeof m)[keyof typeof m]) => translate(msg, to.locale, { name: to.name });
  const { html, text } = renderMail({
    locale: to.locale,
    title: t(m.resetTitle),
    preheader: t(m.resetIntro),
    paragraphs: [t(m.resetIntro), t(m.resetValidity)],
    button: { label: t(m.resetButton), url },
    after: [t(m.resetIgnore)],
  });
  return { to: to.email, subject: t(m.resetSubject), html, text, links: [url] };
}

/** Sent to the OLD address when a profile's e-mail changes, so a hijacked account is noticed. */
export function emailChangedMail(to: Recipient, newEmail: string): MailMessage {
  const t = (msg: (typeof m)[keyof typeof m]) => translate(msg, to.locale, { name: to.name, email: newEmail });
  const { html, text } = renderMail({
    locale: to.locale,
    title: translate(m.resetTitle, to.locale, { name: to.name }),
    paragraphs: [t(m.emailChangedBody), t(m.emailChangedHelp)],
  });
  return { to: to.email, subject: t(m.emailChangedSubject), html, text };
}
