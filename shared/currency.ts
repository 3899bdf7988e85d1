/**
 * Prices for buyers abroad: a visitor may see catalogue prices converted to euros or dollars, at the
 * rates the shop sets in the back office. Every such figure is approximate and shown beside the
 * dirham price ("490,00 MAD ≈ 45 €"); the cart, checkout and every charge stay in MAD. The choice is
 * remembered in the `currency` cookie (as the language is), which the server reads to draw its pages
 * in the chosen currency, so the page never shows the other one first.
 */
import type { Locale } from './constants.js';
import { formatMAD } from './money.js';

export const CURRENCIES = ['MAD', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The currencies a price may be shown in besides the dirham. */
export const FOREIGN_CURRENCIES = ['EUR', 'USD'] as const;
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

/** The cookie holding the visitor's currency (written by the web app, read by the server's pages). */
export const CURRENCY_COOKIE = 'currency';

/** A cookie's value as a currency; anything else is the dirham. */
export const toCurrency = (value: unknown): Currency => CURRENCIES.find((c) => c === value) ?? 'MAD';

/** The shop's rates: how many dirhams one unit of each currency costs, and when they were set. */
export interface CurrencyRates {
  EUR: number;
  USD: number;
  /** ISO time the shop set them; null before it ever did. */
  set_at: string | null;
}

const SYMBOL: Record<ForeignCurrency, string> = { EUR: '€', USD: '$' };

/**
 * A dirham amount in another currency, rounded to the unit (it is an approximation: cents would
 * pretend to a precision the rate does not have), written as the language writes it: "45 €" in French
 * and Arabic (Latin digits, as prices), "€45" in English.
 */
export function formatApprox(amountMad: number, currency: ForeignCurrency, rates: CurrencyRates, locale: Locale): string | null {
  const rate = rates[currency];
  if (!(rate > 0)) return null;
  const units = String(Math.max(1, Math.round(amountMad / rate))).replace(
    /\B(?=(\d{3})+$)/g,
    locale === 'en' ? ',' : locale === 'fr' ? '\u00a0' : '.',
  );
  return locale === 'en' ? `${SYMBOL[currency]}${units}` : `${units}\u00a0${SYMBOL[currency]}`;
}

/** "490,00 MAD ≈ 45 €": the dirham price first, the approximation after. */
export function formatWithApprox(amountMad: number, currency: Currency, rates: CurrencyRates | null | undefined, locale: Locale): string {
  const mad = formatMAD(amountMad, locale);
  if (currency === 'MAD' || !rates) return mad;
  const approx = formatApprox(amountMad, currency, rates, locale);
  return approx ? `${mad} ≈ ${approx}` : mad;
}
