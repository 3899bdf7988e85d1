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

const formatters = new Map<string, Intl.NumberFormat>();

/** "1 234,50 MAD" in every language; Arabic keeps Latin digits so prices stay readable. */
export function formatMAD(amount: number, locale: Locale = 'fr'): string {
  const tag = locale === 'ar' ? 'fr-MA' : locale === 'en' ? 'en-US' : 'fr-FR';
  let f = formatters.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    formatters.set(tag, f);
  }
  // Normalise every kind of space the formatter may use to a plain no-break space.
  return `${f.format(amount).replace(/[\u202f\u00a0 ]/g, '\u00a0')}\u00a0MAD`;
}
