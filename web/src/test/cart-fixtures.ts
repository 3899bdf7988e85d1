import type { Cart, CartItem } from '@shared/schemas/cart';

export const zones = [
  { id: 1, name: 'Rabat', fee: 40, fee_max: null, free_threshold: 500 },
  { id: 4, name: 'Casablanca', fee: 50, fee_max: 70, free_threshold: null },
];

export function line(over: Partial<CartItem> = {}): CartItem {
  return {
    id: 1,
    product_id: 10,
    name: 'Bouquet Aurore',
    image: null,
    category: 'Bouquets',
    color: { id: 2, name: 'Rouge', hex_code: '#c00' },
    size: null,
    is_extra: false,
    unit_price: 180,
    price: 200,
    discount: 10,
    quantity: 2,
    line_total: 360,
    stock: 8,
    ...over,
  };
}

export function cartOf(items: CartItem[], summary: Partial<Cart['summary']> = {}): Cart {
  const subtotal = items.reduce((s, i) => s + i.line_total, 0);
  return {
    items,
    summary: {
      subtotal,
      discount: 0,
      coupon: null,
      delivery_city: null,
      shipping: 0,
      tax: 'included',
      total: subtotal,
      count: items.reduce((s, i) => s + i.quantity, 0),
      ...summary,
    },
  };
}
