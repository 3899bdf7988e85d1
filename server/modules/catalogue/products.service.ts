/**
 * Products as the storefront reads them, fast on a large catalogue:
 * 1. the page of ids, paged in SQL with an ORDER BY that an index of `products` serves (an index-only
 *    scan of ids even for deep pages), plus the total of the filter: an exact count(*), but kept
 *    TOTALS_CACHE_TTL_MS per normalised filter (whatever the page, sort or language), because the
 *    count is the one costly query (10-40 ms on 100,000 products) and a total only changes when the
 *    catalogue does (orders change stock and popularity, never which products match a filter);
 * 2. the cards of those ids (everything a list or product page shows of a product, in the reader's
 *    language) from the ready cards PostgreSQL keeps (product-cards.ts: stored JSON per product and
 *    language, with prices and stock read live). Without search words, 1 and 2 are ONE prepared
 *    statement (seekPage + readPage); a search picks its ids first, then reads the cards this process
 *    lacks (kept per id for CARD_CACHE_TTL_MS and cleared by every catalogue write or order).
 * Products travel as JSON text from the stored card to the answer (product-cards.ts): cards, pages and
 * product answers are kept as text, the API sends that text as it is, and only the server's own pages
 * (site-pages.ts) parse it into objects.
 * Answers (pages, products, id pages) are kept LIST_CACHE_TTL_MS in memory per process, with
 * concurrent identical reads sharing one query: the answers already say `max-age=60` to browsers and
 * proxies, so a few seconds on the server changes nothing a customer can see, and it takes the
 * database out of the hot path. Writers of the catalogue call `invalidateCatalogueCache(db)`; other
 * processes catch up within the TTL. Stock and prices are checked again at checkout in any case.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZES, SEARCH_MAX_WORDS, type Locale } from '../../../shared/constants.js';
import { toCents } from '../../../shared/money.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import type { FeaturedQuery, Product, ProductPage, ProductsQuery } from '../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { productSearchIndex, queryWords, SEARCH_INDEX_VERSION, textArray, type QueryWord } from './search-keys.js';
import { byShape, sqlRows } from '../../db/sql-rows.js';
import { bestSellerIds, readCards, readPage } from './product-cards.js';
import { TtlCache } from './ttl-cache.js';

export const productMessages = defineMessages({
  notFound: { fr: 'Produit introuvable.', en: 'Product not found.', ar: 'المنتج غير موجود.' },
  pastLastPage: {
    fr: 'Cette page n’existe pas : la liste compte {last} page(s).',
    en: 'This page does not exist: the list has {last} page(s).',
    ar: 'هذه الصفحة غير موجودة: القائمة تضم {last} صفحة.',
  },
});

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

/** JSON text: of a `Product`, or of a `ProductPage` (what the API sends as it is). */
type Json = string;

interface ListCaches {
  /**
   * Products by language and id, for product pages, related products and searches (a list without
   * search words reads its cards in its own statement).
   */
  cards: TtlCache<Json | null>;
  /** Id pages of searches (a search picks its ids apart from its cards). */
  pages: TtlCache<number[]>;
  lists: TtlCache<Json>;
  products: TtlCache<Json | null>;
  /** The best sellers' ids, kept like the cards (orders clear both). */
  bestSellers: TtlCache<number[]>;
  related: TtlCache<Product[]>;
}
const caches = new WeakMap<object, ListCaches>();
/** Per-filter totals live apart from the answers: longer, and kept when only stock changes. */
const totalsCaches = new WeakMap<object, TtlCache<number>>();
/** Seek anchors per filter and order (seekPage): "popular" ones move with every order, the rest like totals. */
const anchorCaches = new WeakMap<object, { stable: TtlCache<Anchor[]>; popular: TtlCache<Anchor[]> }>();
let ttlMs = LIST_CACHE_TTL_MS;
/** How many times this process has seen the catalogue change (what was made before is out of date). */
const changes = new WeakMap<object, number>();

/** Moves on every catalogue change seen by this process (its own writes and the others' via Redis). */
export function catalogueVersion(db: DbOrTx): number {
  return changes.get(db) ?? 0;
}

