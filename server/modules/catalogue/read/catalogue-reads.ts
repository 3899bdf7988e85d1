/**
 * The catalogue's read model: what the storefront's routes and server pages call (`catalogueReads`),
 * fast on a large catalogue. The rules (what is on sale, what a filter or an order means, which
 * products are related) are products.service.ts's; this module only reads them fast:
 * 1. the page of ids, paged in SQL with an ORDER BY that an index of `products` serves, from the
 *    nearest seek anchor (seek-paging.ts), plus the total of the filter (totals.ts, kept per filter);
 * 2. the cards of those ids (everything a list or product page shows of a product, in the reader's
 *    language) from the ready cards PostgreSQL keeps (cards.ts: stored JSON per product and language,
 *    with prices and stock read live). Without search words, 1 and 2 are ONE prepared statement
 *    (seekPage + readPage); a search picks its ids first (search.ts, ranked in tiers), then reads the
 *    cards this process lacks.
 * Products travel as JSON text from the stored card to the answer: cards, pages and product answers
 * are kept as text (cache.ts), the API sends that text as it is, and only the server's own pages parse
 * it into objects (`parseJson`).
 */
import { pageMeta } from '../../../../shared/schemas/common.js';
import type { Locale } from '../../../../shared/constants.js';
import type { FeaturedQuery, Product, ProductPage, ProductsQuery } from '../../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { extraProductIds, featuredQuery, productFilterOf, productMessages, relatedProductIds } from '../products.service.js';
import { cachesFor, catalogueVersion, invalidateCatalogueCache, type InvalidationScope, type Json } from './cache.js';
import { bestSellerIds, readCards, readPage } from './cards.js';
import { whereOf } from './list-filter.js';
import type { Where } from './where.js';
import { searchPageIds } from './search.js';
import { seekPage } from './seek-paging.js';
import { checkedTotal, countProducts, refusePastLastPage, shown } from './totals.js';

declare const jsonOf: unique symbol;
/** JSON text of a `T`, as the API sends it (the routes send it as it is; `parseJson` gives the object). */
export type JsonText<T> = Json & { readonly [jsonOf]?: T };

export const parseJson = <T>(text: JsonText<T>): T => JSON.parse(text) as T;

/** The catalogue's reads, for one database (the caches are per database handle). */
export interface CatalogueReads {
  /**
   * A page of products on sale: filters, order and search words (`search`, ranked best first by
   * default) as the query says. 404 for a page past the last one.
   */
  listProducts(locale: Locale, q: ProductsQuery): Promise<JsonText<ProductPage>>;
  /** A page of the featured products, in the shop's order. */
  featured(locale: Locale, q: FeaturedQuery): Promise<JsonText<ProductPage>>;
  /** One product on sale; 404 when unknown or archived. */
  product(locale: Locale, id: number): Promise<JsonText<Product>>;
  /** The products related to one (products.service.ts says which); 404 when it is unknown. */
  related(locale: Locale, id: number): Promise<Product[]>;
  /** The extras on sale and in stock (products.service.ts `extraProductIds`), in the shop's order. */
  extras(locale: Locale): Promise<Product[]>;
  /** Moves whenever this process learns of a catalogue change (server pages keep their copies by it). */
  version(): number;
  /**
   * Forget what the caches hold, after a change: `all` (the default) for a change of the catalogue
   * itself; `stock` for a placed order (stock and popularity moved), which keeps the per-filter totals.
   */
  invalidate(scope?: InvalidationScope): void;
}

const readsOf = new WeakMap<object, CatalogueReads>();

export function catalogueReads(db: DbOrTx): CatalogueReads {
  let reads = readsOf.get(db);
  if (!reads) {
    reads = {
      listProducts: (locale, q) => listProductsJson(db, locale, q),
      featured: (locale, q) => listProductsJson(db, locale, featuredQuery(q)),
      product: (locale, id) => productJson(db, locale, id),
      related: (locale, id) =>
        cachesFor(db).related.get(`${locale}|${id}`, async () => loadProducts(db, locale, await relatedProductIds(db, id))),
      // Kept with the related products: the same lifetime, cleared by the same changes.
      extras: (locale) => cachesFor(db).related.get(`${locale}|extras`, async () => loadProducts(db, locale, await extraProductIds(db))),
      version: () => catalogueVersion(db),
      invalidate: (scope) => invalidateCatalogueCache(db, scope),
    };
    readsOf.set(db, reads);
  }
  return reads;
}

