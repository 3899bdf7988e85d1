/**
 * The rate limiter's counters: in Redis while it is up (one count for all the shop's processes), in
 * the process's own memory while it is not. A Redis outage must neither refuse every customer nor
 * switch the limits off (a password guesser would get unlimited attempts): each process then counts
 * on its own, so a client gets at most "processes × limit" until Redis is back, and the Redis
 * counters take over again by themselves. Per-IP limits (routes' `config.rateLimit`) and keyed
 * limits (keyed-limit.ts, through `createRateLimit`) both go through this store.
 *
 * The counting itself is @fastify/rate-limit's own (its Redis script and its LRU store), so the
 * limits mean exactly what they meant with the plugin's `redis` option.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
interface PluginStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's stores are not exported by its entry point; they are plain CommonJS files in it.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => PluginStore;

class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
    private readonly redisUp: () => boolean,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count('read', key, cb, timeWindow, max);
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new SharedOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.redisUp);
  }

  /** Redis when it is up; the process's count when it is down or a command fails (times out). */
  private count(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
    if (!this.redisUp()) return this.local[method](key, cb, timeWindow, max);
    this.shared[method](key, (err, result) => (err ? this.local[method](key, cb, timeWindow, max) : cb(null, result)), timeWindow, max);
  }
}

/**
 * The `store` option of @fastify/rate-limit: counters under `nameSpace` in `redis` while `redisUp()`
 * says so, in an LRU of the process otherwise.
 */
export function sharedOrLocalStore(redis: Redis, nameSpace: string, redisUp: () => boolean): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalStore {
    constructor(options: RateLimitOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        redisUp,
      );
    }
  };
}
