import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { categories, products, subcategories } from '../../db/schema.js';
import { memoryMailer } from '../../lib/mail.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { seoRoutes } from './seo.routes.js';
import { PRODUCTS_PER_SITEMAP } from './seo.service.js';

let ctx: TestContext;
const PUBLIC_URL = 'https://flora.example.ma';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  // Until app.ts registers the module itself, the test does (and never twice).
  if (!ctx.app.hasRoute({ method: 'GET', url: '/robots.txt' })) {
    await ctx.app.close();
    const app = await buildApp(ctx.config, ctx.database, { mailer: memoryMailer(), serveWeb: false });
    if (!app.hasRoute({ method: 'GET', url: '/robots.txt' })) await app.register(seoRoutes);
    await app.ready();
    ctx.app = app;
  }
  await ctx.db.insert(categories).values([
    { id: 1, name: 'Bouquets', updatedAt: new Date('2025-02-03T10:00:00Z') },
    { id: 2, name: 'Plantes' },
  ]);
  await ctx.db.insert(subcategories).values([
    { id: 5, categoryId: 1, name: 'Roses' },
    { id: 6, categoryId: 1, name: 'Ancienne', isActive: false },
  ]);
  await ctx.db
    .insert(products)
    .values([1, 2, 3].map((i) => ({ name: `P${i}`, priceCents: 10000, categoryId: 1, updatedAt: new Date(`2025-03-0${i}T12:00:00Z`) })));
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of private pages and the API, names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of [
      '/admin',
      '/cart',
      '/checkout',
      '/custom-checkout',
      '/profile',
      '/orders',
      '/wishlist',
      '/login',
      '/signup',
      '/reset-password',
      '/email-confirmation',
      '/change-password',
      '/personal-information',
      '/api/',
    ]) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).toContain('Disallow: /ar/cart');
    expect(lines).toContain('Disallow: /en/checkout');
    expect(lines).not.toContain('Disallow: /ar/admin');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines.some((l) => l === 'Disallow: /shop' || l === 'Disallow: /product')).toBe(false);
  });
});

describe('sitemaps', () => {
  it('serves an index of the pages file and the product files', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/sitemap-pages.xml</loc>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/sitemap-products-1.xml</loc>`);
    expect(res.body).not.toContain('sitemap-products-2.xml');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=3600/);
    expect((await get('/sitemap.xml', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('lists home, shop, information pages, categories and active subcategories', async () => {
    const res = await get('/sitemap-pages.xml');
    expect(res.statusCode).toBe(200);
    for (const p of [
      '/',
      '/shop',
      '/about',
      '/care-guide',
      '/delivery',
      '/sustainability',
      '/terms',
      '/privacy',
      '/information',
      '/contact',
    ]) {
      expect(res.body).toContain(`<loc>${PUBLIC_URL}${p}</loc>`);
    }
    expect(res.body).toContain(
      `<url><loc>${PUBLIC_URL}/category/1</loc><lastmod>2025-02-03</lastmod><xhtml:link rel="alternate" hreflang="fr" href="${PUBLIC_URL}/category/1"/>`,
    );
    // Every language has its own address, each naming the others.
    expect(res.body).toContain(`<url><loc>${PUBLIC_URL}/ar/category/1</loc><lastmod>2025-02-03</lastmod>`);
    expect(res.body).toContain(`<url><loc>${PUBLIC_URL}/en/</loc>`);
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/en/category/1"/>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/category/2</loc>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/category/1/subcategory/5</loc>`);
    expect(res.body).not.toContain('/subcategory/6');
    expect(res.body).not.toContain('/cart');
  });

  it('lists every product page with its last change', async () => {
    const res = await get('/sitemap-products-1.xml');
    expect(res.statusCode).toBe(200);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(9);
    expect(locs[0]).toMatch(new RegExp(`^${PUBLIC_URL}/product/\\d+$`));
    expect(locs[1]).toMatch(new RegExp(`^${PUBLIC_URL}/en/product/\\d+$`));
    expect(locs[2]).toMatch(new RegExp(`^${PUBLIC_URL}/ar/product/\\d+$`));
    expect(res.body).toContain('<lastmod>2025-03-01</lastmod>');
    expect((await get('/sitemap-products-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-products-0.xml')).statusCode).toBe(422);
  });

  it('splits products into files of at most 15,000 (45,000 addresses)', async () => {
    expect(PRODUCTS_PER_SITEMAP * 3).toBeLessThanOrEqual(50_000);
    await ctx.db.execute(
      sql`insert into products (name, price_cents, category_id) select 'Gen ' || g, 1000, 2 from generate_series(1, ${PRODUCTS_PER_SITEMAP}) g`,
    );
    const index = (await get('/sitemap.xml')).body;
    expect(index).toContain('sitemap-products-2.xml');
    expect(index).not.toContain('sitemap-products-3.xml');
    const first = (await get('/sitemap-products-1.xml')).body;
    const second = (await get('/sitemap-products-2.xml')).body;
    expect(first.match(/<url>/g)).toHaveLength(PRODUCTS_PER_SITEMAP * 3);
    expect(second.match(/<url>/g)).toHaveLength(9);
  });
});
