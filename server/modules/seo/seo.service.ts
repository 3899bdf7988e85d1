/**
 * What search engines read: robots.txt and the sitemaps. The sitemap index lists one file of pages
 * (home, shop, information pages, categories, subcategories, occasions — each language at its own slug) and product files of at most
 * PRODUCTS_PER_SITEMAP products each (the protocol allows 50,000 URLs a file).
 */
import { sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../../shared/constants.js';
import { localePath } from '../../../shared/locale-address.js';
import type { DbOrTx } from '../../db/client.js';

/** Each product has one address a language (three <url> entries), and a file holds at most 50,000. */
export const PRODUCTS_PER_SITEMAP = 15_000;

/** Pages a search engine has no business indexing (cart, checkout, account, admin) and the API. */
export const DISALLOWED_PATHS = [
  '/admin',
  '/cart',
  '/checkout',
  '/custom-checkout',
  '/profile',
  '/orders',
  '/wishlist',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/email-confirmation',
  '/change-password',
  '/personal-information',
  '/session-expired',
  '/api/',
];

/** Public pages that are not products or categories. */
export const STATIC_PAGES = [
  '/',
  '/shop',
  '/customize',
  '/about',
  '/care-guide',
  '/delivery',
  '/sustainability',
  '/terms',
  '/privacy',
  '/contact',
  '/information',
  '/information/about',
  '/information/about-us',
  '/information/delivery',
  '/information/care-guide',
  '/information/sustainability',
  '/information/terms',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Each language's address of a private page (/cart, /en/cart, /ar/cart); the API and admin have one.
    ...DISALLOWED_PATHS.flatMap((p) => (p === '/admin' || p === '/api/' ? [p] : LOCALES.map((l) => localePath(l, p)))).map(
      (p) => `Disallow: ${p}`,
    ),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
const day = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString().slice(0, 10);

type Rows<T> = { rows: T[] };
async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export async function productSitemapCount(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from products`);
  return Math.max(1, Math.ceil(Number(row?.n ?? 0) / PRODUCTS_PER_SITEMAP));
}

export async function sitemapIndex(db: DbOrTx, publicUrl: string): Promise<string> {
  const files = await productSitemapCount(db);
  const entries = [`${publicUrl}/sitemap-pages.xml`];
  for (let n = 1; n <= files; n++) entries.push(`${publicUrl}/sitemap-products-${n}.xml`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

const urlset = (urls: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');

/**
 * A page's address in every language (French at the root, /en/..., /ar/...), each <url> naming its
 * language versions with xhtml:link alternates, as search engines ask for.
 */
function localizedUrls(publicUrl: string, path: string | Record<Locale, string>, lastmod?: Date | string): string[] {
  // A path per language (an occasion's slug in each) or one for all; addresses percent-encoded.
  const at = (l: Locale) => xmlEscape(publicUrl + encodeURI(localePath(l, typeof path === 'string' ? path : path[l])));
  const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${at(l)}"/>`).join('');
  const modified = lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : '';
  return LOCALES.map((l) => `<url><loc>${at(l)}</loc>${modified}${alternates}</url>`);
}

export async function pagesSitemap(db: DbOrTx, publicUrl: string): Promise<string> {
  const cats = await rows<{ id: number; updated_at: Date | string }>(
    db,
    sql`select id, updated_at from categories order by sort_order, id`,
  );
  const subs = await rows<{ id: number; category_id: number; updated_at: Date | string }>(
    db,
    sql`select id, category_id, updated_at from subcategories where is_active order by category_id, sort_order, id`,
  );
  const occasions = await rows<{ slug_fr: string; slug_en: string; slug_ar: string; updated_at: Date | string }>(
    db,
    sql`select slug_fr, slug_en, slug_ar, updated_at from occasions order by sort_order, id`,
  );
  return urlset([
    ...STATIC_PAGES.flatMap((p) => localizedUrls(publicUrl, p)),
    ...cats.flatMap((c) => localizedUrls(publicUrl, `/category/${c.id}`, c.updated_at)),
    ...subs.flatMap((s) => localizedUrls(publicUrl, `/category/${s.category_id}/subcategory/${s.id}`, s.updated_at)),
    ...occasions.flatMap((o) =>
      localizedUrls(publicUrl, { fr: `/occasion/${o.slug_fr}`, en: `/occasion/${o.slug_en}`, ar: `/occasion/${o.slug_ar}` }, o.updated_at),
    ),
  ]);
}

/** Products file `n` (1-based), by id; null when there is no such file. */
export async function productsSitemap(db: DbOrTx, publicUrl: string, n: number): Promise<string | null> {
  const found = await rows<{ id: number; updated_at: Date | string }>(
    db,
    sql`select id, updated_at from products order by id limit ${PRODUCTS_PER_SITEMAP} offset ${(n - 1) * PRODUCTS_PER_SITEMAP}`,
  );
  if (found.length === 0 && n > 1) return null;
  return urlset(found.flatMap((p) => localizedUrls(publicUrl, `/product/${p.id}`, p.updated_at)));
}
