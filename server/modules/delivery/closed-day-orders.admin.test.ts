/**
 * Closing a day that has orders due: the close asks first (409 with the list and the next open day),
 * then moves them (new date, version, history, audit, a mail to each customer in the order's
 * language, all in one transaction) or keeps them. On PostgreSQL, checkouts racing the close for that
 * day are each either moved or refused, never left on the closed day.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, selectableRange } from '../../../shared/delivery-date.js';
import {
  auditLog,
  cartItems,
  carts,
  closedDates,
  deliverySlots,
  deliveryZoneSlots,
  mailOutbox,
  orders,
  orderStatusHistory,
  products,
} from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { address, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';
import { insertOrder } from '../orders/order-fixtures.js';
import { nextOpenDay } from './delivery.admin.service.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(() => ctx?.close());

const earliest = () => selectableRange(new Date()).earliest;

describe('nextOpenDay', () => {
  const now = new Date('2026-03-10T10:00:00Z');
  it('skips closed days and never gives a past day or one past the booking window', () => {
    expect(nextOpenDay('2026-03-12', ['2026-03-12', '2026-03-13'], now)).toBe('2026-03-14');
    // Closing today: tomorrow is the first day a customer may choose.
    expect(nextOpenDay('2026-03-10', ['2026-03-10'], now)).toBe('2026-03-11');
    expect(nextOpenDay('2026-03-01', [], now)).toBe('2026-03-11');
    expect(nextOpenDay('2026-06-10', [], now)).toBeNull();
  });
});

describe('closing a day with orders due', () => {
  it('asks first, lists the due orders, then moves them with history, audit and a mail in each order’s language', async () => {
    const day = addDays(earliest(), 30);
    // The day after is closed already: the orders go to the one after that.
    await ctx.db.insert(closedDates).values({ date: addDays(day, 1), reason: null });
    const fr = await insertOrder(ctx.db, { deliveryDate: day, language: 'fr', status: 'confirmed' });
    const ar = await insertOrder(ctx.db, { deliveryDate: day, language: 'ar', userId: admin.id, email: admin.email });
    const delivered = await insertOrder(ctx.db, { deliveryDate: day, status: 'delivered' });
    const cancelled = await insertOrder(ctx.db, { deliveryDate: day, status: 'cancelled' });
    const target = addDays(day, 2);

    const due = await as(admin)('GET', `/api/admin/closed-dates/${day}/due`);
    expect(due.statusCode).toBe(200);
    expect(due.json()).toMatchObject({ total: 2, next_open_day: target });
    expect(due.json().orders.map((o: { id: number }) => o.id)).toEqual([fr, ar]);

    const asked = await as(admin, 'fr')('POST', '/api/admin/closed-dates', { date: day, reason: 'Inventaire' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ total: 2, next_open_day: target });
    expect(asked.json().message).toBe('Commandes encore à livrer ce jour-là : 2. Choisissez de les déplacer ou de les laisser.');
    expect(await ctx.db.select().from(closedDates).where(eq(closedDates.date, day))).toEqual([]);

    await ctx.clearMail();
    const res = await as(admin, 'en')('POST', '/api/admin/closed-dates', { date: day, reason: 'Inventaire', due_orders: 'move' });
    expect(res.statusCode).toBe(200);
    expect(res.json().moved).toEqual([
      { id: fr, delivery_date: target, delivery_slot: null },
      { id: ar, delivery_date: target, delivery_slot: null },
    ]);
    expect(res.json().message).toMatch(/Orders moved to .+: 2;/);
    const rows = await ctx.db
      .select({ id: orders.id, date: orders.deliveryDate, version: orders.version })
      .from(orders)
      .where(inArray(orders.id, [fr, ar, delivered, cancelled]))
      .orderBy(orders.id);
    expect(rows).toEqual([
      { id: fr, date: target, version: 2 },
      { id: ar, date: target, version: 2 },
      { id: delivered, date: day, version: 1 },
      { id: cancelled, date: day, version: 1 },
    ]);
    const history = (
      await ctx.db
        .select()
        .from(orderStatusHistory)
        .where(inArray(orderStatusHistory.orderId, [fr, ar]))
    ).filter((h) => h.note !== null);
    expect(history).toHaveLength(2);
    expect(history.every((h) => h.changedBy === admin.id && h.note?.includes(target))).toBe(true);
    expect(history.find((h) => h.orderId === fr)!.orderStatus).toBe('confirmed');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.delivery_moved'), inArray(auditLog.entityId, [String(fr), String(ar)])));
    expect(audits).toHaveLength(2);
    expect(audits[0]!.after).toMatchObject({ delivery_date: target });
    const queued = await ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.kind} = 'order_delivery_moved'`);
    expect(queued.map((q) => (q.payload as { orderId: number }).orderId).sort()).toEqual([fr, ar].sort());

    await ctx.app.mailQueue.settled();
    const toFr = ctx.mail.sent.find((m) => m.subject.includes(`n°${fr}`));
    const toAr = ctx.mail.sent.find((m) => m.subject.includes(`${ar}`) && m.to === admin.email);
    expect(toFr?.subject).toBe(`Nouvelle date de livraison pour votre commande n°${fr}`);
    expect(toFr?.text).toContain('Cher client');
    expect(toAr?.subject).toBe(`تاريخ توصيل جديد لطلبك رقم ${ar}`);
    expect(toAr?.text).toContain('Amina Alaoui');
  });

  it('keeps the due orders when told to, and closes a day without orders at once', async () => {
    const day = addDays(earliest(), 40);
    const kept = await insertOrder(ctx.db, { deliveryDate: day });
    const res = await as(admin)('POST', '/api/admin/closed-dates', { date: day, reason: null, due_orders: 'keep' });
    expect(res.statusCode).toBe(200);
    expect(res.json().moved).toEqual([]);
    expect(res.json().kept).toEqual([kept]);
    expect((await ctx.db.select({ d: orders.deliveryDate }).from(orders).where(eq(orders.id, kept)))[0]!.d).toBe(day);
    const empty = addDays(earliest(), 41);
    expect((await as(admin)('POST', '/api/admin/closed-dates', { date: empty, reason: null })).statusCode).toBe(200);
    expect((await as(admin)('POST', '/api/admin/closed-dates', { date: empty, due_orders: 'later' })).statusCode).toBe(422);
  });

  it('refuses an order written for a day already closed (the database says so too)', async () => {
    const day = addDays(earliest(), 50);
    await as(admin)('POST', '/api/admin/closed-dates', { date: day, reason: null });
    await expect(insertOrder(ctx.db, { deliveryDate: day })).rejects.toThrow();
  });
});

describe('closing a day order by order', () => {
  const morning = { key: '0900-1200', starts: '09:00', names: { fr: '9h – 12h', en: '9:00 – 12:00', ar: '9:00 – 12:00' } };
  const evening = { key: '1500-2000', starts: '15:00', names: { fr: 'Soirée', en: 'Evening', ar: 'المساء' } };
  beforeAll(async () => {
    await ctx.db.insert(deliverySlots).values([
      { id: 901, key: morning.key, starts: '09:00', ends: '12:00', sortOrder: 1, capacity: 2 },
      { id: 902, key: evening.key, starts: '15:00', ends: '20:00', sortOrder: 2, names: evening.names },
      { id: 903, key: '1200-1500', starts: '12:00', ends: '15:00', sortOrder: 3 },
    ]);
    // The midday slot is offered in zone 1 only.
    await ctx.db.insert(deliveryZoneSlots).values({ zoneId: 1, slotId: 903 });
  });
  // Other tests of this file check out without a slot: the shop has none again after these.
  afterAll(() => ctx.db.delete(deliverySlots));

  const state = (ids: number[]) =>
    ctx.db
      .select({ id: orders.id, date: orders.deliveryDate, slot: orders.deliverySlot, version: orders.version })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(orders.id);
  const notes = async (ids: number[]) =>
    (await ctx.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids))).filter((h) => h.note !== null);
  const mailsFor = async (ids: number[]) =>
    (
      await ctx.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.kind} = 'order_delivery_moved'`)
    )
      .map((q) => (q.payload as { orderId: number }).orderId)
      .filter((id) => ids.includes(id))
      .sort((a, b) => a - b);

  it('lists each due order with its slot, notes and card message, then moves some (one into another slot) and keeps the others', async () => {
    const day = addDays(earliest(), 80);
    const target = addDays(day, 1);
    const a = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed', slot: morning });
    const b = await insertOrder(ctx.db, {
      deliveryDate: day,
      slot: morning,
      recipientName: 'Yasmine',
      orderNotes: 'Sonner deux fois',
      giftMessage: 'Joyeux anniversaire',
    });
    const c = await insertOrder(ctx.db, { deliveryDate: day });
    // One place of the morning is taken on the target day already: one left.
    await insertOrder(ctx.db, { deliveryDate: target, slot: morning });

    const due = await as(admin, 'fr')('GET', `/api/admin/closed-dates/${day}/due`);
    expect(due.statusCode).toBe(200);
    expect(due.json()).toMatchObject({ total: 3, next_open_day: target });
    expect(due.json().orders[1]).toMatchObject({
      id: b,
      recipient_name: 'Yasmine',
      delivery_method: 'delivery',
      delivery_slot: { key: morning.key, label: '9h – 12h' },
      order_notes: 'Sonner deux fois',
      gift_message: 'Joyeux anniversaire',
    });
    expect(due.json().orders[2].delivery_slot).toBeNull();
    expect(due.json().next_day_slots).toEqual([
      { key: morning.key, label: '9h – 12h', left: 1, zone_ids: [] },
      { key: evening.key, label: 'Soirée', left: null, zone_ids: [] },
      { key: '1200-1500', label: '12h – 15h', left: null, zone_ids: [1] },
    ]);

    // A choice for two orders of three (the third placed meanwhile, say): nothing closes.
    const partial = await as(admin, 'en')('POST', '/api/admin/closed-dates', {
      date: day,
      reason: null,
      decisions: [
        { id: a, action: 'move' },
        { id: b, action: 'keep' },
      ],
    });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toMatch(/^The list of that day’s orders has changed/);
    expect(partial.json().total).toBe(3);
    expect(await ctx.db.select().from(closedDates).where(eq(closedDates.date, day))).toEqual([]);

    await ctx.clearMail();
    const res = await as(admin, 'en')('POST', '/api/admin/closed-dates', {
      date: day,
      reason: 'Inventaire',
      decisions: [
        { id: a, action: 'move' },
        { id: b, action: 'move', slot: evening.key },
        { id: c, action: 'keep' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moved).toEqual([
      { id: a, delivery_date: target, delivery_slot: morning.key },
      { id: b, delivery_date: target, delivery_slot: evening.key },
    ]);
    expect(res.json().kept).toEqual([c]);
    expect(res.json().message).toMatch(
      /^Day closed\. Orders moved to .+: 2; the customers are told by e-mail\. Orders kept on that day, to handle by hand: 1\.$/,
    );
    expect(await state([a, b, c])).toEqual([
      { id: a, date: target, slot: morning.key, version: 2 },
      { id: b, date: target, slot: evening.key, version: 2 },
      { id: c, date: day, slot: null, version: 1 },
    ]);
    const [bRow] = await ctx.db
      .select({ names: orders.deliverySlotNames, starts: orders.deliverySlotStarts })
      .from(orders)
      .where(eq(orders.id, b));
    expect(bRow).toEqual({ names: evening.names, starts: '15:00' });
    const history = await notes([a, b, c]);
    expect(history.map((h) => h.orderId).sort((x, y) => x - y)).toEqual([a, b]);
    expect(history.find((h) => h.orderId === b)!.note).toBe(
      `delivery ${day} → ${target} (day closed), slot ${morning.key} → ${evening.key}`,
    );
    expect(await mailsFor([a, b, c])).toEqual([a, b]);
    await ctx.app.mailQueue.settled();
    const toB = ctx.mail.sent.find((m) => m.subject === `Nouvelle date de livraison pour votre commande n°${b}`);
    expect(toB?.text).toContain('créneau Soirée');
  });

  it('a slot full on the target day refuses the whole close, naming the order; nothing is changed', async () => {
    const day = addDays(earliest(), 84);
    const target = addDays(day, 1);
    await insertOrder(ctx.db, { deliveryDate: target, slot: morning });
    const a = await insertOrder(ctx.db, { deliveryDate: day, slot: morning });
    const b = await insertOrder(ctx.db, { deliveryDate: day, slot: morning, city: 'Casablanca' });
    await ctx.db.update(orders).set({ deliveryZoneId: 2 }).where(eq(orders.id, b));

    const full = await as(admin, 'fr')('POST', '/api/admin/closed-dates', {
      date: day,
      reason: 'Inventaire',
      decisions: [
        { id: a, action: 'move' },
        { id: b, action: 'move' },
      ],
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().order_id).toBe(b);
    expect(full.json().message).toMatch(new RegExp(`^Le créneau 9h – 12h du .+ est complet : la commande n°${b} n’y tient plus\\.`));
    // All at once is refused the same way.
    const all = await as(admin, 'ar')('POST', '/api/admin/closed-dates', { date: day, reason: null, due_orders: 'move' });
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toContain(`الطلب رقم ${b}`);
    // A slot its zone does not offer: 422 naming it.
    const notOffered = await as(admin, 'en')('POST', '/api/admin/closed-dates', {
      date: day,
      reason: null,
      decisions: [
        { id: a, action: 'move' },
        { id: b, action: 'move', slot: '1200-1500' },
      ],
    });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().errors.decisions).toEqual([`The time slot chosen for order #${b} is not offered for it that day.`]);
    // A keep with a slot, or an order named twice, is refused by the schema.
    const twice = await as(admin)('POST', '/api/admin/closed-dates', {
      date: day,
      reason: null,
      decisions: [
        { id: a, action: 'keep', slot: evening.key },
        { id: a, action: 'move' },
      ],
    });
    expect(twice.statusCode).toBe(422);

    expect(await ctx.db.select().from(closedDates).where(eq(closedDates.date, day))).toEqual([]);
    expect(await state([a, b])).toEqual([
      { id: a, date: day, slot: morning.key, version: 1 },
      { id: b, date: day, slot: morning.key, version: 1 },
    ]);
    expect(await notes([a, b])).toEqual([]);
    expect(await mailsFor([a, b])).toEqual([]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.delivery_moved'), inArray(auditLog.entityId, [String(a), String(b)])));
    expect(audits).toEqual([]);

    // Keeping the one that does not fit closes the day.
    const ok = await as(admin)('POST', '/api/admin/closed-dates', {
      date: day,
      reason: null,
      decisions: [
        { id: a, action: 'move' },
        { id: b, action: 'keep' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(await state([a, b])).toEqual([
      { id: a, date: target, slot: morning.key, version: 2 },
      { id: b, date: day, slot: morning.key, version: 1 },
    ]);
  });
});

describe.skipIf(!onPostgres)('closing a day while orders are placed for it (PostgreSQL)', () => {
  const checkoutOn = async (date: string, n: number) => {
    const cartId = crypto.randomUUID();
    await ctx.db.insert(carts).values({ id: cartId, deliveryZoneId: 2 });
    await ctx.db.insert(cartItems).values({ cartId, productId: 2, colorId: null, quantity: 1 });
    return () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${cartId}`, 'idempotency-key': crypto.randomUUID() },
        payload: {
          address,
          customer: { name: `Racer ${n}`, email: `racer${n}@example.com`, phone: '0600000000' },
          delivery_zone_id: 2,
          payment_method: 'cash_on_delivery',
          accept_terms: true,
          delivery_date: date,
          total_amount: 149.9,
        },
      });
  };

  it('every order placed during the close is moved or refused, none is left on the closed day', async () => {
    await ctx.db.update(products).set({ stock: 1000 }).where(eq(products.id, 2));
    for (let round = 0; round < 3; round++) {
      const day = addDays(earliest(), 60 + round * 3);
      await insertOrder(ctx.db, { deliveryDate: day });
      const placers = await Promise.all(Array.from({ length: 8 }, (_, i) => checkoutOn(day, round * 10 + i)));
      const close = () => as(admin)('POST', '/api/admin/closed-dates', { date: day, reason: 'Race', due_orders: 'move' });
      // The close starts in the middle of the checkouts.
      const answers = await Promise.all([...placers.slice(0, 4).map((p) => p()), close(), ...placers.slice(4).map((p) => p())]);
      const closeAnswer = answers[4]!;
      expect(closeAnswer.statusCode).toBe(200);
      const checkouts = answers.filter((_, i) => i !== 4);
      // Placed (201), or refused: closed day (422) or the close won the race (503, try again).
      expect(
        checkouts.every((r) => [201, 422, 503].includes(r.statusCode)),
        checkouts.map((r) => r.statusCode).join(','),
      ).toBe(true);
      const left = await ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.deliveryDate, day), sql`${orders.orderStatus} not in ('delivered', 'cancelled')`));
      expect(left).toEqual([]);
      const placed = checkouts.filter((r) => r.statusCode === 201).map((r) => r.json().order.id as number);
      const moved = (closeAnswer.json().moved as { id: number }[]).map((m) => m.id);
      for (const id of placed) expect(moved).toContain(id);
      console.log(
        `close race ${round}: ${placed.length} placed and moved, ${checkouts.length - placed.length} refused (${checkouts.map((r) => r.statusCode).join(',')})`,
      );
    }
  });
});
