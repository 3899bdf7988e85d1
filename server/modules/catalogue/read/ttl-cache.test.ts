import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache.getMany', () => {
  it('loads only the missing keys, in one call, and keeps them', async () => {
    const cache = new TtlCache<string | null>(60_000);
    await cache.get('a', async () => 'A');
    const load = vi.fn(async (missing: string[]) => new Map(missing.filter((k) => k !== 'x').map((k) => [k, k.toUpperCase()])));
    expect(await cache.getMany(['b', 'a', 'x', 'c'], load, null)).toEqual(['B', 'A', null, 'C']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(['b', 'x', 'c']);
    // Everything, the fallback too, is kept now.
    expect(await cache.getMany(['c', 'x', 'b'], load, null)).toEqual(['C', null, 'B']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing with a zero lifetime, and forgets a failed load', async () => {
    const off = new TtlCache<number>(0);
    const load = vi.fn(async (missing: string[]) => new Map(missing.map((k) => [k, k.length])));
    await off.getMany(['aa'], load, 0);
    await off.getMany(['aa'], load, 0);
    expect(load).toHaveBeenCalledTimes(2);

    const cache = new TtlCache<number>(60_000);
    await expect(cache.getMany(['k'], () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.getMany(['k'], async () => new Map([['k', 7]]), 0)).toEqual([7]);
  });
});
