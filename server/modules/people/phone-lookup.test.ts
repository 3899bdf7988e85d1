/**
 * A returning customer found by phone for a staff order: every way of writing the number finds them
 * (canonical key), their past addresses (with a zone still delivering) and recipients are offered
 * most recent first without repeats, an account's own orders count, and a half-typed number finds no one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { address, insertShopFixtures } from '../../test/shop-fixtures.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
const as = requester(() => ctx.app);
let keys = 0;
const placed: number[] = [];

async function place(over: {
  street: string;
  zone: number;
  recipient?: { name: string; phone: string | null };
  email?: string | null;
  name?: string;
  phone?: string;
}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/orders',
    headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'fr', 'idempotency-key': `lookup-${process.pid}-${++keys}` },
    payload: {
      source: 'phone',
      items: [{ product_id: 2, quantity: 1 }],
      customer: { name: over.name ?? 'Nadia Tazi', phone: over.phone ?? '06 61 00 01 11', email: over.email ?? null },
      address: { ...address, street: over.street, full_name: 'x', phone: '0661000111' },
      recipient: over.recipient ? { ...over.recipient, anonymous: false } : null,
      delivery_zone_id: over.zone,
      payment_method: 'cash_on_delivery',
      total_amount: over.zone === 1 ? 139.9 : 149.9,
    },
  });
  expect(res.statusCode).toBe(201);
  placed.push(res.json().order.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
  customer = await userWithSession(ctx.db, 'customer');
  await place({ street: '3 avenue Hassan II', zone: 1, recipient: { name: 'Salma', phone: '0677000000' } });
  await place({ street: '9 rue Ibn Sina', zone: 2, recipient: { name: 'Omar', phone: null }, email: 'nadia@example.com' });
  // Same address and recipient again, written differently: offered once, as most recent.
  await place({ street: '3 Avenue Hassan II ', zone: 1, recipient: { name: 'salma', phone: '06 77 00 00 00' }, phone: '+212661000111' });
  // Someone else.
  await place({ street: '1 place X', zone: 1, name: 'Other', phone: '0699999999' });
});
afterAll(async () => {
  await ctx.close();
});

const lookup = async (phone: string) => {
  const res = await as(admin)('GET', `/api/admin/people/by-phone?phone=${encodeURIComponent(phone)}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/admin/people/by-phone', () => {
  it('finds the past guest from the number in any format, with their addresses, recipients and orders', async () => {
    for (const typed of ['0661000111', '+212 6 61 00 01 11', '00212661000111', '06.61.00.01.11']) {
      const found = await lookup(typed);
      expect(found.people).toHaveLength(1);
      expect(found.people[0]).toMatchObject({ kind: 'guest', name: 'Nadia Tazi', email: 'nadia@example.com', orders_count: 3 });
    }
    const found = await lookup('0661000111');
    expect(found.addresses).toEqual([
      { street: '3 Avenue Hassan II', postal_code: '10000', country: 'Maroc', city: 'Rabat', delivery_zone_id: 1 },
      { street: '9 rue Ibn Sina', postal_code: '10000', country: 'Maroc', city: 'Casablanca', delivery_zone_id: 2 },
    ]);
    expect(found.recipients).toEqual([
      { name: 'salma', phone: '06 77 00 00 00' },
      { name: 'Omar', phone: null },
    ]);
    expect(found.orders.map((o: { id: number }) => o.id)).toEqual([placed[2], placed[1], placed[0]]);
    expect(found.orders[0]).toMatchObject({ order_status: 'pending', total_amount: 139.9 });
  });

  it('finds an account by its own phone, with the orders of its number', async () => {
    await ctx.db.update(users).set({ phone: '0661000111' }).where(eq(users.id, customer.id));
    try {
      const found = await lookup('0661000111');
      expect(found.people.map((p: { kind: string; id: number }) => [p.kind, p.id])).toContainEqual(['account', customer.id]);
      expect(found.orders).toHaveLength(3);
    } finally {
      await ctx.db.update(users).set({ phone: null }).where(eq(users.id, customer.id));
    }
  });

  it('finds no one for an unknown or half-typed number', async () => {
    expect(await lookup('0611111111')).toEqual({ people: [], addresses: [], recipients: [], orders: [] });
    expect(await lookup('066100')).toEqual({ people: [], addresses: [], recipients: [], orders: [] });
  });

  it('validates the phone and is the back office’s', async () => {
    expect((await as(admin)('GET', '/api/admin/people/by-phone?phone=')).statusCode).toBe(422);
    expect((await as(customer)('GET', '/api/admin/people/by-phone?phone=0661000111')).statusCode).toBe(403);
  });
});
