import { describe, expect, it, vi } from 'vitest';
import { textBytes } from '../../../lib/text-bytes.js';
import { keptJsonBytes } from './cache.js';
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

describe('TtlCache expiry', () => {
  it('drops expired entries when it stores a new one, not only when they are read again', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<number>(5_000, 1000);
      for (let i = 0; i < 50; i++) await cache.get(`old-${i}`, async () => i);
      expect(cache.size).toBe(50);
      vi.advanceTimersByTime(4_000);
      await cache.get('recent', async () => 1);
      expect(cache.size).toBe(51);
      vi.advanceTimersByTime(1_500);
      // The 50 old ones are past their 5 s; the one stored 1.5 s ago stays.
      await cache.get('new', async () => 2);
      expect(cache.size).toBe(2);
      const load = vi.fn(async () => 9);
      expect(await cache.get('recent', load)).toBe(1);
      expect(load).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('TtlCache weight bound', () => {
  it('keeps what its texts weigh under the bound, dropping the oldest; a text heavier than the bound is not kept', async () => {
    const cache = new TtlCache<string>(60_000, 1000, { maxBytes: 100, of: textBytes });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key.repeat(40)); // 40 bytes each
    // Three of 40 bytes would be 120: the oldest went.
    expect(cache.heldBytes).toBe(80);
    const load = vi.fn(async () => 'again');
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get('c', async () => 'never')).toBe('c'.repeat(40));

    await cache.get('huge', async () => 'x'.repeat(120)); // 120 bytes alone
    expect(cache.heldBytes).toBeLessThanOrEqual(100);
    const reload = vi.fn(async () => 'x');
    await cache.get('huge', reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('counts a replaced, expired or failed entry out of the weight', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<string>(5_000, 1000, { maxBytes: 1000, of: textBytes });
      await cache.get('a', async () => 'aaaaaaaa');
      await cache.set('a', Promise.resolve('aaaa'));
      expect(cache.heldBytes).toBe(4);
      await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(cache.heldBytes).toBe(4);
      vi.advanceTimersByTime(6_000);
      await cache.get('c', async () => 'cccccc');
      expect(cache.heldBytes).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('TtlCache order of the oldest', () => {
  it('drops the oldest stored first, a replaced key counting as stored again, through many replacements', async () => {
    const cache = new TtlCache<string>(60_000, 3);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    // Replaced many times (each replacement leaves a removed entry behind in the order kept).
    for (let i = 0; i < 500; i++) await cache.set('a', Promise.resolve(`a${i}`));
    await cache.get('c', async () => 'c');
    await cache.get('d', async () => 'd'); // 4 > 3: the oldest tenth (one) goes, which is b
    expect(cache.size).toBe(3);
    const load = vi.fn(async (key: string) => `${key} again`);
    expect(await cache.get('a', () => load('a'))).toBe('a499');
    expect(await cache.get('c', () => load('c'))).toBe('c');
    expect(await cache.get('b', () => load('b'))).toBe('b again');
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('keptJsonBytes', () => {
  it('weighs a kept card as V8 holds it: an Arabic text at twice a French one of the same length, plus the entry', () => {
    const french = JSON.stringify({ name: 'Bouquet de pivoines roses', description: 'Des pivoines fraîches, cueillies le matin.' });
    const arabic = JSON.stringify({
      name: 'باقة من الفاوانيا الوردية',
      description: 'فاوانيا طازجة مقطوفة في الصباح، ملفوفة بعناية.',
    }).slice(0, french.length);
    const entry = keptJsonBytes(null);
    expect(entry).toBeGreaterThan(0);
    expect(keptJsonBytes(french)).toBe(entry + french.length);
    expect(keptJsonBytes(arabic)).toBe(entry + 2 * french.length);
  });
});
