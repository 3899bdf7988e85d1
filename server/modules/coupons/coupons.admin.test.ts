/** Back office coupons: create, edit, switch off, uses and the orders that used it. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopClock } from '../../../shared/delivery-date.js';
import { auditLog, carts, cartItems, coupons } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { address, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(() => ctx?.close());

const today = () => shopClock(new Date()).date;
const base = {
  code: ' spring-25 ',
  type: 'percent',
  value: 25,
  min_subtotal: 100,
  starts_on: null,
  ends_on: null,
  max_uses: 10,
  max_uses_per_customer: 1,
};

/** A visitor's checkout of two "Plante verte" (2 × 99.90) to Casablanca (50) with a coupon. */
async function checkoutWith(code: string, email: string, total: number) {
  const cartId = crypto.randomUUID();
  await ctx.db.insert(carts).values({ id: cartId, deliveryZoneId: 2 });
  await ctx.db.insert(cartItems).values({ cartId, productId: 2, colorId: null, quantity: 2 });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${cartId}`, 'idempotency-key': crypto.randomUUID() },
    payload: {
      address,
      customer: { name: 'Buyer', email, phone: '0600000000' },
      delivery_zone_id: 2,
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      coupon_code: code,
      total_amount: total,
    },
  });
}

describe('admin coupons', () => {
  let id: number;

  it('creates a coupon, upper-cased, audited', async () => {
    const res = await as(admin)('POST', '/api/admin/coupons', base);
    expect(res.statusCode).toBe(201);
    const coupon = res.json().coupon;
    expect(coupon).toMatchObject({
      code: 'SPRING-25',
      type: 'percent',
      value: 25,
      min_subtotal: 100,
      max_uses: 10,
      max_uses_per_customer: 1,
      used_count: 0,
      is_active: true,
    });
    id = coupon.id;
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.create'));
    expect(row).toMatchObject({ actorId: admin.id, entity: 'coupon', entityId: String(id) });
  });

  it('refuses bad input in the reader’s language, and a taken code', async () => {
    const bad = await as(admin)('POST', '/api/admin/coupons', {
      ...base,
      code: 'with space',
      value: 120,
      ends_on: '2025-01-01',
      starts_on: '2025-02-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'ends_on', 'value']);
    const fixedCents = await as(admin)('POST', '/api/admin/coupons', { ...base, code: 'X1', type: 'fixed', value: 10.005 });
    expect(fixedCents.json().errors.value).toBeDefined();
    const taken = await as(admin, 'fr')('POST', '/api/admin/coupons', { ...base, code: 'SPRING-25' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ code: ['Ce code existe déjà.'] });
  });

  it('edits a coupon: fixed amount, shop days kept as days', async () => {
    const res = await as(admin)('PUT', `/api/admin/coupons/${id}`, {
      ...base,
      type: 'fixed',
      value: 30.5,
      starts_on: today(),
      ends_on: addDays(today(), 7),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon).toMatchObject({ type: 'fixed', value: 30.5, starts_on: today(), ends_on: addDays(today(), 7) });
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row!.value).toBe(3050);
    expect((await as(admin)('PUT', '/api/admin/coupons/999999', base)).statusCode).toBe(404);
  });

  it('applies at checkout, counts the use and lists the order; switched off it is refused at once', async () => {
    const used = await checkoutWith('spring-25', 'first@example.com', 219.3);
    expect(used.statusCode).toBe(201);
    const detail = (await as(admin)('GET', `/api/admin/coupons/${id}`)).json();
    expect(detail.coupon.used_count).toBe(1);
    expect(detail.orders.data).toEqual([
      expect.objectContaining({ id: used.json().order.id, email: 'first@example.com', discount: 30.5, total_amount: 219.3 }),
    ]);
    const list = (await as(admin)('GET', '/api/admin/coupons?search=spring')).json();
    expect(list.data.map((c: { code: string; used_count: number }) => [c.code, c.used_count])).toEqual([['SPRING-25', 1]]);

    const off = await as(admin)('PATCH', `/api/admin/coupons/${id}/active`, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().coupon.is_active).toBe(false);
    const refused = await checkoutWith('spring-25', 'second@example.com', 219.3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Invalid Coupon');
  });
});
