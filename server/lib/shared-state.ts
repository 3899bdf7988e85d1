/**
 * What several server processes must share, through Redis when `REDIS_URL` is set:
 * - the rate-limit counters (rate-limit-store.ts), so the 21st login attempt of a minute is refused
 *   whichever process takes it;
 * - catalogue cache invalidation: a process that changes the catalogue (or its stock) publishes it,
 *   every process clears its cached answers and totals (catalogue/read/cache.ts) at once.
 * Without Redis, one process works as before; with several and no Redis, each process keeps its own
 * counters (a client gets N times the limit) and sees another's writes only when its caches expire
 * (LIST_CACHE_TTL_MS, totals TOTALS_CACHE_TTL_MS). The README says so.
 *
 * Redis is a helper, never a reason not to serve: a Redis that cannot be reached at start, or goes
 * away later, leaves every process serving in that "each process alone" mode (`status()` says
 * `down`, the users of this module fall back), one warning per outage goes to the log, and ioredis
 * keeps reconnecting in the background; when both connections are back, the shared behaviour
 * returns by itself (one line in the log, and `onStatusChange` listeners resynchronise).
 */
import { Redis, type RedisOptions } from 'ioredis';

/** `off`: no REDIS_URL; `up`: both connections ready; `down`: Redis configured but not usable. */
export type SharedStatus = 'up' | 'down' | 'off';

/** Where the outage and recovery lines go (main.ts: the process's stderr, whatever LOG_LEVEL). */
export interface SharedStateLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface SharedState {
  /** The connection for commands (the rate limiter's store, shared totals); null without Redis. */
  redis: Redis | null;
  /** Cheap and synchronous (the health check and every rate-limited request read it). */
  status(): SharedStatus;
  /**
   * `down` when Redis stops being usable (or cannot be reached at start); `up` when it is back after
   * that (never for the first connection of a normal start). What was published meanwhile is lost:
   * a listener of `up` must assume it missed messages.
   */
  onStatusChange(listener: (status: 'up' | 'down') => void): void;
  /** Tells every other process; `onMessage` receives what the others published. Lost while down. */
  publish(channel: string, message: string): void;
  /** Takes effect now, or as soon as Redis is reachable (and again after every reconnection). */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** No Redis: nothing to share, messages stay in the process (which already acted on them). */
const alone: SharedState = {
  redis: null,
  status: () => 'off',
  onStatusChange: () => {},
  publish: () => {},
  subscribe: async () => {},
  close: async () => {},
};

/** How long a start waits for Redis's first answer before serving without it (ms). */
const CONNECT_TIMEOUT_MS = 3000;
/** A command Redis does not answer within this fails (then a rate limit counts in the process). */
const COMMAND_TIMEOUT_MS = 1000;

/** `host:port` of a Redis URL: what the log may say (never the user or password it carries). */
export function redisAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 6379}`;
}

/**
 * Opens the shared state. `prefix` names this shop's keys and channels, so two shops (or two test
 * runs) on one Redis never mix. Each process tags what it publishes, and ignores its own messages.
 * Waits for the first connection attempt only (at most CONNECT_TIMEOUT_MS), and never fails on it.
 */
export async function openSharedState(url: string | undefined, prefix: string, log: SharedStateLog): Promise<SharedState> {
  if (!url) return alone;
  const where = `Redis (REDIS_URL, ${redisAddress(url)})`;
  // Commands fail at once while the connection is down (no offline queue: a request must not wait
  // for Redis), and the connections come back by themselves (ioredis retries, at most every 2 s).
  const options: RedisOptions = {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Re-subscribed below on every `ready`, including channels asked for while Redis was down.
    autoResubscribe: false,
  };
  const redis = new Redis(url, { ...options, keyPrefix: `${prefix}:` });
  const subscriber = new Redis(url, options);

  const me = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const handlers = new Map<string, (message: string) => void>();
  const listeners: ((status: 'up' | 'down') => void)[] = [];
  // `starting` until the first attempt's outcome; a start that connects is not a recovery.
  let state: 'starting' | 'up' | 'down' = 'starting';
  let lastError = '';
  let closing = false;
  // The subscriber counts as ready once its channels are subscribed again, not when it connects:
  // `up` promises that what another process publishes from then on arrives.
  let subscribed = false;
  let settleStart: () => void = () => {};
  const started = new Promise<void>((resolve) => (settleStart = resolve));

  const update = () => {
    if (closing) return;
    const next = redis.status === 'ready' && subscriber.status === 'ready' && subscribed ? 'up' : 'down';
    // While starting, a connection still being made is not an outage yet.
    if (state === 'starting' && next === 'down' && !lastError) return;
    if (next === state) return;
    const previous = state;
    state = next;
    settleStart();
    if (next === 'down') {
      const how = previous === 'starting' ? 'cannot be reached' : 'went away';
      log.warn(
        `${where} ${how} (${lastError || 'connection closed'}): the shop serves without it, each process counting ` +
          "its own rate limits and seeing the others' catalogue changes only when its caches expire; reconnecting in the background.",
      );
    } else if (previous === 'down') {
      log.info(`${where} is back: rate limits and catalogue changes are shared again.`);
    }
    if (previous !== 'starting' || next === 'down') for (const listener of listeners) listener(next);
  };
  for (const connection of [redis, subscriber]) {
    // Every failed reconnection emits `error`: remembered for the one warning, never logged each time.
    connection.on('error', (err: Error) => {
      lastError = err.message;
      update();
    });
    connection.on('close', update);
  }
  subscriber.on('close', () => {
    subscribed = false;
  });
  redis.on('ready', () => {
    lastError = '';
    update();
  });
  subscriber.on('ready', () => {
    lastError = '';
    // Subscribed before `update`, so a listener of `up` publishes to processes already listening.
    const channels = [...handlers.keys()];
    const resubscribed = channels.length ? subscriber.subscribe(...channels) : Promise.resolve();
    resubscribed.then(
      () => {
        subscribed = subscriber.status === 'ready';
        update();
      },
      (err: Error) => {
        lastError = err.message;
        update();
      },
    );
  });
  subscriber.on('message', (channel: string, raw: string) => {
    const sep = raw.indexOf('|');
    if (raw.slice(0, sep) === me) return;
    handlers.get(channel)?.(raw.slice(sep + 1));
  });

  const timeout = setTimeout(() => {
    lastError ||= `no answer within ${CONNECT_TIMEOUT_MS} ms`;
    update();
  }, CONNECT_TIMEOUT_MS + 500);
  await started;
  clearTimeout(timeout);

  return {
    redis,
    status: () => (state === 'up' ? 'up' : 'down'),
    onStatusChange(listener) {
      listeners.push(listener);
    },
    publish(channel, message) {
      if (state !== 'up') return;
      redis.publish(`${prefix}:${channel}`, `${me}|${message}`).catch(() => {});
    },
    async subscribe(channel, onMessage) {
      handlers.set(`${prefix}:${channel}`, onMessage);
      // Down now: the next `ready` subscribes it.
      if (subscriber.status === 'ready') await subscriber.subscribe(`${prefix}:${channel}`).catch(() => {});
    },
    async close() {
      closing = true;
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
