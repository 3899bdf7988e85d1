/**
 * A storefront filter as the read model uses it: its SQL condition on `products p` and its cache key
 * (what identifies it whatever the page, order or language: totals, anchors and answers are kept by
 * it). Made by list-filter.ts `whereOf`; read by the search, the seek paging and the totals.
 */
import type { SQL } from 'drizzle-orm';

export interface Where {
  clause: SQL;
  key: string;
  /**
   * With a search: the ranked tiers, best first, each a condition that includes every better one (so
   * the last is `clause` itself), and the rank of a product as an expression (the number of the best
   * tier it is in, highest first) for ranking a small set of matches in one statement.
   */
  search: { base: SQL; tiers: SQL[]; rank: SQL } | null;
}
