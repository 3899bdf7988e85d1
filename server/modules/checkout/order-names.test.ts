/**
 * Orders keep their names in every language and staff read them in their own: an order placed in
 * Arabic reads in French for a French admin (list, detail, CSV), its customer reads it in the page's
 * language, orders of one city group together whatever their language, and migration 0019's fill of
 * older orders takes today's rows by id with the customer's own text for the order's language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { backOfficeTest } from '../../test/back-office-test.js';
import { placeOrder, type PlaceOrderInput } from './checkout.service.js';
import { lineNameSql, lineSnapshot, zoneKeySql, zoneNameSql } from '../orders/order-names.js';

const shop = backOfficeTest();
const as = shop.as;

const address = {
  fullName: 'ليلى بنعلي',
  street: 'شارع الورود 5',
  city: 'الدار البيضاء',
  postalCode: '20000',
  country: 'المغرب',
  phone: '0612345678',
};

/** An order of one "Bouquet de roses" in red to Casablanca with the 10 % coupon: 180 - 18 + 50 = 212 MAD. */
const order = (language: 'fr' | 'ar', key: string): PlaceOrderInput => ({
  basket: { kind: 'lines', lines: [{ productId: 1, colorId: 1, quantity: 1 }] },
  userId: null,
  customer: { name: 'Layla', email: `layla-${key}@example.com`, phone: '0612345678' },
  language,
  billing: address,
  shipping: address,
  recipient: null,
  substitution: 'similar',
  deliveryZoneId: 2,
  deliveryMethod: 'delivery',
  deliverySlot: null,
  deliveryDate: null,
  paymentMethod: 'cash_on_delivery',
  couponCode: 'BIENVENUE10',
  clientTotal: 212,
  giftMessage: null,
  orderNotes: null,
  idempotencyKey: key,
  guestId: key,
});

