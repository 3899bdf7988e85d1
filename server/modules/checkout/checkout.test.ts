import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectedDeliveryDate, selectableRange } from '../../../shared/delivery-date.js';
import { carts, couponRedemptions, coupons, orderAddresses, orderItems, orders, orderStatusHistory, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { address, cartCookie, createUser, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';
import { sendNewOrderNotice } from '../orders/order-mails.js';
import { createSession } from '../accounts/auth.js';

let ctx: TestContext;
let closedDate: string;
let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ closedDate } = await insertShopFixtures(ctx.db));
  await createUser(ctx.db, { role: 'admin', email: 'admin@flora.test', language: 'en' });
  await createUser(ctx.db, { role: 'super_admin', email: 'boss@flora.test', language: 'ar' });
});
afterAll(() => ctx.close());

async function setStock(id: number, stock: number) {
  await ctx.db.update(products).set({ stock }).where(eq(products.id, id));
}
async function stockOf(id: number) {
  const [p] = await ctx.db.select({ stock: products.stock, popularity: products.popularity }).from(products).where(eq(products.id, id));
  return p!;
}
async function orderCount() {
  const [r] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return Number(r!.n);
}

/** A browser (visitor, or customer with `auth`) with its cart cookie. */
function shopper(opts: { lang?: string; auth?: Record<string, string> } = {}) {
  let cookie: string | undefined;
  const headers = () => ({
    'accept-language': opts.lang ?? 'en',
    origin: ORIGIN,
    ...(opts.auth ?? {}),
    ...(cookie ? { cookie: `cart_id=${cookie}` } : {}),
  });
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers(), ...extra },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    cookie = cartCookie(res) ?? cookie;
    return res;
  };
  const cart = async () => (await call('GET', '/cart')).json();
  const checkout = (body: Record<string, unknown>, key = newKey()) => call('POST', '/checkout', body, { 'idempotency-key': key });
  return { call, cart, checkout };
}

async function payloadFor(s: ReturnType<typeof shopper>, extra: Record<string, unknown> = {}) {
  const cart = await s.cart();
  return {
    address,
    customer: { name: 'Amina Alaoui', email: 'Amina@Example.com', phone: '0612345678' },
    delivery_zone_id: cart.summary.delivery_city?.id ?? 1,
    payment_method: 'cash_on_delivery',
    accept_terms: true,
    total_amount: cart.summary.total,
    shipping_cost: cart.summary.shipping,
    ...extra,
  };
}