function cachesFor(db: DbOrTx): ListCaches {
  let c = caches.get(db);
  if (!c) {
    c = {
      // A product is ~1 kB of text: 10,000 of them (a big catalogue in three languages) ~10 MB.
      cards: new TtlCache<Json | null>(CARD_CACHE_TTL_MS, 10_000),
      pages: new TtlCache<number[]>(ttlMs),
      // A page of 20 is ~20 kB of text: the bound keeps this cache near 10 MB.
      lists: new TtlCache<Json>(ttlMs, 500),
      products: new TtlCache<Json | null>(ttlMs, 5000),
      bestSellers: new TtlCache<number[]>(CARD_CACHE_TTL_MS, 1),
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
    // Every filter in every order: 135 combinations × 5 orders at 100,000 products fit with room to spare.
    a = { stable: new TtlCache<Anchor[]>(TOTALS_CACHE_TTL_MS, 5000), popular: new TtlCache<Anchor[]>(TOTALS_CACHE_TTL_MS, 5000) };
    anchorCaches.set(db, a);
  }
  return sort === 'popular' ? a.popular : a.stable;
}

/**
 * Totals and seek anchors other processes already computed: with Redis (REDIS_URL), a process that
 * lacks one reads it there before counting, and shares what it counts (cache-invalidation.ts wires
 * it). Keys carry the catalogue's generation, which every catalogue write moves (and "popular"
 * anchors' own, which orders move too), so an old value is never read after a write; old keys expire
 * with the per-process TTL.
 */
export interface SharedListState {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): void;
}
interface SharedListEntry {
  store: SharedListState;
  generation: string;
  popularGeneration: string;
}
const sharedLists = new WeakMap<object, SharedListEntry>();

export function shareListState(db: DbOrTx, store: SharedListState, generation: string, popularGeneration: string): void {
  sharedLists.set(db, { store, generation, popularGeneration });
}

/** A write moved the generations (this process's, or another's through Redis). */
export function setListStateGeneration(db: DbOrTx, generation: string, popularGeneration: string): void {
  const shared = sharedLists.get(db);
  if (shared) Object.assign(shared, { generation, popularGeneration });
}

/** The key of a total (`t`) or of anchors (`a`) in the shared store, for the current generation. */
function sharedKey(shared: SharedListEntry, kind: 't' | 'a', key: string, popular = false): string {
  return `list:${shared.generation}${popular ? `.${shared.popularGeneration}` : ''}:${kind}:${key}`;
}

/** Reads a value other processes computed, else computes it and shares it. */
async function viaShared<T>(db: DbOrTx, kind: 't' | 'a', key: string, popular: boolean, load: () => Promise<T>): Promise<T> {
  const shared = sharedLists.get(db);
  if (!shared) return load();
  // The key of the generation the computation starts in: a write meanwhile makes it one nobody reads.
  const k = sharedKey(shared, kind, key, popular);
  const hit = await shared.store.get(k);
  if (hit !== null) return JSON.parse(hit) as T;
  const value = await load();
  shared.store.set(k, JSON.stringify(value), TOTALS_CACHE_TTL_MS);
  return value;
}

/** A total found out of date by a page read: corrected here and for the other processes. */
function correctTotal(db: DbOrTx, where: Where, total: Promise<number>): Promise<number> {
  const shared = sharedLists.get(db);
  if (shared) {
    const k = sharedKey(shared, 't', where.key);
    void total.then((n) => shared.store.set(k, JSON.stringify(n), TOTALS_CACHE_TTL_MS), () => {});
  }
  return totalsFor(db).set(where.key, total);
}

/**
 * Forget cached answers: call after any catalogue write (tests call it too). `scope: 'stock'` (a
 * placed order: stock and popularity moved) keeps the per-filter totals, which only a change of the
 * catalogue itself (products, their prices, categories, colours, flags or texts) can move.
 */
export function invalidateCatalogueCache(db: DbOrTx, scope: 'all' | 'stock' = 'all'): void {
  changes.set(db, catalogueVersion(db) + 1);
  caches.delete(db);
  const anchors = anchorCaches.get(db);
  if (anchors) anchors.popular = new TtlCache<Anchor[]>(TOTALS_CACHE_TTL_MS, 5000);
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
  /**
   * With a search: the ranked tiers, best first, each a condition that includes every better one (so
   * the last is `clause` itself), and the rank of a product as an expression (the number of the best
   * tier it is in, highest first) for ranking a small set of matches in one statement.
   */
  search: { base: SQL; tiers: SQL[]; rank: SQL } | null;
}

/** How well one search word matches, best first: each condition includes the ones before it. */
interface WordTiers {
  /** A key (word, stem, skeleton) of a name. */
  name: SQL;
  /** ... or part of a name or tag (substring). */
  part: SQL;
  /** ... or a key of the names, tags or descriptions. */
  key: SQL;
  /** ... or one letter away from a name or tag word (words of 5+ letters): every match. */
  typo: SQL;
}

