/**
 * Money helpers. Amounts are stored and computed as integer centimes; the API speaks MAD as numbers
 * with at most two decimals (249.5 = 249,50 MAD). Never add floats: convert to centimes first.
 */
import type { Locale } from './constants.js';

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** Price after a percent discount, rounded half up to the centime (the database does the same). */
export const discountedCents = (priceCents: number, discountPercent: number): number =>
  Math.floor((priceCents * (100 - discountPercent) + 50) / 100);

/** Group and decimal separators by language: Arabic pages keep Latin digits and Morocco's French style. */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  fr: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
  ar: { group: '.', decimal: ',' },
};

/**
 * "1 234,50 MAD" in every language; Arabic keeps Latin digits so prices stay readable ("1.234,50 MAD",
 * as fr-MA writes it). Written out rather than with Intl.NumberFormat: the first formatter of a
 * language loads its locale data, which measured ~40 ms of a phone-throttled page's main thread while it
 * drew 24 prices (26 Nov 2026), for two separators the shop knows.
 */
export function formatMAD(amount: number, locale: Locale = 'fr'): string {
  const { group, decimal } = SEPARATORS[locale];
  const cents = Math.abs(toCents(amount));
  const units = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, group);
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}${units}${decimal}${String(cents % 100).padStart(2, '0')}\u00a0MAD`;
}

/**
 * A price to put inside a sentence: in Arabic it is wrapped in isolate marks (FSI…PDI), so it reads
 * "1.234,50 MAD" as every price on the page does; left bare, right-to-left layout shows the number and
 * "MAD" swapped ("MAD 1.234,50"). A mail's plain-text part drops the marks.
 */
export function moneyInText(amount: number, locale: Locale = 'fr'): string {
  const text = formatMAD(amount, locale);
  return locale === 'ar' ? `\u2068${text}\u2069` : text;
}