// ---------------------------------------------------------------- lists

/** A page of products as the API sends it: the JSON text of a `ProductPage`. */
async function listProductsJson(db: DbOrTx, locale: Locale, q: ProductsQuery): Promise<JsonText<ProductPage>> {
  const where = whereOf(productFilterOf(q));
  const key = `${locale}|${q.page}|${q.per_page}|${q.sort ?? ''}|${where.key}`;
  return cachesFor(db).lists.get(key, () => queryProducts(db, locale, q, where));
}

async function queryProducts(db: DbOrTx, locale: Locale, q: ProductsQuery, where: Where): Promise<Json> {
  const offset = (q.page - 1) * q.per_page;
  if (q.page > 1) await refusePastLastPage(db, where, offset, q.per_page);
  const kept = await countProducts(db, where);
  const data = await pageProducts(db, locale, where, q.sort, q.per_page, offset, kept);
  const counted = await checkedTotal(db, where, kept, data.length, q.per_page, offset);
  const meta = pageMeta(q.page, q.per_page, shown(where, counted));
  // More matches than a search shows: `total` is a lower bound (older clients read it as the total).
  const sent: ProductPage['meta'] = counted > meta.total ? { ...meta, total_capped: true } : meta;
  return `{"data":[${data.join(',')}],"meta":${JSON.stringify(sent)}}`;
}

/**
 * A page of products as JSON text. Without search words, one statement picks the page and reads its
 * cards (seekPage + readPage); a search picks its ids first (searchPageIds, kept per process like
 * other id pages), then reads the cards this process lacks.
 */
async function pageProducts(
  db: DbOrTx,
  locale: Locale,
  where: Where,
  sort: ProductsQuery['sort'],
  limit: number,
  offset: number,
  counted: number,
): Promise<Json[]> {
  if (!where.search) {
    const [page, best] = await Promise.all([seekPage(db, where, sort, limit, offset, counted), bestSellers(db)]);
    return (await readPage(db, locale, page, best)).map((p) => p.json);
  }
  const search = where.search;
  const ids = await cachesFor(db).pages.get(`${where.key}|${sort ?? ''}|${limit}|${offset}`, () =>
    searchPageIds(db, search, sort, limit, offset, counted),
  );
  return loadProductsJson(db, locale, ids);
}

// ---------------------------------------------------------------- products

/** One product as the API sends it (JSON text); 404 when unknown or archived. */
async function productJson(db: DbOrTx, locale: Locale, id: number): Promise<JsonText<Product>> {
  const product = await cachesFor(db).products.get(`${locale}|${id}`, async () => (await loadProductsJson(db, locale, [id]))[0] ?? null);
  if (product === null) throw new AppError(404, productMessages.notFound);
  return product;
}

/**
 * The products of `ids` as JSON text, in that order, in the reader's language (archived or unknown
 * ids left out): the ones this process keeps, and the others from the ready cards in the database
 * (cards.ts), one statement whatever their count.
 */
async function loadProductsJson(db: DbOrTx, locale: Locale, ids: readonly number[]): Promise<Json[]> {
  if (ids.length === 0) return [];
  const cards = await cachesFor(db).cards.getMany(
    ids.map((id) => `${locale}|${id}`),
    async (missing) => {
      const ids = missing.map((k) => Number(k.slice(k.indexOf('|') + 1)));
      const loaded = await readCards(db, locale, ids, await bestSellers(db));
      return new Map(loaded.map((p) => [`${locale}|${p.id}`, p.json]));
    },
    null,
  );
  return cards.filter((p): p is Json => p !== null);
}

/** The products of `ids` as objects, in that order (see loadProductsJson). */
async function loadProducts(db: DbOrTx, locale: Locale, ids: readonly number[]): Promise<Product[]> {
  return (await loadProductsJson(db, locale, ids)).map((json) => JSON.parse(json) as Product);
}

/** The ids flagged best sellers on the cards this process reads. */
function bestSellers(db: DbOrTx): Promise<number[]> {
  return cachesFor(db).bestSellers.get('', () => bestSellerIds(db));
}
