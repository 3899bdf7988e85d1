import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, productImages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { cartCookie, createUser, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';
import { mergeVisitorCart } from './cart.service.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
});
afterAll(() => ctx.close());

/** A visitor: keeps the cart cookie between calls, like a browser. */
function visitor(lang = 'fr') {
  let cookie: string | undefined;
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'accept-language': lang, origin: ORIGIN, ...(cookie ? { cookie: `cart_id=${cookie}` } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    cookie = cartCookie(res) ?? cookie;
    return res;
  };
  return { call, cookie: () => cookie };
}

describe('visitor cart', () => {
  it('GET gives an empty cart and creates nothing', async () => {
    const v = visitor();
    const res = await v.call('GET', '/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [],
      summary: { subtotal: 0, discount: 0, coupon: null, delivery_city: null, shipping: 0, tax: 'included', total: 0, count: 0 },
    });
    expect(cartCookie(res)).toBeUndefined();
  });

  it('creates the cart on the first write with an HttpOnly SameSite=Lax cookie', async () => {
    const v = visitor('en');
    const res = await v.call('POST', '/cart/add', { product_id: 1, quantity: 2, color_id: null });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'cart_id')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toMatch(/^[0-9a-f-]{36}$/);
    const body = res.json();
    // No colour chosen: the product's first colour (white, by product_colors sort order).
    expect(body.items).toEqual([
      {
        id: expect.any(Number),
        product_id: 1,
        name: 'Rose bouquet',
        image: null,
        category: 'Bouquets',
        color: { id: 2, name: 'White', hex_code: '#FFFFFF' },
        size: null,
        is_extra: false,
        unit_price: 180,
        price: 200,
        discount: 10,
        quantity: 2,
        line_total: 360,
        stock: 5,
      },
    ]);
    expect(body.summary).toMatchObject({ subtotal: 360, total: 360, count: 2, tax: 'included' });
  });

  it('keeps a line per product and colour, adding again raises the quantity', async () => {
    const v = visitor();
    await v.call('POST', '/cart/add', { product_id: 1, quantity: 1 });
    await v.call('POST', '/cart/add', { product_id: 1, quantity: 1, color_id: 2 });
    const res = await v.call('POST', '/cart/add', { product_id: 1, quantity: 1, color_id: 1 });
    const items = res.json().items;
    expect(items).toHaveLength(2);
    expect(items.map((i: { color: { id: number }; quantity: number }) => [i.color.id, i.quantity])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    // A product without colours: one line with colour null, upserted too.
    await v.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    const again = await v.call('POST', '/cart/add', { product_id: 2, quantity: 2 });
    const plant = again.json().items.find((i: { product_id: number }) => i.product_id === 2);
    expect(plant).toMatchObject({ color: null, quantity: 3, unit_price: 99.9, line_total: 299.7 });
  });

  it('shows a line the picture of its colour when the product has one, else the first picture', async () => {
    // Product 1: a first picture of the whole product, then one of its colour 2 only.
    await ctx.db.insert(productImages).values([
      { productId: 1, key: 'products/bouquet-all', widths: [320, 640], width: 640, height: 640, sortOrder: 0 },
      { productId: 1, key: 'products/bouquet-colour-2', widths: [320, 640], width: 640, height: 640, sortOrder: 1, colorId: 2 },
    ]);
    try {
      const v = visitor();
      await v.call('POST', '/cart/add', { product_id: 1, quantity: 1, color_id: 2 });
      await v.call('POST', '/cart/add', { product_id: 1, quantity: 1, color_id: 1 });
      const items = (await v.call('GET', '/cart')).json().items as { color: { id: number }; image: string | null }[];
      expect(items.find((i) => i.color.id === 2)?.image).toContain('bouquet-colour-2');
      expect(items.find((i) => i.color.id === 1)?.image).toContain('bouquet-all');
    } finally {
      await ctx.db.delete(productImages).where(eq(productImages.productId, 1));
    }
  });

  it('names products in the request language', async () => {
    const v = visitor('ar');
    const res = await v.call('POST', '/cart/add', { product_id: 1, quantity: 1, color_id: 1 });
    expect(res.json().items[0]).toMatchObject({ name: 'باقة ورد', category: 'باقات', color: { name: 'أحمر' } });
  });

  it('refuses a colour the product does not have, and unknown products', async () => {
    const v = visitor('en');
    const res = await v.call('POST', '/cart/add', { product_id: 1, quantity: 1, color_id: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.color_id).toEqual(['This colour is not available for this product.']);
    const missing = await v.call('POST', '/cart/add', { product_id: 999, quantity: 1 });
    expect(missing.statusCode).toBe(404);
    const zero = await v.call('POST', '/cart/add', { product_id: 1, quantity: 0 });
    expect(zero.statusCode).toBe(422);
  });

  it('caps quantities by stock, across the colours of a product', async () => {
    const v = visitor('en');
    expect((await v.call('POST', '/cart/add', { product_id: 1, quantity: 3, color_id: 1 })).statusCode).toBe(200);
    const over = await v.call('POST', '/cart/add', { product_id: 1, quantity: 3, color_id: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: 'Only 5 left in stock for Rose bouquet.' });
    const out = await v.call('POST', '/cart/add', { product_id: 3, quantity: 1 });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('Orchid is out of stock.');
    const fr = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { origin: ORIGIN, cookie: `cart_id=${v.cookie()}` },
      payload: { product_id: 1, quantity: 10 },
    });
    expect(fr.json().message).toBe('Il ne reste que 5 en stock pour Bouquet de roses.');
  });

  it('updates quantities (0 removes), removes and clears', async () => {
    const v = visitor('en');
    const added = await v.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    const itemId = added.json().items[0].id;
    const updated = await v.call('POST', '/cart/update', { item_id: itemId, quantity: 4 });
    expect(updated.json().items[0].quantity).toBe(4);
    expect((await v.call('POST', '/cart/update', { item_id: itemId, quantity: 21 })).statusCode).toBe(409);
    const removed = await v.call('POST', '/cart/update', { item_id: itemId, quantity: 0 });
    expect(removed.json().items).toEqual([]);

    const again = await v.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    const id2 = again.json().items[0].id;
    expect((await v.call('POST', '/cart/remove', { item_id: id2 })).json().items).toEqual([]);
    expect((await v.call('POST', '/cart/remove', { item_id: id2 })).statusCode).toBe(404);

    await v.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await v.call('POST', '/cart/add', { product_id: 1, quantity: 1 });
    const cleared = await v.call('DELETE', '/cart/clear');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().items).toEqual([]);
  });

  it('answers 404 "Cart item not found" for a line of another cart', async () => {
    const a = visitor('en');
    const b = visitor('en');
    const added = await a.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await b.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    const itemId = added.json().items[0].id;
    for (const [url, payload] of [
      ['/cart/remove', { item_id: itemId }],
      ['/cart/update', { item_id: itemId, quantity: 2 }],
    ] as const) {
      const res = await b.call('POST', url, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Cart item not found' });
    }
    // Without any cart at all, too.
    const none = await visitor('en').call('POST', '/cart/remove', { item_id: itemId });
    expect(none.statusCode).toBe(404);
    expect((await a.call('GET', '/cart')).json().items[0].quantity).toBe(1);
  });

  it('ignores a forged cookie value and never adopts a customer cart by cookie', async () => {
    const { user } = await createUser(ctx.db);
    await ctx.db.insert(carts).values({ id: '11111111-1111-4111-8111-111111111111', userId: user.id });
    await ctx.db.insert(cartItems).values({ cartId: '11111111-1111-4111-8111-111111111111', productId: 2, quantity: 1 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { cookie: 'cart_id=11111111-1111-4111-8111-111111111111' },
    });
    expect(res.json().items).toEqual([]);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: 'cart_id=not-a-uuid' } });
    expect(bad.statusCode).toBe(200);
  });
});

