/**
 * Occasions: the back office's CRUD (slugs per language, unique across languages; the highlight
 * window), the storefront's list, the `occasion` product filter combined with every other filter and
 * order with stable paging, a product's occasions from its admin form, and the currency rates setting.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../../shared/schemas/catalogue.js';
import { categories, colors, occasions, productColors, productOccasions, products, subcategories } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { renderPage } from '../../site/page-html.js';
import { resolvePage } from '../../site/site-pages.js';
import { pagesSitemap } from '../seo/seo.service.js';
import { userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;

const as = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), 'accept-language': lang },
  });
const shop = (url: string, lang = 'fr') => ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

const occasionForm = (overrides: Record<string, unknown> = {}) => ({
  name_fr: 'Fête des mères',
  name_en: 'Mother’s Day',
  name_ar: 'عيد الأم',
  sort_order: 1,
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx.db, 'admin');
  customer = await userWithSession(ctx.db, 'customer');
  await ctx.db.insert(categories).values([
    { id: 1, name: 'Bouquets', sortOrder: 1 },
    { id: 2, name: 'Plantes', sortOrder: 2 },
  ]);
  await ctx.db.insert(subcategories).values([{ id: 10, categoryId: 1, name: 'Roses', sortOrder: 1 }]);
  await ctx.db.insert(colors).values([
    { id: 1, name: 'Rouge', hexCode: '#E53935', slug: 'rouge', sortOrder: 1 },
    { id: 2, name: 'Blanc', hexCode: '#FFFFFF', slug: 'blanc', sortOrder: 2 },
  ]);
  for (const table of ['categories', 'subcategories', 'colors']) {
    await ctx.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), 100)`);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('occasions in the back office', () => {
  it('is for admins only', async () => {
    expect((await as(null, 'GET', '/api/admin/occasions')).statusCode).toBe(401);
    expect((await as(customer, 'POST', '/api/admin/occasions', occasionForm())).statusCode).toBe(403);
  });

  it('creates, reads, updates and deletes an occasion, slugs made from the names', async () => {
    const created = await as(
      admin,
      'POST',
      '/api/admin/occasions',
      occasionForm({ highlight_from: '2027-05-16', highlight_to: '2027-05-30' }),
    );
    expect(created.statusCode).toBe(201);
    const { occasion } = created.json();
    expect(occasion).toMatchObject({
      names: { fr: 'Fête des mères', en: 'Mother’s Day', ar: 'عيد الأم' },
      slugs: { fr: 'fete-des-meres', en: 'mothers-day', ar: 'عيد-الأم' },
      highlight_from: '2027-05-16',
      highlight_to: '2027-05-30',
      products_count: 0,
    });
    const updated = await as(admin, 'PUT', `/api/admin/occasions/${occasion.id}`, occasionForm({ name_en: 'Mothers Day', slug_en: 'Mum' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().occasion).toMatchObject({ names: { en: 'Mothers Day' }, slugs: { en: 'mum' }, highlight_from: null });
    expect((await as(admin, 'GET', `/api/admin/occasions/${occasion.id}`)).json().slugs.en).toBe('mum');
    const deleted = await as(admin, 'DELETE', `/api/admin/occasions/${occasion.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/admin/occasions/${occasion.id}`)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', `/api/admin/occasions/${occasion.id}`)).statusCode).toBe(404);
  });

  it('refuses a slug another occasion has in any language, a half window and a window backwards', async () => {
    const first = await as(
      admin,
      'POST',
      '/api/admin/occasions',
      occasionForm({ name_fr: 'Naissance', name_en: 'New baby', name_ar: 'مولود' }),
    );
    expect(first.statusCode).toBe(201);
    // Its English slug as another occasion's French one.
    const taken = await as(admin, 'POST', '/api/admin/occasions', occasionForm({ slug_fr: 'new-baby' }), 'fr');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug_fr[0]).toMatch(/autre occasion/);
    const half = await as(admin, 'POST', '/api/admin/occasions', occasionForm({ highlight_from: '2027-03-01' }));
    expect(half.statusCode).toBe(422);
    expect(Object.keys(half.json().errors)).toEqual(['highlight_to']);
    const backwards = await as(
      admin,
      'POST',
      '/api/admin/occasions',
      occasionForm({ highlight_from: '2027-03-08', highlight_to: '2027-03-01' }),
    );
    expect(backwards.statusCode).toBe(422);
    const noName = await as(admin, 'POST', '/api/admin/occasions', occasionForm({ name_ar: ' ' }));
    expect(noName.statusCode).toBe(422);
    expect(Object.keys(noName.json().errors)).toContain('name_ar');
    // A name of marks only makes no address: the slug is refused.
    const badSlug = await as(admin, 'POST', '/api/admin/occasions', occasionForm({ name_fr: '!!!' }));
    expect(badSlug.statusCode).toBe(422);
    expect(Object.keys(badSlug.json().errors)).toEqual(['slug_fr']);
    await as(admin, 'DELETE', `/api/admin/occasions/${first.json().occasion.id}`);
  });

  it('sets a product’s occasions from its form, and keeps them when the form does not name them', async () => {
    const occasion = (
      await as(admin, 'POST', '/api/admin/occasions', occasionForm({ name_fr: 'Anniversaire', name_en: 'Birthday', name_ar: 'عيد ميلاد' }))
    ).json().occasion;
    const [p] = await ctx.db
      .insert(products)
      .values({ name: 'Bouquet', priceCents: 30_000, stock: 3, categoryId: 1, sortOrder: 1 })
      .returning({ id: products.id });
    const base = { name: 'Bouquet', description: 'x', category_id: '1', price: '300', stock: '3' };
    const saved = await as(admin, 'PUT', `/api/admin/products/edit/${p!.id}`, { ...base, occasion_ids: [String(occasion.id)] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().product.occasion_ids).toEqual([occasion.id]);
    const kept = await as(admin, 'PUT', `/api/admin/products/edit/${p!.id}`, base);
    expect(kept.json().product.occasion_ids).toEqual([occasion.id]);
    const unknown = await as(admin, 'PUT', `/api/admin/products/edit/${p!.id}`, { ...base, occasion_ids: ['99999'] });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['occasion_ids']);
    const cleared = await as(admin, 'PUT', `/api/admin/products/edit/${p!.id}`, { ...base, occasion_ids: '' });
    expect(cleared.json().product.occasion_ids).toEqual([]);
    await ctx.db.delete(products).where(sql`id = ${p!.id}`);
    await as(admin, 'DELETE', `/api/admin/occasions/${occasion.id}`);
  });
});

describe('the occasion filter on the storefront', () => {
  let valentin = 0;
  let other = 0;
  /** Product ids by name: 40 products, every third in Valentine's Day, colours and prices spread. */
  const all: { id: number; category: number; red: boolean; cents: number; valentin: boolean }[] = [];

  beforeAll(async () => {
    const [v, o] = await ctx.db
      .insert(occasions)
      .values([
        {
          nameFr: 'Saint-Valentin',
          nameEn: 'Valentine’s Day',
          nameAr: 'عيد الحب',
          slugFr: 'saint-valentin',
          slugEn: 'valentines-day',
          slugAr: 'عيد-الحب',
          sortOrder: 2,
          highlightFrom: '2000-01-01',
          highlightTo: '2099-12-31',
        },
        {
          nameFr: 'Naissance',
          nameEn: 'New baby',
          nameAr: 'مولود',
          slugFr: 'naissance',
          slugEn: 'new-baby',
          slugAr: 'مولود',
          sortOrder: 1,
        },
      ])
      .returning({ id: occasions.id });
    valentin = v!.id;
    other = o!.id;
    for (let i = 0; i < 40; i++) {
      // Prices repeat (ties) so the order's tie-break on id is what keeps pages apart.
      const cents = (100 + (i % 7) * 50) * 100;
      const [row] = await ctx.db
        .insert(products)
        .values({
          name: `Produit ${i}`,
          priceCents: cents,
          stock: 5,
          categoryId: i % 4 === 0 ? 2 : 1,
          sortOrder: 100 + (i % 5),
          popularity: i % 3,
        })
        .returning({ id: products.id });
      const item = { id: row!.id, category: i % 4 === 0 ? 2 : 1, red: i % 2 === 0, cents, valentin: i % 3 === 0 };
      all.push(item);
      if (item.red) await ctx.db.insert(productColors).values({ productId: item.id, colorId: 1 });
      if (item.valentin) await ctx.db.insert(productOccasions).values({ productId: item.id, occasionId: valentin });
      else if (i % 5 === 0) await ctx.db.insert(productOccasions).values({ productId: item.id, occasionId: other });
    }
  });

  const ids = (page: ProductPage) => page.data.map((p: Product) => p.id);

  it('lists occasions in the reader’s language, the highlighted one first', async () => {
    const res = await shop('/api/occasions', 'ar');
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().data;
    expect(first).toMatchObject({ id: valentin, name: 'عيد الحب', slug: 'عيد-الحب', highlighted: true });
    expect(second).toMatchObject({ id: other, slug: 'مولود', highlighted: false, slugs: { fr: 'naissance', en: 'new-baby' } });
  });

  it('keeps only the occasion’s products, by its slug in any language', async () => {
    const expected = all
      .filter((p) => p.valentin)
      .map((p) => p.id)
      .sort((a, b) => a - b);
    for (const slug of ['saint-valentin', 'valentines-day', encodeURIComponent('عيد-الحب')]) {
      const page = (await shop(`/api/products?occasion=${slug}&per_page=100`)).json() as ProductPage;
      expect(ids(page).sort((a, b) => a - b)).toEqual(expected);
    }
    const unknown = (await shop('/api/products?occasion=nope')).json() as ProductPage;
    expect(unknown.meta.total).toBe(0);
  });

  it('combines with category, colour, price and every order, pages apart and in order', async () => {
    const wanted = all.filter((p) => p.valentin && p.category === 1 && p.red && p.cents >= 15_000 && p.cents < 35_000);
    expect(wanted.length).toBeGreaterThan(1);
    for (const sort of ['', 'price_asc', 'price_desc', 'newest', 'popular']) {
      const q = `occasion=saint-valentin&category_id=1&color_id=1&min_price=150&max_price=350${sort ? `&sort=${sort}` : ''}`;
      const whole = (await shop(`/api/products?${q}&per_page=100`)).json() as ProductPage;
      expect(whole.meta.total).toBe(wanted.length);
      expect(ids(whole).sort((a, b) => a - b)).toEqual(wanted.map((p) => p.id).sort((a, b) => a - b));
      // One a page: the pages together are the whole list in the same order, twice the same.
      const paged: number[] = [];
      for (let page = 1; page <= wanted.length; page++) {
        const res = (await shop(`/api/products?${q}&per_page=1&page=${page}`)).json() as ProductPage;
        paged.push(...ids(res));
      }
      expect(paged).toEqual(ids(whole));
      if (sort === 'price_asc') {
        const cents = paged.map((id) => all.find((p) => p.id === id)!.cents);
        expect(cents).toEqual([...cents].sort((a, b) => a - b));
      }
    }
    expect((await shop(`/api/products?occasion=saint-valentin&per_page=1&page=${wanted.length + 50}`)).statusCode).toBe(404);
  });

  it('has a server page per language at its own slug, with hreflang and sitemap entries', async () => {
    const view = await resolvePage(ctx.db, 'ar', `/occasion/${encodeURIComponent('عيد-الحب')}`, new URLSearchParams(), 'https://shop.test');
    expect(view.status).toBe(200);
    expect(view.title).toMatch(/^عيد الحب · /);
    expect(view.paths).toEqual({ fr: '/occasion/saint-valentin', en: '/occasion/valentines-day', ar: '/occasion/عيد-الحب' });
    const html = renderPage('<html><head></head><body><div id="root"></div></body></html>', view, {
      locale: 'ar',
      path: '/occasion/عيد-الحب',
      origin: 'https://shop.test',
    });
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://shop.test/en/occasion/valentines-day">');
    expect(html).toContain('<link rel="alternate" hreflang="fr" href="https://shop.test/occasion/saint-valentin">');
    expect(html).toContain(`<link rel="canonical" href="https://shop.test/ar/occasion/${encodeURIComponent('عيد-الحب')}">`);
    expect((await resolvePage(ctx.db, 'fr', '/occasion/nope', new URLSearchParams(), 'https://shop.test')).status).toBe(404);
    const sitemap = await pagesSitemap(ctx.db, 'https://shop.test');
    expect(sitemap).toContain('<loc>https://shop.test/en/occasion/new-baby</loc>');
    expect(sitemap).toContain('<loc>https://shop.test/occasion/saint-valentin</loc>');
  });

  it('refuses an empty or overlong occasion', async () => {
    expect((await shop('/api/products?occasion=')).statusCode).toBe(422);
    expect((await shop(`/api/products?occasion=${'a'.repeat(81)}`)).statusCode).toBe(422);
  });
});

