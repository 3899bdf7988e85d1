/**
 * Keeps the in-process catalogue cache (products.service.ts) honest without every writer having to
 * remember it: any successful write under /api/admin (products, categories, colours, orders that put
 * stock back), and any placed order (stock goes down), clears this process's cached catalogue answers.
 * Other processes catch up within LIST_CACHE_TTL_MS. Cart and account writes do not touch it.
 */
import type { TypedApp } from '../../app.js';
import { invalidateCatalogueCache } from './products.service.js';

const CATALOGUE_WRITERS = /^\/api\/(admin\/|checkout\b|custom-bouquet\/create\b)/;

export function registerCatalogueInvalidation(api: TypedApp): void {
  api.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (reply.statusCode >= 400 || !CATALOGUE_WRITERS.test(req.url)) return;
    invalidateCatalogueCache(api.database.db);
  });
}
