/**
 * Drivers' rounds over the API: staff assign orders (one, several, to nobody) and order the stops; the
 * driver reads only its own round (another order is 404, the staff routes 403) and marks a stop
 * delivered with a photo (the customer's order page and mail show it), cash collected (a payment by
 * the driver) or not delivered with a reason (kept for staff in the history).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDeliveries, orderPayments, orders, orderStatusHistory } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertOrder } from './order-fixtures.js';
import { internationalPhone } from './round.service.js';
import { orderTrackingToken } from './order-links.js';

let ctx: TestContext;
let florist: TestUser;
let karim: TestUser;
let yassine: TestUser;
const as = requester(() => ctx.app);
const DAY = '2026-12-10';

beforeAll(async () => {
  ctx = await createTestApp({ STATUS_MAIL_DELAY_MS: '0' });
  florist = await userWithSession(ctx.db, 'admin', { name: 'Salma' });
  karim = await userWithSession(ctx.db, 'driver', { name: 'Karim' });
  yassine = await userWithSession(ctx.db, 'driver', { name: 'Yassine' });
});
afterAll(() => ctx.close());

const assign = (id: number, driverId: number | null) => as(florist)('PUT', `/api/admin/orders/${id}/driver`, { driver_id: driverId });
const round = (who: TestUser, day = DAY, lang = 'en') => as(who, lang)('GET', `/api/admin/round?day=${day}`);

/** The delivered call as a phone's form sends it, with an optional photo. */
async function delivered(who: TestUser, id: number, photo?: Buffer) {
  const form = new FormData();
  if (photo) form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'door.jpg');
  const request = new Request('http://local/', { method: 'POST', body: form });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/round/stops/${id}/delivered`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${who.token}`, 'accept-language': 'en' },
  });
}

describe('phone links', () => {
  it('writes a Moroccan number with its country code for WhatsApp', () => {
    expect(internationalPhone('06 12 34 56 78')).toBe('212612345678');
    expect(internationalPhone('+212 6 12 34 56 78')).toBe('212612345678');
    expect(internationalPhone('00212612345678')).toBe('212612345678');
  });
});

describe('assignment and stop order', () => {
  it('gives orders to a driver, last in its day, in bulk or one by one, and to nobody with null', async () => {
    const a = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'confirmed', lines: [[null, 1, 300]] });
    const b = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'confirmed', lines: [[null, 2, 150]] });
    const c = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'confirmed', lines: [[null, 1, 90]] });
    const bulk = await as(florist)('PUT', '/api/admin/orders/driver', { order_ids: [a, b], driver_id: karim.id });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().order_ids).toEqual([a, b]);
    expect((await assign(c, karim.id)).statusCode).toBe(200);

    let stops = (await round(karim)).json().stops as { order_id: number; stop_position: number }[];
    expect(stops.map((s) => s.order_id)).toEqual([a, b, c]);
    expect(stops.map((s) => s.stop_position)).toEqual([1, 2, 3]);

    const reorder = await as(florist)('PUT', '/api/admin/rounds/stops', { driver_id: karim.id, day: DAY, order_ids: [c, a, b] });
    expect(reorder.statusCode).toBe(200);
    stops = (await round(karim)).json().stops;
    expect(stops.map((s) => s.order_id)).toEqual([c, a, b]);

    // An order of another round cannot be slipped into this one.
    const other = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'confirmed' });
    expect((await assign(other, yassine.id)).statusCode).toBe(200);
    const stray = await as(florist)('PUT', '/api/admin/rounds/stops', { driver_id: karim.id, day: DAY, order_ids: [c, other] });
    expect(stray.statusCode).toBe(422);

    // The board shows every order of the day with its driver.
    const board = (await as(florist)('GET', `/api/admin/rounds?day=${DAY}`)).json();
    expect(board.drivers.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['Karim', 'Yassine']));
    expect(board.stops.find((s: { order_id: number }) => s.order_id === other)).toMatchObject({ driver_name: 'Yassine' });

    expect((await assign(b, null)).statusCode).toBe(200);
    stops = (await round(karim)).json().stops;
    expect(stops.map((s) => s.order_id)).toEqual([c, a]);
  });

  it('sorts the stops by their slot’s start, then the driver’s order, and names the slot in the reader’s language', async () => {
    const day = '2026-12-14';
    const evening = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed' });
    const morning = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed' });
    const none = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed' });
    const slot = (key: string, starts: string, fr: string, en: string) => ({
      deliverySlot: key,
      deliverySlotStarts: starts,
      deliverySlotNames: { fr, en, ar: en },
    });
    await ctx.db
      .update(orders)
      .set(slot('1500-2000', '15:00', '15h – 20h', '15:00 – 20:00'))
      .where(eq(orders.id, evening));
    await ctx.db
      .update(orders)
      .set(slot('0900-1200', '09:00', '9h – 12h', '9:00 – 12:00'))
      .where(eq(orders.id, morning));
    const bulk = await as(florist)('PUT', '/api/admin/orders/driver', { order_ids: [evening, morning, none], driver_id: yassine.id });
    expect(bulk.statusCode).toBe(200);
    const stops = (await round(yassine, day, 'fr')).json().stops as { order_id: number; delivery_slot: string | null }[];
    expect(stops.map((s) => s.order_id)).toEqual([none, morning, evening]);
    expect(stops.map((s) => s.delivery_slot)).toEqual([null, '9h – 12h', '15h – 20h']);
  });

  it('shows staff orders paid every way on the board, with no cash due for those paid on entry', async () => {
    const day = '2026-12-15';
    const methods = ['cash_at_counter', 'card_terminal', 'bank_transfer', 'payment_link', 'card_payment'] as const;
    const ids: number[] = [];
    for (const method of methods) {
      const id = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed', lines: [[null, 1, 200]] });
      await ctx.db.update(orders).set({ paymentMethod: method }).where(eq(orders.id, id));
      ids.push(id);
    }
    const board = await as(florist)('GET', `/api/admin/rounds?day=${day}`);
    expect(board.statusCode).toBe(200);
    const stops = board.json().stops as { order_id: number; payment_method: string; cash_due: number }[];
    expect(stops.map((s) => s.payment_method)).toEqual([...methods]);
    expect(stops.map((s) => s.cash_due)).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses a driver who is not one (422), a missing order (404), and a bulk with one missing order changes none', async () => {
    const a = await insertOrder(ctx.db, { deliveryDate: DAY });
    const res = await assign(a, florist.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.driver_id).toBeDefined();
    expect((await assign(987654, karim.id)).statusCode).toBe(404);
    const bulk = await as(florist)('PUT', '/api/admin/orders/driver', { order_ids: [a, 987654], driver_id: karim.id });
    expect(bulk.statusCode).toBe(404);
    expect(await ctx.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, a))).toEqual([]);
  });
});

