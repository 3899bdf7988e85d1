/**
 * Keeps the in-process catalogue caches (cache.ts) and the kept pages (site/page-cache.ts,
 * through `catalogueVersion`) honest without every writer having to remember it: any successful write under /api/admin (products, categories, colours, orders that put
 * stock back) clears this process's cached catalogue answers and per-filter totals; a placed order
 * (stock and popularity move) clears the answers but keeps the totals, since no filter depends on
 * stock. Cart and account writes do not touch it.
 *
 * Other processes: with Redis (REDIS_URL) the write is published and every process clears its cache
 * as soon as the message arrives (milliseconds); without it they catch up within LIST_CACHE_TTL_MS
 * (totals: at the latest TOTALS_CACHE_TTL_MS, sooner when a page read shows them out of date).
 * While Redis is down (shared-state.ts), messages are lost both ways: every process drops its cached
 * answers, cards and pages each CATALOGUE_CACHE_MS, so another's write shows within that short life as
 * without Redis; when Redis is back, each process moves the generations and clears everything once,
 * since it may have missed writes and the shared totals may predate them.
 */
import type { TypedApp } from '../../../types.js';
import { LIST_CACHE_TTL_MS, invalidateCatalogueCache, setListStateGeneration, shareListState } from './cache.js';

const CATALOGUE_WRITERS = /^\/api\/(admin\/|checkout\b|custom-bouquet\/create\b)/;
const STOCK_ONLY_WRITERS = /^\/api\/(checkout\b|custom-bouquet\/create\b)/;
const CHANNEL = 'catalogue-changed';

export async function registerCatalogueInvalidation(api: TypedApp): Promise<void> {
  const db = api.database.db;
  const redis = api.shared.redis;
  if (redis) {
    // Totals and seek anchors are shared through Redis under the catalogue's generation counters
    // (cache.ts `shareListState`): a Redis that fails reads as a miss, the process counts.
    const [generation, popular] = await Promise.all([
      redis.get(GENERATION).catch(() => null),
      redis.get(POPULAR_GENERATION).catch(() => null),
    ]);
    shareListState(
      db,
      {
        get: (key) => redis.get(key).catch(() => null),
        set: (key, value, ttlMs) => void redis.set(key, value, 'PX', ttlMs).catch(() => {}),
      },
      generation ?? '0',
      popular ?? '0',
    );
  }
  // What a write does (below), also done when Redis comes back.
  const announce = async (scope: 'all' | 'stock') => {
    let message: string = scope;
    if (redis) {
      // Move the generations first, so no process reads a total or anchors of before the write.
      const moved = await redis
        .multi()
        .incrby(GENERATION, scope === 'all' ? 1 : 0)
        .incr(POPULAR_GENERATION)
        .exec()
        .catch(() => null);
      const [generation, popular] = (moved ?? []).map(([err, n]) => (err ? null : String(n)));
      if (generation && popular) {
        setListStateGeneration(db, generation, popular);
        message = `${scope}|${generation}|${popular}`;
      }
    }
    invalidateCatalogueCache(db, scope);
    api.shared.publish(CHANNEL, message);
  };
  let expiring: NodeJS.Timeout | undefined;
  const whileDown = () => {
    // Totals are kept, as without Redis: no filter depends on stock, and a page read checks them.
    expiring ??= setInterval(() => invalidateCatalogueCache(db, 'stock'), api.config.catalogueCacheMs || LIST_CACHE_TTL_MS);
    expiring.unref();
  };
  if (api.shared.status() === 'down') whileDown();
  api.shared.onStatusChange((status) => {
    if (status === 'down') return whileDown();
    clearInterval(expiring);
    expiring = undefined;
    void announce('all');
  });
  api.addHook('onClose', async () => clearInterval(expiring));
  await api.shared.subscribe(CHANNEL, (message) => {
    // "scope|generation|popular generation" (older processes sent the scope alone).
    const [scope, generation, popular] = message.split('|');
    if (generation && popular) setListStateGeneration(db, generation, popular);
    invalidateCatalogueCache(db, scope === 'stock' ? 'stock' : 'all');
  });
  // Before the answer leaves (onSend, not onResponse): the writer's next request, here or in another
  // process, must not find the page or answer of before its own write.
  api.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    if (reply.statusCode >= 400 || !CATALOGUE_WRITERS.test(req.url)) return payload;
    await announce(STOCK_ONLY_WRITERS.test(req.url) ? 'stock' : 'all');
    return payload;
  });
}

const GENERATION = 'catalogue-generation';
const POPULAR_GENERATION = 'catalogue-popular-generation';
