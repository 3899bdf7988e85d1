/**
 * Products as the storefront reads them, fast on a large catalogue:
 * 1. the page of ids, paged in SQL with an ORDER BY that an index of `products` serves (an index-only
 *    scan of ids even for deep pages), plus the total of the filter: an exact count(*), but kept
 *    TOTALS_CACHE_TTL_MS per normalised filter (whatever the page, sort or language), because the
 *    count is the one costly query (10-40 ms on 100,000 products) and a total only changes when the
 *    catalogue does (orders change stock and popularity, never which products match a filter);
 * 2. the cards of those ids (everything a list or product page shows of a product, in the reader's
 *    language), kept per id for CARD_CACHE_TTL_MS and cleared by every catalogue write or order; the
 *    cards a process lacks come from ONE prepared query: translations of the reader's language
 *    (falling back to the base row), category, subcategory, pictures and colours (json subqueries).
 * Answers (pages, products, id pages) are kept LIST_CACHE_TTL_MS in memory per process, with
 * concurrent identical reads sharing one query: the answers already say `max-age=60` to browsers and
 * proxies, so a few seconds on the server changes nothing a customer can see, and it takes the
 * database out of the hot path. Writers of the catalogue call `invalidateCatalogueCache(db)`; other
 * processes catch up within the TTL. Stock and prices are checked again at checkout in any case.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_WORDS, type Locale } from '../../../shared/constants.js';
import { fromCents, toCents } from '../../../shared/money.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import type { FeaturedQuery, Product, ProductPage, ProductsQuery } from '../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { imageUrl, imageUrls } from '../../lib/images.js';
import { productSearchIndex, queryWords, SEARCH_INDEX_VERSION, textArray, type QueryWord } from './search-keys.js';
import { byShape, sqlRows } from '../../db/sql-rows.js';
import { TtlCache } from './ttl-cache.js';

export const productMessages = defineMessages({
  notFound: { fr: 'Produit introuvable.', en: 'Product not found.', ar: 'المنتج غير موجود.' },
  pastLastPage: {
    fr: 'Cette page n’existe pas : la liste compte {last} page(s).',
    en: 'This page does not exist: the list has {last} page(s).',
    ar: 'هذه الصفحة غير موجودة: القائمة تضم {last} صفحة.',
  },
});

/** How many of the most sold products are flagged `bestSeller`. */
export const BEST_SELLER_COUNT = 10;
/** How long answers and id pages are reused in a process (ms). */
export const LIST_CACHE_TTL_MS = 5_000;
/** How long the total of a filter is reused in a process (ms); catalogue writes clear it at once. */
export const TOTALS_CACHE_TTL_MS = 10 * 60_000;
const RELATED_LIMIT = 8;

/**
 * How long a product's card (what a list or a product page shows of it, in one language) is kept in a
 * process (ms). Unlike the answers it does not depend on CATALOGUE_CACHE_MS: every write through the
 * API clears it at once, in every process with Redis, so the limit only bounds writes made outside the
 * shop (scripts, SQL) and, without Redis, what other processes of the machine may show.
 */
export const CARD_CACHE_TTL_MS = 60_000;

interface ListCaches {
  /** Cards by language and id: a list is one id query plus the cards it lacks. */
  cards: TtlCache<Product | null>;
  pages: TtlCache<number[]>;
  lists: TtlCache<ProductPage>;
  products: TtlCache<Product | null>;
  related: TtlCache<Product[]>;
}
const caches = new WeakMap<object, ListCaches>();
/** Per-filter totals live apart from the answers: longer, and kept when only stock changes. */
const totalsCaches = new WeakMap<object, TtlCache<number>>();
/** Seek anchors per filter and order (pageIds): "popular" ones move with every order, the rest like totals. */
const anchorCaches = new WeakMap<object, { stable: TtlCache<Anchor[]>; popular: TtlCache<Anchor[]> }>();
let ttlMs = LIST_CACHE_TTL_MS;

