import { afterEach, describe, expect, it } from 'vitest';
import {
  addStem,
  dropFlagWhenEmpty,
  lineId,
  loadSelection,
  removeLine,
  saveSelection,
  setQuantity,
  storeForCheckout,
  subtotalOf,
} from './selection';

const rose = { id: 10, name: 'Rose', final_price: 25 };
const tulip = { id: 11, name: 'Tulipe', final_price: 15.1 };
const red = { id: 1, name: 'Rouge', hex_code: '#C0392B' };
const white = { id: 2, name: 'Blanc', hex_code: '#FFFFFF' };

afterEach(() => localStorage.clear());

describe('custom selection rules', () => {
  it('adds 1 to a product and colour pair already present, otherwise a new line of 1', () => {
    let lines = addStem([], rose, red);
    lines = addStem(lines, rose, red);
    lines = addStem(lines, rose, white);
    lines = addStem(lines, tulip, null);
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([
      ['10-1', 2],
      ['10-2', 1],
      ['11-no-color', 1],
    ]);
    expect(lines[0]).toMatchObject({ name: 'Rose', price: 25, category: 'Single Stems', selectedColor: red, product_id: 10 });
    expect(lineId(11, null)).toBe('11-no-color');
  });

  it('removes a line at quantity 0 or less, and on remove', () => {
    const lines = addStem(addStem([], rose, red), tulip, white);
    expect(setQuantity(lines, '10-1', 0).map((l) => l.id)).toEqual(['11-2']);
    expect(setQuantity(lines, '10-1', -3).map((l) => l.id)).toEqual(['11-2']);
    expect(setQuantity(lines, '10-1', 4)[0]!.quantity).toBe(4);
    expect(removeLine(lines, '11-2').map((l) => l.id)).toEqual(['10-1']);
  });

  it('sums in centimes', () => {
    const lines = setQuantity(addStem(addStem([], rose, red), tulip, null), '11-no-color', 3);
    expect(subtotalOf(lines)).toBe(70.3);
  });

  it('is stored under custom_products, and the flag follows the spec', () => {
    const lines = addStem([], rose, red);
    saveSelection(lines);
    expect(JSON.parse(localStorage.getItem('custom_products')!)).toEqual([
      expect.objectContaining({ id: '10-1', quantity: 1, category: 'Single Stems' }),
    ]);
    expect(loadSelection()).toEqual(lines);
    storeForCheckout(lines);
    expect(localStorage.getItem('is_customized_order')).toBe('true');
    dropFlagWhenEmpty();
    expect(localStorage.getItem('is_customized_order')).toBe('true');
    saveSelection([]);
    expect(localStorage.getItem('custom_products')).toBeNull();
    dropFlagWhenEmpty();
    expect(localStorage.getItem('is_customized_order')).toBeNull();
  });

  it('ignores broken stored data', () => {
    localStorage.setItem('custom_products', '{"not":"a list"}');
    expect(loadSelection()).toEqual([]);
    localStorage.setItem('custom_products', '[{"id":"12-no-color","name":"Lys","price":36,"quantity":2}]');
    expect(loadSelection()).toMatchObject([{ product_id: 12, category: 'Single Stems', selectedColor: null }]);
  });
});
