/** Back office delivery settings: zones follow in the storefront at once; a closed day is refused at checkout. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, selectableRange } from '../../../shared/delivery-date.js';
import { carts, cartItems } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { address, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  // The fixtures chose their zone ids themselves: move the sequence past them.
  await ctx.db.execute(sql`select setval(pg_get_serial_sequence('delivery_zones', 'id'), 100)`);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(() => ctx?.close());

const zone = { name: 'Fès', name_en: 'Fez', name_ar: 'فاس', fee: 60, fee_max: 80, free_threshold: 700, is_active: true, sort_order: 4 };

describe('admin delivery zones', () => {
  it('adds a city that the storefront lists at once, in each language', async () => {
    const res = await as(admin)('POST', '/api/admin/delivery-zones', zone);
    expect(res.statusCode).toBe(201);
    const id = res.json().zone.id as number;
    const names = async (lang: string) => (await as(null, lang)('GET', '/api/delivery-zones')).json();
    expect(JSON.stringify(await names('en'))).toContain('Fez');
    expect(JSON.stringify(await names('fr'))).toContain('Fès');
    expect(JSON.stringify(await names('ar'))).toContain('فاس');

    const off = await as(admin)('PUT', `/api/admin/delivery-zones/${id}`, { ...zone, is_active: false });
    expect(off.statusCode).toBe(200);
    expect(JSON.stringify(await names('fr'))).not.toContain('Fès');
    const all = (await as(admin)('GET', '/api/admin/delivery-zones')).json().data;
    expect(all.find((z: { id: number }) => z.id === id)).toMatchObject({
      name_en: 'Fez',
      fee: 60,
      fee_max: 80,
      free_threshold: 700,
      is_active: false,
    });
  });

  it('refuses a fee range that ends below its start, and unknown zones', async () => {
    const bad = await as(admin)('POST', '/api/admin/delivery-zones', { ...zone, fee_max: 10 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['fee_max']);
    expect((await as(admin)('PUT', '/api/admin/delivery-zones/999999', zone)).statusCode).toBe(404);
  });
});

describe('admin closed dates', () => {
  const checkoutOn = async (date: string) => {
    const cartId = crypto.randomUUID();
    await ctx.db.insert(carts).values({ id: cartId, deliveryZoneId: 2 });
    await ctx.db.insert(cartItems).values({ cartId, productId: 2, colorId: null, quantity: 1 });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${cartId}`, 'idempotency-key': crypto.randomUUID() },
      payload: {
        address,
        customer: { name: 'Buyer', email: 'buyer@example.com', phone: '0600000000' },
        delivery_zone_id: 2,
        payment_method: 'cash_on_delivery',
        accept_terms: true,
        delivery_date: date,
        total_amount: 149.9,
      },
    });
  };

  it('a day closed in the back office is refused at checkout at once, and accepted again once reopened', async () => {
    const day = addDays(selectableRange(new Date()).earliest, 20);
    const closed = await as(admin)('POST', '/api/admin/closed-dates', { date: day, reason: 'Aïd' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().closed_date).toEqual({ date: day, reason: 'Aïd' });
    const list = (await as(admin)('GET', '/api/admin/closed-dates')).json();
    expect(list.data).toContainEqual({ date: day, reason: 'Aïd' });
    expect((await as(null)('GET', '/api/delivery/closed-dates')).json().dates).toContain(day);

    const refused = await checkoutOn(day);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('We do not deliver on this date');

    expect((await as(admin)('DELETE', `/api/admin/closed-dates/${day}`)).statusCode).toBe(200);
    expect((await checkoutOn(day)).statusCode).toBe(201);
    expect((await as(admin)('DELETE', `/api/admin/closed-dates/${day}`)).statusCode).toBe(404);
  });

  it('validates the day', async () => {
    const bad = await as(admin)('POST', '/api/admin/closed-dates', { date: '2025-02-30' });
    expect(bad.statusCode).toBe(422);
    expect((await as(admin)('DELETE', '/api/admin/closed-dates/tomorrow')).statusCode).toBe(422);
  });
});
