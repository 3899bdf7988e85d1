/**
 * Closing a day that has orders due: the close asks first (409 with the list and the next open day),
 * then moves them (new date, version, history, audit, a mail to each customer in the order's
 * language, all in one transaction) or keeps them. On PostgreSQL, checkouts racing the close for that
 * day are each either moved or refused, never left on the closed day.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, selectableRange } from '../../../shared/delivery-date.js';
import { auditLog, cartItems, carts, closedDates, mailOutbox, orders, orderStatusHistory, products } from '../../db/schema.js';
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
      { id: fr, delivery_date: target },
      { id: ar, delivery_date: target },
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
