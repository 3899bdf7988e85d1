/**
 * Back office, talking with a customer about an order: the ready-made messages (in the order's
 * language, WhatsApp links for a mobile only, the tracking link that works, the payment link) and
 * "repeat this order" (the lines, buyer and delivery to start a new staff order from, no prices).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { address, insertShopFixtures } from '../../test/shop-fixtures.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertOrder } from './order-fixtures.js';

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

type Messages = {
  language: string;
  whatsapp: boolean;
  has_email: boolean;
  messages: { kind: string; text: string; whatsapp_url: string | null }[];
};

async function orderWith(over: { language: string; phone: string; email?: string; deliveryDate?: string | null }) {
  const id = await insertOrder(ctx.db, {
    language: over.language,
    name: 'Khadija',
    email: over.email ?? 'khadija@example.com',
    deliveryDate: over.deliveryDate === undefined ? '2027-02-14' : over.deliveryDate,
  });
  await ctx.db.update(orders).set({ customerPhone: over.phone }).where(eq(orders.id, id));
  return id;
}

const messagesOf = async (id: number, query = '', lang = 'en') => {
  const res = await as(admin, lang)('GET', `/api/admin/orders/${id}/messages${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Messages>();
};

describe('GET /api/admin/orders/:id/messages', () => {
  it('writes every message in the order’s language, whatever the reader’s', async () => {
    const fr = await messagesOf(await orderWith({ language: 'fr', phone: '06 12 34 56 78' }), '', 'ar');
    const en = await messagesOf(await orderWith({ language: 'en', phone: '06 12 34 56 78' }), '', 'fr');
    const ar = await messagesOf(await orderWith({ language: 'ar', phone: '06 12 34 56 78' }), '', 'en');
    expect(fr.language).toBe('fr');
    expect(fr.messages.map((m) => m.kind)).toEqual(['confirmed', 'on_its_way', 'delivered', 'date_moved']);
    expect(fr.messages[0]!.text).toMatch(
      /^Bonjour Khadija, votre commande n° \d+ est confirmée\. Livraison prévue le dimanche 14 février 2027\./,
    );
    expect(en.messages[0]!.text).toMatch(/^Hello Khadija, your order #\d+ is confirmed\. Delivery planned for Sunday, February 14, 2027\./);
    expect(ar.messages[0]!.text).toMatch(/^مرحبا Khadija، تم تأكيد طلبكم رقم \d+\./);
    expect(ar.messages[0]!.text).toContain('2027');
    expect(ar.messages.find((m) => m.kind === 'date_moved')!.text).toContain('أصبح توصيل طلبكم');
    // The tracking link opens the tracking page in the order's language.
    expect(ar.messages.find((m) => m.kind === 'delivered')!.text).toMatch(/http:\/\/localhost:3000\/ar\/orders\/track\/\d+\?token=/);
    expect(fr.messages.find((m) => m.kind === 'delivered')!.text).toMatch(/http:\/\/localhost:3000\/orders\/track\/\d+\?token=/);
  });

  it('gives the date with the order’s slot, in the order’s language', async () => {
    const id = await orderWith({ language: 'fr', phone: '06 12 34 56 78' });
    await ctx.db
      .update(orders)
      .set({ deliverySlot: '1500-2000', deliverySlotNames: { fr: '15h – 20h', en: '15:00 – 20:00', ar: '15:00 – 20:00' } })
      .where(eq(orders.id, id));
    const fr = await messagesOf(id, '', 'ar');
    expect(fr.messages[0]!.text).toContain('Livraison prévue le dimanche 14 février 2027, 15h – 20h.');
    expect(fr.messages.find((m) => m.kind === 'date_moved')!.text).toContain('prévue le dimanche 14 février 2027, 15h – 20h.');
  });

  it('links each message to WhatsApp for a mobile, with the text encoded', async () => {
    const id = await orderWith({ language: 'fr', phone: '+212 7 12 34 56 78' });
    const answer = await messagesOf(id);
    expect(answer.whatsapp).toBe(true);
    for (const m of answer.messages) expect(m.whatsapp_url).toBe(`https://wa.me/212712345678?text=${encodeURIComponent(m.text)}`);
  });

  it('gives no WhatsApp link for a landline (the texts stay, to read out on a call)', async () => {
    const id = await orderWith({ language: 'fr', phone: '05 37 12 34 56' });
    const answer = await messagesOf(id);
    expect(answer.whatsapp).toBe(false);
    expect(answer.messages.length).toBeGreaterThan(0);
    expect(answer.messages.every((m) => m.whatsapp_url === null)).toBe(true);
  });

  it('says when the order has no e-mail, and its tracking link still opens the order', async () => {
    const id = await orderWith({ language: 'fr', phone: '0612345678', email: '' });
    const answer = await messagesOf(id);
    expect(answer.has_email).toBe(false);
    const link = /\/orders\/track\/(\d+)\?token=(\S+)/.exec(answer.messages.find((m) => m.kind === 'on_its_way')!.text)!;
    expect(Number(link[1])).toBe(id);
    const tracked = await ctx.app.inject({ method: 'GET', url: `/api/orders/track/${id}?token=${link[2]}` });
    expect(tracked.statusCode).toBe(200);
    expect((await messagesOf(await orderWith({ language: 'fr', phone: '0612345678' }))).has_email).toBe(true);
  });

  it('adds the payment link message when given a link, and refuses what is not a web address', async () => {
    const id = await orderWith({ language: 'en', phone: '0612345678', deliveryDate: null });
    const without = await messagesOf(id);
    expect(without.messages.map((m) => m.kind)).toEqual(['confirmed', 'on_its_way', 'delivered']);
    const url = 'https://pay.example.com/l/abc?x=1&y=2';
    const withLink = await messagesOf(id, `?payment_url=${encodeURIComponent(url)}`);
    const pay = withLink.messages.find((m) => m.kind === 'payment_link')!;
    expect(pay.text).toBe(`Hello Khadija, here is the link to pay for your order #${id}: ${url}`);
    expect(decodeURIComponent(pay.whatsapp_url!.split('?text=')[1]!)).toBe(pay.text);
    const bad = await as(admin)('GET', `/api/admin/orders/${id}/messages?payment_url=${encodeURIComponent('javascript:alert(1)')}`);
    expect(bad.statusCode).toBe(422);
  });

  it('is the back office’s: 404 for an unknown order, 403 for a customer, 401 for a visitor', async () => {
    expect((await as(admin)('GET', '/api/admin/orders/999999/messages')).statusCode).toBe(404);
    expect((await as(customer)('GET', '/api/admin/orders/1/messages')).statusCode).toBe(403);
    expect((await as(null)('GET', '/api/admin/orders/1/messages')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/orders/:id/repeat', () => {
  let keys = 0;
  const place = (body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/orders',
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'fr', 'idempotency-key': `repeat-${process.pid}-${++keys}` },
      payload: body,
    });

  it('starts a new order from a past one: buyer, address, zone, recipient, lines; no price', async () => {
    const placed = await place({
      source: 'phone',
      items: [
        { product_id: 1, color_id: 1, quantity: 2 },
        { product_id: 2, quantity: 1 },
      ],
      customer: { name: 'Nadia Tazi', phone: '0661000111', email: null },
      address: { ...address, street: '3 avenue Hassan II', full_name: 'Salma', phone: '0677000000' },
      recipient: { name: 'Salma', phone: '0677000000', anonymous: true },
      delivery_zone_id: 1,
      substitution: 'call_first',
      gift_message: 'Bon anniversaire',
      payment_method: 'cash_on_delivery',
      total_amount: 499.9,
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order.id as number;
    const res = await as(admin, 'en')('GET', `/api/admin/orders/${id}/repeat`);
    expect(res.statusCode).toBe(200);
    const prefill = res.json();
    expect(prefill).toEqual({
      from_order_id: id,
      customer: { name: 'Nadia Tazi', phone: '0661000111', email: null },
      address: { street: '3 avenue Hassan II', postal_code: '10000', country: 'Maroc' },
      delivery_zone_id: 1,
      recipient: { name: 'Salma', phone: '0677000000', anonymous: true },
      substitution: 'call_first',
      items: [
        {
          product_id: 1,
          color_id: 1,
          size_id: null,
          quantity: 2,
          name: 'Rose bouquet',
          colors: [
            { id: 2, name: 'White', hex_code: '#FFFFFF' },
            { id: 1, name: 'Red', hex_code: '#C0392B' },
          ],
          sizes: [],
        },
        { product_id: 2, color_id: null, size_id: null, quantity: 1, name: 'Plante verte', colors: [], sizes: [] },
      ],
      dropped: [],
    });
    expect(JSON.stringify(prefill)).not.toMatch(/price|total/);
  });

  it('leaves out lines whose product is gone and names them; a zone that stopped delivering is not offered', async () => {
    const id = await insertOrder(ctx.db, {
      lines: [
        [4, 1, 600],
        [null, 2, 50],
      ],
    });
    await ctx.db.update(orders).set({ deliveryZoneId: 3 }).where(eq(orders.id, id));
    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, 4));
    try {
      const prefill = (await as(admin, 'fr')('GET', `/api/admin/orders/${id}/repeat`)).json();
      expect(prefill.items).toEqual([]);
      expect(prefill.dropped).toEqual(['Product 4', 'Old product']);
      expect(prefill.delivery_zone_id).toBeNull();
    } finally {
      await ctx.db.update(products).set({ archivedAt: null }).where(eq(products.id, 4));
    }
  });

  it('repeated, the new order is priced at today’s prices', async () => {
    const id = await insertOrder(ctx.db, { lines: [[2, 3, 50]] });
    const prefill = (await as(admin)('GET', `/api/admin/orders/${id}/repeat`)).json();
    const lines = prefill.items.map((i: { product_id: number; quantity: number }) => `${i.product_id}x${i.quantity}`).join(',');
    const quote = (await as(admin)('GET', `/api/admin/orders/quote?lines=${lines}`)).json();
    // Sold at 50 then; 99.90 today.
    expect(quote.lines[0]).toMatchObject({ product_id: 2, quantity: 3, unit_price: 99.9 });
  });

  it('404 for an unknown order; 403 for a customer', async () => {
    expect((await as(admin)('GET', '/api/admin/orders/999999/repeat')).statusCode).toBe(404);
    expect((await as(customer)('GET', '/api/admin/orders/1/repeat')).statusCode).toBe(403);
  });
});
