/**
 * What the server knows about a storefront page before the app runs: its status (404 for an unknown
 * path, product or category), its head (title, description, picture, JSON-LD) and a readable body for
 * visitors and robots without JavaScript. Catalogue data comes from the same services as the API.
 */
import { productsQuerySchema, type Product } from '../../shared/schemas/catalogue.js';
import { formatMAD } from '../../shared/money.js';
import { localePath } from '../../shared/locale-address.js';
import { productJsonLd } from '../../shared/seo.js';
import { CARD_IMAGE_SIZES, PAGE_SIZES, PRODUCT_PAGE_IMAGE_SIZES, type Locale } from '../../shared/constants.js';
import type { DbOrTx } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { catalogueReads, parseJson } from '../modules/catalogue/read/catalogue-reads.js';
import { listCategories, listSubcategories } from '../modules/catalogue/taxonomy.service.js';
import { listOccasions, occasionBySlug } from '../modules/occasions/occasions.service.js';
import { readListingParams } from './page-address.js';
import { webText } from './web-texts.js';

export interface PagePicture {
  url: string;
  /** The picture the page draws first, fetched early (`<link rel="preload" as="image">`). */
  preload?: { srcset: string; sizes: string };
  width: number;
  height: number;
  alt: string;
}

export interface PageView {
  status: 200 | 404;
  /** Full title (with the shop's name). */
  title: string;
  description: string;
  /** Open Graph type. */
  type: 'website' | 'product';
  picture?: PagePicture;
  jsonLd: object[];
  /** Readable HTML for visitors without JavaScript (links keep the page's language). */
  body: string;
  /**
   * False for the not-found and error pages (`noindex`). Private pages (cart, account, ...) are kept
   * out by robots.txt, and the pages that need more say so themselves (order tracking).
   */
  indexable: boolean;
  /** Language versions exist (false for the not-found page). */
  alternates: boolean;
  /** Each language's path when it differs from this page's (an occasion's slug per language), decoded. */
  paths?: Record<Locale, string>;
  /**
   * The app draws this page on the server too (ssr.ts): public catalogue and information pages, and
   * the cart's frame (its lines load in the browser). Not the other pages of a visitor (their session
   * lives in the browser), the not-found page, nor the bouquet builder (its selection lives in the
   * browser's storage).
   */
  serverRendered?: boolean;
}

/** The storefront's paths (web/src/features/*\/routes.tsx); anything else is not found. */
const PAGE_PATHS: RegExp[] = [
  /^\/$/,
  /^\/shop$/,
  /^\/category\/\d+$/,
  /^\/category\/\d+\/subcategory\/\d+$/,
  /^\/occasion\/[^/]+$/,
  /^\/product\/\d+$/,
  /^\/(about|care-guide|delivery|sustainability|terms|privacy|contact|customize)$/,
  /^\/information(\/(about|care-guide|delivery|sustainability|terms|about-us))?$/,
];
/** Pages that exist but belong to a visitor (no index, no body from the server). */
const PRIVATE_PATHS: RegExp[] = [
  /^\/(cart|checkout|custom-checkout|wishlist|login|signup|forgot-password|reset-password|session-expired|change-password|personal-information|confirm-email-change)$/,
  /^\/(profile|profile\/orders|profile\/personal-information|orders)$/,
  /^\/orders\/track\/[^/]+$/,
  /^\/email-confirmation\/[^/]+$/,
];

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A product's largest first picture, with an absolute address (link previews need one); with `sizes`,
 * the page draws it first and it is preloaded at that size.
 */
function pictureOf(product: Product | undefined, origin: string, sizes?: string): PagePicture | undefined {
  const image = product?.images[0];
  if (!product || !image) return undefined;
  const preload = sizes ? { srcset: image.srcset, sizes } : undefined;
  return { url: new URL(image.url, origin).href, width: image.width, height: image.height, alt: product.name, preload };
}

