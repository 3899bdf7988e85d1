import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../shared/money.js';
import { customQuoteSchema, singleStemPageSchema } from '../../../shared/schemas/custom-bouquet.js';
import {
  categories,
  categoryTranslations,
  contactRequests,
  orderItems,
  orders,
  productColors,
  products,
  productTranslations,
} from '../../db/schema.js';
import { invalidateCatalogueCache } from '../catalogue/read/cache.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { createUser, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;

const address = {
  full_name: '  Salma Bennani ',
  street: '4 avenue Mohammed V',
  city: 'Rabat',
  postal_code: '10000',
  country: 'Maroc',
  phone: '0611223344',
};

// Single stems: ids 10..17 (8 stems: two pages of 6). 10 rose 25 MAD (red, white), 11 tulip 15 MAD
// (pink, white), 12 lily 40 MAD 10% off -> 36 (no colour), 13 out of stock, 14 little stock.
beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  await ctx.db.insert(categories).values({ id: 2, name: 'Fleurs à l’unité' });
  await ctx.db.insert(categoryTranslations).values({ categoryId: 2, locale: 'en', name: 'Single stems' });
  await ctx.db.insert(products).values([
    { id: 10, name: 'Rose', priceCents: toCents(25), stock: 50, categoryId: 2, sortOrder: 1 },
    { id: 11, name: 'Tulipe', priceCents: toCents(15), stock: 50, categoryId: 2, sortOrder: 2 },
    { id: 12, name: 'Lys', priceCents: toCents(40), discount: 10, stock: 50, categoryId: 2, sortOrder: 3 },
    { id: 13, name: 'Pivoine', priceCents: toCents(30), stock: 0, categoryId: 2, sortOrder: 4 },
    { id: 14, name: 'Renoncule', priceCents: toCents(20), stock: 5, categoryId: 2, sortOrder: 5 },
    { id: 15, name: 'Gerbera', priceCents: toCents(12), stock: 10, categoryId: 2, sortOrder: 6 },
    { id: 16, name: 'Œillet', priceCents: toCents(10), stock: 10, categoryId: 2, sortOrder: 7 },
    { id: 17, name: 'Anémone', priceCents: toCents(18), stock: 10, categoryId: 2, sortOrder: 8 },
  ]);
  await ctx.db.insert(productTranslations).values([
    { productId: 10, locale: 'en', name: 'Rose stem' },
    { productId: 10, locale: 'ar', name: 'وردة' },
    { productId: 11, locale: 'en', name: 'Tulip' },
  ]);
  await ctx.db.insert(productColors).values([
    { productId: 10, colorId: 1, sortOrder: 1 },
    { productId: 10, colorId: 2, sortOrder: 2 },
    { productId: 11, colorId: 3, sortOrder: 1 },
    { productId: 11, colorId: 2, sortOrder: 2 },
    { productId: 14, colorId: 1, sortOrder: 1 },
  ]);
  invalidateCatalogueCache(ctx.db);
});
afterAll(() => ctx.close());

const stock = async (id: number) => (await ctx.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;

function create(auth: Record<string, string> | null, body: object, opts: { key?: string; lang?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/custom-bouquet/create',
    headers: { 'accept-language': opts.lang ?? 'fr', 'idempotency-key': opts.key ?? randomUUID(), ...(auth ?? {}) },
    payload: body,
  });
}

const order = (flowers: object[], total: number, extra: object = {}) => ({
  address,
  flowers,
  payment_method: 'cash_on_delivery',
  delivery_zone_id: 1,
  total_amount: total,
  shipping_cost: 0,
  ...extra,
});

