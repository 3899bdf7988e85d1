import { describe, expect, it } from 'vitest';
import { couponDiscountCents, priceLines, shippingCents, totalMatches } from './pricing.js';

const rabat = { feeCents: 4000, freeThresholdCents: 50000 };
const casa = { feeCents: 5000, freeThresholdCents: null };

describe('pricing', () => {
  it('sums final prices times quantities and adds the zone fee', () => {
    const t = priceLines(
      [
        { finalPriceCents: 12050, quantity: 2 },
        { finalPriceCents: 9900, quantity: 1 },
      ],
      null,
      casa,
    );
    expect(t).toEqual({ subtotalCents: 34000, couponDiscountCents: 0, shippingCents: 5000, totalCents: 39000, count: 3 });
  });

  it('takes a percent coupon off the subtotal, rounded half up', () => {
    expect(couponDiscountCents({ type: 'percent', value: 10 }, 12345)).toBe(1235); // 1234.5 -> 1235
    expect(couponDiscountCents({ type: 'percent', value: 10 }, 12344)).toBe(1234);
  });

  it('caps a fixed coupon at the subtotal', () => {
    expect(couponDiscountCents({ type: 'fixed', value: 5000 }, 30000)).toBe(5000);
    expect(couponDiscountCents({ type: 'fixed', value: 5000 }, 3000)).toBe(3000);
    const t = priceLines([{ finalPriceCents: 3000, quantity: 1 }], { type: 'fixed', value: 5000 }, casa);
    expect(t.totalCents).toBe(5000); // products free, delivery still paid
  });

  it('makes delivery free from the threshold, judged on the subtotal before the coupon', () => {
    expect(shippingCents(rabat, 49999)).toBe(4000);
    expect(shippingCents(rabat, 50000)).toBe(0);
    expect(shippingCents(null, 100)).toBe(0);
    // 500 MAD of flowers with a 10% coupon: still free delivery (threshold on the subtotal before the coupon).
    const t = priceLines([{ finalPriceCents: 25000, quantity: 2 }], { type: 'percent', value: 10 }, rabat);
    expect(t).toMatchObject({ subtotalCents: 50000, couponDiscountCents: 5000, shippingCents: 0, totalCents: 45000 });
  });

  it('compares client totals within 0.01 MAD', () => {
    expect(totalMatches(390, 39000)).toBe(true);
    expect(totalMatches(390.01, 39000)).toBe(true);
    expect(totalMatches(389.98, 39000)).toBe(false);
    expect(totalMatches(Number.NaN, 39000)).toBe(false);
  });
});
