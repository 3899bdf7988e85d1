/**
 * A storefront filter made into the read model's `Where` (where.ts): its SQL condition on `products p`
 * (the domain's conditions, products.service.ts, and the search words' tiers, search.ts) and its cache
 * key.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_WORDS } from '../../../../shared/constants.js';
import type { DbOrTx } from '../../../db/client.js';
import { byShape, sqlRows } from '../../../db/sql-rows.js';
import { filterConditions, type ProductFilter } from '../products.service.js';
import { queryWords } from '../search-keys.js';
import { rankedTiers } from './search.js';
import type { Where } from './where.js';

export function whereOf(f: ProductFilter): Where {
  const { conditions, key } = filterConditions(f);
  const base = sql.join(conditions, sql` and `);
  const words = queryWords(f.search ?? '', SEARCH_MAX_WORDS);
  for (const word of words) key.push('q', word.word);
  if (words.length === 0) return { clause: base, key: JSON.stringify(key), search: null };
  const { tiers, rank } = rankedTiers(words);
  return {
    clause: sql`${base} and ${tiers[tiers.length - 1]}`,
    key: JSON.stringify(key),
    search: { base, tiers, rank },
  };
}

/**
 * Reads of ids, totals and anchors: prepared once per connection and shape (their text depends only on
 * which filters are set), so the planner does not run on every request. Not searches: their shapes
 * are many (words, keys, typos) and planning is small next to running them.
 */
export const shapeRows = <T>(db: DbOrTx, where: Where, query: SQL) => sqlRows<T>(db, query, where.search ? undefined : byShape);