describe('GET /custom-bouquet/single-stems', () => {
  it('pages the single stems, 6 by default, in the shop order and the request language', async () => {
    const res = await ctx.app.inject({ url: '/api/custom-bouquet/single-stems', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const body = singleStemPageSchema.parse(res.json());
    expect(body.meta).toEqual({ page: 1, per_page: 6, total: 8, last_page: 2 });
    expect(body.data.map((p) => p.id)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(body.data[0]).toMatchObject({ name: 'Rose stem', price: 25, final_price: 25, in_stock: true });
    expect(body.data[0]!.colors.map((c) => c.name)).toEqual(['Red', 'White']);
    expect(body.data[2]).toMatchObject({ price: 40, discount: 10, final_price: 36, colors: [] });
    expect(body.data[3]).toMatchObject({ id: 13, stock: 0, in_stock: false });

    const p2 = (await ctx.app.inject({ url: '/api/custom-bouquet/single-stems?page=2', headers: { 'accept-language': 'ar' } })).json();
    expect(p2.data.map((p: { id: number }) => p.id)).toEqual([16, 17]);
    const ar = (await ctx.app.inject({ url: '/api/custom-bouquet/single-stems?per_page=1', headers: { 'accept-language': 'ar' } })).json();
    expect(ar.data[0]).toMatchObject({
      name: 'وردة',
      colors: [
        { id: 1, name: 'أحمر' },
        { id: 2, name: 'Blanc' },
      ],
    });
    expect(ar.meta.last_page).toBe(8);
  });

  it('refuses a bad page (422)', async () => {
    const res = await ctx.app.inject({ url: '/api/custom-bouquet/single-stems?page=0' });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /custom-bouquet/create', () => {
  it('places a customized order for a logged-in customer and takes each stem out of stock', async () => {
    const { auth, user } = await createUser(ctx.db, { language: 'fr' });
    await ctx.clearMail();
    const before = { 10: await stock(10), 11: await stock(11) };
    // 3 red roses (75) + 2 white roses (50) + 4 pink tulips (60) = 185, Rabat 40 below the 500 threshold.
    const res = await create(
      auth,
      order(
        [
          { product_id: 10, color_id: 1, quantity: 3 },
          { product_id: 10, color_id: 2, quantity: 2 },
          { product_id: 11, color_id: 3, quantity: 4 },
        ],
        225,
        { custom_instructions: '  Ruban rose, papier kraft ', gift_message: 'Joyeux anniversaire' },
      ),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Votre commande a bien été enregistrée. Merci !');
    expect(body.order).toMatchObject({
      is_customized: true,
      subtotal: 185,
      shipping_cost: 40,
      total_amount: 225,
      gift_message: 'Joyeux anniversaire',
    });
    expect(
      body.order.order_items.map((i: { product_id: number; color: { name: string }; quantity: number }) => [
        i.product_id,
        i.color.name,
        i.quantity,
      ]),
    ).toEqual([
      [10, 'Rouge', 3],
      [10, 'Blanc', 2],
      [11, 'Rose', 4],
    ]);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(row).toMatchObject({
      userId: user.id,
      isCustomized: true,
      customInstructions: 'Ruban rose, papier kraft',
      customerEmail: user.email,
    });
    expect(await stock(10)).toBe(before[10] - 5);
    expect(await stock(11)).toBe(before[11] - 4);
    // Confirmation to the customer and a notice to the admins (none exist yet here: one admin below).
    await ctx.app.mailQueue.settled();
    await vi.waitFor(() => expect(ctx.mail.sent.some((m) => m.to === user.email)).toBe(true));
  });

  it('uses the default instructions in the order language and notifies the admins', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', language: 'en' });
    const { auth } = await createUser(ctx.db);
    await ctx.clearMail();
    const res = await create(auth, order([{ product_id: 12, color_id: null, quantity: 2 }], 112), { lang: 'en' });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(row!.customInstructions).toBe('Free composition by the florist');
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id));
    expect(items).toMatchObject([{ productId: 12, quantity: 2, unitPriceCents: 3600, colorId: null }]);
    await ctx.app.mailQueue.settled();
    await vi.waitFor(() => expect(ctx.mail.sent.find((m) => m.to === admin.user.email)?.text).toContain('Free composition by the florist'));
  });

  it('answers 401 to visitors, before validating anything', async () => {
    const res = await create(null, {}, { lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to place your order.');
  });

  it('refuses a product that is not a single stem, and a colour the stem does not have (422)', async () => {
    const { auth } = await createUser(ctx.db);
    const bad = await create(
      auth,
      order(
        [
          { product_id: 10, color_id: 1, quantity: 1 },
          { product_id: 1, color_id: null, quantity: 1 },
        ],
        1000,
      ),
      { lang: 'en' },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'flowers.1.product_id': ['This product is not a single stem.'] });
    const colour = await create(auth, order([{ product_id: 11, color_id: 1, quantity: 1 }], 55));
    expect(colour.statusCode).toBe(422);
    expect(Object.keys(colour.json().errors)).toEqual(['flowers.0.color_id']);
  });

  it('validates the address, lines, zone and payment method (422)', async () => {
    const { auth } = await createUser(ctx.db);
    const res = await create(auth, { ...order([], 0), address: { ...address, city: '  ', phone: '' } }, { lang: 'en' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['address.city', 'address.phone', 'flowers']);
    const many = await create(auth, order([{ product_id: 10, color_id: 1, quantity: 101 }], 0));
    expect(Object.keys(many.json().errors)).toEqual(['flowers.0.quantity']);
    const card = await create(
      auth,
      order([{ product_id: 10, color_id: 1, quantity: 1 }], 65, { payment_method: 'card_payment', delivery_zone_id: null }),
      { lang: 'en' },
    );
    expect(card.statusCode).toBe(422);
    expect(card.json().errors).toEqual({
      payment_method: ['Card payment is coming soon. Please select another payment method.'],
      delivery_zone_id: ['Select city first'],
    });
  });

  it('refuses short stock naming the stem (409), and writes nothing', async () => {
    const { auth } = await createUser(ctx.db);
    const before = await stock(10);
    const res = await create(
      auth,
      order(
        [
          { product_id: 10, color_id: 1, quantity: 1 },
          { product_id: 13, color_id: null, quantity: 1 },
        ],
        95,
      ),
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, Pivoine is out of stock.');
    expect(await stock(10)).toBe(before);
  });

  it('refuses a total that differs from the server’s with 409 and the fresh totals', async () => {
    const { auth } = await createUser(ctx.db);
    const before = await stock(11);
    const res = await create(auth, order([{ product_id: 11, color_id: 2, quantity: 2 }], 30));
    expect(res.statusCode).toBe(409);
    expect(res.json().totals).toMatchObject({ subtotal: 30, shipping: 40, total: 70 });
    expect(await stock(11)).toBe(before);
  });

  it('returns the same order for a repeated Idempotency-Key', async () => {
    const { auth } = await createUser(ctx.db);
    const key = randomUUID();
    const body = order([{ product_id: 15, color_id: null, quantity: 1 }], 52);
    const first = await create(auth, body, { key });
    const again = await create(auth, body, { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(await stock(15)).toBe(9);
    // Keys are scoped to their caller: someone else's same key is their own order, never this one.
    const other = await createUser(ctx.db);
    const theirs = await create(other.auth, body, { key });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order.id).not.toBe(first.json().order.id);
    expect(await stock(15)).toBe(8);
  });

  it('a retry racing the first post with the same key (its answer lost to a timeout) places ONE order', async () => {
    const { auth, user } = await createUser(ctx.db);
    const key = randomUUID();
    const body = order([{ product_id: 17, color_id: null, quantity: 2 }], 76);
    const answers = await Promise.all([create(auth, body, { key }), create(auth, body, { key })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().order.id).toBe(answers[1]!.json().order.id);
    expect(await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await stock(17)).toBe(8);
  });

  it('accepts the session cookie from the shop’s own origin only', async () => {
    const { token } = await createUser(ctx.db);
    const body = order([{ product_id: 16, color_id: null, quantity: 1 }], 50);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/custom-bouquet/create',
      headers: { cookie: `session=${token}`, origin: 'https://evil.example', 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/custom-bouquet/create',
      headers: { cookie: `session=${token}`, origin: ORIGIN, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(own.statusCode).toBe(201);
  });
});

describe('POST /custom-bouquet/contact', () => {
  it('stores the request and mails every admin', async () => {
    const admin = await createUser(ctx.db, { role: 'super_admin', language: 'fr' });
    await ctx.clearMail();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/custom-bouquet/contact',
      headers: { 'accept-language': 'en' },
      payload: { full_name: ' Nadia ', email: 'Nadia@Example.com', phone: '0600', message: 'Un bouquet de pivoines blanches pour samedi' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/^Thank you!/);
    const [row] = await ctx.db.select().from(contactRequests).where(eq(contactRequests.email, 'nadia@example.com'));
    expect(row).toMatchObject({
      kind: 'custom_bouquet',
      fullName: 'Nadia',
      phone: '0600',
      message: 'Un bouquet de pivoines blanches pour samedi',
    });
    await ctx.app.mailQueue.settled();
    await vi.waitFor(() => {
      const mail = ctx.mail.sent.find((m) => m.to === admin.user.email);
      expect(mail?.subject).toBe('Demande de bouquet personnalisé de Nadia');
      expect(mail?.text).toContain('pivoines blanches');
    });
  });

  it('accepts kind contact, and validates (422)', async () => {
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/custom-bouquet/contact',
      payload: { full_name: 'Omar', email: 'omar@example.com', message: 'Bonjour', kind: 'contact' },
    });
    expect(ok.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(contactRequests).where(eq(contactRequests.email, 'omar@example.com'));
    expect(row).toMatchObject({ kind: 'contact', phone: null });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/custom-bouquet/contact',
      headers: { 'accept-language': 'en' },
      payload: { full_name: ' ', email: 'nope', message: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      full_name: ['This field is required.'],
      email: ['Invalid e-mail address.'],
      message: ['This field is required.'],
    });
  });
});

describe.skipIf(!onPostgres)('concurrent custom orders (PostgreSQL)', () => {
  it('never oversell a stem: 20 customers, stock 5, exactly 5 orders', async () => {
    await ctx.db.update(products).set({ stock: 5 }).where(eq(products.id, 14));
    const customers = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx.db)));
    const results = await Promise.all(customers.map((c) => create(c.auth, order([{ product_id: 14, color_id: 1, quantity: 1 }], 60))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(await stock(14)).toBe(0);
    const sold = await ctx.db.select().from(orderItems).where(eq(orderItems.productId, 14));
    expect(sold.reduce((n, i) => n + i.quantity, 0)).toBe(5);
  });
});

describe('POST /custom-bouquet/quote', () => {
  const quote = (body: object, lang = 'fr') =>
    ctx.app.inject({ method: 'POST', url: '/api/custom-bouquet/quote', headers: { 'accept-language': lang }, payload: body });

  it('prices the lines from the database, whatever the client sends, without login and without writing', async () => {
    const before = { rose: await stock(10), lily: await stock(12), orders: (await ctx.db.select({ id: orders.id }).from(orders)).length };
    const res = await quote(
      {
        flowers: [
          { product_id: 10, color_id: 2, quantity: 3, price: 1, unit_price: 0.01 },
          { product_id: 12, color_id: null, quantity: 2 },
          { product_id: 11, color_id: null, quantity: 1 },
        ],
        total_amount: 1,
        shipping_cost: 0,
      },
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = customQuoteSchema.parse(res.json());
    expect(body.items).toEqual([
      expect.objectContaining({
        product_id: 10,
        color_id: 2,
        name: 'Rose stem',
        unit_price: 25,
        quantity: 3,
        line_total: 75,
        stock: before.rose,
      }),
      expect.objectContaining({ product_id: 12, color_id: null, name: 'Lys', color: null, unit_price: 36, quantity: 2, line_total: 72 }),
      // A null colour is the stem's first colour (pink, sort order 1), as the order charges it.
      expect.objectContaining({ product_id: 11, color_id: 3, name: 'Tulip', unit_price: 15, line_total: 15 }),
    ]);
    expect(body.items[0]!.color).toMatchObject({ id: 2 });
    expect(body.summary).toMatchObject({
      subtotal: 162,
      discount: 0,
      coupon: null,
      delivery_city: null,
      shipping: 0,
      tax: 'included',
      total: 162,
      count: 6,
    });
    expect(await stock(10)).toBe(before.rose);
    expect(await stock(12)).toBe(before.lily);
    expect((await ctx.db.select({ id: orders.id }).from(orders)).length).toBe(before.orders);
  });

  it('adds the zone fee under its free-delivery threshold and nothing from it', async () => {
    const under = (await quote({ flowers: [{ product_id: 10, color_id: 1, quantity: 19 }], delivery_zone_id: 1 })).json();
    expect(under.summary).toMatchObject({
      subtotal: 475,
      shipping: 40,
      total: 515,
      delivery_city: { id: 1, name: 'Rabat', free_threshold: 500 },
    });
    const at = (await quote({ flowers: [{ product_id: 10, color_id: 1, quantity: 20 }], delivery_zone_id: 1 })).json();
    expect(at.summary).toMatchObject({ subtotal: 500, shipping: 0, total: 500 });
    const casa = (await quote({ flowers: [{ product_id: 10, color_id: 1, quantity: 20 }], delivery_zone_id: 2 })).json();
    expect(casa.summary).toMatchObject({ subtotal: 500, shipping: 50, total: 550 });
  });

  it('quotes exactly the total the order accepts', async () => {
    const flowers = [
      { product_id: 11, color_id: 2, quantity: 4 },
      { product_id: 12, color_id: null, quantity: 1 },
    ];
    const q = (await quote({ flowers, delivery_zone_id: 1 })).json();
    const user = await createUser(ctx.db, { email: `quote.${randomUUID()}@example.com` });
    const res = await create(user.auth, order(flowers, q.summary.total));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.total_amount).toBe(q.summary.total);
  });

  it('refuses what the order refuses: not a single stem, a colour not offered, bad quantities, unknown zone', async () => {
    const notStem = await quote(
      {
        flowers: [
          { product_id: 10, color_id: 1, quantity: 1 },
          { product_id: 1, color_id: null, quantity: 1 },
        ],
      },
      'en',
    );
    expect(notStem.statusCode).toBe(422);
    expect(notStem.json().errors).toEqual({ 'flowers.1.product_id': ['This product is not a single stem.'] });
    const colour = await quote({ flowers: [{ product_id: 10, color_id: 3, quantity: 1 }] });
    expect(colour.statusCode).toBe(422);
    expect(Object.keys(colour.json().errors)).toEqual(['flowers.0.color_id']);
    for (const quantity of [0, 101, 1.5]) {
      expect((await quote({ flowers: [{ product_id: 10, color_id: 1, quantity }] })).statusCode).toBe(422);
    }
    expect((await quote({ flowers: [] })).statusCode).toBe(422);
    const zone = await quote({ flowers: [{ product_id: 10, color_id: 1, quantity: 1 }], delivery_zone_id: 3 });
    expect(zone.statusCode).toBe(422);
    expect(Object.keys(zone.json().errors)).toEqual(['delivery_zone_id']);
  });
});