/**
 * One search word matches a product when it is a substring of its names and tags (three letters or
 * more; shorter: the start of a word, as a one-letter "contains" would match nearly everything), or
 * when one of its keys (word, stems, Arabic skeleton) is a key of the product's names, tags or
 * descriptions, or, for words of five letters or more, when it is one letter away from a name or tag
 * word (search-keys.ts says how).
 */
function searchWordTiers(q: QueryWord): WordTiers {
  const w = escapeLike(q.word);
  const substring = [...q.word].length >= 3 ? sql`s.search_text like ${`%${w}%`}` : sql`(s.search_text like ${`${w}%`} or s.search_text like ${`% ${w}%`})`;
  // A word with punctuation inside matches as typed, as a substring only ("part of a name").
  if (q.keys.length === 0) return { name: sql`false`, part: substring, key: substring, typo: substring };
  const keys = textArray(q.keys);
  // Every name key is also a search key (search-keys.ts), so `key` needs no name test.
  const key = sql`(${substring} or s.search_keys && ${keys}::text[])`;
  return {
    name: sql`s.name_keys && ${keys}::text[]`,
    part: sql`(s.name_keys && ${keys}::text[] or ${substring})`,
    key,
    typo: q.typo
      ? sql`(${substring} or s.search_keys && ${keys}::text[] or s.search_fuzzy && ${textArray(q.typo)}::text[] or s.search_keys && ${textArray(q.typo.slice(1))}::text[])`
      : key,
  };
}

/**
 * Ranked tiers of a search: a product is in tier "name" when every word is a key of its names, in
 * "part" when every word is at least part of a name or tag, and so on: the weakest word decides (for
 * one word, name before part of a word before tags and description before a typo). Tiers that add
 * nothing (no word long enough for typos) are left out.
 */
function searchTiers(words: WordTiers[]): SQL[] {
  const levels = (['name', 'part', 'key', 'typo'] as const).map((level) => sql.join(words.map((w) => w[level]), sql` and `));
  const plain = words.every((w) => w.typo === w.key);
  return plain ? levels.slice(0, 3) : levels;
}

/** What a search reads: the product (filters, order) and its search row (product_search). */
const SEARCHED = sql`products p join product_search s on s.product_id = p.id`;

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
  const base = sql.join(parts, sql` and `);
  const words = queryWords(f.search ?? '', SEARCH_MAX_WORDS).map((word) => {
    key.push('q', word.word);
    return searchWordTiers(word);
  });
  if (words.length === 0) return { clause: base, key: JSON.stringify(key), search: null };
  const tiers = searchTiers(words);
  const n = tiers.length;
  const rank = sql`(case ${sql.join(
    tiers.slice(0, -1).map((tier, i) => sql`when ${tier} then ${n - i}`),
    sql` `,
  )} else 1 end)`;
  return {
    clause: sql`${base} and ${tiers[n - 1]}`,
    key: JSON.stringify(key),
    search: { base, tiers, rank },
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
const shapeRows = <T>(db: DbOrTx, where: Where, query: SQL) => sqlRows<T>(db, query, where.search ? undefined : byShape);

/**
 * A search counts at most this many matches and shows at most this many (the best ranked, or the first
 * in the chosen order): the answer then says `total_capped` and the storefront "1,000+ results". A
 * common word ("bouquet" is in most names) would otherwise cost a read of every match per search.
 */
export const SEARCH_TOTAL_CAP = 1000;
let searchCap = SEARCH_TOTAL_CAP;

/** Changes the search cap (tests use a small one to reach the tiered ranking on a small catalogue). */
export function setSearchTotalCap(cap: number): void {
  searchCap = cap;
}

/** Products a filter counts: every match, but for a search at most the cap plus one ("more than the cap"). */
async function queryCount(db: DbOrTx, where: Where): Promise<number> {
  if (where.search) {
    // From the search indexes (GIN bitmaps), then at most cap + 1 rows of the table: with a LIMIT the
    // planner would rather scan the table in its own order and stop early, which reads tens of
    // thousands of rows (1.5 s on a busy machine) when a word matches a few percent of products.
    const [row] = await withBitmaps(db, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from (select 1 from ${SEARCHED} where ${where.clause} limit ${searchCap + 1}) t`),
    );
    return Number(row?.n ?? 0);
  }
  const [row] = await shapeRows<{ n: number | string }>(db, where, sql`select count(*)::int as n from products p where ${where.clause}`);
  return Number(row?.n ?? 0);
}

/**
 * Runs reads with plain scans of the table and walks of an order's index turned off, leaving the
 * bitmaps of the search indexes: for matches the planner expects to be many but that may be few.
 * Hash and merge joins go too: they would read all of `products` to join a few search rows (a
 * search for a word on 8 products took 280 ms that way, 4 ms with a lookup per match).
 */
function withBitmaps<T>(db: DbOrTx, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_hashjoin = off`);
    await tx.execute(sql`set local enable_mergejoin = off`);
    return read(tx);
  });
}