describe('pick-ups (collected at the shop)', () => {
  it('are not on the staff’s board nor on a driver’s round, even one given to a driver before', async () => {
    const day = '2026-12-16';
    const delivery = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed' });
    const pickup = await insertOrder(ctx.db, {
      deliveryDate: day,
      status: 'confirmed',
      deliveryMethod: 'pickup',
      city: 'Retrait en boutique',
    });
    const board = (await as(florist)('GET', `/api/admin/rounds?day=${day}`)).json();
    expect(board.stops.map((s: { order_id: number }) => s.order_id)).toEqual([delivery]);
    // A stop row written before pick-ups were refused does not bring it back on the round.
    await ctx.db.insert(orderDeliveries).values({ orderId: pickup, driverId: karim.id, stopPosition: 1 });
    expect((await assign(delivery, karim.id)).statusCode).toBe(200);
    const stops = (await round(karim, day)).json().stops as { order_id: number }[];
    expect(stops.map((s) => s.order_id)).toEqual([delivery]);
    // Staff may still take the driver off it.
    expect((await assign(pickup, null)).statusCode).toBe(200);
  });

  it('are refused to a driver with a translated 409, one by one or in a bulk, and nothing changes', async () => {
    const day = '2026-12-17';
    const delivery = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed' });
    const pickup = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed', deliveryMethod: 'pickup' });
    const one = await as(florist, 'fr')('PUT', `/api/admin/orders/${pickup}/driver`, { driver_id: karim.id });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(`La commande n°${pickup} est retirée en boutique : elle n’entre dans aucune tournée.`);
    const bulk = await as(florist, 'ar')('PUT', '/api/admin/orders/driver', { order_ids: [delivery, pickup], driver_id: yassine.id });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toBe(`الطلب رقم ${pickup} يُستلم من المتجر: لا يدخل في أي جولة توصيل.`);
    expect(await ctx.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, delivery))).toEqual([]);
    expect(await ctx.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, pickup))).toEqual([]);
  });
});

