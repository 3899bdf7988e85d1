import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageSchema, productSchema } from '../../../shared/schemas/catalogue.js';
import { normalizeSearch } from '../../../shared/text.js';
import {
  categories,
  categoryTranslations,
  colors,
  colorTranslations,
  productColors,
  productImages,
  products,
  productTranslations,
  subcategories,
  subcategoryTranslations,
} from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { refreshSearchText } from './read/search-index.js';
import { invalidateCatalogueCache } from './read/cache.js';
import { registerCatalogueInvalidation } from './read/cache-invalidation.js';

let ctx: TestContext;
const ids: Record<string, number> = {};

type Texts = { fr: { name: string; tags: string }; en?: { name: string; tags: string }; ar?: { name: string; tags: string } };
const searchText = (t: Texts) =>
  normalizeSearch(
    [t.fr, t.en, t.ar]
      .flatMap((x) => (x ? [x.name, x.tags] : []))
      .join(' ')
      .replace(/,/g, ' '),
  );

async function seed() {
  const db = ctx.db;
  await db.insert(categories).values([
    { id: 1, name: 'Bouquets', description: 'Bouquets frais', sortOrder: 1 },
    { id: 2, name: 'Plantes', description: 'Plantes vertes', sortOrder: 2 },
  ]);
  await db.insert(categoryTranslations).values([
    { categoryId: 1, locale: 'en', name: 'Bouquets EN', description: 'Fresh bouquets' },
    { categoryId: 1, locale: 'ar', name: 'باقات', description: 'باقات طازجة' },
  ]);
  await db.insert(subcategories).values([
    { id: 10, categoryId: 1, name: 'Roses', sortOrder: 1 },
    { id: 11, categoryId: 1, name: 'Mixtes', sortOrder: 2 },
  ]);
  await db.insert(subcategoryTranslations).values([{ subcategoryId: 10, locale: 'ar', name: 'ورود' }]);
  await db.insert(colors).values([
    { id: 1, name: 'Rouge', hexCode: '#E53935', slug: 'rouge', sortOrder: 1 },
    { id: 2, name: 'Blanc', hexCode: '#FFFFFF', slug: 'blanc', sortOrder: 2 },
    { id: 3, name: 'Rose', hexCode: '#F48FB1', slug: 'rose', sortOrder: 3 },
    { id: 4, name: 'Gris', hexCode: '#9E9E9E', slug: 'gris', sortOrder: 4, isActive: false },
  ]);
  await db.insert(colorTranslations).values([
    { colorId: 1, locale: 'en', name: 'Red' },
    { colorId: 1, locale: 'ar', name: 'أحمر' },
    { colorId: 3, locale: 'en', name: 'Pink' },
  ]);

  const day = 86_400_000;
  const base = Date.UTC(2025, 0, 1);
  const rows: {
    key: string;
    texts: Texts;
    price: number;
    discount?: number;
    category: number;
    sub: number | null;
    stock: number;
    featured?: boolean;
    popularity?: number;
    sortOrder: number;
    created: number;
    colors: number[];
    images?: number;
  }[] = [
    {
      key: 'rose',
      texts: {
        fr: { name: 'Bouquet Rosé', tags: 'romantique, anniversaire' },
        en: { name: 'Blush Bouquet', tags: 'romantic, birthday' },
        ar: { name: 'باقة وردية', tags: 'رومانسي' },
      },
      price: 250,
      category: 1,
      sub: 10,
      stock: 5,
      featured: true,
      popularity: 50,
      sortOrder: 3,
      created: base + 3 * day,
      colors: [3, 1],
      images: 2,
    },
    {
      key: 'reds',
      texts: {
        fr: { name: 'Roses rouges', tags: 'amour' },
        en: { name: 'Red roses', tags: 'love' },
        ar: { name: 'ورود حمراء', tags: 'حب' },
      },
      price: 400,
      discount: 25,
      category: 1,
      sub: 10,
      stock: 0,
      popularity: 10,
      sortOrder: 1,
      created: base,
      colors: [1],
    },
    {
      key: 'peony',
      texts: { fr: { name: 'Pivoine blanche', tags: '' } },
      price: 600,
      category: 1,
      sub: 11,
      stock: 3,
      featured: true,
      sortOrder: 2,
      created: base + 1 * day,
      colors: [2, 4],
    },
    {
      key: 'monstera',
      texts: { fr: { name: 'Monstera', tags: 'plante' }, en: { name: 'Monstera', tags: 'plant' } },
      price: 1200,
      category: 2,
      sub: null,
      stock: 10,
      sortOrder: 4,
      created: base + 2 * day,
      colors: [],
    },
    {
      key: 'cactus',
      texts: { fr: { name: 'Cactus', tags: 'plante' }, en: { name: 'Cactus', tags: 'plant' }, ar: { name: 'صبار', tags: 'نبتة' } },
      price: 299.99,
      category: 2,
      sub: null,
      stock: 1,
      sortOrder: 5,
      created: base + 4 * day,
      colors: [],
    },
  ];
  for (const r of rows) {
    const [p] = await db
      .insert(products)
      .values({
        name: r.texts.fr.name,
        description: `Description ${r.texts.fr.name}`,
        priceCents: Math.round(r.price * 100),
        discount: r.discount ?? 0,
        stock: r.stock,
        categoryId: r.category,
        subcategoryId: r.sub,
        isFeatured: r.featured ?? false,
        tags: r.texts.fr.tags,
        sortOrder: r.sortOrder,
        searchText: searchText(r.texts),
        popularity: r.popularity ?? 0,
        createdAt: new Date(r.created),
        updatedAt: new Date(r.created),
      })
      .returning({ id: products.id });
    ids[r.key] = p.id;
    for (const locale of ['en', 'ar'] as const) {
      const t = r.texts[locale];
      if (t)
        await db
          .insert(productTranslations)
          .values({ productId: p.id, locale, name: t.name, description: `${locale} description`, tags: t.tags });
    }
    for (let i = 0; i < (r.images ?? 1); i++) {
      await db
        .insert(productImages)
        .values({ productId: p.id, key: `products/${r.key}${i}`, widths: [320, 640, 1024], width: 1024, height: 1024, sortOrder: i });
    }
    if (r.colors.length) await db.insert(productColors).values(r.colors.map((colorId, i) => ({ productId: p.id, colorId, sortOrder: i })));
  }
  // The storefront search reads each product's search row (product_search), as the writers keep it.
  await refreshSearchText(db, Object.values(ids));
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seed();
});
afterAll(() => ctx.close());

