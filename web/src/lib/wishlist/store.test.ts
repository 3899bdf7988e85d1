import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/utils';
import { wishlist } from '@web/lib/wishlist/store';

const product = (id: number) => ({ id, name: `P${id}`, price: 100, discount: 0, final_price: 100, image_url: null, in_stock: true });

describe('wishlist store', () => {
  beforeEach(() => {
    localStorage.clear();
    wishlist.reload();
    wishlist.setAccountSync(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('persists locally; adding twice does nothing; toggle removes', () => {
    expect(wishlist.add({ id: 1, name: 'A' })).toBe(true);
    expect(wishlist.add({ id: 1, name: 'A' })).toBe(false);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([{ id: 1, name: 'A' }]);
    expect(wishlist.toggle({ id: 1 })).toBe(false);
    expect(wishlist.count()).toBe(0);
  });

  it('stays local for visitors (no server calls)', () => {
    const fetch = mockFetch({});
    wishlist.add({ id: 2 });
    wishlist.remove(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('merges local and account lists after login, then sends every change', async () => {
    wishlist.add({ id: 1, name: 'Local one' });
    wishlist.add({ id: 3 });
    const puts: unknown[] = [];
    const fetch = mockFetch({
      '/api/wishlist': (_u: URL, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { product_ids: number[] };
          puts.push(body);
          return jsonResponse({ product_ids: body.product_ids, products: body.product_ids.map(product) });
        }
        return jsonResponse({ product_ids: [2, 3], products: [product(2), product(3)] });
      },
      '/api/wishlist/5': { product_ids: [], products: [] },
      '/api/wishlist/1': { product_ids: [], products: [] },
    });
    await wishlist.mergeWithAccount();
    expect(puts).toEqual([{ product_ids: [1, 3, 2] }]);
    expect(wishlist.items().map((i) => i.id)).toEqual([1, 3, 2]);
    expect(wishlist.items()[0]!.name).toBe('Local one');
    expect(wishlist.items()[2]!.name).toBe('P2');

    wishlist.add({ id: 5 });
    wishlist.remove(1);
    await vi.waitFor(() => {
      const calls = fetch.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${new URL(String(u), 'http://x').pathname}`);
      expect(calls).toContain('POST /api/wishlist/5');
      expect(calls).toContain('DELETE /api/wishlist/1');
    });
  });

  it('keeps a tap made while the merge is in flight, and sends it after', async () => {
    wishlist.add({ id: 1 });
    let answerPut: (() => void) | undefined;
    const fetch = mockFetch({
      '/api/wishlist': (_u: URL, init?: RequestInit) => {
        if (init?.method !== 'PUT') return jsonResponse({ product_ids: [3], products: [product(3)] });
        const body = JSON.parse(String(init.body)) as { product_ids: number[] };
        return new Promise<Response>((resolve) => {
          answerPut = () => resolve(jsonResponse({ product_ids: body.product_ids, products: body.product_ids.map(product) }));
        });
      },
      '/api/wishlist/2': { product_ids: [], products: [] },
      '/api/wishlist/1': { product_ids: [], products: [] },
    });
    const merging = wishlist.mergeWithAccount();
    await vi.waitFor(() => expect(answerPut).toBeDefined());
    // The shopper taps while the PUT is on its way: one product in, one out.
    wishlist.add({ id: 2, name: 'Tapped' });
    wishlist.remove(1);
    answerPut!();
    await merging;
    expect(wishlist.items().map((i) => i.id)).toEqual([3, 2]);
    await vi.waitFor(() => {
      const calls = fetch.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${new URL(String(u), 'http://x').pathname}`);
      expect(calls).toContain('POST /api/wishlist/2');
      expect(calls).toContain('DELETE /api/wishlist/1');
    });
  });
});