describe('guest checkout', () => {
  it('places the order in one transaction: stock, coupon, lines, addresses, history, cart deleted, mails', async () => {
    await setStock(1, 5);
    const s = shopper({ lang: 'en' });
    await s.call('POST', '/cart/add', { product_id: 1, quantity: 2, color_id: 1 }); // 2 x 180
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 }); // 99.90
    await s.call('POST', '/cart/delivery-city', { zone_id: 1 });
    await s.call('POST', '/cart/coupon', { code: 'BIENVENUE10' });
    const cart = await s.cart();
    expect(cart.summary).toMatchObject({ subtotal: 459.9, discount: 45.99, shipping: 40, total: 453.91 });
    const before = await stockOf(1);
    const [couponBefore] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'BIENVENUE10'));

    const key = newKey();
    const body = await payloadFor(s, {
      recipient: { name: 'Salma', phone: '0677777777', anonymous: true },
      substitution: 'call_first',
      gift_message: '  Joyeux anniversaire  ',
      order_notes: '   ',
      items: cart.items.map((i: { product_id: number; color: { id: number } | null; quantity: number }) => ({
        product_id: i.product_id,
        color_id: i.color?.id ?? null,
        quantity: i.quantity,
        product: { price: 0.01 }, // client-side price: ignored
      })),
    });
    const res = await s.checkout(body, key);
    expect(res.statusCode).toBe(201);
    const { message, order } = res.json();
    expect(message).toBe('Your order has been placed. Thank you!');
    expect(order).toMatchObject({
      order_status: 'pending',
      payment_status: 'pending',
      payment_method: 'cash_on_delivery',
      is_customized: false,
      subtotal: 459.9,
      coupon_code: 'BIENVENUE10',
      coupon_discount: 45.99,
      shipping_cost: 40,
      tax: 'included',
      total_amount: 453.91,
      delivery_city: 'Rabat',
      customer: { name: 'Amina Alaoui', email: 'amina@example.com', phone: '0612345678' },
      recipient: { name: 'Salma', phone: '0677777777', anonymous: true },
      substitution: 'call_first',
      gift_message: 'Joyeux anniversaire',
    });
    expect(order.order_items).toEqual([
      {
        product_id: 1,
        name: 'Rose bouquet',
        color: { id: 1, name: 'Red', hex_code: '#C0392B' },
        size: null,
        quantity: 2,
        original_unit_price: 200,
        discount: 10,
        unit_price: 180,
        line_total: 360,
      },
      {
        product_id: 2,
        name: 'Plante verte',
        color: null,
        size: null,
        quantity: 1,
        original_unit_price: 99.9,
        discount: 0,
        unit_price: 99.9,
        line_total: 99.9,
      },
    ]);
    // No date chosen: the computed one.
    expect(order.delivery_date).toBe(expectedDeliveryDate(new Date(), [closedDate]));

    const after = await stockOf(1);
    expect(after.stock).toBe(before.stock - 2);
    expect(after.popularity).toBe(before.popularity + 2);
    const [couponAfter] = await ctx.db.select().from(coupons).where(eq(coupons.code, 'BIENVENUE10'));
    expect(couponAfter!.usedCount).toBe(couponBefore!.usedCount + 1);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    // A customer's own order: the storefront channel, entered by nobody on staff (written with the row).
    expect(row).toMatchObject({
      source: 'storefront',
      enteredBy: null,
      userId: null,
      language: 'en',
      idempotencyKey: key,
      idempotencyScope: expect.stringMatching(/^g:[\w-]{22}$/),
      orderNotes: null,
      totalCents: 45391,
    });
    expect(await ctx.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, order.id))).toHaveLength(2);
    expect(await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(2);
    expect(await ctx.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id))).toMatchObject([
      { email: 'amina@example.com' },
    ]);
    expect(await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toMatchObject([
      { orderStatus: 'pending', paymentStatus: 'pending' },
    ]);
    // The cart is gone: the next GET is empty.
    expect((await s.cart()).items).toEqual([]);

    // Mails, after the transaction: the customer in English, each admin in their language.
    await ctx.app.mailQueue.settled();
    await vi.waitFor(() => expect(ctx.mail.sent.filter((m) => m.subject.includes(`${order.id}`))).toHaveLength(3));
    const mails = ctx.mail.sent.filter((m) => m.subject.includes(`${order.id}`));
    const toCustomer = mails.find((m) => m.to === 'amina@example.com')!;
    expect(toCustomer.subject).toBe(`We have received your order #${order.id}`);
    expect(toCustomer.text).toContain('2 × Rose bouquet (Red)');
    expect(toCustomer.text).toContain('/orders/track/');
    expect(mails.find((m) => m.to === 'admin@flora.test')!.subject).toContain(`New order #${order.id}`);
    expect(mails.find((m) => m.to === 'boss@flora.test')!.subject).toContain(`طلب جديد رقم ${order.id}`);

    // Same key again: the same order, not a second one.
    const count = await orderCount();
    const again = await s.checkout(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await orderCount()).toBe(count);
    // Keys are scoped to their caller: another guest (even with the same e-mail) or a customer sending
    // the same key places their own order and never gets this one.
    const thief = shopper();
    await thief.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await thief.call('POST', '/cart/delivery-city', { zone_id: 2 });
    const stolen = await thief.checkout(await payloadFor(thief, { customer: { email: 'Amina@Example.com' } }), key);
    expect(stolen.statusCode).toBe(201);
    expect(stolen.json().order.id).not.toBe(order.id);
    expect(stolen.json().order.order_items).toMatchObject([{ product_id: 2, quantity: 1 }]);
    expect(JSON.stringify(stolen.json())).not.toContain(address.street);
    const noCart = shopper();
    const empty = await noCart.checkout(await payloadFor(noCart, { total_amount: 1 }), key);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().order).toBeUndefined();
    expect(await orderCount()).toBe(count + 1);
  });

  it('a customer’s key is theirs across sessions, and another customer’s same key is another order', async () => {
    const karim = await createUser(ctx.db, { email: 'karim@example.com' });
    const other = await createUser(ctx.db, { email: 'nora@example.com' });
    const phone = shopper({ auth: karim.auth });
    const laptop = shopper({ auth: { authorization: `Bearer ${(await createSession(ctx.db, karim.user.id)).token}` } });
    const nora = shopper({ auth: other.auth });
    await setStock(2, 20);
    await phone.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await phone.call('POST', '/cart/delivery-city', { zone_id: 2 });
    const key = newKey();
    const body = await payloadFor(phone);
    const first = await phone.checkout(body, key);
    expect(first.statusCode).toBe(201);
    const again = await laptop.checkout(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    await nora.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await nora.call('POST', '/cart/delivery-city', { zone_id: 2 });
    const theirs = await nora.checkout(await payloadFor(nora), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order.id).not.toBe(first.json().order.id);
    expect(theirs.json().order.customer.email).toBe('nora@example.com');
  });

  it('answers a guest with the order’s signed tracking link, in the order’s language, that opens the order', async () => {
    await setStock(2, 20);
    const s = shopper({ lang: 'ar' });
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await s.call('POST', '/cart/delivery-city', { zone_id: 2 });
    const key = newKey();
    const body = await payloadFor(s);
    const res = await s.checkout(body, key);
    expect(res.statusCode).toBe(201);
    const { order, tracking_url: link } = res.json();
    expect(link).toMatch(new RegExp(`^/ar/orders/track/${order.id}\\?token=[0-9a-z]+\\.[\\w-]{43}$`));
    // The link's token opens this order on the guest tracking endpoint, and no other order.
    const token = new URL(link, ORIGIN).searchParams.get('token')!;
    const tracked = await s.call('GET', `/orders/track/${order.id}?token=${token}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toMatchObject({ id: order.id, customer_email: 'amina@example.com' });
    expect((await s.call('GET', `/orders/track/${order.id - 1}?token=${token}`)).statusCode).toBe(404);
    // The confirmation mail links to the same page in the same language.
    await ctx.app.mailQueue.settled();
    await vi.waitFor(() => expect(ctx.mail.sent.some((m) => m.to === 'amina@example.com' && m.subject.includes(`${order.id}`))).toBe(true));
    const mail = ctx.mail.sent.find((m) => m.to === 'amina@example.com' && m.subject.includes(`${order.id}`))!;
    expect(mail.text).toContain(`/ar/orders/track/${order.id}?token=`);
    // A replay of the same key (same cart cookie and e-mail) answers the same link.
    const again = await s.checkout(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().tracking_url).toBe(link);
  });

  it('sends the admin notice again on demand', async () => {
    const [last] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(await sendNewOrderNotice(ctx.app, last!.id)).toBe(2);
  });

  it('requires the fields the spec asks for, translated', async () => {
    const s = shopper({ lang: 'en' });
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    const base = await payloadFor(s);
    const missingCity = await s.checkout({ ...base, delivery_zone_id: undefined, accept_terms: false, customer: { name: 'x' } });
    expect(missingCity.statusCode).toBe(422);
    expect(missingCity.json().errors).toMatchObject({
      delivery_zone_id: ['Select city first'],
      accept_terms: ['Please accept the terms and conditions and the privacy policy.'],
      'customer.email': ['This field is required.'],
    });
    const blank = await s.checkout({ ...base, address: { ...address, street: '   ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors['address.street']).toEqual(['This field is required.']);
    const noKey = await s.call('POST', '/checkout', base);
    expect(noKey.statusCode).toBe(422);
    const card = await s.checkout({ ...base, payment_method: 'card_payment' });
    expect(card.statusCode).toBe(422);
    expect(card.json().message).toBe('Card payment is coming soon. Please select another payment method.');
    const fr = await s.call(
      'POST',
      '/checkout',
      { ...base, payment_method: 'card_payment' },
      { 'idempotency-key': newKey(), 'accept-language': 'fr' },
    );
    expect(fr.json().message).toBe('Le paiement par carte arrive bientôt. Veuillez choisir un autre moyen de paiement.');
    expect((await s.cart()).items).toHaveLength(1);
  });

  it('refuses a past, same-day, closed or far date and keeps a good one', async () => {
    const s = shopper({ lang: 'en' });
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await s.call('POST', '/cart/delivery-city', { zone_id: 2 });
    const base = await payloadFor(s);
    const { today, earliest, latest } = selectableRange(new Date());
    for (const [date, msg] of [
      ['2020-01-01', 'The delivery date must be tomorrow or later.'],
      [today, 'The delivery date must be tomorrow or later.'],
      [closedDate, 'We do not deliver on this date. Please choose another day.'],
      ['2999-01-01', 'The delivery date is too far ahead (90 days at most).'],
      ['2025-02-30', 'Invalid date.'],
    ] as const) {
      const res = await s.checkout({ ...base, delivery_date: date });
      expect(res.statusCode, date).toBe(422);
      expect(res.json().errors.delivery_date).toEqual([msg]);
    }
    const chosen = earliest === closedDate ? latest : earliest;
    const ok = await s.checkout({ ...base, delivery_date: chosen });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.delivery_date).toBe(chosen);
  });

  it('refuses an empty cart', async () => {
    const s = shopper({ lang: 'en' });
    const res = await s.checkout({
      address,
      customer: { email: 'a@b.co' },
      delivery_zone_id: 1,
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      total_amount: 0,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Your cart is empty.');
  });
});

describe('customer checkout', () => {
  it('attaches the order to the account, with the account’s e-mail, and a separate shipping address', async () => {
    const { user, auth } = await createUser(ctx.db, { language: 'fr' });
    const s = shopper({ lang: 'fr', auth });
    await s.call('POST', '/cart/add', { product_id: 4, quantity: 1 }); // 600, free delivery in Rabat
    await s.call('POST', '/cart/delivery-city', { zone_id: 1 });
    const body = await payloadFor(s, { customer: undefined, shipping_address: { ...address, full_name: 'Salma B.', city: 'Salé' } });
    const res = await s.checkout(body);
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({
      total_amount: 600,
      shipping_cost: 0,
      customer: { email: user.email, name: user.name, phone: '0600000000' },
    });
    expect(order.order_items[0]).toMatchObject({ name: 'Grand bouquet', color: { id: 3, name: 'Rose' } });
    // A customer follows the order from "My orders": no guest tracking link in the answer.
    expect(res.json()).not.toHaveProperty('tracking_url');
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.userId).toBe(user.id);
    const addresses = await ctx.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, order.id));
    expect(addresses.find((a) => a.kind === 'shipping')!.fullName).toBe('Salma B.');
    expect(addresses.find((a) => a.kind === 'billing')!.fullName).toBe('Amina Alaoui');
    await ctx.app.mailQueue.settled();
    await vi.waitFor(() =>
      expect(ctx.mail.sent.some((m) => m.to === user.email && m.subject === `Nous avons bien reçu votre commande n°${order.id}`)).toBe(
        true,
      ),
    );
    expect(await ctx.db.select().from(carts).where(eq(carts.userId, user.id))).toEqual([]);
  });

  it('stores typed text exactly as typed: quotes, backslashes, $1 and SQL are text (the last statement writes them as literals)', async () => {
    const s = shopper({ lang: 'en' });
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await s.call('POST', '/cart/delivery-city', { zone_id: 2 });
    const hostile = `O'Brien \\ $1 $2'); drop table orders; -- \\' ل"`;
    const res = await s.checkout(
      await payloadFor(s, {
        gift_message: hostile,
        order_notes: `${hostile} notes`,
        shipping_address: { ...address, full_name: hostile, street: "l'allée \\n 3" },
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(row!.giftMessage).toBe(hostile);
    expect(row!.orderNotes).toBe(`${hostile} notes`);
    const shipping = (await ctx.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, row!.id))).find(
      (a) => a.kind === 'shipping',
    )!;
    expect(shipping.fullName).toBe(hostile);
    expect(shipping.street).toBe("l'allée \\n 3");
    expect(res.json().order.gift_message).toBe(hostile);
  });

  it('applies the per-customer coupon limit at checkout (by account or e-mail)', async () => {
    const { auth } = await createUser(ctx.db);
    for (const expected of [201, 409]) {
      const s = shopper({ auth });
      await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
      await s.call('POST', '/cart/delivery-city', { zone_id: 2 });
      const withCoupon = await s.call('POST', '/cart/coupon', { code: 'ONCE' });
      // The second time the cart already refuses the coupon; force it at checkout with the discounted total.
      const total = expected === 201 ? withCoupon.json().summary.total : 144.9 - 5;
      const res = await s.checkout(await payloadFor(s, { customer: undefined, coupon_code: 'ONCE', total_amount: total }));
      expect(res.statusCode).toBe(expected);
      if (expected === 409) expect(res.json()).toMatchObject({ message: 'Invalid Coupon', totals: { discount: 0, total: 149.9 } });
    }
  });
});