describe('coupons on the cart', () => {
  it('applies a valid code (any case) and removes it', async () => {
    const v = visitor('en');
    await v.call('POST', '/cart/add', { product_id: 2, quantity: 2 }); // 199.80
    const res = await v.call('POST', '/cart/coupon', { code: ' bienvenue10 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toMatchObject({
      subtotal: 199.8,
      discount: 19.98,
      coupon: { code: 'BIENVENUE10', discount: 19.98, valid: true, message: null },
      total: 179.82,
    });
    const removed = await v.call('DELETE', '/cart/coupon');
    expect(removed.json().summary).toMatchObject({ coupon: null, discount: 0, total: 199.8 });
  });

  it('refuses unknown, expired, not yet started, inactive and used-up codes with "Invalid Coupon"', async () => {
    const v = visitor('en');
    await v.call('POST', '/cart/add', { product_id: 4, quantity: 1 });
    for (const code of ['NOPE', 'EXPIRED', 'LATER', 'OFF', 'USEDUP']) {
      const res = await v.call('POST', '/cart/coupon', { code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json()).toEqual({ message: 'Invalid Coupon', errors: { code: ['Invalid Coupon'] } });
    }
    const fr = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: { origin: ORIGIN, cookie: `cart_id=${v.cookie()}` },
      payload: { code: 'NOPE' },
    });
    expect(fr.json().message).toBe('Code promo invalide');
    const ar = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: { origin: ORIGIN, cookie: `cart_id=${v.cookie()}`, 'accept-language': 'ar' },
      payload: { code: 'NOPE' },
    });
    expect(ar.json().message).toBe('رمز القسيمة غير صالح');
  });

  it('checks the minimum subtotal, and shows a coupon that stopped applying as not valid', async () => {
    const v = visitor('en');
    await v.call('POST', '/cart/add', { product_id: 2, quantity: 1 }); // 99.90 < 300
    expect((await v.call('POST', '/cart/coupon', { code: 'FLEURS50' })).statusCode).toBe(422);
    const big = await v.call('POST', '/cart/add', { product_id: 2, quantity: 3 }); // 399.60
    const itemId = big.json().items[0].id;
    const ok = await v.call('POST', '/cart/coupon', { code: 'FLEURS50' });
    expect(ok.json().summary).toMatchObject({ discount: 50, total: 349.6 });
    const fewer = await v.call('POST', '/cart/update', { item_id: itemId, quantity: 1 });
    expect(fewer.json().summary).toMatchObject({
      subtotal: 99.9,
      discount: 0,
      coupon: { code: 'FLEURS50', discount: 0, valid: false, message: 'Invalid Coupon' },
      total: 99.9,
    });
  });

  it('applies the per-customer limit for a logged-in customer', async () => {
    const { user, auth } = await createUser(ctx.db);
    const { couponRedemptions, coupons, orders } = await import('../../db/schema.js');
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'ONCE'));
    const [order] = await ctx.db
      .insert(orders)
      .values({
        userId: user.id,
        customerName: 'x',
        customerEmail: user.email,
        customerPhone: '1',
        deliveryCity: 'Rabat',
        subtotalCents: 1,
        totalCents: 1,
        paymentMethod: 'cash_on_delivery',
      })
      .returning();
    await ctx.db.insert(couponRedemptions).values({ couponId: coupon!.id, orderId: order!.id, userId: user.id, email: user.email });
    await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: auth, payload: { product_id: 2, quantity: 1 } });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { code: 'ONCE' },
    });
    expect(res.statusCode).toBe(422);
    // Another customer may still use it.
    const other = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: other.auth, payload: { product_id: 2, quantity: 1 } });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/cart/coupon', headers: other.auth, payload: { code: 'ONCE' } })).statusCode,
    ).toBe(200);
  });
});

