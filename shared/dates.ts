/**
 * Dates as the shop writes them in text, for the server (mails, messages) and the web app alike: in
 * the shop's time zone, with the language's month names and Latin digits in Arabic (as prices), never
 * as ISO dates ("2026-12-07" reads as a code, and right-to-left layout scrambles a list of them).
 *
 *   date      7 déc. 2026 · Dec 7, 2026 · 7 دجنبر 2026
 *   dateTime  7 déc. 2026, 16:30 (a 24-hour clock in every language, as Morocco reads it)
 *   day       lundi 7 décembre 2026 · Monday, December 7, 2026 · الاثنين، 7 دجنبر 2026
 *   dayMonth  7 déc. · Dec 7 · 7 دجنبر (chart axes)
 *
 * Intl.DateTimeFormat, unlike the prices' hand-written separators: month and weekday names are
 * language data the shop does not want to keep itself, and dates are few on a page (a listing draws
 * none). Each formatter is made once per language and style.
 */
import { SHOP_TIME_ZONE, type Locale } from './constants.js';

export type DateStyle = 'date' | 'dateTime' | 'day' | 'dayMonth';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    const tag = locale === 'ar' ? 'ar-MA-u-nu-latn' : `${locale}-MA`;
    f = new Intl.DateTimeFormat(tag, { ...STYLES[style], timeZone: SHOP_TIME_ZONE });
    formatters.set(key, f);
  }
  return f;
}

/** First strong isolate and pop directional isolate: a run laid out on its own in any direction. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * A calendar date (YYYY-MM-DD) or an instant (ISO string or Date) as text in `locale`. A bare date is
 * taken at noon UTC, which is the same calendar day in Casablanca. An unreadable value is returned as
 * given. For a date alone in its element (a table cell, a PDF line).
 */
export function formatShopDate(locale: Locale, value: string | Date, style: DateStyle = 'date'): string {
  const date = typeof value !== 'string' ? value : /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter(locale, style).format(date);
}

/**
 * The same, to put inside a sentence or a list: in Arabic the date is wrapped in isolate marks, so its
 * day, month and year keep their order whatever surrounds them in right-to-left text (a mail's
 * plain-text part drops the marks, which some mail clients draw as boxes).
 */
export function dateInText(locale: Locale, value: string | Date, style: DateStyle = 'date'): string {
  const text = formatShopDate(locale, value, style);
  return locale === 'ar' ? `${FSI}${text}${PDI}` : text;
}

/** Several dates as one phrase in `locale` ("1 janv. 2027, 2 janv. 2027 et 3 janv. 2027"). */
export function formatShopDates(locale: Locale, values: readonly string[], style: DateStyle = 'date'): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(values.map((v) => dateInText(locale, v, style)));
}
