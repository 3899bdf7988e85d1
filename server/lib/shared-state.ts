/**
 * What several server processes must share, through Redis when `REDIS_URL` is set:
 * - the rate-limit counters (@fastify/rate-limit's Redis store), so the 21st login attempt of a minute
 *   is refused whichever process takes it;
 * - catalogue cache invalidation: a process that changes the catalogue (or its stock) publishes it,
 *   every process clears its cached answers and totals (products.service.ts) at once.
 * Without Redis, one process works as before; with several and no Redis, each process keeps its own
 * counters (a client gets N times the limit) and sees another's writes only when its caches expire
 * (LIST_CACHE_TTL_MS, totals TOTALS_CACHE_TTL_MS). The README says so.
 */
import { Redis } from 'ioredis';

export interface SharedState {
  /** The connection for commands (the rate limiter's store); null without Redis. */
  redis: Redis | null;
  /** Tells every other process; `onMessage` receives what the others published. */
  publish(channel: string, message: string): void;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** No Redis: nothing to share, messages stay in the process (which already acted on them). */
const alone: SharedState = {
  redis: null,
  publish: () => {},
  subscribe: async () => {},
  close: async () => {},
};

/**
 * Opens the shared state. `prefix` names this shop's keys and channels, so two shops (or two test
 * runs) on one Redis never mix. Each process tags what it publishes, and ignores its own messages.
 */
export async function openSharedState(url: string | undefined, prefix: string, onError: (err: Error) => void): Promise<SharedState> {
  if (!url) return alone;
  // A Redis that goes away must not stop the shop: commands fail fast (the rate limiter then lets
  // requests through, `skipOnError`), and the connections come back by themselves.
  const options = { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false };
  const redis = new Redis(url, { ...options, keyPrefix: `${prefix}:` });
  const subscriber = new Redis(url, options);
  redis.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([redis.connect(), subscriber.connect()]);
  const me = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const handlers = new Map<string, (message: string) => void>();
  subscriber.on('message', (channel: string, raw: string) => {
    const sep = raw.indexOf('|');
    if (raw.slice(0, sep) === me) return;
    handlers.get(channel)?.(raw.slice(sep + 1));
  });
  return {
    redis,
    publish(channel, message) {
      redis.publish(`${prefix}:${channel}`, `${me}|${message}`).catch(onError);
    },
    async subscribe(channel, onMessage) {
      handlers.set(`${prefix}:${channel}`, onMessage);
      await subscriber.subscribe(`${prefix}:${channel}`);
    },
    async close() {
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
