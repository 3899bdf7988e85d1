/**
 * Back office: orders staff take by phone, WhatsApp or at the shop (through the checkout pipeline),
 * the live quote, the orders list's source filter, and changing an order's lines (stock both ways,
 * totals, history, audit, the customer's mail, stale versions).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orderItems, orders, orderStatusHistory, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { address, insertShopFixtures } from '../../test/shop-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
  customer = await userWithSession(ctx.db, 'customer');
});
afterAll(async () => {
  await ctx.close();
});

const stockOf = async (id: number) => (await ctx.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const setStock = (id: number, stock: number) => ctx.db.update(products).set({ stock }).where(eq(products.id, id));
let keys = 0;

/** POST /api/admin/orders as the admin (or `who`), with a fresh idempotency key unless given. */
function placeStaffOrder(body: object, opts: { key?: string; lang?: string; who?: TestUser | null } = {}) {
  const who = opts.who === undefined ? admin : opts.who;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/orders',
    headers: {
      'accept-language': opts.lang ?? 'en',
      'idempotency-key': opts.key ?? `staff-order-${process.pid}-${++keys}`,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
    },
    payload: body,
  });
}

/** 2 × product 1 (180 each, white) + 1 × product 2 (99.90), Rabat (40 delivery): 499.90. */
const phoneOrder = (over: object = {}) => ({
  source: 'phone',
  items: [
    { product_id: 1, color_id: 2, quantity: 2 },
    { product_id: 2, quantity: 1 },
  ],
  customer: { name: 'Khadija Bennani', phone: '0661122334', email: 'khadija@example.com' },
  address: { ...address, full_name: 'Khadija Bennani', phone: '0661122334' },
  recipient: { name: 'Salma', phone: '0677000000', anonymous: false },
  delivery_zone_id: 1,
  gift_message: 'Joyeux anniversaire',
  payment_method: 'cash_on_delivery',
  total_amount: 499.9,
  ...over,
});

describe('GET /api/admin/orders/quote', () => {
  it('prices lines on the server, with the zone’s fee and each line’s stock', async () => {
    const res = await as(admin)('GET', '/api/admin/orders/quote?lines=1-2x2,2x1&delivery_zone_id=1');
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({ subtotal: 459.9, shipping_cost: 40, total_amount: 499.9 });
    expect(quote.lines[0]).toMatchObject({
      product_id: 1,
      color_id: 2,
      unit_price: 180,
      line_total: 360,
      name: 'Rose bouquet',
      color: 'White',
    });
    expect(quote.lines[1]).toMatchObject({ product_id: 2, color_id: null, unit_price: 99.9 });
  });

  it('takes the product’s first colour when none is given, and refuses a colour it does not offer', async () => {
    const first = await as(admin)('GET', '/api/admin/orders/quote?lines=1x1');
    expect(first.json().lines[0]).toMatchObject({ color_id: 2 });
    const wrong = await as(admin)('GET', '/api/admin/orders/quote?lines=1-3x1');
    expect(wrong.statusCode).toBe(422);
    const bad = await as(admin)('GET', '/api/admin/orders/quote?lines=abc');
    expect(bad.statusCode).toBe(422);
  });

  it('is for staff only', async () => {
    expect((await as(null)('GET', '/api/admin/orders/quote?lines=1x1')).statusCode).toBe(401);
    expect((await as(customer)('GET', '/api/admin/orders/quote?lines=1x1')).statusCode).toBe(403);
  });
});

