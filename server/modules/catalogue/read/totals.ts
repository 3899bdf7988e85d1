/**
 * The total of a filter: an exact count(*) (for a search, capped: search.ts), kept TOTALS_CACHE_TTL_MS
 * per normalised filter whatever the page, order or language (cache.ts), because the count is the one
 * costly query of a list (10-40 ms on 100,000 products) and a total only changes when the catalogue
 * does (orders change stock and popularity, never which products match a filter). A kept total is
 * checked against every page read, so a write nobody announced is corrected by the next reader.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { productMessages } from '../products.service.js';
import { replaceTotal, totalsFor, viaShared } from './cache.js';
import { shapeRows } from './list-filter.js';
import type { Where } from './where.js';
import { countSearchMatches, searchTotalCap } from './search.js';

/** Products a filter counts: every match, but for a search at most the cap plus one ("more than the cap"). */
async function queryCount(db: DbOrTx, where: Where): Promise<number> {
  if (where.search) return countSearchMatches(db, where);
  const [row] = await shapeRows<{ n: number | string }>(db, where, sql`select count(*)::int as n from products p where ${where.clause}`);
  return Number(row?.n ?? 0);
}

/** A total found out of date by a page read: corrected here and for the other processes. */
const correctTotal = (db: DbOrTx, where: Where, total: Promise<number>) => replaceTotal(db, where.key, total);

/** How many products a filter can show from its (capped) count. */
export const shown = (where: Where, counted: number) => (where.search ? Math.min(counted, searchTotalCap()) : counted);

/** The total of a filter, counted once per filter and process (concurrent misses share the query). */
export function countProducts(db: DbOrTx, where: Where): Promise<number> {
  return totalsFor(db).get(where.key, () => viaShared(db, 't', where.key, false, () => queryCount(db, where)));
}

/**
 * A kept total checked against the page just read, so that a write nobody announced (another process,
 * a script) cannot leave a page contradicting its meta: a short page gives the exact total for free;
 * a full page reaching past the total, or an empty page before it, means the total is out of date, and
 * it is counted again.
 */
export async function checkedTotal(db: DbOrTx, where: Where, total: number, found: number, limit: number, offset: number): Promise<number> {
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

/**
 * A page past the last is not found (404) rather than read: its OFFSET would walk the whole filter for
 * nothing, and the page does not exist (the storefront answers such an address with its not-found
 * page). A kept total that says so is checked by a fresh count first, so a stale total never refuses
 * a page that exists.
 */
export async function refusePastLastPage(db: DbOrTx, where: Where, offset: number, perPage: number): Promise<void> {
  if (offset < shown(where, await countProducts(db, where))) return;
  const total = shown(where, await correctTotal(db, where, queryCount(db, where)));
  if (offset >= total) throw new AppError(404, productMessages.pastLastPage, { last: String(Math.max(1, Math.ceil(total / perPage))) });
}
