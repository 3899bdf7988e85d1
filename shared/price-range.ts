/**
 * A listing's price range as its address holds it, read the same by the web app and by the server that
 * draws and keeps its pages: `min_price` (inclusive) and `max_price` (exclusive), in MAD on the
 * discounted price, exactly as the products API reads them. An older address `price=<band id>` reads as
 * that band's range, so links shared before the range existed keep their filter. A bad value reads as
 * absent, and a minimum above the maximum as no range at all, so an address never yields a refused request.
 */
import { PRICE_BANDS } from './constants.js';

export interface PriceRange {
  min?: number;
  max?: number;
}

export type PriceBand = (typeof PRICE_BANDS)[number];

/** The amounts the products API accepts: up to 7 digits and 2 decimals, never negative. */
const MONEY = /^\d{1,7}(?:\.\d{1,2})?$/;

export const readMoney = (value: string | null | undefined): number | undefined =>
  value != null && MONEY.test(value.trim()) ? Number(value.trim()) : undefined;

export function readPriceRange(params: URLSearchParams): PriceRange {
  const min = readMoney(params.get('min_price'));
  const max = readMoney(params.get('max_price'));
  if (min === undefined && max === undefined) {
    const band = PRICE_BANDS.find((b) => b.id === params.get('price'));
    return band ? rangeOf(band) : {};
  }
  if (min !== undefined && max !== undefined && min > max) return {};
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export const rangeOf = (band: PriceBand): PriceRange => ({
  ...(band.min !== undefined ? { min: band.min } : {}),
  ...(band.max !== undefined ? { max: band.max } : {}),
});

/** The preset band a range is exactly, if any (its chip shows pressed). */
export const bandOf = (range: PriceRange): PriceBand | undefined => PRICE_BANDS.find((b) => b.min === range.min && b.max === range.max);
