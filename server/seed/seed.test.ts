import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/helpers.js';
import { normalizeSearch } from '../../shared/text.js';
import { verifyPassword } from '../lib/passwords.js';
import { readContact, toShopInfo } from '../modules/shop/shop-settings.service.js';
import { DEMO_PASSWORD, DEMO_SOCIAL_LINKS } from './catalogue-data.js';
import { seedLargeCatalogue } from './large.js';
import { seedDatabase, upcomingClosedDates } from './seed.js';
import { LocalPictureStore } from '../lib/storage/local-store.js';

let database: Database;
let uploadsDir: string;
const logs: string[] = [];

async function q<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await database.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
  database = await createTestDatabase();
  const result = await seedDatabase(database.db, { pictures: new LocalPictureStore(uploadsDir), log: (m) => logs.push(m) });
  expect(result).toEqual({ seeded: true });
  // The seed draws every picture (sharp): the project's hook timeout, made for a busy machine.
});

afterAll(async () => {
  await database?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('seedDatabase', () => {
  it('creates the four categories with fixed ids and translations, and resets the sequence', async () => {
    const cats = await q<{ id: number; name: string; image_path: string }>(sql`select id, name, image_path from categories order by id`);
    expect(cats.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(cats.map((c) => c.name)).toEqual(['Bouquets', 'Fleurs à la tige', 'Fleurs séchées', 'Plantes']);
    for (const c of cats) {
      expect(c.image_path).toMatch(/^\/uploads\/categories\/[A-Za-z0-9]+-640\.webp$/);
      expect(existsSync(path.join(uploadsDir, c.image_path.replace('/uploads/', '')))).toBe(true);
    }
    const tr = await q<{ n: number }>(sql`select count(*)::int as n from category_translations`);
    expect(tr[0].n).toBe(12);
    const [{ next }] = await q<{ next: number }>(sql`select nextval(pg_get_serial_sequence('categories', 'id'))::int as next`);
    expect(next).toBe(5);
    const subs = await q<{ category_id: number; n: number }>(
      sql`select category_id, count(*)::int as n from subcategories group by category_id order by category_id`,
    );
    expect(subs.map((s) => s.category_id)).toEqual([1, 2, 3, 4]);
    for (const s of subs) expect(s.n).toBeGreaterThanOrEqual(2);
    const [{ missing }] = await q<{ missing: number }>(
      sql`select count(*)::int as missing from subcategories s where (select count(*) from subcategory_translations t where t.subcategory_id = s.id) <> 3`,
    );
    expect(missing).toBe(0);
  });

  it('creates the eight colours with ids 1-8 and translations', async () => {
    const rows = await q<{ id: number; hex_code: string; slug: string }>(sql`select id, hex_code, slug from colors order by id`);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.map((r) => r.hex_code)).toEqual(['#D32F2F', '#F48FB1', '#FFFFFF', '#FBC02D', '#FB8C00', '#8E24AA', '#1E88E5', '#43A047']);
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from color_translations`);
    expect(n).toBe(24);
    const [{ ar }] = await q<{ ar: string }>(sql`select name as ar from color_translations where color_id = 1 and locale = 'ar'`);
    expect(ar).toBe('أحمر');
  });

  it('creates at least 60 products over the four categories, each complete', async () => {
    const perCat = await q<{ category_id: number; n: number }>(
      sql`select category_id, count(*)::int as n from products group by category_id order by category_id`,
    );
    expect(perCat.map((r) => r.category_id)).toEqual([1, 2, 3, 4]);
    expect(perCat.reduce((a, r) => a + r.n, 0)).toBeGreaterThanOrEqual(60);

    const [{ incomplete }] = await q<{ incomplete: number }>(
      sql`select count(*)::int as incomplete from products p
          where (select count(*) from product_translations t where t.product_id = p.id and t.locale in ('fr', 'en', 'ar') and t.name <> '') <> 3
             or not exists (select 1 from product_images i where i.product_id = p.id)
             or p.search_text = '' or p.subcategory_id is null`,
    );
    expect(incomplete).toBe(0);

    const images = await q<{ key: string; widths: number[] }>(sql`select key, widths from product_images`);
    for (const img of images) {
      expect(img.widths).toEqual([320, 640, 1024]);
      for (const w of img.widths) expect(existsSync(path.join(uploadsDir, `${img.key}-${w}.webp`))).toBe(true);
    }

    const [stats] = await q<{ featured: number; out: number; discounted: number; min: number; max: number; sorted: number }>(
      sql`select count(*) filter (where is_featured)::int as featured, count(*) filter (where stock = 0)::int as out,
                 count(*) filter (where discount > 0)::int as discounted, min(price_cents)::int as min, max(price_cents)::int as max,
                 count(distinct sort_order)::int as sorted
          from products`,
    );
    expect(stats.featured).toBeGreaterThanOrEqual(10);
    expect(stats.out).toBeGreaterThanOrEqual(2);
    expect(stats.discounted).toBeGreaterThanOrEqual(5);
    expect(stats.min).toBeGreaterThanOrEqual(1500);
    expect(stats.max).toBeLessThanOrEqual(150_000);
    expect(stats.sorted).toBe(perCat.reduce((a, r) => a + r.n, 0));

    // single stems: 3-6 colours each and prices 15-60 MAD
    const stems = await q<{ n: number; price_cents: number }>(
      sql`select (select count(*) from product_colors pc where pc.product_id = p.id)::int as n, p.price_cents
          from products p where p.category_id = 2`,
    );
    for (const s of stems) {
      expect(s.n).toBeGreaterThanOrEqual(3);
      expect(s.n).toBeLessThanOrEqual(6);
      expect(s.price_cents).toBeGreaterThanOrEqual(1500);
      expect(s.price_cents).toBeLessThanOrEqual(6000);
    }
  });

  it('fills search_text with accent-free names in every language', async () => {
    const [rose] = await q<{ search_text: string }>(
      sql`select search_text from products where name = 'Bouquet de roses de Kelâat M’Gouna'`,
    );
    expect(rose.search_text).toContain('bouquet de roses de kelaat m’gouna');
    expect(rose.search_text).toContain('kelaat m’gouna rose bouquet');
    expect(rose.search_text).toContain(normalizeSearch('باقة ورود قلعة مكونة'));
    // Arabic with hamza-on-alef is found without it
    const hits = await q<{ name: string }>(sql`select name from products where search_text like ${`%${normalizeSearch('اوركيد ابيض')}%`}`);
    expect(hits.map((h) => h.name)).toContain('Orchidée blanche en pot');
    const pivoines = await q<{ n: number }>(sql`select count(*)::int as n from products where search_text like '%pivoines sechees%'`);
    expect(pivoines[0].n).toBe(1);
  });

  it('creates the delivery zones, closed dates, coupons, customers and testimonials', async () => {
    const zones = await q<{
      name: string;
      name_ar: string;
      fee_cents: number;
      fee_max_cents: number | null;
      free_threshold_cents: number | null;
    }>(sql`select name, name_ar, fee_cents, fee_max_cents, free_threshold_cents from delivery_zones order by sort_order`);
    expect(zones).toHaveLength(12);
    expect(zones[0]).toEqual({ name: 'Rabat', name_ar: 'الرباط', fee_cents: 4000, fee_max_cents: null, free_threshold_cents: 50000 });
    expect(zones.find((z) => z.name === 'Casablanca')).toMatchObject({ fee_cents: 5000, fee_max_cents: 7000, free_threshold_cents: null });
    expect(zones.map((z) => z.name)).toContain('Fès-Meknès');

    const closed = await q<{ date: string }>(sql`select date::text as date from closed_dates order by date`);
    expect(closed.length).toBeGreaterThanOrEqual(3);
    const today = new Date().toISOString().slice(0, 10);
    for (const c of closed) expect(c.date > today || c.date === today).toBe(true);
    expect(upcomingClosedDates(new Date('2025-06-01T12:00:00Z')).map((d) => d.date)).toEqual([
      '2025-07-30',
      '2025-11-18',
      '2026-01-01',
      '2026-05-01',
    ]);

    const coupons = await q<{
      code: string;
      type: string;
      value: number;
      min_subtotal_cents: number;
      is_active: boolean;
      ends_at: unknown;
    }>(sql`select code, type, value, min_subtotal_cents, is_active, ends_at from coupons order by code`);
    expect(coupons).toEqual([
      { code: 'BIENVENUE10', type: 'percent', value: 10, min_subtotal_cents: 20000, is_active: true, ends_at: null },
      { code: 'FLEURS50', type: 'fixed', value: 5000, min_subtotal_cents: 30000, is_active: true, ends_at: null },
    ]);

    const customers = await q<{ role: string; password_hash: string; email_verified_at: unknown }>(
      sql`select role, password_hash, email_verified_at from users`,
    );
    expect(customers).toHaveLength(3);
    for (const c of customers) {
      expect(c.role).toBe('customer');
      expect(c.email_verified_at).not.toBeNull();
      expect(c.password_hash).not.toContain(DEMO_PASSWORD);
    }
    expect(await verifyPassword(DEMO_PASSWORD, customers[0].password_hash)).toBe(true);

    const t = await q<{ confirmed: number; pending: number }>(
      sql`select count(*) filter (where is_confirmed)::int as confirmed, count(*) filter (where not is_confirmed)::int as pending
          from testimonials where user_id is not null`,
    );
    expect(t[0].confirmed).toBeGreaterThanOrEqual(4);
    expect(t[0].pending).toBe(1);
  });

  it('tags each single-stem picture with the colour it is drawn in, and no bouquet picture', async () => {
    const rose = await q<{ slug: string | null }>(
      sql`select c.slug from product_images i join products p on p.id = i.product_id left join colors c on c.id = i.color_id
          where p.name = 'Rose à la tige' order by i.sort_order`,
    );
    expect(rose.map((r) => r.slug)).toEqual(['rouge', 'rose', 'blanc', 'jaune', 'orange']);
    const bouquet = await q<{ color_id: number | null }>(
      sql`select i.color_id from product_images i join products p on p.id = i.product_id where p.name = 'Bouquet de roses rouges'`,
    );
    expect(bouquet.map((r) => r.color_id)).toEqual([null, null]);
  });

  it('gives the demo shop its social links, and keeps the configured contact numbers', async () => {
    const contact = await readContact(database.db, { phone: '+212 5 37 00 00 00', whatsapp: '212600000000', email: 'shop@flora.ma' });
    expect(toShopInfo(contact, 'ar')).toMatchObject({
      instagram: DEMO_SOCIAL_LINKS.instagram,
      facebook: DEMO_SOCIAL_LINKS.facebook,
      phone: '+212 5 37 00 00 00',
      email: 'shop@flora.ma',
    });
    for (const link of Object.values(DEMO_SOCIAL_LINKS)) expect(() => new URL(link)).not.toThrow();
  });

  it('seeds nothing the second time', async () => {
    const before = await q<{ n: number }>(sql`select count(*)::int as n from products`);
    expect(await seedDatabase(database.db, { pictures: new LocalPictureStore(uploadsDir) })).toEqual({ seeded: false });
    const after = await q<{ n: number }>(sql`select count(*)::int as n from products`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('seedLargeCatalogue', () => {
  it('adds generated products with translations, colours, pictures and search text', async () => {
    const [{ before, maxId }] = await q<{ before: number; maxId: number }>(
      sql`select count(*)::int as before, max(id)::int as "maxId" from products`,
    );
    expect(await seedLargeCatalogue(database.db, 500)).toEqual({ inserted: 500 });
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from products`);
    expect(n).toBe(before + 500);

    const [check] = await q<{
      tr: number;
      colours: number;
      noimg: number;
      nosearch: number;
      cats: number;
      subs: number;
      minc: number;
      maxc: number;
    }>(
      sql`select
            (select count(*) from product_translations t where t.product_id > ${maxId})::int as tr,
            (select count(*) from products p where p.id > ${maxId}
               and (select count(*) from product_colors c where c.product_id = p.id) not between 1 and 3)::int as colours,
            (select count(*) from products p where p.id > ${maxId}
               and not exists (select 1 from product_images i where i.product_id = p.id))::int as noimg,
            (select count(*) from products p where p.id > ${maxId} and p.search_text = '')::int as nosearch,
            (select count(distinct category_id) from products where id > ${maxId})::int as cats,
            (select count(*) from products p join subcategories s on s.id = p.subcategory_id
               where p.id > ${maxId} and s.category_id <> p.category_id)::int as subs,
            (select min(price_cents) from products where id > ${maxId})::int as minc,
            (select max(price_cents) from products where id > ${maxId})::int as maxc`,
    );
    expect(check).toEqual({ tr: 1500, colours: 0, noimg: 0, nosearch: 0, cats: 4, subs: 0, minc: check.minc, maxc: check.maxc });
    expect(check.minc).toBeGreaterThanOrEqual(1500);
    expect(check.maxc).toBeLessThanOrEqual(150_000);

    // Each generated product has the occasions of a demo product of its category, and every occasion is used.
    const [tags] = await q<{ unlike: number; occasions: number; all: number; tagged: number }>(
      sql`select
            (select count(*) from products g where g.id > ${maxId} and not exists (
               select 1 from products d where d.id <= ${maxId} and d.category_id = g.category_id
                 and array(select occasion_id from product_occasions where product_id = d.id order by 1)
                   = array(select occasion_id from product_occasions where product_id = g.id order by 1)))::int as unlike,
            (select count(distinct occasion_id) from product_occasions where product_id > ${maxId})::int as occasions,
            (select count(*) from occasions)::int as all,
            (select count(distinct product_id) from product_occasions where product_id > ${maxId})::int as tagged`,
    );
    expect(tags.unlike).toBe(0);
    expect(tags.occasions).toBe(tags.all);
    expect(tags.tagged).toBeGreaterThan(100);
    expect(tags.tagged).toBeLessThan(500);

    // names and search text agree: the search text holds the normalised names of every language
    const sample = await q<{ search_text: string; fr: string; en: string; ar: string }>(
      sql`select p.search_text,
            (select name from product_translations where product_id = p.id and locale = 'fr') as fr,
            (select name from product_translations where product_id = p.id and locale = 'en') as en,
            (select name from product_translations where product_id = p.id and locale = 'ar') as ar
          from products p where p.id > ${maxId} order by p.id limit 40`,
    );
    for (const s of sample) {
      for (const name of [s.fr, s.en, s.ar]) expect(s.search_text).toContain(normalizeSearch(name));
    }
    const [{ next }] = await q<{ next: number }>(sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as next`);
    expect(next).toBe(maxId + 501);
  });
});

describe('seedDatabase without the demo content (DEMO_DATA=false)', () => {
  it('adds what the shop is built around, and no product, coupon, customer, testimonial or product picture', async () => {
    const bare = await createTestDatabase();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'seed-bare-'));
    try {
      expect(await seedDatabase(bare.db, { pictures: new LocalPictureStore(dir), demo: false })).toEqual({ seeded: true });
      const [counts] = (
        (await bare.db.execute(sql`select
          (select count(*) from categories)::int as categories, (select count(*) from subcategories)::int as subcategories,
          (select count(*) from colors)::int as colors, (select count(*) from delivery_zones)::int as zones,
          (select count(*) from closed_dates)::int as closed, (select count(*) from products)::int as products,
          (select count(*) from coupons)::int as coupons, (select count(*) from users)::int as users,
          (select count(*) from testimonials)::int as testimonials`)) as unknown as { rows: Record<string, number>[] }
      ).rows;
      expect(counts).toMatchObject({ categories: 4, colors: 8, zones: 12, products: 0, coupons: 0, users: 0, testimonials: 0 });
      expect(counts!.subcategories).toBeGreaterThan(0);
      expect(counts!.closed).toBeGreaterThan(0);
      expect(existsSync(path.join(dir, 'products'))).toBe(false);
      // A real shop's links are its own: none until the back office saves them.
      expect(toShopInfo(await readContact(bare.db, { phone: '', whatsapp: '', email: '' }), 'fr')).toMatchObject({
        instagram: null,
        facebook: null,
      });
      expect(existsSync(path.join(dir, 'categories'))).toBe(true);
    } finally {
      await bare.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
