import { describe, expect, it } from 'vitest';
import { HtmlPage, PageCache, pageBytes } from './page-cache.js';

describe('page cache bound', () => {
  it('counts an Arabic page at two bytes a character, a Latin one at one, with its encoded copies', () => {
    const latin = `<p>${'Fleurs fraîches à Casablanca. '.repeat(1000)}</p>`;
    const arabic = `<p>${'زهور طازجة في الدار البيضاء. '.repeat(1000)}</p>`;
    expect(pageBytes(latin)).toBe(Math.round(latin.length * (1 + 2 / 7)));
    expect(pageBytes(arabic)).toBe(Math.round(arabic.length * (2 + 2 / 7)));
  });

  it('keeps no more pages than its byte bound allows, the least recently used out first', async () => {
    const html = `<p>${'ورد '.repeat(10_000)}</p>`; // ~ 91 kB as held
    const cache = new PageCache(60_000, 4 * pageBytes(html) + 100);
    const draw = (n: number) => async () => ({ page: new HtmlPage(`${html}${n}`, 200), keep: true });
    for (let n = 0; n < 10; n++) await cache.get(`/product/${n}`, 1, draw(n));
    // The four drawn last are kept; the one before them was pushed out.
    for (const n of [9, 8, 7, 6]) expect((await cache.get(`/product/${n}`, 1, draw(n))).hit).toBe(true);
    expect((await cache.get('/product/5', 1, draw(5))).hit).toBe(false);
  });
});
