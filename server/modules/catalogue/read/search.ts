/**
 * Search on the storefront, ranked in tiers: how each search word matches (search-keys.ts gives its
 * keys), the tiers of a search (name, part of a name or tag, any key, a typo), and the reads that pick
 * a page of matches without reading every match of a common word: the count is capped
 * (SEARCH_TOTAL_CAP), a page is ranked in one statement up to the cap and tier by tier beyond it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ProductsQuery } from '../../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../../db/client.js';
import { sqlRows } from '../../../db/sql-rows.js';
import { productOrder } from '../products.service.js';
import { textArray, type QueryWord } from '../search-keys.js';
import type { Where } from './where.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  const substring =
    [...q.word].length >= 3 ? sql`s.search_text like ${`%${w}%`}` : sql`(s.search_text like ${`${w}%`} or s.search_text like ${`% ${w}%`})`;
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
  const levels = (['name', 'part', 'key', 'typo'] as const).map((level) =>
    sql.join(
      words.map((w) => w[level]),
      sql` and `,
    ),
  );
  const plain = words.every((w) => w.typo === w.key);
  return plain ? levels.slice(0, 3) : levels;
}

/**
 * The ranked tiers of the words of a search (searchTiers) and the rank of a product as an expression:
 * the number of the best tier it is in, highest first.
 */
export function rankedTiers(queryWords: QueryWord[]): { tiers: SQL[]; rank: SQL } {
  const tiers = searchTiers(queryWords.map(searchWordTiers));
  const n = tiers.length;
  const rank = sql`(case ${sql.join(
    tiers.slice(0, -1).map((tier, i) => sql`when ${tier} then ${n - i}`),
    sql` `,
  )} else 1 end)`;
  return { tiers, rank };
}

/** What a search reads: the product (filters, order) and its search row (product_search). */
const SEARCHED = sql`products p join product_search s on s.product_id = p.id`;

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

/** The search cap in force. */
export const searchTotalCap = (): number => searchCap;

/** Matches of a search: at most the cap plus one ("more than the cap"). */
export async function countSearchMatches(db: DbOrTx, where: Where): Promise<number> {
  // From the search indexes (GIN bitmaps), then at most cap + 1 rows of the table: with a LIMIT the
  // planner would rather scan the table in its own order and stop early, which reads tens of
  // thousands of rows (1.5 s on a busy machine) when a word matches a few percent of products.
  const [row] = await withBitmaps(db, (tx) =>
    sqlRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from ${SEARCHED} where ${where.clause} limit ${searchCap + 1}) t`,
    ),
  );
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
  const walked = await sqlRows<{ id: number }>(
    db,
    sql`select id from (select p.id, ${cond} as hit from ${SEARCHED} where ${base} order by ${order} limit ${walkBudget(n)}) w
        where hit limit ${n}`,
  );
  if (walked.length === n) return walked.map((r) => Number(r.id));
  const found = await withBitmaps(db, (tx) =>
    sqlRows<{ id: number }>(tx, sql`select p.id from ${SEARCHED} where ${base} and ${cond} order by ${order} limit ${n}`),
  );
  return found.map((r) => Number(r.id));
}

/**
 * A page of a search (whose pages never pass the cap). Up to the cap of matches: all of them, from the
 * search indexes, ranked or sorted in one statement. More: tier by tier, or the first in the chosen
 * order, reading no more than the page needs.
 */
export async function searchPageIds(
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
      sqlRows<{ id: number }>(
        tx,
        sql`select p.id from ${SEARCHED} where ${clause} order by ${productOrder(sort, rank)} limit ${limit} offset ${offset}`,
      ),
    );
    return found.map((r) => Number(r.id));
  }
  if (!sort) return rankedByTiers(db, base, tiers, limit, offset);
  return (await firstMatches(db, base, tiers[tiers.length - 1], productOrder(sort, null), offset + limit)).slice(offset);
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
        sqlRows<{ id: number; sort_order: number }>(
          tx,
          sql`select p.id, p.sort_order from ${SEARCHED} where ${base} and ${tier} limit ${want + 1}`,
        ),
      );
      if (few.length <= want)
        ids = few
          .map((r) => ({ id: Number(r.id), at: Number(r.sort_order) }))
          .sort((a, b) => a.at - b.at || a.id - b.id)
          .map((r) => r.id);
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
