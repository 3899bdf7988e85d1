/**
 * Hits and misses of the catalogue's answer caches (modules/catalogue/read/ttl-cache.ts), counted per process
 * and shown on GET /metrics (lib/metrics.ts registers this counter in each app's registry). A falling hit
 * ratio says the cache lifetime (CATALOGUE_CACHE_MS) or its invalidations cost the database reads.
 */
import { Counter } from 'prom-client';

export const catalogueCacheLookups = new Counter({
  name: 'flora_catalogue_cache_lookups_total',
  help: 'Catalogue cache lookups, by result (hit: kept answer reused; miss: read from the database)',
  labelNames: ['result'],
  registers: [],
});

/** `hits` lookups answered from the cache and `misses` that went to the database. */
export function countCatalogueCacheLookups(hits: number, misses: number): void {
  if (hits > 0) catalogueCacheLookups.inc({ result: 'hit' }, hits);
  if (misses > 0) catalogueCacheLookups.inc({ result: 'miss' }, misses);
}
