/**
 * Catalogue cache invalidation while Redis is down: no message reaches the process, so it drops its
 * cached answers, cards and pages every CATALOGUE_CACHE_MS; when Redis is back it clears everything
 * once and tells the others, since it may have missed their writes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedState, SharedStatus } from '../../../lib/shared-state.js';
import { registerCatalogueInvalidation } from './cache-invalidation.js';
import { catalogueVersion } from './cache.js';

const CACHE_MS = 1000;

/** A shared state whose Redis the test turns up and down; records what the process publishes. */
function fakeShared(initial: SharedStatus) {
  let status = initial;
  const listeners: ((s: 'up' | 'down') => void)[] = [];
  const published: string[] = [];
  const shared: SharedState = {
    redis: null,
    status: () => status,
    onStatusChange: (listener) => void listeners.push(listener),
    publish: (_channel, message) => void published.push(message),
    subscribe: async () => {},
    close: async () => {},
  };
  const set = (next: 'up' | 'down') => {
    status = next;
    for (const listener of listeners) listener(next);
  };
  return { shared, published, set };
}

async function register(shared: SharedState) {
  // Caches are kept per database handle: any object stands for one here.
  const db = {};
  const api = { database: { db }, shared, config: { catalogueCacheMs: CACHE_MS }, addHook: () => {} };
  await registerCatalogueInvalidation(api as never);
  return () => catalogueVersion(db as never);
}

describe('catalogue caches when Redis is down', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('drops them every CATALOGUE_CACHE_MS while down, and stops when Redis is back', async () => {
    const redis = fakeShared('down');
    const version = await register(redis.shared);
    const start = version();
    vi.advanceTimersByTime(3 * CACHE_MS);
    expect(version()).toBe(start + 3);

    // Back: everything cleared once, and the others told (they may have missed this one's writes).
    redis.set('up');
    await vi.advanceTimersByTimeAsync(0);
    expect(version()).toBe(start + 4);
    expect(redis.published).toEqual(['all']);
    vi.advanceTimersByTime(10 * CACHE_MS);
    expect(version()).toBe(start + 4);

    // A later outage drops them again.
    redis.set('down');
    vi.advanceTimersByTime(2 * CACHE_MS);
    expect(version()).toBe(start + 6);
  });

  it('keeps them while Redis is up, or when there is none', async () => {
    for (const status of ['up', 'off'] as const) {
      const version = await register(fakeShared(status).shared);
      const start = version();
      vi.advanceTimersByTime(10 * CACHE_MS);
      expect(version()).toBe(start);
    }
  });
});
