/**
 * The orders list's search: a phone typed in any format finds the buyer's or the recipient's phone,
 * names (buyer and recipient) are found ignoring case and accents, and the SQL of the generated
 * columns agrees with the JavaScript rules the typed search goes through.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearch } from '../../../shared/text.js';
import { sqlRows } from '../../db/sql-rows.js';
import { orderAddresses, orders } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertOrder } from './order-fixtures.js';
import { asPhoneEnding, asPhoneSearch, orderSearchCondition, phoneKey } from './order-search.js';

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

async function orderWith(fields: {
  customerPhone?: string;
  recipientName?: string | null;
  recipientPhone?: string | null;
  name?: string;
  email?: string;
}) {
  const id = await insertOrder(ctx.db, { name: fields.name, email: fields.email });
  await ctx.db
    .update(orders)
    .set({
      customerPhone: fields.customerPhone ?? '0500000000',
      recipientName: fields.recipientName ?? null,
      recipientPhone: fields.recipientPhone ?? null,
    })
    .where(eq(orders.id, id));
  return id;
}

const search = async (text: string) => {
  const res = await as(admin)('GET', `/api/admin/orders?search=${encodeURIComponent(text)}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((o) => o.id);
};

const SAME_NUMBER = [
  '06 12 34 56 78',
  '0612345678',
  '+212612345678',
  '+212 6 12 34 56 78',
  '00212 612345678',
  '00212-6-12-34-56-78',
  '06.12.34.56.78',
  '+212 (0)6 12 34 56 78',
  '612345678',
];

describe('phoneKey', () => {
  it('gives one key to every way of writing a Moroccan number', () => {
    for (const written of SAME_NUMBER) expect(phoneKey(written), written).toBe('612345678');
  });

  it('keeps a foreign country code, and a short national number whole', () => {
    expect(phoneKey('+33 6 12 34 56 78')).toBe('33612345678');
    expect(phoneKey('0033 6 12 34 56 78')).toBe('33612345678');
    expect(phoneKey('212345678')).toBe('212345678');
    expect(phoneKey('--')).toBeNull();
  });

  it('reads a search as a phone only with phone characters and 6 digits or more', () => {
    expect(asPhoneSearch('06 12 34')).toBe('61234');
    expect(asPhoneSearch('0612')).toBeNull();
    expect(asPhoneSearch('Amina 0612345678')).toBeNull();
  });

  it('reads 4 digits or more written as a phone as the end of a number', () => {
    expect(asPhoneEnding('98 76 54')).toBe('987654');
    expect(asPhoneEnding('5678')).toBe('5678');
    expect(asPhoneEnding('678')).toBeNull();
    expect(asPhoneEnding('rue 5678')).toBeNull();
  });
});

describe('the generated columns agree with the JavaScript rules', () => {
  it('stores the same phone key as phoneKey for every format', async () => {
    const ids: number[] = [];
    const written = [...SAME_NUMBER, '+33 6 12 34 56 78', '0033612345678', '05-37-12-34-56', '212345678'];
    for (const phone of written) ids.push(await orderWith({ customerPhone: phone, recipientPhone: phone }));
    const rows = await ctx.db
      .select({ id: orders.id, phone: orders.customerPhone, key: orders.customerPhoneKey, recipientKey: orders.recipientPhoneKey })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(rows).toHaveLength(written.length);
    for (const row of rows) {
      expect(row.key, row.phone).toBe(phoneKey(row.phone));
      expect(row.recipientKey).toBe(row.key);
    }
  });

  it('stores the names as normalizeSearch writes them (accents, case, Arabic letters, ligatures)', async () => {
    const names: [string, string][] = [
      ['Zoé Benaïssa', 'ÉLODIE Château'],
      ['Œillet Cœur', 'Ægir Ñandú'],
      ['فاطمة الزهراء', 'أسماء إبراهيم'],
      ['مُحَمَّد  عليّ', 'سلمى  بنت   مؤمن'],
      ['Çağla Şahin', 'Łukasz Ørsted'],
    ];
    const ids: number[] = [];
    for (const [name, recipient] of names) ids.push(await orderWith({ name, recipientName: recipient, email: 'Mixed.Case@Example.com' }));
    const rows = await ctx.db.select({ id: orders.id, text: orders.searchText }).from(orders).where(inArray(orders.id, ids));
    for (const [i, [name, recipient]] of names.entries()) {
      const row = rows.find((r) => r.id === ids[i])!;
      expect(row.text, name).toBe(normalizeSearch(`${name} Mixed.Case@Example.com ${recipient}`));
    }
  });
});

describe('GET /api/admin/orders?search=', () => {
  let byBuyer: number;
  let byRecipient: number;
  let other: number;
  beforeAll(async () => {
    byBuyer = await orderWith({ customerPhone: '06 61 22 33 44', name: 'Salma Idrissi', recipientName: 'Zoé Benaïssa' });
    byRecipient = await orderWith({
      customerPhone: '+33 7 00 00 00 01',
      recipientPhone: '0661.22.33.44',
      name: 'Paul Martin',
      recipientName: 'Fatima Zahra',
    });
    other = await orderWith({ customerPhone: '0661223345', name: 'Karim Tazi', recipientName: 'فاطمة بناني' });
  });

  it('finds the buyer’s and the recipient’s phone written in any format', async () => {
    for (const written of [
      '0661223344',
      '06 61 22 33 44',
      '+212661223344',
      '00212 661 22 33 44',
      '06-61-22-33-44',
      '+212 (0)6 61 22 33 44',
    ]) {
      const ids = await search(written);
      expect(ids, written).toEqual(expect.arrayContaining([byBuyer, byRecipient]));
      expect(ids, written).not.toContain(other);
    }
  });

  it('finds a number by its start while it is being typed', async () => {
    const ids = await search('06 61 22 33');
    expect(ids).toEqual(expect.arrayContaining([byBuyer, byRecipient, other]));
  });

  it('finds the recipient’s and the buyer’s names ignoring case and accents', async () => {
    const finds = async (text: string, expected: number) => {
      const ids = await search(text);
      expect(ids, text).toContain(expected);
      expect(
        ids.filter((id) => [byBuyer, byRecipient, other].includes(id)),
        text,
      ).toEqual([expected]);
    };
    await finds('zoe benaissa', byBuyer);
    await finds('ZOÉ', byBuyer);
    await finds('fatima zahra', byRecipient);
    await finds('salma', byBuyer);
    await finds('فاطمه', other);
  });

  it('still finds an order by its number and its whole e-mail', async () => {
    expect(await search(`#${other}`)).toContain(other);
    const res = await as(admin)('GET', `/api/admin/orders?search=${encodeURIComponent('AMINA@example.com')}`);
    expect((res.json().data as { id: number }[]).map((o) => o.id)).toEqual(expect.arrayContaining([byBuyer, byRecipient, other]));
  });

  it('takes % and _ literally', async () => {
    expect(await search('06%44')).toEqual([]);
    expect(await search('sal_a')).toEqual([]);
  });
});

describe('GET /api/admin/orders?search= beyond names and phone starts', () => {
  let farAway: number;
  let khadija: number;
  let fatima: number;
  let youssef: number;
  let arabicNames: number;
  beforeAll(async () => {
    farAway = await orderWith({ customerPhone: '0600 98 76 54', name: 'Nora Bennis', recipientPhone: '0522 44 55 66' });
    await ctx.db.update(orderAddresses).set({ street: '7 Boulevard Zerktouni', city: 'Fès' }).where(eq(orderAddresses.orderId, farAway));
    khadija = await orderWith({ name: 'Khadija Berrada' });
    fatima = await orderWith({ name: 'Omar Alami', recipientName: 'Fatima Zahra' });
    youssef = await orderWith({ name: 'Youssef Amrani' });
    arabicNames = await orderWith({ name: 'خديجة', recipientName: 'يوسف فاطمة' });
  });

  it('finds the buyer’s and the recipient’s phone by its last digits, spaced or not', async () => {
    for (const written of ['987654', '98 76 54', '98-76-54', '7654']) expect(await search(written), written).toContain(farAway);
    expect(await search('55 66')).toContain(farAway);
    expect(await search('98 76 55')).not.toContain(farAway);
  });

  it('finds an order by a part of its street or its city, ignoring case and accents', async () => {
    for (const written of ['zerktouni', 'Boulevard ZERKTOUNI', 'fes', 'Fès']) expect(await search(written), written).toContain(farAway);
    expect(await search('zerktouna')).not.toContain(farAway);
  });

  it('stores one consonant key for a name’s Arabic and Latin spellings', async () => {
    const written = [
      'Khadija',
      'Khadidja',
      'خديجة',
      'Fatima',
      'Fatema',
      'فاطمة',
      'Youssef',
      'Yusuf',
      'Youssouf',
      'يوسف',
      'Hicham',
      'هشام',
      'Yacine Chraïbi',
    ];
    const ids: number[] = [];
    for (const name of written) ids.push(await orderWith({ name }));
    const rows = await ctx.db.select({ id: orders.id, key: orders.nameKey }).from(orders).where(inArray(orders.id, ids));
    const keyOf = (i: number) => rows.find((r) => r.id === ids[i])!.key;
    expect(written.map((_, i) => keyOf(i))).toEqual([
      ' xdj ',
      ' xdj ',
      ' xdj ',
      ' ftm ',
      ' ftm ',
      ' ftm ',
      ' ysf ',
      ' ysf ',
      ' ysf ',
      ' ysf ',
      ' hcm ',
      ' hcm ',
      ' ysn crb ',
    ]);
  });

  it('finds a name written in Arabic by its Latin spellings', async () => {
    for (const written of ['Khadija', 'khadidja']) expect(await search(written), written).toContain(arabicNames);
    for (const written of ['Fatima', 'Fatema']) expect(await search(written), written).toContain(arabicNames);
    for (const written of ['Youssef', 'Yusuf', 'Youssouf']) expect(await search(written), written).toContain(arabicNames);
  });

  it('finds a name written in Latin letters by its Arabic spelling', async () => {
    expect(await search('خديجة')).toEqual(expect.arrayContaining([khadija, arabicNames]));
    expect(await search('فاطمة')).toEqual(expect.arrayContaining([fatima, arabicNames]));
    expect(await search('يوسف')).toEqual(expect.arrayContaining([youssef, arabicNames]));
  });

  it('reads the orders by their indexes only (phone ends, addresses, name keys), never the whole table', async () => {
    for (const text of ['98 76 54', 'zerktouni', 'Youssef', 'يوسف']) {
      const plan = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return sqlRows<Record<string, string>>(tx, sql`explain select id from ${orders} where ${orderSearchCondition(text)}`);
      });
      const lines = plan.map((row) => Object.values(row)[0]).join('\n');
      expect(lines, text).not.toMatch(/Seq Scan/);
      expect(lines, text).toMatch(/BitmapOr/);
    }
  });

  it('keeps Latin names apart', async () => {
    const ids = await search('Youssef');
    expect(ids).toContain(youssef);
    expect(ids).not.toContain(khadija);
    expect(ids).not.toContain(fatima);
    expect(await search('Berrada')).toEqual([khadija]);
  });
});