/** Index entries a search walks in a list's order before it reads its matches from the search indexes instead. */
const walkBudget = (n: number) => Math.min(5000, Math.max(1000, 5 * n));

/**
 * The first `n` products of `base` that match `cond`, in `order`, at a cost bounded either way: a walk
 * of the order's index that reads at most walkBudget(n) products (enough when the matches are common,
 * "bouquet" is in most names), else the matches from the search indexes (GIN bitmaps), sorted (they
 * are then few). The planner cannot choose alone: it estimates a word it has no statistics for at a
 * few hundred products, walks the index for 20 of them, and reads all 100,000 when there are none.
 */
async function firstMatches(db: DbOrTx, base: SQL, cond: SQL, order: SQL, n: number): Promise<number[]> {
  const walked = await rows<{ id: number }>(
    db,
    sql`select id from (select p.id, ${cond} as hit from ${SEARCHED} where ${base} order by ${order} limit ${walkBudget(n)}) w
        where hit limit ${n}`,
  );
  if (walked.length === n) return walked.map((r) => Number(r.id));
  const found = await withBitmaps(db, (tx) => rows<{ id: number }>(tx, sql`select p.id from ${SEARCHED} where ${base} and ${cond} order by ${order} limit ${n}`));
  return found.map((r) => Number(r.id));
}

/** How many products a filter can show from its (capped) count. */
const shown = (where: Where, counted: number) => (where.search ? Math.min(counted, searchCap) : counted);

/** The total of a filter, counted once per filter and process (concurrent misses share the query). */
function countProducts(db: DbOrTx, where: Where): Promise<number> {
  return totalsFor(db).get(where.key, () => viaShared(db, 't', where.key, false, () => queryCount(db, where)));
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
    if (exact !== total) await correctTotal(db, where, Promise.resolve(exact));
    return exact;
  }
  if ((found === limit && total < offset + found) || (found === 0 && total > offset)) {
    return correctTotal(db, where, queryCount(db, where));
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

/**
 * Rows between two anchors: a page never walks more than this many rows with OFFSET. Small, since with
 * a colour filter each row walked is a look-up in product_colors (a skip of 500 such rows took 3 ms);
 * the anchors cost one pass over the filter whatever the stride, and at 100,000 products every filter
 * and order together keep about 60,000 of them (a few MB). At least the largest `per_page`, so a page
 * never spans more than two strides.
 */
export const ANCHOR_STRIDE = Math.max(100, PAGE_SIZES.max);

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
  const cacheKey = `${where.key}|${sort ?? ''}`;
  return anchorsFor(db, sort).get(cacheKey, () => viaShared(db, 'a', cacheKey, sort === 'popular', async () => {
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
  }));
}

/**
 * The statement that picks a page of a filter without search words, each product's `id` with its
 * place `n`: a seek on the shop's order from the nearest anchor (a short walk of an index whatever
 * the page), bounded by the anchor two strides on. readPage joins the cards to it.
 */
