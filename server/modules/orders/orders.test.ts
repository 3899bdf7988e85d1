import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  colors,
  orderAddresses,
  orderItems,
  orders,
  orderStatusHistory,
  productImages,
  products,
  users,
} from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { createSession } from '../accounts/auth.js';
import { orderTrackingToken, orderTrackingUrl, TRACKING_LINK_DAYS } from './order-links.js';

let ctx: TestContext;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const aliceOrders: number[] = [];
let bobOrder = 0;
let guestOrder = 0;

async function loginAs(db: TestContext['db'], email: string, name: string) {
  const [user] = await db
    .insert(users)
    .values({ name, email, passwordHash: await hashPassword('secret123'), emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await createSession(db, user.id);
  return { id: user.id, token };
}

async function insertOrder(
  db: TestContext['db'],
  userId: number | null,
  createdAt: Date,
  email = 'someone@example.com',
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      customerName: 'Client',
      customerEmail: email,
      customerPhone: '+212600000001',
      deliveryCity: 'Rabat',
      subtotalCents: 45000,
      shippingCents: 4000,
      couponCode: null,
      totalCents: 49000,
      paymentMethod: 'cash_on_delivery',
      createdAt,
      ...extra,
    })
    .returning({ id: orders.id });
  const address = {
    fullName: 'Alice Alaoui',
    street: '1 rue des Roses',
    city: 'Rabat',
    postalCode: '10000',
    country: 'Maroc',
    phone: '+212600000001',
  };
  await db.insert(orderAddresses).values([
    { orderId: order.id, kind: 'shipping', ...address },
    { orderId: order.id, kind: 'billing', ...address, street: '2 avenue Hassan II' },
  ]);
  await db.insert(orderItems).values([
    {
      orderId: order.id,
      productId: 1,
      productName: 'Bouquet Rose',
      colorId: 1,
      colorName: 'Rouge',
      colorHex: '#FF0000',
      quantity: 2,
      originalUnitPriceCents: 25000,
      discount: 10,
      unitPriceCents: 22500,
    },
    { orderId: order.id, productId: null, productName: 'Ancien produit', quantity: 1, originalUnitPriceCents: 1000, unitPriceCents: 1000 },
  ]);
  await db.insert(orderStatusHistory).values([
    { orderId: order.id, orderStatus: 'pending', paymentStatus: 'pending', note: 'Order placed', createdAt },
    {
      orderId: order.id,
      orderStatus: 'confirmed',
      paymentStatus: 'pending',
      note: null,
      createdAt: new Date(createdAt.getTime() + 60_000),
    },
  ]);
  return order.id;
}

const get = (url: string, token?: string, lang = 'en') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db;
  await db.insert(categories).values({ id: 1, name: 'Bouquets' });
  await db.insert(colors).values({ id: 1, name: 'Rouge', hexCode: '#FF0000', slug: 'rouge' });
  await db.insert(products).values({ id: 1, name: 'Bouquet Rose', priceCents: 25000, discount: 10, stock: 5, categoryId: 1 });
  await db.insert(productImages).values({ productId: 1, key: 'products/rose', widths: [320, 640, 1024], width: 1024, height: 1024 });
  alice = await loginAs(db, 'alice@example.com', 'Alice');
  bob = await loginAs(db, 'bob@example.com', 'Bob');
  const base = Date.UTC(2025, 0, 1);
  for (let i = 0; i < 12; i++) {
    aliceOrders.push(
      await insertOrder(
        db,
        alice.id,
        new Date(base + i * 86_400_000),
        'alice@example.com',
        i === 11
          ? {
              recipientName: 'Maman',
              recipientPhone: '+212600000009',
              anonymousSender: true,
              giftMessage: 'Bonne fête',
              deliveryDate: '2025-01-20',
              couponCode: 'BIENVENUE10',
              couponDiscountCents: 4500,
              totalCents: 44500,
              orderStatus: 'delivered',
              paymentStatus: 'paid',
            }
          : {},
      ),
    );
  }
  bobOrder = await insertOrder(db, bob.id, new Date(base + 100 * 86_400_000), 'bob@example.com');
  guestOrder = await insertOrder(db, null, new Date(base), 'Guest@Example.com');
});
afterAll(() => ctx?.close());

