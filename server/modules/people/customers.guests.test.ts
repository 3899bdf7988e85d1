/**
 * Guests among customers: guest orders sharing an e-mail or a phone (in any format) are one person,
 * listed as a guest with their order count and last order; an account with their e-mail or phone
 * (then or later) takes them in, so each person is one row; their page lists their orders.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBuyers, orders, users } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

/** A guest order written whole (the fixture's default phone would join every guest into one person). */
async function guestOrder(name: string, email: string, phone: string, createdAt: Date, userId: number | null = null) {
  const [row] = await ctx.db
    .insert(orders)
    .values({
      userId,
      customerName: name,
      customerEmail: email,
      customerPhone: phone,
      deliveryCity: 'Rabat',
      subtotalCents: 10000,
      totalCents: 10000,
      paymentMethod: 'cash_on_delivery',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  return row!.id;
}

type Row = { id: number; name: string; guest: boolean; orders_count: number; last_order_at: string | null; email: string };
const list = async (query: string) => {
  const res = await as(admin)('GET', `/api/admin/customers?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Row[]; meta: { total: number } };
};
const search = async (text: string) => (await list(`per_page=50&search=${encodeURIComponent(text)}`)).data;

describe('guest buyers in the customers list', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10));
  let first: number;
  let second: number;
  let third: number;

  beforeAll(async () => {
    // One person: the second order shares the e-mail (other phone), the third the second's phone (other e-mail).
    first = await guestOrder('Nadia Bennani', 'nadia.b@example.com', '06 70 11 22 33', day(3));
    second = await guestOrder('Nadia Bennani', 'NADIA.B@example.com', '+212 6 70 99 88 77', day(5));
    third = await guestOrder('Nadia B.', 'nadia.work@example.com', '0670.99.88.77', day(9));
    await guestOrder('Youssef Amrani', 'youssef@example.com', '0661000001', day(4));
  });

  it('lists them as one guest with the order count and the last order, found by a phone in any format', async () => {
    const rows = await search('00212 670 99 88 77');
    const nadia = rows.filter((r) => r.name.startsWith('Nadia'));
    expect(nadia).toHaveLength(1);
    expect(nadia[0]).toMatchObject({
      guest: true,
      orders_count: 3,
      name: 'Nadia B.',
      email: 'nadia.work@example.com',
      last_order_at: day(9).toISOString(),
    });
    // Any of the person's numbers and e-mails finds them, and their name.
    for (const text of ['+212670112233', 'nadia.b@example', 'nadia b.'])
      expect(
        (await search(text)).some((r) => r.id === nadia[0]!.id && r.guest),
        text,
      ).toBe(true);
    expect((await search('+212670112233')).some((r) => r.name.startsWith('Youssef'))).toBe(false);
  });

  it('shows the guest’s orders on their page', async () => {
    const [nadia] = (await search('nadia.work@example.com')).filter((r) => r.guest);
    const res = await as(admin)('GET', `/api/admin/customers/guests/${nadia!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({ guest: true, orders_count: 3 });
    expect(res.json().orders.data.map((o: { id: number }) => o.id)).toEqual([third, second, first]);
    expect((await as(admin)('GET', '/api/admin/customers/guests/999999')).statusCode).toBe(404);
  });

  it('joins an account created later with the guest’s e-mail or phone: one row, with every order', async () => {
    const [account] = await ctx.db
      .insert(users)
      .values({ name: 'Youssef Amrani', email: 'youssef@example.com', phone: '+212 661 000 001', passwordHash: 'x', createdAt: day(20) })
      .returning({ id: users.id });
    const own = await guestOrder('Youssef Amrani', 'youssef@example.com', '0661000001', day(21), account!.id);
    const rows = (await search('youssef')).filter((r) => r.name === 'Youssef Amrani');
    expect(rows).toEqual([
      expect.objectContaining({ id: account!.id, guest: false, orders_count: 2, last_order_at: day(21).toISOString() }),
    ]);
    const page = (await as(admin)('GET', `/api/admin/customers/${account!.id}`)).json();
    expect(page.customer.orders_count).toBe(2);
    expect(page.orders.data).toHaveLength(2);
    expect(page.orders.data[0].id).toBe(own);
    // The guest's old address now opens the account.
    const [buyer] = await ctx.db.select().from(guestBuyers).where(eq(guestBuyers.userId, account!.id));
    expect((await as(admin)('GET', `/api/admin/customers/guests/${buyer!.id}`)).json().customer).toMatchObject({
      id: account!.id,
      guest: false,
    });
  });

  it('turns a deleted account’s orders into a guest, and drops a guest whose orders are gone', async () => {
    const [gone] = await ctx.db
      .insert(users)
      .values({ name: 'Leila Fassi', email: 'leila@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    const order = await guestOrder('Leila Fassi', 'leila@example.com', '0522000000', day(22), gone!.id);
    expect((await search('leila')).map((r) => r.guest)).toEqual([false]);
    await ctx.db.delete(users).where(eq(users.id, gone!.id));
    expect((await search('leila')).map((r) => [r.guest, r.orders_count])).toEqual([[true, 1]]);
    await ctx.db.delete(orders).where(eq(orders.id, order));
    expect(await search('leila')).toEqual([]);
  });

  it('finds an account by its own phone, by the phone of a guest linked to it, and by a phone’s start, as one row counted once', async () => {
    const [karim] = await ctx.db
      .insert(users)
      .values({ name: 'Karim Idrissi', email: 'karim@example.com', phone: '0612 77 00 01', passwordHash: 'x', createdAt: day(23) })
      .returning({ id: users.id });
    // Ordered signed out with the account's e-mail and another phone: linked to the account by the e-mail.
    await guestOrder('Karim Idrissi', 'KARIM@example.com', '+212 633 77 55 66', day(24));
    for (const text of ['+212 6 12 77 00 01', '0633.77.55.66', '06 12 77', '0633 775', 'karim@EXAMPLE']) {
      const found = await list(`per_page=50&search=${encodeURIComponent(text)}`);
      expect(
        found.data.map((r) => [r.guest, r.id]),
        text,
      ).toEqual([[false, karim!.id]]);
      expect(found.meta.total, text).toBe(1);
    }
  });

  it('keeps guests without an e-mail (orders taken by phone) apart: the empty e-mail is no key', async () => {
    const salma = await guestOrder('Salma Tazi', '', '0655 10 20 30', day(25));
    await guestOrder('Omar Kettani', '', '+212 655 40 50 60', day(26));
    expect((await search('0655102030')).map((r) => [r.guest, r.name, r.orders_count])).toEqual([[true, 'Salma Tazi', 1]]);
    expect((await search('06 55 40 50 60')).map((r) => [r.guest, r.name, r.orders_count])).toEqual([[true, 'Omar Kettani', 1]]);
    // The bulk rebuild (migrations, loads with triggers off) keeps them apart as well.
    await ctx.db.execute(sql`select flora_rebuild_guest_buyers()`);
    expect((await search('0655102030')).map((r) => [r.name, r.orders_count])).toEqual([['Salma Tazi', 1]]);
    // Her order gone, she goes; he stays.
    await ctx.db.delete(orders).where(eq(orders.id, salma));
    expect(await search('0655102030')).toEqual([]);
    expect((await search('0655405060')).map((r) => [r.name, r.orders_count])).toEqual([['Omar Kettani', 1]]);
  });

  it('pages accounts and guests together in SQL, newest first, with one total', async () => {
    const all = await list('per_page=100');
    // Customer accounts (not the staff), and guests without one or linked to a staff account.
    const totalAccounts = Number(
      (await sqlRows<{ n: string }>(ctx.db, sql`select count(*) as n from users where role = 'customer'`))[0]!.n,
    );
    const totalGuests = Number(
      (
        await sqlRows<{ n: string }>(
          ctx.db,
          sql`select count(*) as n from guest_buyers b left join users u on u.id = b.user_id where u.id is null or u.role <> 'customer'`,
        )
      )[0]!.n,
    );
    expect(all.meta.total).toBe(totalAccounts + totalGuests);
    expect(all.data.some((r) => r.guest) && all.data.some((r) => !r.guest)).toBe(true);
    const pageTwo = await list('per_page=2&page=2');
    expect(pageTwo.data.map((r) => `${r.guest}:${r.id}`)).toEqual(all.data.slice(2, 4).map((r) => `${r.guest}:${r.id}`));
  });
});

describe('the customers search beyond names and phone starts', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 2, n, 10));
  let khadijaAccount: number;
  let fatimaAccount: number;

  beforeAll(async () => {
    const [k] = await ctx.db
      .insert(users)
      .values({ name: 'Khadija Berrada', email: 'khadija.b@example.com', phone: '0600 98 76 54', passwordHash: 'x' })
      .returning({ id: users.id });
    khadijaAccount = k!.id;
    const [f] = await ctx.db
      .insert(users)
      .values({ name: 'فاطمة العلوي', email: 'fatima.a@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    fatimaAccount = f!.id;
    await guestOrder('يوسف الإدريسي', 'youssef.i@example.com', '+212 6 11 43 21 09', day(2));
    await guestOrder('Fatema Zahra Guest', 'fz.guest@example.com', '0655 13 57 90', day(3));
    await guestOrder('Yusuf Benjelloun', 'yusuf.b@example.com', '0655 24 68 02', day(4));
  });

  it('finds an account and a guest by the last digits of their phone, spaced or not', async () => {
    for (const text of ['987654', '98 76 54', '7654'])
      expect(
        (await search(text)).map((r) => r.id),
        text,
      ).toContain(khadijaAccount);
    for (const text of ['432109', '43 21 09'])
      expect(
        (await search(text)).some((r) => r.guest && r.name === 'يوسف الإدريسي'),
        text,
      ).toBe(true);
    expect((await search('98 76 55')).map((r) => r.id)).not.toContain(khadijaAccount);
  });

  it('finds a name written in Arabic by its Latin spellings, and back', async () => {
    for (const text of ['Youssef', 'Yusuf', 'Youssouf'])
      expect(
        (await search(text)).some((r) => r.name === 'يوسف الإدريسي'),
        text,
      ).toBe(true);
    for (const text of ['Fatima', 'Fatema'])
      expect(
        (await search(text)).map((r) => r.id),
        text,
      ).toContain(fatimaAccount);
    expect((await search('فاطمة')).map((r) => r.name)).toEqual(expect.arrayContaining(['فاطمة العلوي', 'Fatema Zahra Guest']));
    expect((await search('خديجة')).map((r) => r.id)).toContain(khadijaAccount);
    expect((await search('khadidja')).map((r) => r.id)).toContain(khadijaAccount);
    expect((await search('يوسف')).map((r) => r.name)).toEqual(expect.arrayContaining(['يوسف الإدريسي', 'Yusuf Benjelloun']));
    expect((await search('Khadija')).map((r) => r.id)).not.toContain(fatimaAccount);
  });
});
