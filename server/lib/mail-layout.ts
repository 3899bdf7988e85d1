/**
 * The shop's e-mail layout: one HTML page (inline styles only, table layout, as mail clients need)
 * and its plain-text twin. Arabic is right-to-left. Every module's mails (accounts, orders) use it:
 *
 *   const { html, text } = renderMail({ locale, title, paragraphs, button: { label, url } });
 *   await app.mailer.send({ to, subject, html, text, links: [url] });
 *
 * Values are HTML-escaped here; pass plain text, with what a customer typed wrapped in `userText()`.
 */
import { RTL_LOCALES, type Locale } from '../../shared/constants.js';
import { frenchSpacing } from '../../shared/text.js';

export const SHOP_NAME = 'Flora Maroc';

export interface MailContent {
  locale: Locale;
  /** The heading of the mail (also the HTML <title>). */
  title: string;
  /** Plain-text paragraphs, shown in order. */
  paragraphs: string[];
  /** One call to action, shown after the paragraphs, with its link repeated as text. */
  button?: { label: string; url: string };
  /** Paragraphs shown after the button, in a smaller grey text (e.g. "ignore this mail if..."). */
  after?: string[];
  /** Replaces the default footer line. */
  footer?: string;
  /** Short preview text shown by mail clients next to the subject. */
  preheader?: string;
}

const colors = {
  cream: '#faf7f2',
  surface: '#ffffff',
  line: '#e4ddd2',
  ink: '#262523',
  muted: '#5b5853',
  primary: '#1f4d3a',
  blush: '#f7e6e4',
  rose: '#a63f55',
};

const defaultFooter: Record<Locale, string> = {
  fr: `${SHOP_NAME} · Fleurs et plantes livrées à Rabat et au Maroc`,
  en: `${SHOP_NAME} · Flowers and plants delivered in Rabat and across Morocco`,
  ar: `${SHOP_NAME} · زهور ونباتات توصل إلى الرباط وجميع أنحاء المغرب`,
};

const linkHint: Record<Locale, string> = {
  fr: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  en: 'If the button does not work, copy this link into your browser:',
  ar: 'إذا لم يعمل الزر، انسخ هذا الرابط في متصفحك:',
};

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A value someone typed (a name, an address, a message), marked to be laid out as its own run: its
 * writing direction comes from its own letters and cannot reorder the text around it (an Arabic name
 * before a phone number, or a stray direction control, would otherwise move the number). It is wrapped
 * in Unicode's isolate marks (FSI, PDI), which become `dir="auto"` spans in the HTML and are dropped
 * from the plain-text part.
 * Direction controls inside the value are dropped (text saved before they were refused).
 */
export function userText(value: string | number): string {
  return `${FSI}${String(value).replace(/[\u202A-\u202E\u2066-\u2069]/g, '')}${PDI}`;
}

/**
 * The plain-text part without isolate marks: they are invisible in a browser, but some mail clients
 * draw them as boxes around every name and date. The HTML part keeps the isolation (as spans).
 */
const plainText = (text: string): string => text.replace(/[\u2066-\u2069]/g, '');

/** Escaped HTML of a paragraph, each `userText` value an isolated span (`dir` isolates, as `<bdi>` does). */
function htmlOf(text: string): string {
  return escapeHtml(text).replace(/\u2068([^\u2068\u2069]*)\u2069/g, '<span dir="auto">$1</span>');
}

export function renderMail(content: MailContent): { html: string; text: string } {
  const { locale } = content;
  // French punctuation gets its no-break spaces here, as the web app's texts do when shown; what
  // someone typed (an isolated run) stays as typed.
  const typeset = (value: string) =>
    locale === 'fr'
      ? value
          .split(/(\u2068[^\u2068\u2069]*\u2069)/)
          .map((part, i) => (i % 2 ? part : frenchSpacing(part)))
          .join('')
      : value;
  const title = typeset(content.title);
  const paragraphs = content.paragraphs.map(typeset);
  const after = (content.after ?? []).map(typeset);
  const button = content.button && { ...content.button, label: typeset(content.button.label) };
  const rtl = RTL_LOCALES.includes(locale);
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const font = rtl
    ? "'Noto Naskh Arabic', 'Geeza Pro', Tahoma, Arial, sans-serif"
    : "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif";
  const footer = typeset(content.footer ?? defaultFooter[locale]);
  const e = escapeHtml;

  const para = (p: string, style: string) => `<p style="margin:0 0 16px;${style}">${htmlOf(p)}</p>`;
  const body = paragraphs.map((p) => para(p, `font-size:16px;line-height:1.6;color:${colors.ink};`)).join('\n');
  const small = after.map((p) => para(p, `font-size:14px;line-height:1.5;color:${colors.muted};`)).join('\n');
  const cta = button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:999px;background:${colors.primary};">
<a href="${e(button.url)}" style="display:inline-block;padding:14px 28px;font-family:${font};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px;">${e(button.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${colors.muted};">${e(typeset(linkHint[locale]))}<br><a href="${e(button.url)}" style="color:${colors.primary};word-break:break-all;" dir="ltr">${e(button.url)}</a></p>`
    : '';
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${e(plainText(typeset(content.preheader)))}</div>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${e(title)}</title></head>
<body style="margin:0;padding:0;background:${colors.cream};" dir="${dir}">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colors.cream};" dir="${dir}">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:${colors.surface};border:1px solid ${colors.line};border-radius:16px;" dir="${dir}">
<tr><td style="padding:24px 32px;border-bottom:4px solid ${colors.blush};text-align:${align};font-family:Georgia,'Times New Roman',serif;font-size:24px;font-weight:600;color:${colors.primary};">&#10047; ${SHOP_NAME}</td></tr>
<tr><td style="padding:32px;text-align:${align};font-family:${font};" dir="${dir}">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;font-weight:600;color:${colors.ink};">${htmlOf(title)}</h1>
${body}
${cta}
${small}
</td></tr>
<tr><td style="padding:20px 32px;background:${colors.blush};border-radius:0 0 16px 16px;text-align:${align};font-family:${font};font-size:12px;line-height:1.5;color:${colors.muted};">${e(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const lines = [title, '', ...paragraphs.flatMap((p) => [p, ''])];
  if (button) lines.push(`${button.label}:`, button.url, '');
  for (const p of after) lines.push(p, '');
  lines.push('--', footer);
  return { html, text: plainText(lines.join('\n')) };
}
