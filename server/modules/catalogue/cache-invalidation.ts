/**
 * Keeps the in-process catalogue cache (products.service.ts) honest without every writer having to
 * remember it: any successful write under /api/admin (products, categories, colours, orders that put
 * stock back) clears this process's cached catalogue answers and per-filter totals; a placed order
 * (stock and popularity move) clears the answers but keeps the totals, since no filter depends on
 * stock. Cart and account writes do not touch it.
 *
 * Other processes: with Redis (REDIS_URL) the write is published and every process clears its cache
 * as soon as the message arrives (milliseconds); without it they catch up within LIST_CACHE_TTL_MS
 * (totals: at the latest TOTALS_CACHE_TTL_MS, sooner when a page read shows them out of date).
 */
import type { TypedApp } from '../../types.js';
import { invalidateCatalogueCache } from './products.service.js';

const CATALOGUE_WRITERS = /^\/api\/(admin\/|checkout\b|custom-bouquet\/create\b)/;
const STOCK_ONLY_WRITERS = /^\/api\/(checkout\b|custom-bouquet\/create\b)/;
const CHANNEL = 'catalogue-changed';

export async function registerCatalogueInvalidation(api: TypedApp): Promise<void> {
  const db = api.database.db;
  await api.shared.subscribe(CHANNEL, (scope) => invalidateCatalogueCache(db, scope === 'stock' ? 'stock' : 'all'));
  api.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (reply.statusCode >= 400 || !CATALOGUE_WRITERS.test(req.url)) return;
    const scope = STOCK_ONLY_WRITERS.test(req.url) ? 'stock' : 'all';
    invalidateCatalogueCache(db, scope);
    api.shared.publish(CHANNEL, scope);
  });
}
