/**
 * The catalogue's in-process caches, per database handle, and how they are forgotten:
 * - answers (pages and products as JSON text, search id pages, related products): LIST_CACHE_TTL_MS,
 *   or CATALOGUE_CACHE_MS (`setListCacheTtl`, 0 turns them off). The answers already say `max-age=60`
 *   to browsers and proxies, so a few seconds on the server changes nothing a customer can see, and it
 *   takes the database out of the hot path; concurrent identical reads share one query (TtlCache);
 * - cards (a product in one language) and the best sellers' ids: CARD_CACHE_TTL_MS;
 * - per-filter totals and seek anchors: TOTALS_CACHE_TTL_MS, kept when only stock moves (no filter
 *   depends on stock), and shared between processes through Redis (below).
 * Writers call `invalidateCatalogueCache` (cache-invalidation.ts does it after every write through the
 * API, here and in the other processes); other processes catch up within the TTL without Redis.
 * Stock and prices are checked again at checkout in any case.
 */
import type { Product, ProductsQuery } from '../../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../../db/client.js';
import { textBytes } from '../../../lib/text-bytes.js';
import { TtlCache } from './ttl-cache.js';

/** How long answers and id pages are reused in a process (ms). */
export const LIST_CACHE_TTL_MS = 5_000;
/** How long the total of a filter is reused in a process (ms); catalogue writes clear it at once. */
export const TOTALS_CACHE_TTL_MS = 10 * 60_000;

/**
 * How long a product's card (what a list or a product page shows of it, in one language) is kept in a
 * process (ms). Unlike the answers it does not depend on CATALOGUE_CACHE_MS: every write through the
 * API clears it at once, in every process with Redis, so the limit only bounds writes made outside the
 * shop (scripts, SQL) and, without Redis, what other processes of the machine may show.
 */
export const CARD_CACHE_TTL_MS = 60_000;

/**
 * What the cards, and each cache of answers (lists, products), may weigh in a process: together about
 * 40 MB, which a heap limit of 128 MB (the systemd unit's) holds beside the rest of the shop whatever
 * the catalogue's size and the pages' sizes asked for (a list answer of 100 products weighs 100-200
 * kB). The hit rate of a very large catalogue's traffic falls before the memory rises.
 */
export const CARD_CACHE_BYTES = 16 * 1024 * 1024;
export const ANSWER_CACHE_BYTES = 12 * 1024 * 1024;

/** JSON text: of a `Product`, or of a `ProductPage` (what the API sends as it is). */
export type Json = string;

/**
 * What a kept JSON text costs in memory: its characters as V8 holds them (textBytes: a French or
 * English card in one byte a character, an Arabic one in two), plus about 400 bytes of the cache's own
 * per entry (the entry, its key, its promise, the Map's slot, the strings a card is put together from;
 * measured over 20,000 cards). Two bytes for every character and nothing for the entry overstated a
 * French card's cost by 40 % (8,200 held where 10,000 fit) and understated an Arabic one's.
 */
const ENTRY_BYTES = 400;
export const keptJsonBytes = (value: Json | null): number => ENTRY_BYTES + (value === null ? 0 : textBytes(value));

export interface ListCaches {
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
/** A seek anchor (seek-paging.ts): the sort key and id of every ANCHOR_STRIDE-th product of a filter in an order. */
export interface Anchor {
  key: string;
  id: number;
}
/** Seek anchors per filter and order (seek-paging.ts): "popular" ones move with every order, the rest like totals. */
const anchorCaches = new WeakMap<object, { stable: TtlCache<Anchor[]>; popular: TtlCache<Anchor[]> }>();
let ttlMs = LIST_CACHE_TTL_MS;
/** How many times this process has seen the catalogue change (what was made before is out of date). */
const changes = new WeakMap<object, number>();

/** Moves on every catalogue change seen by this process (its own writes and the others' via Redis). */
export function catalogueVersion(db: DbOrTx): number {
  return changes.get(db) ?? 0;
}

export function cachesFor(db: DbOrTx): ListCaches {
  let c = caches.get(db);
  if (!c) {
    c = {
      // A card is about 1,000 characters: 10,000 French or English ones weigh about 14 MB as kept; Arabic
      // ones twice the text, of which the weight bound keeps about 7,000.
      cards: new TtlCache<Json | null>(CARD_CACHE_TTL_MS, 10_000, { maxBytes: CARD_CACHE_BYTES, of: keptJsonBytes }),
      pages: new TtlCache<number[]>(ttlMs),
      lists: new TtlCache<Json>(ttlMs, 2000, { maxBytes: ANSWER_CACHE_BYTES, of: keptJsonBytes }),
      products: new TtlCache<Json | null>(ttlMs, 5000, { maxBytes: ANSWER_CACHE_BYTES, of: keptJsonBytes }),
      bestSellers: new TtlCache<number[]>(CARD_CACHE_TTL_MS, 1),
      related: new TtlCache<Product[]>(ttlMs, 2000),
    };
    caches.set(db, c);
  }
  return c;
}

export function totalsFor(db: DbOrTx): TtlCache<number> {
  let t = totalsCaches.get(db);
  if (!t) {
    // One entry is a number: 5,000 filters cost next to nothing.
    t = new TtlCache<number>(TOTALS_CACHE_TTL_MS, 5000);
    totalsCaches.set(db, t);
  }
  return t;
}

export function anchorsFor(db: DbOrTx, sort: ProductsQuery['sort']): TtlCache<Anchor[]> {
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
export async function viaShared<T>(db: DbOrTx, kind: 't' | 'a', key: string, popular: boolean, load: () => Promise<T>): Promise<T> {
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

/** A total found out of date (`key`: the filter's): replaced here and for the other processes. */
export function replaceTotal(db: DbOrTx, key: string, total: Promise<number>): Promise<number> {
  const shared = sharedLists.get(db);
  if (shared) {
    const k = sharedKey(shared, 't', key);
    void total.then(
      (n) => shared.store.set(k, JSON.stringify(n), TOTALS_CACHE_TTL_MS),
      () => {},
    );
  }
  return totalsFor(db).set(key, total);
}

/** What a change moved: `all` (the catalogue itself) or `stock` (a placed order: stock and popularity). */
export type InvalidationScope = 'all' | 'stock';

/**
 * Forget cached answers: call after any catalogue write (tests call it too). `scope: 'stock'` (a
 * placed order: stock and popularity moved) keeps the per-filter totals, which only a change of the
 * catalogue itself (products, their prices, categories, colours, flags or texts) can move.
 */
export function invalidateCatalogueCache(db: DbOrTx, scope: InvalidationScope = 'all'): void {
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