function cachesFor(db: DbOrTx): ListCaches {
  let c = caches.get(db);
  if (!c) {
    c = {
      // A card is ~1 kB of objects: 10,000 of them (a big catalogue in three languages) ~10 MB.
      cards: new TtlCache<Product | null>(CARD_CACHE_TTL_MS, 10_000),
      pages: new TtlCache<number[]>(ttlMs),
      // A page of 20 is ~22 kB of objects: the bound keeps this cache near 10 MB.
      lists: new TtlCache<ProductPage>(ttlMs, 500),
      products: new TtlCache<Product | null>(ttlMs, 5000),
      related: new TtlCache<Product[]>(ttlMs, 2000),
    };
    caches.set(db, c);
  }
  return c;
}

function totalsFor(db: DbOrTx): TtlCache<number> {
  let t = totalsCaches.get(db);
  if (!t) {
    // One entry is a number: 5,000 filters cost next to nothing.
    t = new TtlCache<number>(TOTALS_CACHE_TTL_MS, 5000);
    totalsCaches.set(db, t);
  }
  return t;
}

function anchorsFor(db: DbOrTx, sort: ProductsQuery['sort']): TtlCache<Anchor[]> {
  let a = anchorCaches.get(db);
  if (!a) {
    a = { stable: new TtlCache<Anchor[]>(TOTALS_CACHE_TTL_MS, 500), popular: new TtlCache<Anchor[]>(TOTALS_CACHE_TTL_MS, 500) };
    anchorCaches.set(db, a);
  }
  return sort === 'popular' ? a.popular : a.stable;
}

/**
 * Forget cached answers: call after any catalogue write (tests call it too). `scope: 'stock'` (a
 * placed order: stock and popularity moved) keeps the per-filter totals, which only a change of the
 * catalogue itself (products, their prices, categories, colours, flags or texts) can move.
 */
export function invalidateCatalogueCache(db: DbOrTx, scope: 'all' | 'stock' = 'all'): void {
  caches.delete(db);
  const anchors = anchorCaches.get(db);
  if (anchors) anchors.popular = new TtlCache<Anchor[]>(TOTALS_CACHE_TTL_MS, 500);
  if (scope === 'all') {
    totalsCaches.delete(db);
    anchorCaches.delete(db);
  }
}

/**
 * Changes the answer-cache lifetime for caches made afterwards (0 turns it off; the benchmark measures
 * both). The per-filter totals keep TOTALS_CACHE_TTL_MS.
 */
export function setListCacheTtl(ms: number): void {
  ttlMs = ms;
}

// ---------------------------------------------------------------- filters and order