describe('GET /api/profile/orders', () => {
  it('needs a session', async () => {
    const res = await get('/api/profile/orders');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
    expect((await get('/api/profile/orders', 'not-a-token')).statusCode).toBe(401);
  });

  it('lists only the customer’s own orders, newest first, 10 a page', async () => {
    const res = await get('/api/profile/orders', alice.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 10, total: 12, last_page: 2 });
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([...aliceOrders].reverse().slice(0, 10));
    expect(body.orders).toEqual(body.data);
    expect(body.data.map((o: { id: number }) => o.id)).not.toContain(bobOrder);
    expect(body.data[0]).toEqual({
      id: aliceOrders[11],
      created_at: new Date(Date.UTC(2025, 0, 12)).toISOString(),
      total_amount: 445,
      subtotal: 450,
      shipping_cost: 40,
      coupon_code: 'BIENVENUE10',
      coupon_discount: 45,
      payment_method: 'cash_on_delivery',
      payment_status: 'paid',
      order_status: 'delivered',
      is_customized: false,
      delivery_date: '2025-01-20',
      delivery_method: 'delivery',
      delivery_slot: null,
      delivery_city: 'Rabat',
      // Rows inserted without names read as the customer's text.
      delivery_city_names: null,
      language: 'fr',
      gift_message: 'Bonne fête',
      recipient: { name: 'Maman', phone: '+212600000009', anonymous: true },
      items_count: 3,
      address: {
        full_name: 'Alice Alaoui',
        street: '1 rue des Roses',
        city: 'Rabat',
        state: null,
        postal_code: '10000',
        country: 'Maroc',
        phone: '+212600000001',
      },
    });
    expect(body.data[1].recipient).toBeNull();
  });

  it('pages in SQL with the right totals', async () => {
    const page3 = (await get('/api/profile/orders?page=3&per_page=5', alice.token)).json();
    expect(page3.meta).toEqual({ page: 3, per_page: 5, total: 12, last_page: 3 });
    expect(page3.data.map((o: { id: number }) => o.id)).toEqual([aliceOrders[1], aliceOrders[0]]);
    const beyond = (await get('/api/profile/orders?page=9', alice.token)).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(12);
    const bobs = (await get('/api/profile/orders', bob.token)).json();
    expect(bobs.meta.total).toBe(1);
    expect(bobs.data[0].id).toBe(bobOrder);
  });

  it('validates paging', async () => {
    const res = await get('/api/profile/orders?per_page=0', alice.token);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['per_page']);
  });
});