async function seekPage(db: DbOrTx, where: Where, sort: ProductsQuery['sort'], limit: number, offset: number): Promise<SQL> {
  const order = orderOf(sort, null);
  let from = sql``;
  let skip = offset;
  if (offset >= ANCHOR_STRIDE) {
    const anchors = await anchorsOf(db, where, sort);
    const stride = Math.floor(offset / ANCHOR_STRIDE);
    const anchor = anchors[stride - 1];
    if (anchor) {
      const { key, desc } = SORT_KEYS[sort ?? 'default'];
      from = desc ? sql` and (${key}, p.id) <= (${anchor.key}, ${anchor.id})` : sql` and (${key}, p.id) >= (${anchor.key}, ${anchor.id})`;
      // The page ends before the anchor two strides on: bounded both ways, the range is small in the
      // planner's eyes too, which then looks up each row's colour instead of hashing all of a
      // colour's products (11 ms against 0.5 ms measured for a category and a colour).
      const end = anchors[stride + 1];
      if (end) from = desc ? sql`${from} and (${key}, p.id) > (${end.key}, ${end.id})` : sql`${from} and (${key}, p.id) < (${end.key}, ${end.id})`;
      skip = offset % ANCHOR_STRIDE;
    }
  }
  return sql`select p.id, row_number() over (order by ${order}) as n from products p where ${where.clause}${from}
             order by ${order} limit ${limit} offset ${skip}`;
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
    const [page, best] = await Promise.all([seekPage(db, where, sort, limit, offset), bestSellers(db)]);
    return (await readPage(db, locale, page, best)).map((p) => p.json);
  }
  const search = where.search;
  const ids = await cachesFor(db).pages.get(`${where.key}|${sort ?? ''}|${limit}|${offset}`, () =>
    searchPageIds(db, search, sort, limit, offset, counted),
  );
  return loadProductsJson(db, locale, ids);
}

/**
 * A page of a search (whose pages never pass the cap). Up to the cap of matches: all of them, from the
 * search indexes, ranked or sorted in one statement. More: tier by tier, or the first in the chosen
 * order, reading no more than the page needs.
 */
async function searchPageIds(
  db: DbOrTx,
  search: NonNullable<Where['search']>,
  sort: ProductsQuery['sort'],
  limit: number,
  offset: number,
  counted: number,
): Promise<number[]> {
  const { base, tiers, rank } = search;
  const clause = sql`${base} and ${tiers[tiers.length - 1]}`;
  if (counted <= searchCap) {
    const found = await withBitmaps(db, (tx) =>
      rows<{ id: number }>(tx, sql`select p.id from ${SEARCHED} where ${clause} order by ${orderOf(sort, rank)} limit ${limit} offset ${offset}`),
    );
    return found.map((r) => Number(r.id));
  }
  if (!sort) return rankedByTiers(db, base, tiers, limit, offset);
  return (await firstMatches(db, base, tiers[tiers.length - 1], orderOf(sort, null), offset + limit)).slice(offset);
}

/**
 * A page of a search with many matches, in the order of the rank expression (best tier first, then
 * the shop's order) without reading every match: the tiers are read best first, each in the shop's
 * order (`products_sort_idx`) and only as far as the page needs, so a common word (most products in
 * the top tier) costs a short walk of the index, and a rare tier a short GIN bitmap. Each tier
 * includes the better ones, so it is read for `need` more rows than those already found, and those
 * are dropped.
 */
async function rankedByTiers(db: DbOrTx, base: SQL, tiers: SQL[], limit: number, offset: number): Promise<number[]> {
  const need = offset + limit;
  const found: number[] = [];
  const seen = new Set<number>();
  // After a tier found short (a rare word at that level, often none: a typo has no name tier), the
  // next ones are first asked for a few matches from the search indexes: when that is all of them,
  // no walk of the order's index is spent finding out (three empty walks were most of a typo search).
  let walk = true;
  for (const [i, tier] of tiers.entries()) {
    const want = need + found.length;
    let ids: number[] | null = null;
    // Not the last tier: it is every match, more than the cap (else this function is not called), and
    // a bitmap of them all is what this probe is meant to avoid ("bouqet", a typo of a word in most
    // names: 27 ms a search to learn that there are more than 21).
    if (!walk && i < tiers.length - 1) {
      const few = await withBitmaps(db, (tx) =>
        rows<{ id: number; sort_order: number }>(tx, sql`select p.id, p.sort_order from ${SEARCHED} where ${base} and ${tier} limit ${want + 1}`),
      );
      if (few.length <= want) ids = few.map((r) => ({ id: Number(r.id), at: Number(r.sort_order) })).sort((a, b) => a.at - b.at || a.id - b.id).map((r) => r.id);
    }
    if (!ids) {
      ids = await firstMatches(db, base, tier, sql`p.sort_order, p.id`, want);
      walk = ids.length === want;
    }
    for (const n of ids) {
      if (!seen.has(n)) {
        seen.add(n);
        found.push(n);
      }
    }
    if (found.length >= need) break;
  }
  return found.slice(offset, need);
}

// ---------------------------------------------------------------- loading products

/**
 * The products of `ids` as JSON text, in that order, in the reader's language (archived or unknown
 * ids left out): the ones this process keeps, and the others from the ready cards in the database
 * (product-cards.ts), one statement whatever their count.
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

/** The ids flagged best sellers on the cards this process reads. */
function bestSellers(db: DbOrTx): Promise<number[]> {
  return cachesFor(db).bestSellers.get('', () => bestSellerIds(db));
}

