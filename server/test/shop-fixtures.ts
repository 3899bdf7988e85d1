/** Rows the API tests need (categories, products, colours, zones, coupons, accounts), inserted directly (independent of the demo seed). */
import { sql } from 'drizzle-orm';
import { toCents } from '../../shared/money.js';
import type { Db } from '../db/client.js';
import {
  categories,
  categoryTranslations,
  closedDates,
  colors,
  colorTranslations,
  coupons,
  deliveryZones,
  productColors,
  products,
  productTranslations,
  users,
} from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { createSession } from '../modules/accounts/auth.js';

export const ORIGIN = 'http://localhost:3000';

export async function insertShopFixtures(db: Db) {
  // A shop without delivery slots (the migration seeds three): a test that is about slots adds its own.
  await db.execute(sql`delete from delivery_slots`);
  await db.insert(categories).values({ id: 1, name: 'Bouquets' });
  await db.insert(categoryTranslations).values({ categoryId: 1, locale: 'ar', name: 'باقات' });
  await db.insert(colors).values([
    { id: 1, name: 'Rouge', hexCode: '#C0392B', slug: 'red', sortOrder: 1 },
    { id: 2, name: 'Blanc', hexCode: '#FFFFFF', slug: 'white', sortOrder: 2 },
    { id: 3, name: 'Rose', hexCode: '#F4A6B8', slug: 'pink', sortOrder: 3 },
  ]);
  await db.insert(colorTranslations).values([
    { colorId: 1, locale: 'en', name: 'Red' },
    { colorId: 2, locale: 'en', name: 'White' },
    { colorId: 1, locale: 'ar', name: 'أحمر' },
  ]);
  await db.insert(products).values([
    // 1: 200 MAD, 10% off -> 180; colours white (first) then red
    { id: 1, name: 'Bouquet de roses', priceCents: toCents(200), discount: 10, stock: 5, categoryId: 1 },
    // 2: 99.90 MAD, no colours
    { id: 2, name: 'Plante verte', priceCents: toCents(99.9), discount: 0, stock: 20, categoryId: 1 },
    // 3: out of stock
    { id: 3, name: 'Orchidée', priceCents: toCents(300), discount: 0, stock: 0, categoryId: 1 },
    // 4: 600 MAD for free-delivery thresholds
    { id: 4, name: 'Grand bouquet', priceCents: toCents(600), discount: 0, stock: 3, categoryId: 1 },
  ]);
  await db.insert(productTranslations).values([
    { productId: 1, locale: 'en', name: 'Rose bouquet' },
    { productId: 1, locale: 'ar', name: 'باقة ورد' },
    { productId: 3, locale: 'en', name: 'Orchid' },
  ]);
  await db.insert(productColors).values([
    { productId: 1, colorId: 2, sortOrder: 1 },
    { productId: 1, colorId: 1, sortOrder: 2 },
    { productId: 4, colorId: 3, sortOrder: 1 },
  ]);
  await db.insert(deliveryZones).values([
    { id: 1, name: 'Rabat', nameAr: 'الرباط', feeCents: toCents(40), freeThresholdCents: toCents(500), sortOrder: 1 },
    { id: 2, name: 'Casablanca', nameAr: 'الدار البيضاء', feeCents: toCents(50), feeMaxCents: toCents(70), sortOrder: 2 },
    { id: 3, name: 'Fermée', nameAr: 'مغلقة', feeCents: toCents(10), isActive: false, sortOrder: 3 },
  ]);
  const day = 24 * 3600 * 1000;
  await db.insert(coupons).values([
    { code: 'BIENVENUE10', type: 'percent', value: 10 },
    { code: 'FLEURS50', type: 'fixed', value: toCents(50), minSubtotalCents: toCents(300) },
    { code: 'EXPIRED', type: 'percent', value: 20, endsAt: new Date(Date.now() - day) },
    { code: 'LATER', type: 'percent', value: 20, startsAt: new Date(Date.now() + day) },
    { code: 'OFF', type: 'percent', value: 20, isActive: false },
    { code: 'USEDUP', type: 'percent', value: 20, maxUses: 2, usedCount: 2 },
    { code: 'ONCE', type: 'percent', value: 5, maxUsesPerCustomer: 1 },
  ]);
  // A closed date 10 days ahead (always in the selectable range).
  const closed = new Date(Date.now() + 10 * day).toISOString().slice(0, 10);
  await db.insert(closedDates).values({ date: closed, reason: 'Fête' });
  return { closedDate: closed };
}

let userSeq = 0;
export async function createUser(db: Db, opts: { role?: string; email?: string; password?: string; language?: string } = {}) {
  userSeq++;
  const email = opts.email ?? `customer${userSeq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      name: `Client ${userSeq}`,
      email,
      phone: '0600000000',
      role: opts.role ?? 'customer',
      passwordHash: await hashPassword(opts.password ?? 'secret123'),
      emailVerifiedAt: new Date(),
      language: opts.language ?? 'fr',
    })
    .returning();
  const session = await createSession(db, user!.id);
  return { user: user!, token: session.token, auth: { authorization: `Bearer ${session.token}` } };
}

/** The `cart_id` cookie set by an answer, if any. */
export function cartCookie(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'cart_id')?.value;
}

export const address = {
  full_name: 'Amina Alaoui',
  street: '12 rue des Fleurs',
  city: 'Rabat',
  postal_code: '10000',
  country: 'Maroc',
  phone: '0612345678',
};
