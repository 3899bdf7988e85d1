import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productImages, productTranslations, products, users, wishlistItems } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { createSession } from '../accounts/auth.js';

let ctx: TestContext;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

async function loginAs(db: TestContext['db'], email: string, name: string) {
  const [user] = await db
    .insert(users)
    .values({ name, email, passwordHash: await hashPassword('secret123'), emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await createSession(db, user.id);
  return { id: user.id, token };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, lang = 'en') =>
  ctx.app.inject({ method, url, payload, headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.insert(categories).values({ id: 1, name: 'Bouquets' });
  await ctx.db.insert(products).values(
    [1, 2, 3, 4, 5].map((id) => ({
      id,
      name: `Produit ${id}`,
      priceCents: 10000 * id,
      discount: id === 2 ? 20 : 0,
      stock: id === 3 ? 0 : 5,
      categoryId: 1,
    })),
  );
  await ctx.db.insert(productTranslations).values({ productId: 2, locale: 'en', name: 'Product 2' });
  await ctx.db.insert(productImages).values({ productId: 2, key: 'p/two', widths: [320, 640, 1024], width: 1024, height: 800 });
  alice = await loginAs(ctx.db, 'alice@example.com', 'Alice');
  bob = await loginAs(ctx.db, 'bob@example.com', 'Bob');
});
afterAll(() => ctx?.close());

describe('wishlist sync', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/wishlist')).statusCode).toBe(401);
    expect((await call('PUT', '/api/wishlist', undefined, { product_ids: [1] })).statusCode).toBe(401);
    expect((await call('POST', '/api/wishlist/1')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/wishlist/1')).statusCode).toBe(401);
  });

  it('starts empty', async () => {
    const res = await call('GET', '/api/wishlist', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ product_ids: [], products: [] });
  });

  it('replaces the list with exactly what the client sends, dropping unknown ids and duplicates', async () => {
    const res = await call('PUT', '/api/wishlist', alice.token, { product_ids: [3, 2, 999, 2, 1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().product_ids).toEqual([3, 2, 1]);
    expect(res.json().products[1]).toEqual({
      id: 2,
      name: 'Product 2',
      price: 200,
      discount: 20,
      final_price: 160,
      image_url: '/uploads/p/two-640.webp',
      in_stock: true,
    });
    expect(res.json().products[0]).toMatchObject({ id: 3, name: 'Produit 3', in_stock: false, image_url: null });

    const again = await call('PUT', '/api/wishlist', alice.token, { product_ids: [1, 4] });
    expect(again.json().product_ids).toEqual([1, 4]);
    const cleared = await call('PUT', '/api/wishlist', alice.token, { product_ids: [] });
    expect(cleared.json()).toEqual({ product_ids: [], products: [] });
  });

  it('adds and removes one product, idempotently, keeping each customer’s list apart', async () => {
    await call('PUT', '/api/wishlist', alice.token, { product_ids: [1] });
    const added = await call('POST', '/api/wishlist/5', alice.token);
    expect(added.statusCode).toBe(200);
    expect(added.json().product_ids).toEqual([1, 5]);
    expect((await call('POST', '/api/wishlist/5', alice.token)).json().product_ids).toEqual([1, 5]);

    const unknown = await call('POST', '/api/wishlist/999', alice.token, undefined, 'fr');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Produit introuvable.' });

    const removed = await call('DELETE', '/api/wishlist/1', alice.token);
    expect(removed.json().product_ids).toEqual([5]);
    expect((await call('DELETE', '/api/wishlist/1', alice.token)).statusCode).toBe(200);

    expect((await call('GET', '/api/wishlist', bob.token)).json().product_ids).toEqual([]);
    await call('PUT', '/api/wishlist', bob.token, { product_ids: [2] });
    expect((await call('GET', '/api/wishlist', alice.token)).json().product_ids).toEqual([5]);
  });

  it('validates the list', async () => {
    const tooMany = await call('PUT', '/api/wishlist', alice.token, { product_ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['product_ids']);
    const bad = await call('PUT', '/api/wishlist', alice.token, { product_ids: ['a', -1] });
    expect(bad.statusCode).toBe(422);
    expect((await call('POST', '/api/wishlist/abc', alice.token)).statusCode).toBe(422);
  });

  it('refuses a 201st product', async () => {
    const many = Array.from({ length: 200 }, (_, i) => i + 100);
    await ctx.db.insert(products).values(many.map((id) => ({ id, name: `P${id}`, priceCents: 100, categoryId: 1 })));
    await ctx.db.insert(wishlistItems).values(many.map((productId) => ({ userId: bob.id, productId })));
    const res = await call('POST', '/api/wishlist/1', bob.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your wishlist is full (200 products). Remove one to add another.');
    expect((await call('POST', '/api/wishlist/100', bob.token)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document with the other new routes', async () => {
    const res = await call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/wishlist',
      '/api/wishlist/{productId}',
      '/api/profile/orders',
      '/api/profile/orders/{id}',
      '/api/orders/track/{id}',
      '/api/testimonials',
      '/api/admin/testimonials',
      '/api/admin/testimonials/{id}/confirm',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