/** The products of `ids` as objects, in that order (see loadProductsJson). */
export async function loadProducts(db: DbOrTx, locale: Locale, ids: readonly number[]): Promise<Product[]> {
  return (await loadProductsJson(db, locale, ids)).map((json) => JSON.parse(json) as Product);
}

// ---------------------------------------------------------------- the reads of the API

/** A page of products as the API sends it: the JSON text of a `ProductPage`. */
export async function listProductsJson(db: DbOrTx, locale: Locale, q: ProductsQuery): Promise<Json> {
  const where = whereOf(toFilter(q));
  const key = `${locale}|${q.page}|${q.per_page}|${q.sort ?? ''}|${where.key}`;
  return cachesFor(db).lists.get(key, () => queryProducts(db, locale, q, where));
}

export async function listProducts(db: DbOrTx, locale: Locale, q: ProductsQuery): Promise<ProductPage> {
  return JSON.parse(await listProductsJson(db, locale, q)) as ProductPage;
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
 * A page past the last is not found (404) rather than read: its OFFSET would walk the whole filter for
 * nothing, and the page does not exist (the storefront answers such an address with its not-found
 * page). A kept total that says so is checked by a fresh count first, so a stale total never refuses
 * a page that exists.
 */
async function refusePastLastPage(db: DbOrTx, where: Where, offset: number, perPage: number): Promise<void> {
  if (offset < shown(where, await countProducts(db, where))) return;
  const total = shown(where, await correctTotal(db, where, queryCount(db, where)));
  if (offset >= total) throw new AppError(404, productMessages.pastLastPage, { last: String(Math.max(1, Math.ceil(total / perPage))) });
}

const featuredQuery = (q: FeaturedQuery): ProductsQuery => ({ page: q.page, per_page: q.per_page, featured: true });

export async function listFeaturedJson(db: DbOrTx, locale: Locale, q: FeaturedQuery): Promise<Json> {
  return listProductsJson(db, locale, featuredQuery(q));
}

export async function listFeatured(db: DbOrTx, locale: Locale, q: FeaturedQuery): Promise<ProductPage> {
  return listProducts(db, locale, featuredQuery(q));
}

/** One product as the API sends it (JSON text); 404 when unknown or archived. */
export async function getProductJson(db: DbOrTx, locale: Locale, id: number): Promise<Json> {
  const product = await cachesFor(db).products.get(`${locale}|${id}`, async () => (await loadProductsJson(db, locale, [id]))[0] ?? null);
  if (product === null) throw new AppError(404, productMessages.notFound);
  return product;
}

export async function getProduct(db: DbOrTx, locale: Locale, id: number): Promise<Product> {
  return JSON.parse(await getProductJson(db, locale, id)) as Product;
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
  const records = sql`jsonb_to_recordset(${JSON.stringify(indexed)}::jsonb) as x(id int, text text, keys text[], "nameKeys" text[], fuzzy text[])`;
  // The back office's substring search reads products.search_text; the storefront's, product_search.
  await db.execute(sql`update products p set search_text = x.text from ${records} where p.id = x.id and p.search_text is distinct from x.text`);
  await db.execute(sql`
    insert into product_search (product_id, search_text, search_keys, name_keys, search_fuzzy, version)
    select x.id, x.text, x.keys, x."nameKeys", x.fuzzy, ${SEARCH_INDEX_VERSION} from ${records}
    on conflict (product_id) do update set search_text = excluded.search_text, search_keys = excluded.search_keys,
      name_keys = excluded.name_keys, search_fuzzy = excluded.search_fuzzy, version = excluded.version`);
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
      // Two ranges rather than <>, so the version index answers at once when nothing is stale; and
      // products without a search row (a bulk load), an anti-join of two primary keys.
      sql`(select product_id as id from product_search where version < ${SEARCH_INDEX_VERSION} or version > ${SEARCH_INDEX_VERSION} limit ${batchSize})
          union all
          (select p.id from products p where not exists (select 1 from product_search s where s.product_id = p.id) limit ${batchSize})
          limit ${batchSize}`,
    );
    if (stale.length === 0) break;
    done += await reindexProducts(db, `{${stale.map((r) => Number(r.id)).join(',')}}`);
  }
  if (done > 0) invalidateCatalogueCache(db);
  return done;
}