describe('currency rates', () => {
  it('are validated, stamped with the time they were set, and sent with the shop’s details', async () => {
    const before = (await shop('/api/shop-info')).json();
    expect(before.currency_rates).toEqual({ EUR: 0, USD: 0, set_at: null });
    for (const bad of [
      { EUR: 0, USD: 10 },
      { EUR: -1, USD: 10 },
      { EUR: 10.123456, USD: 10 },
      { EUR: 10 },
      { EUR: '10.8', USD: 10 },
      { EUR: 5000, USD: 10 },
    ]) {
      const res = await as(admin, 'PUT', '/api/admin/settings/currency-rates', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await as(customer, 'PUT', '/api/admin/settings/currency-rates', { EUR: 10.85, USD: 9.95 })).statusCode).toBe(403);
    const saved = await as(admin, 'PUT', '/api/admin/settings/currency-rates', { EUR: 10.85, USD: 9.95 }, 'fr');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Taux de change enregistrés.');
    const { set_at } = saved.json().rates;
    expect(Date.now() - Date.parse(set_at)).toBeLessThan(60_000);
    expect((await as(admin, 'GET', '/api/admin/settings/currency-rates')).json()).toEqual({ EUR: 10.85, USD: 9.95, set_at });
    expect((await shop('/api/shop-info')).json().currency_rates).toEqual({ EUR: 10.85, USD: 9.95, set_at });
  });
});
