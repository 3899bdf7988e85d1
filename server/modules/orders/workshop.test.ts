/**
 * The workshop sheet: which orders a day holds (any status but cancelled), the day parameter (a date,
 * today, tomorrow; a bad one refused), grouping by zone id in the shop's zone order whatever language
 * the order was placed in, names in the reader's language, and who may read it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from './order-fixtures.js';
import { nextDay, resolveDay, shopDay } from './workshop.service.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

type Sheet = {
  day: string;
  today: string;
  tomorrow: string;
  zones: { zone_id: number | null; name: string; orders: { id: number; items: { name: string; color: string | null }[] }[] }[];
};
const sheet = async (query = '', lang = 'fr') => {
  const res = await as(admin, lang)('GET', `/api/admin/orders/workshop${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Sheet;
};
/** An order of the fixtures, then its zone as the checkout keeps it (the zone's id and its names). */
async function placed(seed: Parameters<typeof insertOrder>[1], zoneId: number | null, names?: { fr: string; en: string; ar: string }) {
  const id = await insertOrder(ctx.db, seed);
  await ctx.db
    .update(orders)
    .set({ deliveryZoneId: zoneId, deliveryZoneNames: names ?? null })
    .where(eq(orders.id, id));
  return id;
}
const idsOf = (s: Sheet) => s.zones.flatMap((z) => z.orders.map((o) => o.id));

describe('the day', () => {
  it('reads today and tomorrow in shop time, across a month end', () => {
    // 23:30 UTC on 31 January is already 1 February in Casablanca (UTC+1).
    const now = new Date('2026-01-31T23:30:00Z');
    expect(shopDay(now)).toBe('2026-02-01');
    expect(resolveDay(undefined, now)).toBe('2026-02-01');
    expect(resolveDay('tomorrow', now)).toBe('2026-02-02');
    expect(resolveDay('2026-02-14', now)).toBe('2026-02-14');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('refuses a day that does not exist, with a translated message', async () => {
    for (const day of ['2026-02-30', '14-02-2026', 'yesterday']) {
      const res = await as(admin, 'fr')('GET', `/api/admin/orders/workshop?day=${day}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/invalide/);
    }
  });

  it('is for the back office only', async () => {
    const customer = await userWithSession(ctx.db, 'customer');
    expect((await as(customer)('GET', '/api/admin/orders/workshop')).statusCode).toBe(403);
    expect((await as(null)('GET', '/api/admin/orders/workshop')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/orders/workshop', () => {
  const day = '2031-05-20';
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      casa: await placed({ deliveryDate: day, city: 'Casablanca', lines: [[1, 2, 180]] }, 2),
      rabatFr: await placed({ deliveryDate: day, city: 'Rabat', status: 'confirmed' }, 1),
      // Placed in Arabic: its city text is Arabic, its zone the same id.
      rabatAr: await placed({ deliveryDate: day, city: 'الرباط', language: 'ar', status: 'delivered', lines: [[1, 1, 180]] }, 1, {
        fr: 'Rabat',
        en: 'Rabat',
        ar: 'الرباط',
      }),
      // Its zone deleted since: grouped by the name it kept.
      gone: await placed({ deliveryDate: day, city: 'Tanger' }, null, { fr: 'Tanger', en: 'Tangier', ar: 'طنجة' }),
      cancelled: await placed({ deliveryDate: day, city: 'Rabat', status: 'cancelled' }, 1),
      otherDay: await placed({ deliveryDate: nextDay(day), city: 'Rabat' }, 1),
    };
    // The Arabic order's line as it was kept: the name in every language, the colour too.
    await ctx.db
      .update(orderItems)
      .set({
        productName: 'باقة ورد',
        productNames: { fr: 'Bouquet de roses', en: 'Rose bouquet', ar: 'باقة ورد' },
        colorName: 'أحمر',
        colorNames: { fr: 'Rouge', en: 'Red', ar: 'أحمر' },
        colorHex: '#C0392B',
      })
      .where(eq(orderItems.orderId, ids.rabatAr!));
    await ctx.db
      .update(orders)
      .set({ substitution: 'call_first', orderNotes: 'Sonner deux fois', giftMessage: 'عيد ميلاد سعيد' })
      .where(eq(orders.id, ids.rabatAr!));
  });

  it('holds the day’s orders but the cancelled ones, grouped by zone id in the zones’ order, zone-less last', async () => {
    const s = await sheet(`?day=${day}`);
    expect(s.day).toBe(day);
    expect(s.zones.map((z) => [z.zone_id, z.name])).toEqual([
      [1, 'Rabat'],
      [2, 'Casablanca'],
      [null, 'Tanger'],
    ]);
    // The French and the Arabic order of Rabat are one group; the delivered one stays on the sheet.
    expect(s.zones[0]!.orders.map((o) => o.id)).toEqual([ids.rabatFr, ids.rabatAr]);
    expect(idsOf(s)).not.toContain(ids.cancelled);
    expect(idsOf(s)).not.toContain(ids.otherDay);
  });

  it('gives everything the bench and the driver need', async () => {
    const s = await sheet(`?day=${day}`);
    const order = s.zones[0]!.orders.find((o) => o.id === ids.rabatAr) as unknown as Record<string, unknown>;
    expect(order).toMatchObject({
      order_status: 'delivered',
      payment_method: 'cash_on_delivery',
      payment_status: 'pending',
      total_amount: 180,
      street: '12 rue des Fleurs',
      postal_code: '10000',
      substitution: 'call_first',
      order_notes: 'Sonner deux fois',
      gift_message: 'عيد ميلاد سعيد',
      version: 1,
    });
  });

  it('names zones, products and colours in the reader’s language, whatever the order’s', async () => {
    const fr = await sheet(`?day=${day}`, 'fr');
    expect(fr.zones[0]!.orders.find((o) => o.id === ids.rabatAr)!.items).toEqual([
      { name: 'Bouquet de roses', color: 'Rouge', color_hex: '#C0392B', quantity: 1 },
    ]);
    const en = await sheet(`?day=${day}`, 'en');
    expect(en.zones[0]!.orders.find((o) => o.id === ids.rabatAr)!.items[0]).toMatchObject({ name: 'Rose bouquet', color: 'Red' });
    const ar = await sheet(`?day=${day}`, 'ar');
    expect(ar.zones.map((z) => z.name)).toEqual(['الرباط', 'الدار البيضاء', 'طنجة']);
    expect(ar.zones[0]!.orders.find((o) => o.id === ids.rabatAr)!.items[0]).toMatchObject({ name: 'باقة ورد', color: 'أحمر' });
  });

  it('reads today without a day, tomorrow with day=tomorrow, and keeps /orders/today', async () => {
    const today = shopDay(new Date());
    const mine = await placed({ deliveryDate: today }, 1);
    const tomorrows = await placed({ deliveryDate: nextDay(today) }, 2);
    const plain = await sheet();
    expect(plain).toMatchObject({ day: today, today, tomorrow: nextDay(today) });
    expect(idsOf(plain)).toContain(mine);
    expect(idsOf(plain)).not.toContain(tomorrows);
    expect(idsOf(await sheet('?day=tomorrow'))).toEqual([tomorrows]);
    const legacy = await as(admin)('GET', '/api/admin/orders/today');
    expect(legacy.statusCode).toBe(200);
    expect(idsOf(legacy.json())).toContain(mine);
    // Counted so the test fails if the day's other rows ever leak in.
    expect(await ctx.db.$count(orders, sql`${orders.deliveryDate} = ${today}`)).toBe(idsOf(plain).length);
  });
});