const get = (url: string, lang?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...(lang ? { 'accept-language': lang } : {}), ...headers } });
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((p) => p.name);
const idsOf = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((p) => p.id);

describe('GET /api/products', () => {
  it('lists in the shop order with paging meta', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 5, last_page: 1 });
    expect(idsOf(res)).toEqual([ids.reds, ids.peony, ids.rose, ids.monstera, ids.cactus]);
  });

  it('answers the product shape of the spec', async () => {
    const res = await get(`/api/products?search=blush`, 'en');
    // Answers are serialised without zod: check them against the documented schemas here.
    expect(() => productPageSchema.parse(res.json())).not.toThrow();
    for (const lang of ['fr', 'en', 'ar']) {
      const list = (await get('/api/products', lang)).json();
      expect(() => productPageSchema.parse(list)).not.toThrow();
      for (const id of Object.values(ids)) {
        const one = (await get(`/api/product/${id}`, lang)).json();
        expect(() => productSchema.parse(one)).not.toThrow();
      }
    }
    const [p] = res.json().data;
    expect(p).toMatchObject({
      id: ids.rose,
      name: 'Blush Bouquet',
      description: 'en description',
      price: 250,
      discount: 0,
      final_price: 250,
      image_path: '/uploads/products/rose0-640.webp',
      image_url: '/uploads/products/rose0-1024.webp',
      category: { id: 1, name: 'Bouquets EN' },
      category_id: 1,
      subcategory_id: 10,
      subcategory: { id: 10, name: 'Roses' },
      is_featured: 1,
      stock: 5,
      inStock: true,
      bestSeller: true,
      tags: ['romantic', 'birthday'],
      colors: [
        { id: 3, name: 'Pink', hex_code: '#F48FB1' },
        { id: 1, name: 'Red', hex_code: '#E53935' },
      ],
      created_at: '2025-01-04T00:00:00.000Z',
    });
    expect(p.images).toHaveLength(2);
    expect(p.images[0]).toMatchObject({
      image_path: '/uploads/products/rose0-640.webp',
      url: '/uploads/products/rose0-1024.webp',
      srcset: '/uploads/products/rose0-320.webp 320w, /uploads/products/rose0-640.webp 640w, /uploads/products/rose0-1024.webp 1024w',
      width: 1024,
      height: 1024,
    });
    expect(p.images[1].url).toBe('/uploads/products/rose1-1024.webp');
  });

  it('speaks the reader language and falls back to the base text', async () => {
    const fr = (await get(`/api/product/${ids.rose}`, 'fr')).json();
    expect(fr).toMatchObject({ name: 'Bouquet Rosé', category: { name: 'Bouquets' }, tags: ['romantique', 'anniversaire'] });
    expect(fr.colors.map((c: { name: string }) => c.name)).toEqual(['Rose', 'Rouge']);
    const ar = (await get(`/api/product/${ids.rose}`, 'ar-MA,ar;q=0.9')).json();
    expect(ar).toMatchObject({ name: 'باقة وردية', category: { name: 'باقات' }, subcategory: { name: 'ورود' }, tags: ['رومانسي'] });
    // Pink has no Arabic name: the base name.
    expect(ar.colors.map((c: { name: string }) => c.name)).toEqual(['Rose', 'أحمر']);
    // An untranslated product in every language, and an unsupported language means French.
    for (const lang of ['en', 'ar', 'de', undefined]) {
      const p = (await get(`/api/product/${ids.peony}`, lang)).json();
      expect(p).toMatchObject({ name: 'Pivoine blanche', description: 'Description Pivoine blanche', tags: [] });
    }
    // Plantes has no translations.
    expect((await get(`/api/product/${ids.cactus}`, 'en')).json().category.name).toBe('Plantes');
  });

  it('leaves inactive colours out of a product', async () => {
    const p = (await get(`/api/product/${ids.peony}`)).json();
    expect(p.colors).toEqual([{ id: 2, name: 'Blanc', hex_code: '#FFFFFF' }]);
  });

  it('searches without caring about accents, case or language', async () => {
    expect(idsOf(await get('/api/products?search=rose'))).toEqual([ids.reds, ids.rose]);
    expect(idsOf(await get('/api/products?search=ROSÉ'))).toEqual([ids.reds, ids.rose]);
    expect(idsOf(await get('/api/products?search=%20%20pivoine%20'))).toEqual([ids.peony]);
    expect(idsOf(await get(`/api/products?search=${encodeURIComponent('وردية')}`))).toEqual([ids.rose]);
    // With harakat and a hamza form, still found.
    expect(idsOf(await get(`/api/products?search=${encodeURIComponent('صَبَّار')}`))).toEqual([ids.cactus]);
    // Several words: all must match, in any order.
    expect(idsOf(await get('/api/products?search=rouges%20roses'))).toEqual([ids.reds]);
    // An English name finds the product whatever the reader's language.
    expect(names(await get('/api/products?search=red%20roses', 'fr'))).toEqual(['Roses rouges']);
    expect((await get('/api/products?search=tulipe')).json()).toEqual({
      data: [],
      meta: { page: 1, per_page: 20, total: 0, last_page: 1 },
    });
  });

  it('matches short terms at the start of a word, and treats LIKE wildcards literally', async () => {
    expect(idsOf(await get('/api/products?search=ca'))).toEqual([ids.cactus]);
    expect(idsOf(await get('/api/products?search=ac'))).toEqual([]);
    expect(idsOf(await get('/api/products?search=%25'))).toEqual([]);
    expect(idsOf(await get('/api/products?search=r_se'))).toEqual([]);
    expect((await get('/api/products?search=')).json().meta.total).toBe(5);
  });

  it('filters by category, subcategory, colour and featured', async () => {
    expect(idsOf(await get('/api/products?category_id=2'))).toEqual([ids.monstera, ids.cactus]);
    expect(idsOf(await get('/api/products?category_id=1&subcategory_id=10'))).toEqual([ids.reds, ids.rose]);
    expect(idsOf(await get('/api/products?color_id=1'))).toEqual([ids.reds, ids.rose]);
    expect(idsOf(await get('/api/products?color_id=2&category_id=1'))).toEqual([ids.peony]);
    expect(idsOf(await get('/api/products?featured=1'))).toEqual([ids.peony, ids.rose]);
    expect(idsOf(await get('/api/products?featured=false'))).toEqual([ids.reds, ids.monstera, ids.cactus]);
    expect((await get('/api/products?category_id=99')).json().meta).toEqual({ page: 1, per_page: 20, total: 0, last_page: 1 });
  });

  it('filters by the price bands on the discounted price (min inclusive, max exclusive)', async () => {
    expect(idsOf(await get('/api/products?max_price=300&sort=price_asc'))).toEqual([ids.rose, ids.cactus]);
    // Roses rouges: 400 MAD less 25% = 300 MAD, in the 300-500 band.
    expect(idsOf(await get('/api/products?min_price=300&max_price=500'))).toEqual([ids.reds]);
    expect(idsOf(await get('/api/products?min_price=500&max_price=1000'))).toEqual([ids.peony]);
    expect(idsOf(await get('/api/products?min_price=1000'))).toEqual([ids.monstera]);
    expect(idsOf(await get('/api/products?min_price=299.99&max_price=300'))).toEqual([ids.cactus]);
    expect(idsOf(await get('/api/products?category_id=1&color_id=1&min_price=250&max_price=300'))).toEqual([ids.rose]);
    // A budget: "under 400" finds the 300 MAD bouquet, with a colour, an order and pages of one.
    const first = (await get('/api/products?max_price=400&color_id=1&sort=price_desc&per_page=1')).json();
    const second = (await get('/api/products?max_price=400&color_id=1&sort=price_desc&per_page=1&page=2')).json();
    expect([...first.data, ...second.data].map((p: { id: number }) => p.id)).toEqual([ids.reds, ids.rose]);
    expect(first.meta).toEqual({ page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(second.meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 });
    expect((await get('/api/products?max_price=400&color_id=1&per_page=1&page=3')).statusCode).toBe(404);
    const reds = (await get(`/api/product/${ids.reds}`)).json();
    expect(reds).toMatchObject({ price: 400, discount: 25, final_price: 300, inStock: false, stock: 0 });
  });

  it('sorts four ways', async () => {
    expect(idsOf(await get('/api/products?sort=popular'))).toEqual([ids.rose, ids.reds, ids.cactus, ids.monstera, ids.peony]);
    expect(idsOf(await get('/api/products?sort=price_asc'))).toEqual([ids.rose, ids.cactus, ids.reds, ids.peony, ids.monstera]);
    expect(idsOf(await get('/api/products?sort=price_desc'))).toEqual([ids.monstera, ids.peony, ids.reds, ids.cactus, ids.rose]);
    expect(idsOf(await get('/api/products?sort=newest'))).toEqual([ids.cactus, ids.rose, ids.monstera, ids.peony, ids.reds]);
  });

  it('pages with totals and last_page', async () => {
    const p1 = (await get('/api/products?per_page=2')).json();
    const p3 = (await get('/api/products?per_page=2&page=3')).json();
    const p4 = await get('/api/products?per_page=2&page=4');
    expect(p1.meta).toEqual({ page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(p1.data.map((p: { id: number }) => p.id)).toEqual([ids.reds, ids.peony]);
    expect(p3.data.map((p: { id: number }) => p.id)).toEqual([ids.cactus]);
    // Past the last page: not found, not read (search.test.ts has the message).
    expect(p4.statusCode).toBe(404);
    expect((await get('/api/products?per_page=100')).json().meta.per_page).toBe(100);
  });

  it('flags best sellers: sold at all and among the ten most sold', async () => {
    const all = (await get('/api/products')).json().data as { id: number; bestSeller: boolean }[];
    expect(
      all
        .filter((p) => p.bestSeller)
        .map((p) => p.id)
        .sort(),
    ).toEqual([ids.rose, ids.reds].sort());
  });

  it('accepts the cache-busting parameters of the spec client', async () => {
    const res = await get('/api/products?page=1&per_page=20&_=1712345678&_t=1712345678901&t=1&random=0.42&fresh=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(5);
  });

  it('ignores `_t` on every read the spec client sends it with', async () => {
    const reads = [
      '/api/products?page=1&per_page=20',
      '/api/products/featured',
      `/api/product/${ids.rose}`,
      '/api/categories',
      '/api/subcategories',
      '/api/categories/1/subcategories',
      '/api/colors',
      '/api/testimonials',
      '/api/cart',
      '/api/custom-bouquet/single-stems',
    ];
    for (const url of reads) {
      const res = await get(`${url}${url.includes('?') ? '&' : '?'}_t=1712345678901`);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('refuses bad values with 422 and field errors in the reader language', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['sort=cheapest', 'sort'],
      ['category_id=abc', 'category_id'],
      ['category_id=-1', 'category_id'],
      ['subcategory_id=1e', 'subcategory_id'],
      ['color_id=0', 'color_id'],
      ['min_price=abc', 'min_price'],
      ['min_price=-5', 'min_price'],
      ['max_price=10.555', 'max_price'],
      ['min_price=500&max_price=300', 'max_price'],
      ['featured=yes', 'featured'],
      ['categoryId=3', '_'],
      ['page=1&page=2', 'page'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/products?${query}`, 'en');
      expect(res.statusCode, query).toBe(422);
      const body = res.json();
      expect(Object.keys(body.errors), query).toContain(field);
      expect(typeof body.message).toBe('string');
    }
    const ar = (await get('/api/products?per_page=0', 'ar')).json();
    expect(ar.message).toMatch(/[\u0600-\u06FF]/);
    // A price range's refusals name the field in the reader's language too.
    for (const query of ['min_price=-5', 'max_price=abc', 'min_price=500&max_price=300']) {
      const field = query.startsWith('min_price=-') ? 'min_price' : 'max_price';
      const [fr, arabic] = [(await get(`/api/products?${query}`, 'fr')).json(), (await get(`/api/products?${query}`, 'ar')).json()];
      expect(fr.errors[field][0], query).toMatch(/[éèàêa-z]/i);
      expect(arabic.errors[field][0], query).toMatch(/[\u0600-\u06FF]/);
      expect(arabic.errors[field][0]).not.toBe(fr.errors[field][0]);
    }
  });
});

describe('search text upkeep', () => {
  it('rebuilds search_text from the base row and every translation', async () => {
    await ctx.db.insert(productTranslations).values({ productId: ids.peony, locale: 'en', name: 'White Peony', tags: 'Élégant, wedding' });
    await refreshSearchText(ctx.db, [ids.peony]);
    const [row] = await ctx.db.select({ s: products.searchText }).from(products).where(eq(products.id, ids.peony));
    expect(row.s).toBe('pivoine blanche white peony elegant wedding');
    expect(idsOf(await get('/api/products?search=wedding'))).toEqual([ids.peony]);
    expect(idsOf(await get('/api/products?search=elegant'))).toEqual([ids.peony]);
  });
});

describe('GET /api/products/featured', () => {
  it('lists featured products, 10 a page by default', async () => {
    const res = await get('/api/products/featured', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, per_page: 10, total: 2, last_page: 1 });
    expect(idsOf(res)).toEqual([ids.peony, ids.rose]);
    const p2 = (await get('/api/products/featured?per_page=1&page=2')).json();
    expect(p2.data.map((p: { id: number }) => p.id)).toEqual([ids.rose]);
    expect(p2.meta.last_page).toBe(2);
    expect((await get('/api/products/featured?per_page=500')).statusCode).toBe(422);
    expect((await get('/api/products/featured?category_id=1')).statusCode).toBe(422);
    expect((await get('/api/products/featured?_=123')).statusCode).toBe(200);
  });
});

describe('GET /api/product/:id', () => {
  it('answers 404 in the reader language, 422 for a bad id', async () => {
    const en = await get('/api/product/999999', 'en');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ message: 'Product not found.' });
    expect((await get('/api/product/999999', 'fr')).json().message).toBe('Produit introuvable.');
    expect((await get('/api/product/999999', 'ar')).json().message).toBe('المنتج غير موجود.');
    expect((await get('/api/product/abc')).statusCode).toBe(422);
    expect((await get('/api/product/0')).statusCode).toBe(422);
  });
});

describe('GET /api/product/:id/related', () => {
  it('gives the same subcategory first, then the category, in stock first, never itself', async () => {
    const res = await get(`/api/product/${ids.rose}/related`);
    expect(res.statusCode).toBe(200);
    // Same subcategory in stock: none (Roses rouges is out of stock); category in stock: Pivoine;
    // then out of stock: Roses rouges.
    expect(idsOf(res)).toEqual([ids.peony, ids.reds]);
    expect(idsOf(await get(`/api/product/${ids.cactus}/related`))).toEqual([ids.monstera]);
    expect((await get('/api/product/999999/related', 'en')).json()).toEqual({ message: 'Product not found.' });
  });
});

describe('HTTP caching', () => {
  it('sends Cache-Control and a weak ETag, and 304 for a matching If-None-Match', async () => {
    const res = await get('/api/products?per_page=2');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.vary).toContain('Accept-Language');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/api/products?per_page=2', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/products?per_page=2', undefined, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    // Another language is another body.
    const en = await get('/api/products?per_page=2', 'en', { 'if-none-match': etag });
    expect(en.statusCode).toBe(200);
    expect(en.headers.etag).not.toBe(etag);
    for (const url of [`/api/product/${ids.rose}`, '/api/products/featured', '/api/categories', '/api/colors']) {
      const r = await get(url);
      expect(r.headers.etag, url).toBeDefined();
      expect((await get(url, undefined, { 'if-none-match': r.headers.etag as string })).statusCode, url).toBe(304);
    }
    // Errors are not cached.
    const missing = await get('/api/product/999999');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('shows a change once the catalogue cache is invalidated', async () => {
    const before = await get(`/api/product/${ids.monstera}`);
    await ctx.db.update(products).set({ stock: 7 }).where(eq(products.id, ids.monstera));
    // Within the few seconds of the in-process cache the old answer stands, until a writer invalidates.
    expect((await get(`/api/product/${ids.monstera}`)).json().stock).toBe(10);
    invalidateCatalogueCache(ctx.db);
    const after = await get(`/api/product/${ids.monstera}`, undefined, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().stock).toBe(7);
    await ctx.db.update(products).set({ isFeatured: true }).where(eq(products.id, ids.monstera));
    invalidateCatalogueCache(ctx.db);
    expect((await get('/api/products/featured')).json().meta.total).toBe(3);
  });

  it('is cleared by successful admin writes and orders, not by cart writes or failures', async () => {
    const f = Fastify();
    f.decorate('database', ctx.database);
    f.decorate('shared', ctx.app.shared);
    await registerCatalogueInvalidation(f as never);
    f.post('/api/admin/products/:id', async () => ({ ok: true }));
    f.post('/api/admin/fails', async (_req, reply) => reply.code(422).send({ ok: false }));
    f.post('/api/cart/add', async () => ({ ok: true }));
    f.post('/api/checkout', async () => ({ ok: true }));
    await f.ready();
    const stock = async () => (await get(`/api/product/${ids.cactus}`)).json().stock;
    expect(await stock()).toBe(1);
    await ctx.db.update(products).set({ stock: 2 }).where(eq(products.id, ids.cactus));
    await f.inject({ method: 'POST', url: '/api/cart/add' });
    await f.inject({ method: 'POST', url: '/api/admin/fails' });
    expect(await stock()).toBe(1);
    await f.inject({ method: 'POST', url: '/api/admin/products/5' });
    expect(await stock()).toBe(2);
    await ctx.db.update(products).set({ stock: 3 }).where(eq(products.id, ids.cactus));
    await f.inject({ method: 'POST', url: '/api/checkout' });
    expect(await stock()).toBe(3);
    await f.close();
  });

  it('keeps the total of a filter across pages, sorts and languages until the catalogue changes', async () => {
    invalidateCatalogueCache(ctx.db);
    const meta = async (url: string, lang?: string) => (await get(url, lang)).json().meta;
    expect(await meta('/api/products?category_id=1&per_page=1')).toMatchObject({ total: 3, last_page: 3 });
    // A product written without telling the cache (as another process would).
    const [extra] = await ctx.db
      .insert(products)
      .values({
        name: 'Bouquet caché',
        description: 'x',
        priceCents: 9900,
        stock: 1,
        categoryId: 1,
        tags: '',
        sortOrder: 99,
        searchText: 'bouquet cache',
      })
      .returning({ id: products.id });
    // Another page, sort and language of the same filter: the kept total, no count query.
    expect(await meta('/api/products?category_id=1&per_page=1&page=2&sort=price_desc', 'en')).toMatchObject({ total: 3, page: 2 });
    expect(await meta('/api/products?category_id=1&per_page=1&page=1&sort=newest')).toMatchObject({ total: 3 });
    // Placing an order (stock only) keeps the totals; a catalogue write clears them.
    invalidateCatalogueCache(ctx.db, 'stock');
    expect(await meta('/api/products?category_id=1&per_page=1&sort=popular')).toMatchObject({ total: 3 });
    invalidateCatalogueCache(ctx.db);
    expect(await meta('/api/products?category_id=1&per_page=1&sort=popular')).toMatchObject({ total: 4, last_page: 4 });
    expect(await meta('/api/products?category_id=1&per_page=1&page=3')).toMatchObject({ total: 4 });
    // Another filter has its own total.
    expect(await meta('/api/products?category_id=2&per_page=1')).toMatchObject({ total: 2 });

    // A page that contradicts the kept total corrects it, even unannounced: an empty page before the
    // end is counted again, a short page gives the exact total.
    await ctx.db.delete(products).where(eq(products.id, extra.id));
    expect(await meta('/api/products?category_id=1&per_page=1&page=4&sort=price_asc')).toMatchObject({ total: 3, last_page: 3 });
    expect(await meta('/api/products?category_id=1&per_page=1&page=2&sort=price_asc')).toMatchObject({ total: 3 });
    await ctx.db.insert(products).values({
      id: extra.id,
      name: 'Bouquet caché',
      description: 'x',
      priceCents: 9900,
      stock: 1,
      categoryId: 1,
      tags: '',
      sortOrder: 99,
      searchText: 'bouquet cache',
    });
    const all = (await get('/api/products?category_id=1&sort=newest')).json();
    expect(all.data).toHaveLength(4);
    expect(all.meta).toMatchObject({ total: 4, last_page: 1 });
    expect(await meta('/api/products?category_id=1&per_page=1&page=2')).toMatchObject({ total: 4 });
    await ctx.db.delete(products).where(eq(products.id, extra.id));
    invalidateCatalogueCache(ctx.db);
    expect(await meta('/api/products?category_id=1')).toMatchObject({ total: 3 });
  });

  it('counts a filter once for concurrent first requests', async () => {
    invalidateCatalogueCache(ctx.db);
    let counts = 0;
    const isCount = (text: string) => text.includes('count(*)') && counts++;
    // On PostgreSQL the count is a prepared statement sent on the pool itself, not through execute.
    const client = (ctx.db as unknown as { $client: unknown }).$client;
    const pool = client instanceof pg.Pool ? client : null;
    const execute = ctx.db.execute.bind(ctx.db);
    const query = pool?.query.bind(pool);
    ctx.db.execute = ((q: Parameters<typeof execute>[0]) => {
      isCount(new PgDialect().sqlToQuery(q as SQL).sql);
      return execute(q);
    }) as typeof ctx.db.execute;
    if (pool && query) {
      pool.query = ((config: { text?: string }, ...rest: unknown[]) => {
        if (typeof config === 'object' && config.text) isCount(config.text);
        return (query as (...a: unknown[]) => unknown)(config, ...rest);
      }) as typeof pool.query;
    }
    try {
      const pages = await Promise.all(
        [1, 2, 3, 1, 2, 3].map((page, i) =>
          get(`/api/products?category_id=1&per_page=1&page=${page}&sort=${i < 3 ? 'newest' : 'price_asc'}`),
        ),
      );
      for (const res of pages) expect(res.json().meta.total).toBe(3);
      expect(counts).toBe(1);
    } finally {
      ctx.db.execute = execute;
      if (pool && query) pool.query = query as typeof pool.query;
    }
  });
});