describe('delivery city on the cart', () => {
  it('lists active zones by sort order, in Arabic too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/delivery-zones' });
    expect(res.json()).toEqual([
      { id: 1, name: 'Rabat', fee: 40, fee_max: null, free_threshold: 500 },
      { id: 2, name: 'Casablanca', fee: 50, fee_max: 70, free_threshold: null },
    ]);
    const ar = await ctx.app.inject({ method: 'GET', url: '/api/delivery-zones', headers: { 'accept-language': 'ar' } });
    expect(ar.json()[0].name).toBe('الرباط');
  });

  it('adds the zone fee, free from the threshold (subtotal before the coupon)', async () => {
    const v = visitor('en');
    await v.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    const rabat = await v.call('POST', '/cart/delivery-city', { zone_id: 1 });
    expect(rabat.json().summary).toMatchObject({
      subtotal: 99.9,
      shipping: 40,
      total: 139.9,
      delivery_city: { id: 1, name: 'Rabat', fee: 40, fee_max: null, free_threshold: 500 },
    });
    await v.call('POST', '/cart/add', { product_id: 4, quantity: 1 }); // 699.90 >= 500
    const free = await v.call('POST', '/cart/coupon', { code: 'FLEURS50' });
    expect(free.json().summary).toMatchObject({ subtotal: 699.9, discount: 50, shipping: 0, total: 649.9 });
    const casa = await v.call('POST', '/cart/delivery-city', { zone_id: 2 });
    expect(casa.json().summary).toMatchObject({ shipping: 50, total: 699.9 });
    expect((await v.call('POST', '/cart/delivery-city', { zone_id: 3 })).statusCode).toBe(422); // inactive
  });

  it('gives the closed dates and the selectable range', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/delivery/closed-dates' });
    const body = res.json();
    expect(body.dates).toHaveLength(1);
    expect(body.earliest > body.today).toBe(true);
    expect(body.expected_without_date >= body.today).toBe(true);
  });
});