describe('GET /api/profile/orders/:id', () => {
  it('shows one of the customer’s orders in full', async () => {
    const res = await get(`/api/profile/orders/${aliceOrders[11]}`, alice.token);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.id).toBe(aliceOrders[11]);
    expect(o.shipping_address.street).toBe('1 rue des Roses');
    expect(o.billing_address.street).toBe('2 avenue Hassan II');
    expect(o.address).toEqual(o.shipping_address);
    expect(o.substitution).toBe('similar');
    expect(o.order_notes).toBeNull();
    expect(o.custom_instructions).toBeNull();
    expect(o.order_items).toEqual([
      {
        id: expect.any(Number),
        product_id: 1,
        product: { name: 'Bouquet Rose', image_url: '/uploads/products/rose-320.webp' },
        quantity: 2,
        unit_price: 225,
        original_unit_price: 250,
        discount: 10,
        line_total: 450,
        color: { id: 1, name: 'Rouge', hex_code: '#FF0000' },
        color_name: 'Rouge',
        names: null,
        color_names: null,
      },
      {
        id: expect.any(Number),
        product_id: null,
        product: { name: 'Ancien produit', image_url: null },
        quantity: 1,
        unit_price: 10,
        original_unit_price: 10,
        discount: 0,
        line_total: 10,
        color: null,
        color_name: null,
        names: null,
        color_names: null,
      },
    ]);
    expect(o.status_history.map((h: { order_status: string }) => h.order_status)).toEqual(['pending', 'confirmed']);
    expect(o.status_history[0]).toEqual({
      order_status: 'pending',
      payment_status: 'pending',
      note: 'Order placed',
      created_at: new Date(Date.UTC(2025, 0, 12)).toISOString(),
    });
  });

  it('answers 404, not 403, for another customer’s order or a missing one', async () => {
    const theirs = await get(`/api/profile/orders/${bobOrder}`, alice.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Order not found.' });
    const guests = await get(`/api/profile/orders/${guestOrder}`, alice.token, 'ar');
    expect(guests.statusCode).toBe(404);
    expect(guests.json().message).toBe('الطلب غير موجود.');
    expect((await get('/api/profile/orders/999999', alice.token)).statusCode).toBe(404);
    expect((await get(`/api/profile/orders/${bobOrder}`, bob.token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await get(`/api/profile/orders/${aliceOrders[0]}`)).statusCode).toBe(401);
  });
});

describe('GET /api/orders/track/:id (guest link)', () => {
  it('shows the order with the token of its e-mail link', async () => {
    const url = orderTrackingUrl(ctx.config, guestOrder, 'guest@example.com');
    expect(url).toMatch(new RegExp(`^http://localhost:3000/orders/track/${guestOrder}\\?token=[0-9a-z]+\\.[\\w-]{43}$`));
    const token = new URL(url).searchParams.get('token')!;
    const res = await get(`/api/orders/track/${guestOrder}?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(guestOrder);
    expect(res.json().order_items).toHaveLength(2);
    // The guest's receipt prints the e-mail as typed at checkout.
    expect(res.json().customer_email).toBe('Guest@Example.com');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for a wrong token, another order’s token or a missing order', async () => {
    const good = orderTrackingToken(ctx.dataDir, guestOrder, 'guest@example.com');
    expect((await get(`/api/orders/track/${guestOrder}?token=${good.slice(0, -2)}xx`)).statusCode).toBe(404);
    expect((await get(`/api/orders/track/${bobOrder}?token=${good}`)).statusCode).toBe(404);
    expect((await get(`/api/orders/track/999999?token=${good}`)).statusCode).toBe(404);
    expect((await get(`/api/orders/track/${guestOrder}`)).statusCode).toBe(422);
  });

  it('keeps the secret in the data folder and stops working when the e-mail changes', async () => {
    const before = orderTrackingToken(ctx.dataDir, guestOrder, 'guest@example.com');
    await ctx.db.update(orders).set({ customerEmail: 'other@example.com' }).where(eq(orders.id, guestOrder));
    expect((await get(`/api/orders/track/${guestOrder}?token=${before}`)).statusCode).toBe(404);
    expect(orderTrackingToken(ctx.dataDir, guestOrder, 'guest@example.com')).toBe(before);
  });
});

describe('tracking links expire and can be sent again', () => {
  const DAY = 86_400_000;
  const post = (body: unknown, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders/track/resend',
      headers: { 'accept-language': lang, origin: ctx.config.publicUrl },
      payload: body as object,
    });
  let ended = 0;
  let open = 0;
  beforeAll(async () => {
    open = await insertOrder(ctx.db, null, new Date(Date.now() - 400 * DAY), 'open@example.com');
    // Delivered 100 days ago: its links (v1 and v2 sent at the order) are past the 90 days.
    const placed = new Date(Date.now() - 110 * DAY);
    ended = await insertOrder(ctx.db, null, placed, 'Late.Guest@example.com', { orderStatus: 'delivered' });
    await ctx.db
      .insert(orderStatusHistory)
      .values({ orderId: ended, orderStatus: 'delivered', paymentStatus: 'paid', note: null, createdAt: new Date(Date.now() - 100 * DAY) });
  });

  it('answers 410 in the reader’s language once 90 days have passed since the delivery', async () => {
    expect(TRACKING_LINK_DAYS).toBe(90);
    const v1 = orderTrackingToken(ctx.dataDir, ended, 'late.guest@example.com');
    const v2 = orderTrackingToken(ctx.dataDir, ended, 'late.guest@example.com', new Date(Date.now() - 110 * DAY));
    for (const token of [v1, v2]) {
      const res = await get(`/api/orders/track/${ended}?token=${token}`);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toMatch(/^This tracking link has expired/);
    }
    expect((await get(`/api/orders/track/${ended}?token=${v1}`, undefined, 'fr')).json().message).toMatch(/^Ce lien de suivi a expiré/);
    expect((await get(`/api/orders/track/${ended}?token=${v1}`, undefined, 'ar')).json().message).toMatch(/^انتهت صلاحية رابط التتبع/);
    // A link sent 10 days ago still works (90 days after its sending); an open order's links never expire.
    const recent = orderTrackingToken(ctx.dataDir, ended, 'late.guest@example.com', new Date(Date.now() - 10 * DAY));
    expect((await get(`/api/orders/track/${ended}?token=${recent}`)).statusCode).toBe(200);
    const old = orderTrackingToken(ctx.dataDir, open, 'open@example.com', new Date(Date.now() - 400 * DAY));
    expect((await get(`/api/orders/track/${open}?token=${old}`)).statusCode).toBe(200);
    // A forged issue date breaks the signature: 404, not a fresh link.
    const [, sig] = v2.split('.');
    expect((await get(`/api/orders/track/${ended}?token=${Math.floor(Date.now() / 1000).toString(36)}.${sig}`)).statusCode).toBe(404);
  });

  it('mails a fresh link to the order’s own address only, answering the same whatever the match', async () => {
    await ctx.clearMail();
    const answers = await Promise.all([
      post({ order_id: ended, email: 'lateguest+x@Example.com' }),
      post({ order_id: ended, email: 'someone.else@example.com' }),
      post({ order_id: 999999, email: 'late.guest@example.com' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({
        message: 'If this order number matches this e-mail address, we have just sent a new tracking link to it.',
      });
    }
    expect((await post({ order_id: ended, email: 'x@example.com' }, 'ar')).json().message).toMatch(/^إذا كان رقم الطلب/);
    await ctx.app.mailQueue.settled();
    expect(ctx.mail.sent).toHaveLength(1);
    const mail = ctx.mail.sent[0]!;
    expect(mail.to).toBe('Late.Guest@example.com');
    expect(mail.text).not.toContain('lateguest+x');
    const token = new URL(mail.links![0]!).searchParams.get('token')!;
    expect((await get(`/api/orders/track/${ended}?token=${token}`)).statusCode).toBe(200);
    expect((await post({ order_id: 'abc', email: 'nope' })).statusCode).toBe(422);
  });
});