describe('order names', () => {
  let arabicId: number;

  it('an order placed in Arabic keeps the customer’s text and every language’s names', async () => {
    arabicId = (await placeOrder(shop.ctx.db, order('ar', 'names-ar'))).orderId;
    const [o] = await shop.ctx.db.select().from(orders).where(eq(orders.id, arabicId));
    expect(o).toMatchObject({
      deliveryCity: 'الدار البيضاء',
      deliveryZoneId: 2,
      deliveryZoneNames: { fr: 'Casablanca', en: 'Casablanca', ar: 'الدار البيضاء' },
    });
    const [line] = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, arabicId));
    expect(line).toMatchObject({
      productId: 1,
      productName: 'باقة ورد',
      productNames: { fr: 'Bouquet de roses', en: 'Rose bouquet', ar: 'باقة ورد' },
      colorId: 1,
      colorName: 'أحمر',
      colorNames: { fr: 'Rouge', en: 'Red', ar: 'أحمر' },
    });
  });

  it('reads in French for a French admin: list, detail and CSV', async () => {
    const list = await as(shop.admin, 'fr')('GET', `/api/admin/orders?search=${arabicId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((r: { id: number }) => r.id === arabicId).delivery_city).toBe('Casablanca');

    const detail = await as(shop.admin, 'fr')('GET', `/api/admin/orders/${arabicId}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d.delivery_city).toBe('Casablanca');
    expect(d.order_items[0].product.name).toBe('Bouquet de roses');
    expect(d.order_items[0].color_name).toBe('Rouge');
    expect(d.order_items[0].color.name).toBe('Rouge');
    // The receipt prints in any language from these.
    expect(d.order_items[0].names).toEqual({ fr: 'Bouquet de roses', en: 'Rose bouquet', ar: 'باقة ورد' });
    expect(d.language).toBe('ar');

    const csv = await as(shop.admin, 'fr')('GET', `/api/admin/orders/export.csv?search=${arabicId}`);
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split('\n').find((l) => l.startsWith(`${arabicId};`))!;
    expect(row).toContain(';Casablanca;');
    expect(row).not.toContain('الدار البيضاء');

    // An English reader gets English.
    const en = (await as(shop.admin, 'en')('GET', `/api/admin/orders/${arabicId}`)).json();
    expect(en.order_items[0].product.name).toBe('Rose bouquet');
    expect(en.order_items[0].color_name).toBe('Red');
  });

  it('groups orders by zone id whatever their language, named in the reader’s', async () => {
    const frenchId = (await placeOrder(shop.ctx.db, order('fr', 'names-fr'))).orderId;
    const groups = await sqlRows<{ zone: string; name: string; n: number | string }>(
      shop.ctx.db,
      sql`select ${zoneKeySql('o')} as zone, min(${zoneNameSql('fr', 'o')}) as name, count(*) as n
          from orders o where o.id in (${arabicId}, ${frenchId}) group by 1`,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ zone: '2', name: 'Casablanca' });
    expect(Number(groups[0]!.n)).toBe(2);
    const [line] = await shop.ctx.db
      .select({ name: lineNameSql('ar') })
      .from(orderItems)
      .where(eq(orderItems.orderId, frenchId));
    expect(line!.name).toBe('باقة ورد');
  });

  it('lineSnapshot gives a new line its names from the catalogue, without colour when none is given', async () => {
    expect(await lineSnapshot(shop.ctx.db, 1, 1)).toEqual({
      productNames: { fr: 'Bouquet de roses', en: 'Rose bouquet', ar: 'باقة ورد' },
      colorNames: { fr: 'Rouge', en: 'Red', ar: 'أحمر' },
      colorHex: '#C0392B',
    });
    expect(await lineSnapshot(shop.ctx.db, 2, null)).toEqual({
      productNames: { fr: 'Plante verte', en: 'Plante verte', ar: 'Plante verte' },
      colorNames: null,
      colorHex: null,
    });
    expect(await lineSnapshot(shop.ctx.db, 999, null)).toBeNull();
  });

  it('migration 0019 fills older orders: today’s rows by id, the customer’s text for the order’s language, stored text when the row is gone', async () => {
    const [old] = await sqlRows<{ id: number }>(
      shop.ctx.db,
      sql`insert into orders (customer_name, customer_email, customer_phone, language, delivery_zone_id, delivery_city, subtotal_cents, total_cents, payment_method)
          values ('Old', 'old@example.com', '0600000000', 'ar', 2, 'الدار البيضاء (قديم)', 100, 100, 'cash_on_delivery') returning id`,
    );
    await shop.ctx.db
      .execute(sql`insert into order_items (order_id, product_id, product_name, color_id, color_name, quantity, original_unit_price_cents, unit_price_cents) values
      (${old!.id}, 1, 'باقة ورد قديمة', 1, 'أحمر', 1, 100, 100),
      (${old!.id}, null, 'منتج محذوف', null, null, 1, 100, 100)`);
    const migration = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0019_order_names.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (/^\s*(--.*\n)*\s*UPDATE/.test(statement)) await shop.ctx.db.execute(sql.raw(statement));
    }
    const [o] = await shop.ctx.db.select().from(orders).where(eq(orders.id, old!.id));
    expect(o!.deliveryZoneNames).toEqual({ fr: 'Casablanca', en: 'Casablanca', ar: 'الدار البيضاء (قديم)' });
    const lines = await shop.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, old!.id)).orderBy(orderItems.id);
    expect(lines[0]).toMatchObject({
      productNames: { fr: 'Bouquet de roses', en: 'Rose bouquet', ar: 'باقة ورد قديمة' },
      colorNames: { fr: 'Rouge', en: 'Red', ar: 'أحمر' },
    });
    expect(lines[1]).toMatchObject({ productNames: { fr: 'منتج محذوف', en: 'منتج محذوف', ar: 'منتج محذوف' }, colorNames: null });
  });
});