export interface ProductFilter {
  search?: string;
  categoryId?: number;
  subcategoryId?: number;
  colorId?: number;
  minPrice?: number;
  maxPrice?: number;
  featured?: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Where {
  clause: SQL;
  key: string;
  /** With a search: how well each product matches, highest first (the default order then). */
  rank: SQL | null;
}

/**
 * One search word matches a product when it is a substring of its names and tags (three letters or
 * more; shorter: the start of a word, as a one-letter "contains" would match nearly everything), or
 * when one of its keys (word, stems, Arabic skeleton) is a key of the product's names, tags or
 * descriptions, or, for words of five letters or more, when it is one letter away from a name or tag
 * word (search-keys.ts says how).
 */
function searchWordClause(q: QueryWord): { match: SQL; score: SQL } {
  const w = escapeLike(q.word);
  const substring = [...q.word].length >= 3 ? sql`p.search_text like ${`%${w}%`}` : sql`(p.search_text like ${`${w}%`} or p.search_text like ${`% ${w}%`})`;
  if (q.keys.length === 0) return { match: substring, score: sql`(case when ${substring} then 3 else 1 end)` };
  const keys = textArray(q.keys);
  const typo = q.typo
    ? sql` or p.search_fuzzy && ${textArray(q.typo)}::text[] or p.search_keys && ${textArray(q.typo.slice(1))}::text[]`
    : sql``;
  return {
    match: sql`(${substring} or p.search_keys && ${keys}::text[]${typo})`,
    // Name before tags and description, whole word (or its stem) before part of a word, typo last.
    score: sql`(case when p.name_keys && ${keys}::text[] then 4 when ${substring} then 3 when p.search_keys && ${keys}::text[] then 2 else 1 end)`,
  };
}

function whereOf(f: ProductFilter): Where {
  // Products the back office archived (deleted while in orders) are never shown.
  const parts: SQL[] = [sql`p.archived_at is null`];
  const key: (string | number | boolean)[] = [];
  if (f.categoryId !== undefined) {
    parts.push(sql`p.category_id = ${f.categoryId}`);
    key.push('c', f.categoryId);
  }
  if (f.subcategoryId !== undefined) {
    parts.push(sql`p.subcategory_id = ${f.subcategoryId}`);
    key.push('s', f.subcategoryId);
  }
  if (f.colorId !== undefined) {
    parts.push(sql`exists (select 1 from product_colors pc where pc.product_id = p.id and pc.color_id = ${f.colorId})`);
    key.push('k', f.colorId);
  }
  if (f.minPrice !== undefined) {
    parts.push(sql`p.final_price_cents >= ${toCents(f.minPrice)}`);
    key.push('min', toCents(f.minPrice));
  }
  if (f.maxPrice !== undefined) {
    parts.push(sql`p.final_price_cents < ${toCents(f.maxPrice)}`);
    key.push('max', toCents(f.maxPrice));
  }
  if (f.featured !== undefined) {
    parts.push(f.featured ? sql`p.is_featured` : sql`not p.is_featured`);
    key.push('f', f.featured);
  }
  const scores: SQL[] = [];
  for (const word of queryWords(f.search ?? '', SEARCH_MAX_WORDS)) {
    const { match, score } = searchWordClause(word);
    parts.push(match);
    scores.push(score);
    key.push('q', word.word);
  }
  return {
    clause: sql.join(parts, sql` and `),
    key: JSON.stringify(key),
    rank: scores.length ? sql.join(scores, sql` + `) : null,
  };
}

/** Each order has a matching index (schema.ts); `id` breaks ties so pages never overlap. */
function orderOf(sort: ProductsQuery['sort'], rank: SQL | null): SQL {
  switch (sort) {
    case 'popular':
      return sql`p.popularity desc, p.id desc`;
    case 'price_asc':
      return sql`p.final_price_cents asc, p.id asc`;
    case 'price_desc':
      return sql`p.final_price_cents desc, p.id desc`;
    case 'newest':
      return sql`p.created_at desc, p.id desc`;
    default:
      return rank ? sql`${rank} desc, p.sort_order asc, p.id asc` : sql`p.sort_order asc, p.id asc`;
  }
}

const rows = sqlRows;

/**
 * Reads of ids, totals and anchors: prepared once per connection and shape (their text depends only on
 * which filters are set), so the planner does not run on every request. Not searches: their shapes
 * are many (words, keys, typos) and planning is small next to running them.
 */
const shapeRows = <T>(db: DbOrTx, where: Where, query: SQL) => sqlRows<T>(db, query, where.rank ? undefined : byShape);

async function queryCount(db: DbOrTx, where: Where): Promise<number> {
  const [row] = await shapeRows<{ n: number | string }>(db, where, sql`select count(*)::int as n from products p where ${where.clause}`);
  return Number(row?.n ?? 0);
}

/** The total of a filter, counted once per filter and process (concurrent misses share the query). */
function countProducts(db: DbOrTx, where: Where): Promise<number> {
  return totalsFor(db).get(where.key, () => queryCount(db, where));
}

/**
 * A kept total checked against the page just read, so that a write nobody announced (another process,
 * a script) cannot leave a page contradicting its meta: a short page gives the exact total for free;
 * a full page reaching past the total, or an empty page before it, means the total is out of date, and
 * it is counted again.
 */
async function checkedTotal(
  db: DbOrTx,
  where: Where,
  total: number,
  found: number,
  limit: number,
  offset: number,
): Promise<number> {
  if (found < limit && (found > 0 || offset === 0)) {
    const exact = offset + found;
    if (exact !== total) await totalsFor(db).set(where.key, Promise.resolve(exact));
    return exact;
  }
  if ((found === limit && total < offset + found) || (found === 0 && total > offset)) {
    return totalsFor(db).set(where.key, queryCount(db, where));
  }
  return total;
}

/** The sort key of each order, and whether it runs downwards (`id` goes the same way). */
const SORT_KEYS: Record<NonNullable<ProductsQuery['sort']> | 'default', { key: SQL; desc: boolean }> = {
  default: { key: sql`p.sort_order`, desc: false },
  popular: { key: sql`p.popularity`, desc: true },
  price_asc: { key: sql`p.final_price_cents`, desc: false },
  price_desc: { key: sql`p.final_price_cents`, desc: true },
  newest: { key: sql`p.created_at`, desc: true },
};

/** Rows between two anchors: a page never walks more than this many rows with OFFSET. */
export const ANCHOR_STRIDE = 1000;

interface Anchor {
  key: string;
  id: number;
}

/**
 * The (sort key, id) of every ANCHOR_STRIDE-th product of a filter in an order, read in one pass and
 * kept with the filter's total (cleared by catalogue writes; for "popular", by orders too). A deep
 * page then starts from the anchor before it, a seek on the order's index, and skips fewer than
 * ANCHOR_STRIDE rows, instead of an OFFSET that grows with the page number.
 */
function anchorsOf(db: DbOrTx, where: Where, sort: ProductsQuery['sort']): Promise<Anchor[]> {
  const { key } = SORT_KEYS[sort ?? 'default'];
  return anchorsFor(db, sort).get(`${where.key}|${sort ?? ''}`, async () => {
    const found = await shapeRows<{ key: string; id: number }>(
      db,
      where,
      sql`select k::text as key, id from (
            select ${key} as k, p.id, row_number() over (order by ${orderOf(sort, null)}) - 1 as n
            from products p where ${where.clause}) t
          where n % ${ANCHOR_STRIDE} = 0 and n > 0 order by n`,
    );
    // As text, so a timestamp keeps its microseconds; PostgreSQL reads it back as the key's type.
    return found.map((r) => ({ key: r.key, id: Number(r.id) }));
  });
}

async function pageIds(db: DbOrTx, where: Where, sort: ProductsQuery['sort'], limit: number, offset: number): Promise<number[]> {
  return cachesFor(db).pages.get(`${where.key}|${sort ?? ''}|${limit}|${offset}`, async () => {
    const order = orderOf(sort, where.rank);
    let from = sql``;
    let skip = offset;
    // A ranked search sorts by relevance, which has no index to seek on: it keeps OFFSET.
    if (offset >= ANCHOR_STRIDE && !(where.rank && !sort)) {
      const anchor = (await anchorsOf(db, where, sort))[Math.floor(offset / ANCHOR_STRIDE) - 1];
      if (anchor) {
        const { key, desc } = SORT_KEYS[sort ?? 'default'];
        from = desc ? sql` and (${key}, p.id) <= (${anchor.key}, ${anchor.id})` : sql` and (${key}, p.id) >= (${anchor.key}, ${anchor.id})`;
        skip = offset % ANCHOR_STRIDE;
      }
    }
    const found = await shapeRows<{ id: number }>(
      db,
      where,
      sql`select p.id from products p where ${where.clause}${from} order by ${order} limit ${limit} offset ${skip}`,
    );
    return found.map((r) => Number(r.id));
  });
}

// ---------------------------------------------------------------- loading products

interface ProductRow {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  discount: number;
  final_price_cents: number;
  stock: number;
  category_id: number;
  category_name: string;
  subcategory_id: number | null;
  subcategory_name: string | null;
  is_featured: boolean;
  tags: string;
  created_at: Date | string;
  updated_at: Date | string;
  best_seller: boolean;
  images: ImageJson[] | string;
  colors: { id: number; name: string; hex_code: string }[] | string;
}
interface ImageJson {
  id: number;
  key: string;
  widths: number[];
  width: number;
  height: number;
}

const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const cardWidth = (widths: number[]) => (widths.includes(640) ? 640 : widths[widths.length - 1]);

function toProduct(r: ProductRow): Product {
  const images = parseJson(r.images).map((img) => {
    const urls = imageUrls(img.key, img.widths);
    return {
      id: Number(img.id),
      image_path: imageUrl(img.key, cardWidth([...img.widths].sort((a, b) => a - b))),
      url: urls.url,
      srcset: urls.srcset,
      width: Number(img.width),
      height: Number(img.height),
    };
  });
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    price: fromCents(r.price_cents),
    discount: r.discount,
    final_price: fromCents(r.final_price_cents),
    image_path: images[0]?.image_path ?? null,
    image_url: images[0]?.url ?? null,
    images,
    category: { id: Number(r.category_id), name: r.category_name },
    category_id: Number(r.category_id),
    subcategory_id: r.subcategory_id === null ? null : Number(r.subcategory_id),
    subcategory: r.subcategory_id === null ? null : { id: Number(r.subcategory_id), name: r.subcategory_name ?? '' },
    is_featured: r.is_featured ? 1 : 0,
    stock: r.stock,
    inStock: r.stock > 0,
    bestSeller: Boolean(r.best_seller),
    tags: r.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    colors: parseJson(r.colors),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/**
 * The products of `ids`, in that order, in the reader's language (archived or unknown ids left out):
 * kept cards, and one query for the others whatever their count.
 */
export async function loadProducts(db: DbOrTx, locale: Locale, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const cards = await cachesFor(db).cards.getMany(
    ids.map((id) => `${locale}|${id}`),
    async (missing) => {
      const loaded = await queryCards(db, locale, missing.map((k) => Number(k.slice(k.indexOf('|') + 1))));
      return new Map(loaded.map((p) => [`${locale}|${p.id}`, p]));
    },
    null,
  );
  return cards.filter((p): p is Product => p !== null);
}

/** A product's category, subcategory and texts in `locale` (c, ct, s, st, pt; the base rows when untranslated). */
export const productTextJoins = (locale: Locale): SQL => sql`join categories c on c.id = p.category_id
        left join category_translations ct on ct.category_id = c.id and ct.locale = ${locale}
        left join subcategories s on s.id = p.subcategory_id
        left join subcategory_translations st on st.subcategory_id = s.id and st.locale = ${locale}
        left join product_translations pt on pt.product_id = p.id and pt.locale = ${locale}`;

async function queryCards(db: DbOrTx, locale: Locale, ids: readonly number[]): Promise<Product[]> {
  const idArray = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const found = await rows<ProductRow>(
    db,
    sql`select p.id, coalesce(pt.name, p.name) as name, coalesce(pt.description, p.description) as description,
          p.price_cents, p.discount, p.final_price_cents, p.stock, p.category_id,
          coalesce(ct.name, c.name) as category_name, p.subcategory_id, coalesce(st.name, s.name) as subcategory_name,
          p.is_featured, coalesce(pt.tags, p.tags) as tags, p.created_at, p.updated_at,
          p.popularity > 0 and p.id in (
            select b.id from products b where b.popularity > 0 and b.archived_at is null order by b.popularity desc, b.id desc limit ${BEST_SELLER_COUNT}
          ) as best_seller,
          coalesce((select json_agg(json_build_object('id', i.id, 'key', i.key, 'widths', i.widths, 'width', i.width, 'height', i.height)
                      order by i.sort_order, i.id)
                    from product_images i where i.product_id = p.id), '[]'::json) as images,
          coalesce((select json_agg(json_build_object('id', k.id, 'name', coalesce(kt.name, k.name), 'hex_code', k.hex_code)
                      order by pc.sort_order, k.sort_order, k.id)
                    from product_colors pc
                    join colors k on k.id = pc.color_id and k.is_active
                    left join color_translations kt on kt.color_id = k.id and kt.locale = ${locale}
                    where pc.product_id = p.id), '[]'::json) as colors
        from products p
        ${productTextJoins(locale)}
        where p.id = any(${idArray}::int[]) and p.archived_at is null`,
    'catalogue_load_products_v3',
  );
  return found.map(toProduct);
}

// ---------------------------------------------------------------- the reads of the API

export async function listProducts(db: DbOrTx, locale: Locale, q: ProductsQuery): Promise<ProductPage> {
  const where = whereOf(toFilter(q));
  const key = `${locale}|${q.page}|${q.per_page}|${q.sort ?? ''}|${where.key}`;
  return cachesFor(db).lists.get(key, () => queryProducts(db, locale, q, where));
}

function toFilter(q: ProductsQuery): ProductFilter {
  return {
    search: q.search,
    categoryId: q.category_id,
    subcategoryId: q.subcategory_id,
    colorId: q.color_id,
    minPrice: q.min_price,
    maxPrice: q.max_price,
    featured: q.featured,
  };
}

async function queryProducts(db: DbOrTx, locale: Locale, q: ProductsQuery, where: Where): Promise<ProductPage> {
  const offset = (q.page - 1) * q.per_page;
  if (q.page > 1) await refusePastLastPage(db, where, offset, q.per_page);
  const [kept, ids] = await Promise.all([countProducts(db, where), pageIds(db, where, q.sort, q.per_page, offset)]);
  const [total, data] = await Promise.all([
    checkedTotal(db, where, kept, ids.length, q.per_page, offset),
    loadProducts(db, locale, ids),
  ]);
  return { data, meta: pageMeta(q.page, q.per_page, total) };
}

/**
 * A page past the last is refused (422) rather than read: its OFFSET would walk the whole filter for
 * nothing. A kept total that says so is checked by a fresh count first, so a stale total never
 * refuses a page that exists.
 */
async function refusePastLastPage(db: DbOrTx, where: Where, offset: number, perPage: number): Promise<void> {
  if (offset < (await countProducts(db, where))) return;
  const total = await totalsFor(db).set(where.key, queryCount(db, where));
  if (offset >= total) throw new AppError(422, productMessages.pastLastPage, { last: String(Math.max(1, Math.ceil(total / perPage))) });
}

export async function listFeatured(db: DbOrTx, locale: Locale, q: FeaturedQuery): Promise<ProductPage> {
  return listProducts(db, locale, { page: q.page, per_page: q.per_page, featured: true });
}

export async function getProduct(db: DbOrTx, locale: Locale, id: number): Promise<Product> {
  const product = await cachesFor(db).products.get(`${locale}|${id}`, async () => (await loadProducts(db, locale, [id]))[0] ?? null);
  if (!product) throw new AppError(404, productMessages.notFound);
  return product;
}

/**
 * Up to 8 products of the same subcategory, then of the same category, in stock first, in the shop's
 * order; never the product itself. Each step walks an index and stops at 8, so it stays cheap.
 */
export async function relatedProducts(db: DbOrTx, locale: Locale, id: number): Promise<Product[]> {
  return cachesFor(db).related.get(`${locale}|${id}`, () => queryRelated(db, locale, id));
}

async function queryRelated(db: DbOrTx, locale: Locale, id: number): Promise<Product[]> {
  const [self] = await rows<{ category_id: number; subcategory_id: number | null }>(
    db,
    sql`select category_id, subcategory_id from products where id = ${id}`,
  );
  if (!self) throw new AppError(404, productMessages.notFound);
  const picked: number[] = [];
  const steps: SQL[] = [];
  const inSub = self.subcategory_id === null ? undefined : sql`p.subcategory_id = ${self.subcategory_id}`;
  const inCategoryOnly =
    self.subcategory_id === null
      ? sql`p.category_id = ${self.category_id}`
      : sql`p.category_id = ${self.category_id} and p.subcategory_id is distinct from ${self.subcategory_id}`;
  for (const stock of [sql`p.stock > 0`, sql`p.stock = 0`]) {
    if (inSub) steps.push(sql`${inSub} and ${stock}`);
    steps.push(sql`${inCategoryOnly} and ${stock}`);
  }
  for (const step of steps) {
    if (picked.length >= RELATED_LIMIT) break;
    const exclude = `{${[id, ...picked].join(',')}}`;
    const found = await rows<{ id: number }>(
      db,
      sql`select p.id from products p where ${step} and p.archived_at is null and p.id <> all(${exclude}::int[])
          order by p.sort_order, p.id limit ${RELATED_LIMIT - picked.length}`,
    );
    picked.push(...found.map((r) => Number(r.id)));
  }
  return loadProducts(db, locale, picked);
}

// ---------------------------------------------------------------- search index upkeep

/**
 * Rebuilds the search columns of the given products (`search_text` and the keys of search-keys.ts,
 * from the base row and every translation) in one statement. Writers of products and product
 * translations call it after their change, inside their transaction if they have one.
 */
export async function refreshSearchText(db: DbOrTx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await reindexProducts(db, `{${productIds.map((id) => Math.trunc(id)).join(',')}}`);
  invalidateCatalogueCache(db);
}

async function reindexProducts(db: DbOrTx, idArray: string): Promise<number> {
  const found = await rows<{ id: number; names: string[]; tags: string[]; descriptions: string[] }>(
    db,
    sql`select p.id,
          array[p.name] || coalesce(array_agg(t.name) filter (where t.name is not null), '{}') as names,
          array[p.tags] || coalesce(array_agg(t.tags) filter (where t.tags is not null), '{}') as tags,
          array[p.description] || coalesce(array_agg(t.description) filter (where t.description is not null), '{}') as descriptions
        from products p left join product_translations t on t.product_id = p.id
        where p.id = any(${idArray}::int[]) group by p.id`,
  );
  if (found.length === 0) return 0;
  const indexed = found.map((r) => ({ id: Number(r.id), ...productSearchIndex(r) }));
  await db.execute(sql`
    update products p set search_text = x.text, search_keys = x.keys, name_keys = x."nameKeys",
      search_fuzzy = x.fuzzy, search_version = ${SEARCH_INDEX_VERSION}
    from jsonb_to_recordset(${JSON.stringify(indexed)}::jsonb) as x(id int, text text, keys text[], "nameKeys" text[], fuzzy text[])
    where p.id = x.id`);
  return found.length;
}

/**
 * Re-indexes products whose search columns an older version of the code wrote (or that a bulk load
 * inserted without them), in batches; the server runs it at start. Returns how many it did.
 */
export async function reindexStaleProducts(db: DbOrTx, batchSize = 1000): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = await rows<{ id: number }>(
      db,
      // Two ranges rather than <>, so the search_version index answers at once when nothing is stale.
      sql`select id from products where search_version < ${SEARCH_INDEX_VERSION} or search_version > ${SEARCH_INDEX_VERSION} limit ${batchSize}`,
    );
    if (stale.length === 0) break;
    done += await reindexProducts(db, `{${stale.map((r) => Number(r.id)).join(',')}}`);
  }
  if (done > 0) invalidateCatalogueCache(db);
  return done;
}
