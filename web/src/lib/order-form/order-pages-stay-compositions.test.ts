/**
 * The three pages where an order is placed (checkout, custom checkout, staff order) stay compositions
 * of the order-form slice: the submit ladder, sections and success screen live in lib/order-form, so a
 * page that grows past 150 lines is growing its own copy of something the slice should hold.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = resolve(import.meta.dirname, '../..');
const PAGES = [
  'features/checkout/CheckoutPage.tsx',
  'features/custom-bouquet/pages/CustomCheckoutPage.tsx',
  'features/admin/orders/NewOrderPage.tsx',
];

describe('the order pages are compositions', () => {
  it.each(PAGES)('%s is under 150 lines', (page) => {
    const lines = readFileSync(resolve(WEB_SRC, page), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThan(150);
  });
});