describe('customer cart and merge at login', () => {
  it('uses the customer’s own cart', async () => {
    const { auth } = await createUser(ctx.db);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: auth, payload: { product_id: 2, quantity: 2 } });
    expect(cartCookie(res)).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: auth })).json().summary.count).toBe(2);
  });

  it('merges the visitor cart at login: sums per product and colour, capped by stock, keeps the customer coupon', async () => {
    // The customer already has 2 white roses, with a coupon.
    const { auth } = await createUser(ctx.db, { email: 'merge@example.com', password: 'secret123' });
    await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: auth, payload: { product_id: 1, quantity: 2, color_id: 2 } });
    await ctx.app.inject({ method: 'POST', url: '/api/cart/coupon', headers: auth, payload: { code: 'BIENVENUE10' } });

    const v = visitor('en');
    await v.call('POST', '/cart/add', { product_id: 1, quantity: 3, color_id: 2 }); // 2 + 3 = 5 = stock
    await v.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await v.call('POST', '/cart/delivery-city', { zone_id: 2 });
    const visitorCartId = v.cookie()!;

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: ORIGIN, cookie: `cart_id=${visitorCartId}`, 'accept-language': 'en' },
      payload: { email: 'merge@example.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    // The visitor cookie is cleared and the visitor cart is gone.
    const cleared = login.cookies.find((c) => c.name === 'cart_id');
    expect(cleared?.value ?? '').toBe('');
    expect(await ctx.db.select().from(carts).where(eq(carts.id, visitorCartId))).toEqual([]);

    const cart = (await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { ...auth, 'accept-language': 'en' } })).json();
    expect(
      cart.items.map((i: { product_id: number; color: { id: number } | null; quantity: number }) => [
        i.product_id,
        i.color?.id ?? null,
        i.quantity,
      ]),
    ).toEqual([
      [1, 2, 5],
      [2, null, 1],
    ]);
    expect(cart.summary.coupon.code).toBe('BIENVENUE10');
    expect(cart.summary.delivery_city.id).toBe(2); // the customer had none: the visitor's
  });

  it('mergeVisitorCart caps by stock and is a no-op for unknown ids', async () => {
    const { user, auth } = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: auth, payload: { product_id: 4, quantity: 2 } });
    const v = visitor();
    await v.call('POST', '/cart/add', { product_id: 4, quantity: 2 }); // 2 + 2 > stock 3
    await mergeVisitorCart(ctx.db, { visitorCartId: v.cookie(), userId: user.id });
    await mergeVisitorCart(ctx.db, { visitorCartId: v.cookie(), userId: user.id });
    await mergeVisitorCart(ctx.db, { visitorCartId: 'nope', userId: user.id });
    const cart = (await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: auth })).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(3);
  });

  it('merges a leftover visitor cookie on the customer’s next cart call', async () => {
    const { auth } = await createUser(ctx.db);
    const v = visitor();
    await v.call('POST', '/cart/add', { product_id: 2, quantity: 2 });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { ...auth, cookie: `cart_id=${v.cookie()}` } });
    expect(res.json().summary.count).toBe(2);
    expect(res.cookies.find((c) => c.name === 'cart_id')?.value ?? '').toBe('');
  });
});