describe('POST /api/admin/orders', () => {
  it('places a phone order for a guest: stock taken, source and staff recorded, confirmation queued, audit row', async () => {
    await setStock(1, 10);
    await setStock(2, 10);
    await ctx.clearMail();
    const res = await placeStaffOrder(phoneOrder());
    expect(res.statusCode).toBe(201);
    const placed = res.json().order;
    // A guest's tracking link is given to the guest only (their mail), never in the staff member's answer.
    expect(res.json()).not.toHaveProperty('tracking_url');
    expect(placed).toMatchObject({
      total_amount: 499.9,
      customer: { name: 'Khadija Bennani', email: 'khadija@example.com', phone: '0661122334' },
    });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    // A guest order: the staff member's account is not the customer.
    expect(row).toMatchObject({
      source: 'phone',
      enteredBy: admin.id,
      userId: null,
      paymentMethod: 'cash_on_delivery',
      recipientName: 'Salma',
    });
    expect(await stockOf(1)).toBe(8);
    expect(await stockOf(2)).toBe(9);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'order.create')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, entity: 'order', entityId: String(placed.id) });
    await ctx.app.mailQueue.settled();
    expect(ctx.mail.sent.some((m) => m.to === 'khadija@example.com')).toBe(true);
  });

  it('replays the same key as the same order (200), and a colleague’s same key is another order', async () => {
    const key = `replay-${process.pid}-${Date.now()}`;
    const first = await placeStaffOrder(phoneOrder({ source: 'whatsapp' }), { key });
    expect(first.statusCode).toBe(201);
    const again = await placeStaffOrder(phoneOrder({ source: 'whatsapp' }), { key });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    const colleague = await userWithSession(ctx.db, 'admin');
    const theirs = await placeStaffOrder(phoneOrder({ source: 'whatsapp' }), { key, who: colleague });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order.id).not.toBe(first.json().order.id);
    // Each order carries its channel and who entered it from its first write (the replay changes nothing).
    const rows = await ctx.db
      .select({ id: orders.id, source: orders.source, enteredBy: orders.enteredBy })
      .from(orders)
      .where(inArray(orders.id, [first.json().order.id, theirs.json().order.id]))
      .orderBy(asc(orders.id));
    expect(rows).toEqual([
      { id: first.json().order.id, source: 'whatsapp', enteredBy: admin.id },
      { id: theirs.json().order.id, source: 'whatsapp', enteredBy: colleague.id },
    ]);
  });

  it('takes an order without an e-mail address and mails nobody', async () => {
    await ctx.clearMail();
    const res = await placeStaffOrder(phoneOrder({ source: 'shop', customer: { name: 'Youssef', phone: '0600112233' } }));
    expect(res.statusCode).toBe(201);
    const id = res.json().order.id;
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ source: 'shop', customerEmail: '' });
    await ctx.app.mailQueue.settled();
    expect(ctx.mail.sent.filter((m) => !m.to || m.to === '')).toHaveLength(0);
    expect(ctx.mail.sent.every((m) => !String(m.subject).includes(`#${id}`) || m.to !== '')).toBe(true);
  });

  it('finds guests taken by phone without an e-mail by their phone, in the orders and among customers, each their own person', async () => {
    await setStock(1, 10);
    await setStock(2, 10);
    const take = (name: string, phone: string) =>
      placeStaffOrder(phoneOrder({ customer: { name, phone }, address: { ...address, full_name: name, phone }, recipient: null }));
    const first = await take('Hanae Alaoui', '0644102030');
    const second = await take('Rachid Tazi', '0644405060');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    // The orders list: the number as a customer says it, national or international.
    for (const said of ['06 44 10 20 30', '+212 6 44 10 20 30']) {
      const found = await as(admin)('GET', `/api/admin/orders?search=${encodeURIComponent(said)}`);
      expect(
        found.json().data.map((o: { id: number }) => o.id),
        said,
      ).toEqual([first.json().order.id]);
    }
    // The customers list: each guest on their own (no shared empty e-mail joins them).
    for (const [said, name] of [
      ['+212 6 44 10 20 30', 'Hanae Alaoui'],
      ['06.44.40.50.60', 'Rachid Tazi'],
    ] as const) {
      const found = await as(admin)('GET', `/api/admin/customers?search=${encodeURIComponent(said)}`);
      expect(
        found.json().data.map((c: { name: string; guest: boolean; orders_count: number }) => [c.name, c.guest, c.orders_count]),
        said,
      ).toEqual([[name, true, 1]]);
    }
    await setStock(1, 10);
  });

  it('refuses what the checkout refuses: a total the server does not compute, short stock, a closed date, card payment', async () => {
    const wrongTotal = await placeStaffOrder(phoneOrder({ total_amount: 100 }));
    expect(wrongTotal.statusCode).toBe(409);
    await setStock(2, 0);
    const short = await placeStaffOrder(phoneOrder());
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toMatch(/Plante verte/);
    await setStock(2, 10);
    const { closedDate } = { closedDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) };
    const closed = await placeStaffOrder(phoneOrder({ delivery_date: closedDate }), { lang: 'fr' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors.delivery_date[0]).toMatch(/date/i);
    const card = await placeStaffOrder(phoneOrder({ payment_method: 'card_payment' }));
    expect(card.statusCode).toBe(422);
    const noSource = await placeStaffOrder(phoneOrder({ source: 'storefront' }));
    expect(noSource.statusCode).toBe(422);
  });

  it('is for staff only', async () => {
    expect((await placeStaffOrder(phoneOrder(), { who: null })).statusCode).toBe(401);
    expect((await placeStaffOrder(phoneOrder(), { who: customer })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/orders?source=', () => {
  it('lists only the orders of that source, and shows each row’s source', async () => {
    const res = await as(admin)('GET', '/api/admin/orders?source=whatsapp');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { source: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.source === 'whatsapp')).toBe(true);
    expect(res.json().meta.total).toBe(rows.length);
    expect((await as(admin)('GET', '/api/admin/orders?source=fax')).statusCode).toBe(422);
  });
});

describe('PUT /api/admin/orders/:id/items', () => {
  async function freshOrder() {
    await setStock(1, 10);
    await setStock(2, 10);
    await setStock(4, 3);
    const res = await placeStaffOrder(phoneOrder());
    expect(res.statusCode).toBe(201);
    const id = res.json().order.id as number;
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
    return { id, lines };
  }
  const editItems = (id: number, body: object, lang = 'en') => as(admin, lang)('PUT', `/api/admin/orders/${id}/items`, body);

  it('changes quantity and colour, removes and adds lines: stock both ways, totals, history, audit, the customer’s mail', async () => {
    const { id, lines } = await freshOrder();
    const [roses, plant] = lines;
    expect(await stockOf(1)).toBe(8);
    await ctx.clearMail();
    const res = await editItems(id, {
      version: 1,
      items: [
        // 2 white roses → 3 red roses (same line, another colour and quantity); the plant removed; 1 big bouquet added.
        { id: roses!.id, product_id: 1, color_id: 1, quantity: 3 },
        { product_id: 4, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // 3 × 180 (sold price) + 600 = 1140; free delivery is not given back: the fee stays as it was.
    expect(data).toMatchObject({ version: 2, subtotal: 1140, shipping_cost: 40, total_amount: 1180 });
    expect(res.json().message).toMatch(/1[\s,.]?180/);
    expect(await stockOf(1)).toBe(7);
    expect(await stockOf(2)).toBe(10);
    expect(await stockOf(4)).toBe(2);
    const now = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    expect(now.map((l) => [l.productId, l.colorId, l.quantity]).sort()).toEqual(
      [
        [1, 1, 3],
        [4, 3, 1],
      ].sort(),
    );
    const added = now.find((l) => l.productId === 4)!;
    expect(added.productNames).toMatchObject({ fr: 'Grand bouquet' });
    expect(added.unitPriceCents).toBe(60000);
    expect(now.find((l) => l.productId === 1)!.unitPriceCents).toBe(18000);
    expect(plant).toBeDefined();
    const [history] = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(desc(orderStatusHistory.id))
      .limit(1);
    expect(history).toMatchObject({ changedBy: admin.id });
    expect(history!.note).toMatch(/Plante verte: 1 → 0/);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.items'), eq(auditLog.entityId, String(id))));
    expect(entry).toBeDefined();
    const [queued] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order_items_changed'))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(queued!.payload).toMatchObject({ orderId: id });
    await ctx.app.mailQueue.settled();
    const mail = ctx.mail.sent.find((m) => m.to === 'khadija@example.com' && String(m.subject).includes(String(id)));
    expect(mail?.text).toMatch(/Grand bouquet/);
  });

  it('refuses with 409 when a product is short and changes nothing', async () => {
    const { id, lines } = await freshOrder();
    await setStock(4, 1);
    const res = await editItems(
      id,
      {
        version: 1,
        items: [
          ...lines.map((l) => ({ id: l.id, product_id: l.productId!, color_id: l.colorId, quantity: l.quantity })),
          { product_id: 4, quantity: 2 },
        ],
      },
      'fr',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Grand bouquet.*1 restant/);
    expect(await stockOf(4)).toBe(1);
    expect(await stockOf(1)).toBe(8);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ version: 1, totalCents: 49990 });
  });

  it('answers 409 with the fresh order to a stale version, also sent as If-Match', async () => {
    const { id, lines } = await freshOrder();
    const items = lines.map((l) => ({ id: l.id, product_id: l.productId!, color_id: l.colorId, quantity: l.quantity }));
    expect((await editItems(id, { version: 1, items: items.slice(0, 1) })).statusCode).toBe(200);
    const stale = await editItems(id, { version: 1, items });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().order).toMatchObject({ id, version: 2 });
    const header = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${id}/items`,
      headers: { authorization: `Bearer ${admin.token}`, 'if-match': '"1"', 'accept-language': 'en' },
      payload: { items: items.slice(0, 1) },
    });
    expect(header.statusCode).toBe(409);
  });

  it('refuses an order out for delivery, a line of another order, and a colour the product does not offer', async () => {
    const { id, lines } = await freshOrder();
    const other = await freshOrder();
    const foreign = await editItems(id, { items: [{ id: other.lines[0]!.id, product_id: 1, quantity: 1 }] });
    expect(foreign.statusCode).toBe(422);
    const colour = await editItems(id, { items: [{ id: lines[0]!.id, product_id: 1, color_id: 3, quantity: 1 }] });
    expect(colour.statusCode).toBe(422);
    await ctx.db.update(orders).set({ orderStatus: 'on_delivery' }).where(eq(orders.id, id));
    const late = await editItems(id, { items: [{ id: lines[0]!.id, product_id: 1, quantity: 1 }] }, 'ar');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/لا يمكن/);
  });

  it('applies a coupon’s rules to the new subtotal', async () => {
    const { id, lines } = await freshOrder();
    // As if the order had been placed with 10% off: 459.90 → 45.99 off.
    const [coupon] = await ctx.db
      .select()
      .from((await import('../../db/schema.js')).coupons)
      .where(eq((await import('../../db/schema.js')).coupons.code, 'BIENVENUE10'));
    await ctx.db
      .update(orders)
      .set({ couponId: coupon!.id, couponCode: 'BIENVENUE10', couponDiscountCents: 4599, totalCents: 49990 - 4599 })
      .where(eq(orders.id, id));
    const res = await editItems(id, { items: [{ id: lines[0]!.id, product_id: 1, color_id: lines[0]!.colorId, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    // 180 subtotal, 18 off, 40 delivery.
    expect(res.json().data).toMatchObject({ subtotal: 180, coupon_discount: 18, total_amount: 202 });
  });
});