export async function resolvePage(db: DbOrTx, locale: Locale, path: string, search: URLSearchParams, origin: string): Promise<PageView> {
  const t = (key: string, params?: Record<string, string | number>) => webText(locale, key, params);
  const brand = t('brand');
  const href = (p: string) => escapeHtml(localePath(locale, p));
  const base = { status: 200 as const, type: 'website' as const, jsonLd: [], indexable: true, alternates: true, serverRendered: true };
  const titled = (title?: string) => (title ? `${title} · ${brand}` : `${brand} · ${t('tagline')}`);
  const productList = (products: Product[]) =>
    `<ul>${products
      .map(
        (p) => `<li><a href="${href(`/product/${p.id}`)}">${escapeHtml(p.name)}</a> · ${escapeHtml(formatMAD(p.final_price, locale))}</li>`,
      )
      .join('')}</ul>`;
  const notFound = (): PageView => ({
    ...base,
    status: 404,
    title: titled(t('errors.notFoundTitle')),
    description: t('errors.notFoundText'),
    indexable: false,
    alternates: false,
    serverRendered: false,
    body: `<h1>${escapeHtml(t('errors.notFoundTitle'))}</h1><p>${escapeHtml(t('errors.notFoundText'))}</p><p><a href="${href('/')}">${escapeHtml(t('actions.backHome'))}</a></p>`,
  });

  if (PRIVATE_PATHS.some((re) => re.test(path))) {
    // The cart draws its frame on the server (header, footer, the cart's loading state: nothing moves
    // when the browser fills it in; a new visitor's empty cart: web-app.ts); the other private pages
    // are drawn by the browser.
    return { ...base, title: titled(), description: t('catalogue:seo.homeDescription'), body: '', serverRendered: path === '/cart' };
  }
  if (!PAGE_PATHS.some((re) => re.test(path))) return notFound();

  try {
    if (path === '/') {
      const [categories, featured, occasions] = await Promise.all([
        listCategories(db, locale),
        catalogueReads(db).featured(locale, { page: 1, per_page: 10 }).then(parseJson),
        listOccasions(db, locale),
      ]);
      return {
        ...base,
        title: titled(),
        description: t('catalogue:seo.homeDescription'),
        picture: pictureOf(featured.data[0], origin),
        body:
          `<h1>${escapeHtml(t('catalogue:home.hero.title'))}</h1><p>${escapeHtml(t('catalogue:home.hero.subtitle'))}</p>` +
          `<h2>${escapeHtml(t('catalogue:home.categories.title'))}</h2><ul>${categories
            .map((c) => `<li><a href="${href(`/category/${c.id}`)}">${escapeHtml(c.name)}</a></li>`)
            .join('')}</ul>` +
          `<h2>${escapeHtml(t('catalogue:home.featured.title'))}</h2>${productList(featured.data)}` +
          `<h2>${escapeHtml(t('catalogue:home.occasions.title'))}</h2><ul>${occasions
            .map((o) => `<li><a href="${href(`/occasion/${o.slug}`)}">${escapeHtml(o.name)}</a></li>`)
            .join('')}</ul>` +
          `<p><a href="${href('/shop')}">${escapeHtml(t('catalogue:home.hero.shopNow'))}</a></p>`,
      };
    }

    const product = /^\/product\/(\d+)$/.exec(path);
    if (product) {
      const item = parseJson(await catalogueReads(db).product(locale, Number(product[1])));
      const picture = item.images[0];
      const price = formatMAD(item.final_price, locale);
      return {
        ...base,
        type: 'product',
        title: titled(item.name),
        description: item.description || t('catalogue:seo.productDescription', { name: item.name }),
        picture: pictureOf(item, origin, PRODUCT_PAGE_IMAGE_SIZES),
        jsonLd: [productJsonLd(item, brand, origin, localePath(locale, path))],
        body:
          `<h1>${escapeHtml(item.name)}</h1>` +
          (picture
            ? `<img src="${escapeHtml(picture.image_path)}" srcset="${escapeHtml(picture.srcset)}" sizes="(min-width: 1024px) 50vw, 100vw" width="${picture.width}" height="${picture.height}" alt="${escapeHtml(item.name)}">`
            : '') +
          `<p><strong>${escapeHtml(price)}</strong> · ${escapeHtml(t(item.inStock ? 'catalogue:product.inStock' : 'catalogue:product.outOfStock'))}</p>` +
          `<p>${escapeHtml(item.description)}</p>` +
          `<p><a href="${href(`/category/${item.category.id}`)}">${escapeHtml(item.category.name)}</a>` +
          (item.subcategory
            ? ` › <a href="${href(`/category/${item.category.id}/subcategory/${item.subcategory.id}`)}">${escapeHtml(item.subcategory.name)}</a>`
            : '') +
          `</p>`,
      };
    }

    const occasionPath = /^\/occasion\/([^/]+)$/.exec(path);
    if (occasionPath) {
      let slug: string;
      try {
        slug = decodeURIComponent(occasionPath[1]!);
      } catch {
        return notFound();
      }
      const occasion = await occasionBySlug(db, locale, slug);
      if (!occasion) return notFound();
      const listing = readListingParams(search);
      const query = productsQuerySchema.safeParse({
        page: listing.page,
        per_page: PAGE_SIZES.shop,
        search: listing.search,
        occasion: occasion.slug,
        color_id: listing.color,
        min_price: listing.min_price,
        max_price: listing.max_price,
        sort: listing.sort,
      });
      const page = parseJson(
        await catalogueReads(db).listProducts(locale, query.success ? query.data : productsQuerySchema.parse({ occasion: occasion.slug })),
      );
      const own = (l: Locale) => `/occasion/${occasion.slugs[l]}`;
      const next =
        page.meta.page < page.meta.last_page
          ? new URLSearchParams({ ...Object.fromEntries(search), page: String(page.meta.page + 1) })
          : null;
      return {
        ...base,
        title: titled(occasion.name),
        description: t('catalogue:listing.occasionDescription', { name: occasion.name }),
        picture: pictureOf(page.data[0], origin, CARD_IMAGE_SIZES),
        paths: { fr: own('fr'), en: own('en'), ar: own('ar') },
        body:
          `<h1>${escapeHtml(occasion.name)}</h1>${productList(page.data)}` +
          (next ? `<p><a href="${href(own(locale))}?${escapeHtml(next.toString())}">${escapeHtml(t('pagination.next'))}</a></p>` : ''),
      };
    }

    const listingPath = /^\/(?:shop|category\/(\d+)(?:\/subcategory\/(\d+))?)$/.exec(path);
    if (listingPath) {
      const categoryId = listingPath[1] ? Number(listingPath[1]) : undefined;
      const subcategoryId = listingPath[2] ? Number(listingPath[2]) : undefined;
      const category = categoryId === undefined ? undefined : (await listCategories(db, locale)).find((c) => c.id === categoryId);
      const subcategory =
        subcategoryId === undefined ? undefined : (await listSubcategories(db, locale, { id: subcategoryId, categoryId }))[0];
      if ((categoryId !== undefined && !category) || (subcategoryId !== undefined && !subcategory)) return notFound();
      // The products the app lists for the page's parameters (its filters, sort and page, as the app
      // asks the API for them); a page past the last is not found (the API's 404).
      const listing = readListingParams(search);
      const query = productsQuerySchema.safeParse({
        page: listing.page,
        per_page: PAGE_SIZES.shop,
        search: listing.search,
        category_id: categoryId,
        subcategory_id: subcategoryId,
        color_id: listing.color,
        min_price: listing.min_price,
        max_price: listing.max_price,
        sort: listing.sort,
      });
      const page = parseJson(
        await catalogueReads(db).listProducts(
          locale,
          query.success ? query.data : productsQuerySchema.parse({ category_id: categoryId, subcategory_id: subcategoryId }),
        ),
      );
      const name = subcategory?.name ?? category?.name ?? t('catalogue:listing.shopTitle');
      const next =
        page.meta.page < page.meta.last_page
          ? new URLSearchParams({ ...Object.fromEntries(search), page: String(page.meta.page + 1) })
          : null;
      return {
        ...base,
        title: titled(name),
        description: subcategory?.description || category?.description || t('catalogue:listing.shopDescription'),
        // The first card's picture is the page's largest on a phone: preloaded with the HTML.
        picture: pictureOf(page.data[0], origin, CARD_IMAGE_SIZES),
        body:
          `<h1>${escapeHtml(name)}</h1>${productList(page.data)}` +
          (next ? `<p><a href="${href(path)}?${escapeHtml(next.toString())}">${escapeHtml(t('pagination.next'))}</a></p>` : ''),
      };
    }
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return notFound();
    throw err;
  }

  // Information pages and the bouquet builder: no readable body from here; the head is the shop's.
  return { ...base, title: titled(), description: t('catalogue:seo.homeDescription'), body: '', serverRendered: path !== '/customize' };
}
