/**
 * The one place where money is computed, for the cart and the checkout alike. Pure: it takes lines
 * with prices read from the database (never from the client), the coupon (when valid) and the
 * delivery zone, and returns integer centimes.
 *
 * - subtotal = sum of final_price_cents x quantity (product discount already in final_price_cents);
 * - coupon discount = percent of the subtotal rounded half up, or a fixed amount capped at the subtotal;
 * - shipping = the zone's fee, or 0 when the SUBTOTAL BEFORE THE COUPON reaches the zone's
 *   free-delivery threshold (a coupon never makes a customer lose free delivery); 0 without a zone;
 * - tax is included in the prices: nothing is added;
 * - total = subtotal - coupon discount + shipping.
 */
import { fromCents } from '../../../shared/money.js';

export interface PricedLineInput {
  /** Price charged per unit, after the product discount. */
  finalPriceCents: number;
  quantity: number;
}

export interface PricingCoupon {
  type: 'percent' | 'fixed' | string;
  /** Percent (1..100) or centimes. */
  value: number;
}

export interface PricingZone {
  feeCents: number;
  freeThresholdCents: number | null;
}

export interface Totals {
  subtotalCents: number;
  couponDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  /** Units. */
  count: number;
}

export const lineTotalCents = (line: PricedLineInput): number => line.finalPriceCents * line.quantity;

export function couponDiscountCents(coupon: PricingCoupon, subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  if (coupon.type === 'percent') {
    const percent = Math.min(100, Math.max(0, coupon.value));
    return Math.floor((subtotalCents * percent + 50) / 100);
  }
  return Math.min(Math.max(0, coupon.value), subtotalCents);
}

export function shippingCents(zone: PricingZone | null, subtotalCents: number): number {
  if (!zone) return 0;
  if (zone.freeThresholdCents !== null && subtotalCents >= zone.freeThresholdCents) return 0;
  return zone.feeCents;
}

export function priceLines(lines: readonly PricedLineInput[], coupon: PricingCoupon | null, zone: PricingZone | null): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
  const discount = coupon ? couponDiscountCents(coupon, subtotalCents) : 0;
  const shipping = shippingCents(zone, subtotalCents);
  return {
    subtotalCents,
    couponDiscountCents: discount,
    shippingCents: shipping,
    totalCents: subtotalCents - discount + shipping,
    count: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/** Does a client's total (MAD) match the server's, within 0.01 MAD? */
export const totalMatches = (clientTotal: number, serverTotalCents: number): boolean =>
  Number.isFinite(clientTotal) && Math.abs(Math.round(clientTotal * 100) - serverTotalCents) <= 1;

export const mad = fromCents;
