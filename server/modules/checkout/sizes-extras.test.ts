/**
 * Sizes and extras through the cart and the checkout: a size's price is the one charged (and a size
 * repriced between the cart and the checkout answers 409 with the fresh totals), a line of a product
 * with sizes needs one, an order of extras only is refused unless the shop sells them alone, and the
 * order keeps the size's name.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money.js';
import { cartItems, carts, orderItems, productSizes, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { address, cartCookie, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;
let keySeq = 0;
let classique: number;
let prestige: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  // Product 1 (200 MAD, 10 % off) in three sizes; product 60 an extra (a vase), 61 an extra sold alone.
  const sizes = await ctx.db
    .insert(productSizes)
    .values([
      { productId: 1, names: { fr: 'Classique', en: 'Classic', ar: 'كلاسيكي' }, priceCents: toCents(200), sortOrder: 0 },
      { productId: 1, names: { fr: 'Généreux', en: 'Generous', ar: 'سخي' }, priceCents: toCents(300), sortOrder: 1 },
      { productId: 1, names: { fr: 'Prestige', en: 'Prestige', ar: 'فاخر' }, priceCents: toCents(400), sortOrder: 2 },
    ])
    .returning();
  classique = sizes[0]!.id;
  prestige = sizes[2]!.id;
  await ctx.db.insert(products).values([
    { id: 60, name: 'Vase', priceCents: toCents(80), stock: 4, categoryId: 1, isExtra: true },
    { id: 61, name: 'Carte imprimée', priceCents: toCents(15), stock: 50, categoryId: 1, isExtra: true, soldAlone: true },
  ]);
});
afterAll(() => ctx.close());

function shopper(lang = 'en') {
  let cookie: string | undefined;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, extra: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'accept-language': lang, origin: ORIGIN, ...(cookie ? { cookie: `cart_id=${cookie}` } : {}), ...extra },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    cookie = cartCookie(res) ?? cookie;
    return res;
  };
  const checkout = (total: number) =>
    call(
      'POST',
      '/checkout',
      {
        address,
        customer: { name: 'Buyer', email: 'buyer@example.com', phone: '0600000000' },
        delivery_zone_id: 2,
        payment_method: 'cash_on_delivery',
        accept_terms: true,
        total_amount: total,
      },
      { 'idempotency-key': `sizes-extras-${++keySeq}-${Date.now()}` },
    );
  return { call, checkout, cookie: () => cookie };
}

describe('sizes', () => {
  it('the product answer lists its sizes, the discount applied to each, first one first', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/1', headers: { 'accept-language': 'ar' } });
    expect(res.statusCode).toBe(200);
    const sizes = res.json().sizes;
    expect(sizes.map((z: { name: string }) => z.name)).toEqual(['كلاسيكي', 'سخي', 'فاخر']);
    expect(sizes[2]).toMatchObject({ id: prestige, price: 360, original_price: 400, stock: 5 });
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/product/2' });
    expect(plain.json()).toMatchObject({ sizes: [], is_extra: false });
  });

  it('refuses a line without its size, in the shopper’s language, and one in another product’s size', async () => {
    const s = shopper('fr');
    const res = await s.call('POST', '/cart/add', { product_id: 1, quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.size_id).toEqual(['Choisissez une taille pour ce produit.']);
    const other = await s.call('POST', '/cart/add', { product_id: 2, quantity: 1, size_id: prestige });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.size_id).toEqual(['Cette taille n’est pas disponible pour ce produit.']);
  });

  it('a size’s price is charged, and the order line keeps the size', async () => {
    const s = shopper();
    expect((await s.call('POST', '/cart/add', { product_id: 1, quantity: 1, size_id: prestige })).statusCode).toBe(200);
    const add = await s.call('POST', '/cart/add', { product_id: 60, quantity: 1 });
    const cart = add.json();
    expect(cart.items[0]).toMatchObject({ size: { id: prestige, name: 'Prestige' }, unit_price: 360, price: 400 });
    expect(cart.items[1]).toMatchObject({ size: null, is_extra: true, unit_price: 80 });
    // 360 + 80 + 50 delivery (Casablanca)
    const res = await s.checkout(490);
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order.total_amount).toBe(490);
    expect(order.order_items[0]).toMatchObject({
      size: { id: prestige, name: 'Prestige' },
      unit_price: 360,
      name: 'Rose bouquet — Prestige',
    });
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    expect(line).toMatchObject({
      sizeId: prestige,
      sizeName: 'Prestige',
      sizeNames: { fr: 'Prestige', en: 'Prestige', ar: 'فاخر' },
      originalUnitPriceCents: toCents(400),
      unitPriceCents: toCents(360),
    });
  });

  it('a size repriced between the cart and the checkout: 409 with the fresh totals, nothing ordered', async () => {
    const s = shopper();
    await s.call('POST', '/cart/add', { product_id: 1, quantity: 1, size_id: classique });
    const seen = (await s.call('GET', '/cart')).json();
    expect(seen.summary.subtotal).toBe(180);
    await ctx.db
      .update(productSizes)
      .set({ priceCents: toCents(250) })
      .where(eq(productSizes.id, classique));
    const res = await s.checkout(seen.summary.total);
    expect(res.statusCode).toBe(409);
    // 250 - 10 % = 225, + 50 delivery
    expect(res.json().totals).toMatchObject({ subtotal: 225, total: 275 });
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, s.cookie()!));
    expect(cart).toBeDefined();
    expect((await s.checkout(275)).statusCode).toBe(201);
  });

  it('a cart line put in before the product had sizes is refused at checkout', async () => {
    const s = shopper('en');
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await ctx.db.update(cartItems).set({ productId: 1 }).where(eq(cartItems.cartId, s.cookie()!));
    const res = await s.checkout(230);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.size_id).toEqual(['Choose a size for this product.']);
  });
});

describe('extras', () => {
  it('the extras answer lists the extras in stock', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products/extras' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([60, 61]));
    expect(ids).not.toContain(1);
  });

  it('an extra alone is refused (translated 422), unless the shop sells it alone', async () => {
    const s = shopper('ar');
    await s.call('POST', '/cart/add', { product_id: 60, quantity: 1 });
    const res = await s.checkout(130);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.items).toEqual(['Vase يُضاف إلى باقة: لا يمكن طلبه وحده.']);
    const [vase] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, 60));
    expect(vase!.stock).toBe(3);

    const card = shopper();
    await card.call('POST', '/cart/add', { product_id: 61, quantity: 2 });
    expect((await card.checkout(80)).statusCode).toBe(201);
  });
});
