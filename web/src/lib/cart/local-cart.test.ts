import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api';
import {
  clearCustomizedFlags,
  isServerUnreachable,
  localAdd,
  localClear,
  localRemove,
  localUpdate,
  readLocalCart,
  saveLocalCart,
} from '@web/lib/cart/local-cart';
import { cartOf, line } from '@web/test/cart-fixtures';

describe('local fallback cart', () => {
  beforeEach(() => localStorage.clear());

  it('treats network errors, timeouts and 5xx as unreachable, not 4xx', () => {
    expect(isServerUnreachable(new ApiError(0, 'x'))).toBe(true);
    expect(isServerUnreachable(new ApiError(408, 'x'))).toBe(true);
    expect(isServerUnreachable(new ApiError(503, 'x'))).toBe(true);
    expect(isServerUnreachable(new ApiError(422, 'x'))).toBe(false);
    expect(isServerUnreachable(new Error('x'))).toBe(false);
  });

  it('keeps the last server cart and reads it back', () => {
    saveLocalCart(cartOf([line()]));
    const cart = readLocalCart();
    expect(cart.items).toHaveLength(1);
    expect(cart.summary.count).toBe(2);
    expect(cart.summary.subtotal).toBe(360);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem('cart', '{not json');
    expect(readLocalCart().items).toEqual([]);
    localStorage.setItem('cart', JSON.stringify({ items: 'nope' }));
    expect(readLocalCart().items).toEqual([]);
  });

  it('adds a line per colour, raises an existing one, caps at stock', () => {
    const product = { id: 5, name: 'Rose', stock: 3, price: 20, discount: 50 };
    localAdd(product, { id: 1, name: 'Rouge', hex_code: '#f00' }, 1);
    localAdd(product, { id: 2, name: 'Blanc', hex_code: '#fff' }, 1);
    let cart = localAdd(product, { id: 1, name: 'Rouge', hex_code: '#f00' }, 5);
    expect(cart.items).toHaveLength(2);
    expect(cart.items[0]).toMatchObject({ quantity: 3, unit_price: 10, line_total: 30 });
    expect(cart.items[0]!.id).toBeLessThan(0);
    cart = readLocalCart();
    expect(cart.summary).toMatchObject({ count: 4, subtotal: 40, total: 40 });
  });

  it('updates, removes on 0, removes and clears', () => {
    saveLocalCart(cartOf([line({ id: 1 }), line({ id: 2, color: null, quantity: 1, line_total: 180 })]));
    expect(localUpdate(1, 3).items.find((i) => i.id === 1)).toMatchObject({ quantity: 3, line_total: 540 });
    expect(localUpdate(1, 0).items.map((i) => i.id)).toEqual([2]);
    expect(() => localRemove(99)).toThrow('Cart item not found');
    expect(localRemove(2).items).toEqual([]);
    saveLocalCart(cartOf([line()]));
    expect(localClear().summary.count).toBe(0);
  });

  it('clears the customized flags', () => {
    localStorage.setItem('is_customized_order', 'true');
    localStorage.setItem('custom_products', '[]');
    clearCustomizedFlags();
    expect(localStorage.getItem('is_customized_order')).toBeNull();
    expect(localStorage.getItem('custom_products')).toBeNull();
  });
});