describe('the driver’s round', () => {
  it('shows its own stops with call, WhatsApp and map links, the card message and the cash to collect', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: '2026-12-11', status: 'on_delivery', lines: [[null, 1, 420]] });
    await ctx.db
      .update(orders)
      .set({ giftMessage: 'Joyeux anniversaire', recipientName: 'Nadia', recipientPhone: '0661000000' })
      .where(eq(orders.id, id));
    await assign(id, karim.id);
    const res = await round(karim, '2026-12-11');
    expect(res.statusCode).toBe(200);
    expect(res.json().driver).toMatchObject({ id: karim.id, name: 'Karim' });
    expect(res.json().stops).toEqual([
      expect.objectContaining({
        order_id: id,
        contact_name: 'Nadia',
        tel_url: 'tel:0661000000',
        whatsapp_url: 'https://wa.me/212661000000',
        address: '12 rue des Fleurs, 10000, Rabat',
        maps_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('12 rue des Fleurs, 10000, Rabat')}`,
        gift_message: 'Joyeux anniversaire',
        cash_due: 420,
      }),
    ]);
    // Another driver's round is empty of it; another driver's stop is 404; staff routes are 403.
    expect((await round(yassine, '2026-12-11')).json().stops).toEqual([]);
    expect((await as(yassine)('GET', `/api/admin/round/stops/${id}`)).statusCode).toBe(404);
    expect((await as(karim)('GET', `/api/admin/round/stops/${id}`)).statusCode).toBe(200);
    expect((await as(karim)('GET', `/api/admin/orders/${id}`)).statusCode).toBe(403);
    expect((await as(karim)('GET', `/api/admin/orders/${id}/payments`)).statusCode).toBe(403);
    expect((await as(karim)('PUT', `/api/admin/orders/${id}/driver`, { driver_id: karim.id })).statusCode).toBe(403);
  });

  it('delivered with a photo: the order is delivered by the driver, the customer sees the photo on the tracking page and in the mail', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'on_delivery', email: 'lina@example.com', lines: [[null, 1, 250]] });
    await assign(id, karim.id);
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c2185b' } })
      .jpeg()
      .toBuffer();
    expect((await delivered(yassine, id, photo)).statusCode, 'another driver').toBe(404);
    const res = await delivered(karim, id, photo);
    expect(res.statusCode).toBe(200);
    const stop = res.json().stop;
    expect(stop).toMatchObject({ order_status: 'delivered', outcome: 'delivered' });
    expect(stop.photo_url).toMatch(/^\/uploads\/deliveries\/[A-Za-z0-9]+-640\.webp$/);
    const picture = await ctx.app.inject({ method: 'GET', url: stop.photo_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/webp');

    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ orderStatus: 'delivered', version: 2 });
    const history = await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history.at(-1)).toMatchObject({ orderStatus: 'delivered', changedBy: karim.id });

    const token = orderTrackingToken(ctx.config.dataDir, id, 'lina@example.com');
    const tracked = await ctx.app.inject({ method: 'GET', url: `/api/orders/track/${id}?token=${token}` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().delivery_photo_url).toBe(stop.photo_url);

    await ctx.app.mailQueue.settled();
    const mail = ctx.mail.sent.find((m) => m.to === 'lina@example.com');
    expect(mail?.subject).toBe(`Votre commande n°${id} a été livrée`);
    expect(mail?.text).toContain(`${ctx.config.publicUrl}${stop.photo_url}`);
  });

  it('delivered without a photo, then a non-image photo is refused with nothing changed', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'on_delivery' });
    await assign(id, karim.id);
    const bad = await delivered(karim, id, Buffer.from('not a picture'));
    expect(bad.statusCode).toBe(422);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]?.orderStatus).toBe('on_delivery');
    const ok = await delivered(karim, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().stop).toMatchObject({ outcome: 'delivered', photo_url: null });
  });

  it('cash collected records a cash payment by the driver; more than due is 422', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'on_delivery', lines: [[null, 1, 300]] });
    await assign(id, karim.id);
    expect((await as(yassine)('POST', `/api/admin/round/stops/${id}/cash`, { amount: 300 })).statusCode).toBe(404);
    expect((await as(karim)('POST', `/api/admin/round/stops/${id}/cash`, { amount: 301 })).statusCode).toBe(422);
    const res = await as(karim)('POST', `/api/admin/round/stops/${id}/cash`, { amount: 300 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ paid: 300, due: 0, payment_status: 'paid' });
    const rows = await ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(rows).toEqual([expect.objectContaining({ method: 'cash', amountCents: 30000, recordedBy: karim.id })]);
    expect((await round(karim)).json().stops.find((s: { order_id: number }) => s.order_id === id).cash_due).toBe(0);
  });

  it('not delivered keeps the reason on the stop and in the history for staff; assigning again puts it back on the round', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'on_delivery' });
    await assign(id, karim.id);
    expect((await as(karim)('POST', `/api/admin/round/stops/${id}/not-delivered`, { reason: ' ' })).statusCode).toBe(422);
    const res = await as(karim)('POST', `/api/admin/round/stops/${id}/not-delivered`, { reason: 'Nobody home, phone off' });
    expect(res.statusCode).toBe(200);
    expect(res.json().stop).toMatchObject({ outcome: 'failed', failure_reason: 'Nobody home, phone off', order_status: 'on_delivery' });
    const detail = (await as(florist)('GET', `/api/admin/orders/${id}`)).json();
    expect(detail.status_history.at(-1)).toMatchObject({ note: 'Not delivered: Nobody home, phone off', changed_by: 'Karim' });
    const board = (await as(florist)('GET', `/api/admin/rounds?day=${DAY}`)).json();
    expect(board.stops.find((s: { order_id: number }) => s.order_id === id)).toMatchObject({ failure_reason: 'Nobody home, phone off' });

    expect((await assign(id, karim.id)).statusCode).toBe(200);
    const again = (await as(karim)('GET', `/api/admin/round/stops/${id}`)).json();
    expect(again).toMatchObject({ outcome: null, failure_reason: null });
  });

  it('a delivered order keeps its driver', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: DAY, status: 'on_delivery' });
    await assign(id, karim.id);
    expect((await delivered(karim, id)).statusCode).toBe(200);
    expect((await assign(id, yassine.id)).statusCode).toBe(409);
  });
});