describe('tampering never creates an order at a price the server did not compute', () => {
  async function ready() {
    await setStock(2, 20);
    const s = shopper({ lang: 'en' });
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 2 });
    await s.call('POST', '/cart/delivery-city', { zone_id: 2 });
    return s;
  }

  it('a lower total: 409 with the fresh totals, nothing written', async () => {
    const s = await ready();
    const count = await orderCount();
    const stock = (await stockOf(2)).stock;
    const res = await s.checkout(await payloadFor(s, { total_amount: 1, shipping_cost: 0 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'The total has changed: please check the new amount before confirming.',
      totals: expect.objectContaining({ subtotal: 199.8, shipping: 50, total: 249.8, tax: 'included', count: 2 }),
    });
    expect(await orderCount()).toBe(count);
    expect((await stockOf(2)).stock).toBe(stock);
    expect((await s.cart()).items).toHaveLength(1);
    // Off by one centime is still accepted.
    expect((await s.checkout(await payloadFor(s, { total_amount: 249.79 }))).statusCode).toBe(201);
  });

  it('a cheaper city sent at checkout is priced by the server', async () => {
    const s = await ready();
    const res = await s.checkout(await payloadFor(s, { delivery_zone_id: 1 })); // total computed with Casablanca
    expect(res.statusCode).toBe(409);
    expect(res.json().totals.shipping).toBe(40);
    expect((await s.checkout(await payloadFor(s, { delivery_zone_id: 3 }))).statusCode).toBe(422); // inactive zone
  });

  it('different items or quantities than the server cart: 409 "Your cart changed" with the fresh cart', async () => {
    const s = await ready();
    const count = await orderCount();
    const res = await s.checkout(await payloadFor(s, { items: [{ product_id: 2, color_id: null, quantity: 1 }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your cart changed. Please check it before ordering.');
    expect(res.json().cart.items[0].quantity).toBe(2);
    const other = await s.checkout(await payloadFor(s, { items: [{ product_id: 4, quantity: 2 }] }));
    expect(other.statusCode).toBe(409);
    expect(await orderCount()).toBe(count);
  });

  it('a made-up or unusable coupon: 409 "Invalid Coupon" with the real totals', async () => {
    const s = await ready();
    const count = await orderCount();
    for (const code of ['FREE100', 'USEDUP', 'EXPIRED']) {
      const res = await s.checkout(await payloadFor(s, { coupon_code: code, total_amount: 200 }));
      expect(res.statusCode, code).toBe(409);
      expect(res.json()).toMatchObject({ message: 'Invalid Coupon', totals: { discount: 0, total: 249.8 } });
    }
    expect(await orderCount()).toBe(count);
  });

  it('not enough stock any more: 409 naming the product, nothing written', async () => {
    const s = shopper({ lang: 'en' });
    await setStock(1, 5);
    await s.call('POST', '/cart/add', { product_id: 1, quantity: 3 });
    await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
    await setStock(1, 1);
    const plantStock = (await stockOf(2)).stock;
    const count = await orderCount();
    const res = await s.checkout(await payloadFor(s));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, only 1 left of Rose bouquet.');
    await setStock(1, 0);
    expect((await s.checkout(await payloadFor(s))).json().message).toBe('Sorry, Rose bouquet is out of stock.');
    expect(await orderCount()).toBe(count);
    expect((await stockOf(2)).stock).toBe(plantStock);
    await setStock(1, 5);
  });

  it('a failing mailer never fails the order', async () => {
    const s = await ready();
    const send = ctx.mail.send;
    ctx.mail.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await s.checkout(await payloadFor(s));
      expect(res.statusCode).toBe(201);
    } finally {
      await new Promise((r) => setTimeout(r, 50));
      ctx.mail.send = send;
    }
  });
});
