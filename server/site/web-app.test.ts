import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress.js';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { memoryMailer } from '../lib/mail.js';
import { seedDatabase } from '../seed/seed.js';
import { LocalPictureStore } from '../lib/storage/local-store.js';
import { createTestDatabase } from '../test/helpers.js';
import { userWithSession } from '../test/users.js';
import type { Database } from '../db/client.js';

// A small stand-in for dist/web: an HTML shell and one hashed script, compressed the way the build does.
const script = `export const flowers = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `rose-${i}`))};\n`;
let app: App;
let origin = '';
const ctxOrigin = () => origin;
let database: Database;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'flora-web-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="fr" dir="ltr">\n<head><meta charset="UTF-8" /><meta name="description" content="Fleuriste" /><title>Flora Maroc</title>' +
      '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>\n  <link rel="modulepreload" crossorigin href="/assets/chunk-Ij90Kl12.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css"></head>\n' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), '.petal{color:#c2185b}');
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  precompressDir(dist);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST_DIR: dist,
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
  });
  database = await createTestDatabase();
  await seedDatabase(database.db, { pictures: new LocalPictureStore(path.join(dir, 'data', 'uploads')) });
  origin = config.publicUrl;
  app = await buildApp(config, database, { mailer: memoryMailer() });
  await app.ready();
  // The demo seed draws and encodes every picture: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pages as the server sends them (no script runs)', () => {
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
  const metaOf = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

  it.each([
    ['fr', '/product/3', 'ltr'],
    ['en', '/en/product/3', 'ltr'],
    ['ar', '/ar/product/3', 'rtl'],
  ] as const)(
    'a product page in %s holds its name, price in MAD, absolute og:image and JSON-LD Product with its offer',
    async (lang, url, dir) => {
      const product = (await app.inject({ method: 'GET', url: '/api/product/3', headers: { 'accept-language': lang } })).json();
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html.startsWith('<!doctype html>\n<html lang="' + lang + '" dir="' + dir + '">')).toBe(true);
      const name = product.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      expect(html).toContain(`<title>${name} · `);
      expect(html).toContain(`<h1>${name}</h1>`);
      expect(html).toMatch(new RegExp(`${String(Math.trunc(product.final_price))}[,.]\\d\\d\\u00a0MAD`));
      const image = metaOf(html, 'og:image');
      expect(image).toMatch(/^http:\/\/localhost:\d+\/uploads\/.+\.webp$/);
      expect(metaOf(html, 'og:type')).toBe('product');
      expect(metaOf(html, 'twitter:image')).toBe(image);
      expect(html).toMatch(
        /<link rel="preload" as="image" imagesrcset="\/uploads\/[^"]+ 320w, [^"]+" imagesizes="[^"]+" fetchpriority="high">/,
      );
      expect(html).toContain(`<link rel="canonical" href="${ctxOrigin()}${url}">`);
      for (const [l, path] of [
        ['fr', '/product/3'],
        ['en', '/en/product/3'],
        ['ar', '/ar/product/3'],
      ]) {
        expect(html).toContain(`<link rel="alternate" hreflang="${l}" href="${ctxOrigin()}${path}">`);
      }
      const [ld] = jsonLdOf(html);
      expect(ld).toMatchObject({
        '@type': 'Product',
        name: product.name,
        offers: { '@type': 'Offer', priceCurrency: 'MAD', price: product.final_price.toFixed(2), url: `${ctxOrigin()}${url}` },
      });
      // Links of the readable body keep the language.
      if (lang !== 'fr') expect(html).toMatch(new RegExp(`<a href="/${lang}/category/\\d+">`));
    },
  );

  it('lists the catalogue readably on the shop and category pages, with working links', async () => {
    const res = await app.inject({ method: 'GET', url: '/ar/category/1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toMatch(/<noscript><main><h1>[^<]+<\/h1><ul><li><a href="\/ar\/product\/\d+">/);
    const shop = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html' } });
    expect(shop.body).toMatch(/<a href="\/shop\?page=2">/);
  });

  it('draws a listing with the price range of its address, and an older band address as the same kept page', async () => {
    const productIds = (html: string) => [...html.matchAll(/<li><a href="\/product\/(\d+)">/g)].map((m) => Number(m[1]));
    const api = (await app.inject({ method: 'GET', url: '/api/products?min_price=150&max_price=400&sort=price_desc&per_page=20' })).json();
    expect(api.data.length).toBeGreaterThan(1);
    for (const p of api.data as { final_price: number }[]) expect(p.final_price >= 150 && p.final_price < 400).toBe(true);
    const page = await app.inject({
      method: 'GET',
      url: '/shop?max_price=400&sort=price_desc&min_price=150',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(productIds(page.body)).toEqual(api.data.map((p: { id: number }) => p.id));
    // `price=<band>` (links shared before the range) is the band's range: one kept page for both.
    const range = await app.inject({ method: 'GET', url: '/shop?min_price=300&max_price=500', headers: { accept: 'text/html' } });
    const band = await app.inject({ method: 'GET', url: '/shop?price=300-500', headers: { accept: 'text/html' } });
    expect(band.headers['x-page-cache']).toBe('hit');
    expect(band.body).toBe(range.body);
    // A range the API would refuse is read as none, as the app reads it: the whole shop, not an error.
    const bad = await app.inject({ method: 'GET', url: '/shop?min_price=500&max_price=300', headers: { accept: 'text/html' } });
    expect(bad.statusCode).toBe(200);
    expect(productIds(bad.body)).toEqual(
      productIds((await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html' } })).body),
    );
  });

  it.each(['/product/999999', '/en/product/999999', '/category/999', '/no-such-page', '/ar/nothing/here'])(
    'answers 404 with the not-found page for %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatch(/<h1>(Page introuvable|Page Not Found|الصفحة غير موجودة)<\/h1>/);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    },
  );

  it('answers a listing page past the last one with the not-found page, without an error', async () => {
    const errors: unknown[] = [];
    const log = app.log.error.bind(app.log);
    app.log.error = ((...args: unknown[]) => void errors.push(args)) as typeof app.log.error;
    try {
      for (const url of ['/shop?page=100005', '/ar/category/1?page=999', '/shop?page=100005&x=1']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toMatch(/<h1>(Page introuvable|الصفحة غير موجودة)<\/h1>/);
        expect(res.body).toContain('<meta name="robots" content="noindex">');
      }
      // The API behind it: a page that does not exist, named as such.
      const api = await app.inject({ method: 'GET', url: '/api/products?page=100005', headers: { 'accept-language': 'en' } });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toMatch(/^This page does not exist: the last page is \d+\.$/);
    } finally {
      app.log.error = log;
    }
    expect(errors).toEqual([]);
  });

  it('serves the page of the mailed e-mail change link as a known page', async () => {
    const res = await app.inject({ method: 'GET', url: '/confirm-email-change?token=abc123', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/en/confirm-email-change?token=abc123', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(200);
  });

  it("sends a visitor who chose English or Arabic from a plain address to their language's address", async () => {
    const open = (url: string, lang: string) =>
      app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: `lang=${lang}` } });
    const moved = await open('/shop?page=2', 'ar');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/ar/shop?page=2');
    expect(moved.headers['cache-control']).toBe('no-store');
    expect((await open('/', 'en')).headers.location).toBe('/en/');
    // French, an unknown value, an address that names its language, and the back office stay.
    expect((await open('/shop', 'fr')).statusCode).toBe(200);
    expect((await open('/shop', 'xx')).statusCode).toBe(200);
    expect((await open('/en/shop', 'ar')).statusCode).toBe(200);
    expect((await open('/admin', 'ar')).statusCode).toBe(200);
  });

  it('keeps one address for French and the back office as a plain shell', async () => {
    const fr = await app.inject({ method: 'GET', url: '/fr/shop?page=2' });
    expect(fr.statusCode).toBe(301);
    expect(fr.headers.location).toBe('/shop?page=2');
    const admin = await app.inject({ method: 'GET', url: '/admin/orders', headers: { accept: 'text/html' } });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).not.toContain('og:title');
  });
});

describe('a page paints before the app starts', () => {
  it('carries its stylesheet inline and fetches and starts the scripts after the first paint, allowed by the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html' } });
    const html = res.body;
    expect(html).toContain('<style>.petal{color:#c2185b}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    // Fetched and run after the first paint: no module script tag and no preload in the page (they
    // would share the link with the fonts and pictures before the paint), only the inline starter,
    // which preloads the entry's imports with it.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload" crossorigin href');
    const inline = /<script>([^<]+)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('"/assets/index-Ab12Cd34.js"');
    expect(inline).toContain('["/assets/chunk-Ij90Kl12.js"]');
    expect(inline).toContain('first-contentful-paint');
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' ${hash}`);
  });
});

/**
 * Runs the page's inline starter against a page being parsed: `paint` reports a Paint Timing entry,
 * `parse` reaches the end of the HTML (where a server-drawn page keeps its hydration state).
 */
function runStarter(inline: string, page: { serverDrawn: boolean }) {
  const scripts: string[] = [];
  const listeners = new Map<string, () => void>();
  let onPaint: ((list: { getEntries(): { name: string }[] }) => void) | null = null;
  let stateParsed = false;
  const doc = {
    readyState: 'loading',
    head: { appendChild: (el: { src?: string }) => void (el.src && scripts.push(el.src)) },
    createElement: () => ({}),
    getElementById: (id: string) => (id === 'flora-ssr' && page.serverDrawn && stateParsed ? {} : null),
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
  };
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe() {}
  }
  const run = new Function('window', 'document', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout', inline) as (
    ...args: unknown[]
  ) => void;
  run(
    { PerformanceObserver: FakeObserver },
    doc,
    FakeObserver,
    () => 0,
    () => 0,
  );
  return {
    started: () => scripts.length > 0,
    paint: (name: string) => onPaint!({ getEntries: () => [{ name }] }),
    parse: () => {
      stateParsed = true;
      doc.readyState = 'interactive';
      listeners.get('DOMContentLoaded')?.();
    },
  };
}

describe('the inline starter', () => {
  const inlineOf = async () =>
    /<script>([^<]+)<\/script>/.exec((await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html' } })).body)?.[1] ?? '';

  it('does not take a page still being parsed for the shell: a server-drawn page starts at its first contentful paint', async () => {
    const page = runStarter(await inlineOf(), { serverDrawn: true });
    // The first paint of a large page comes before its end (and its state) is parsed.
    page.paint('first-paint');
    expect(page.started()).toBe(false);
    page.parse();
    expect(page.started()).toBe(false);
    page.paint('first-contentful-paint');
    expect(page.started()).toBe(true);
  });

  it('starts the shell once it is parsed', async () => {
    const page = runStarter(await inlineOf(), { serverDrawn: false });
    page.paint('first-paint');
    expect(page.started()).toBe(false);
    page.parse();
    expect(page.started()).toBe(true);
  });
});

describe('web assets and compression', () => {
  it('sends a hashed script as the build-time brotli copy, cached for a year as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses an API list', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products?per_page=24', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(json.data.length).toBeGreaterThan(10);
    const gz = await app.inject({ method: 'GET', url: '/api/products?per_page=24', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(gunzipSync(gz.rawPayload).length / 3);
  });

  it('compresses a page (pages come from the not-found handler, outside the per-route hooks)', async () => {
    const res = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html', 'accept-encoding': 'gzip;q=0.5, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<html lang="fr" dir="ltr">');
    const gz = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html', 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<html lang="fr" dir="ltr">');
    const plain = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('revalidates a page with an ETag: 304 when it has not changed', async () => {
    const first = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html' } });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps one page per address whatever else its query holds: only the parameters the page reads count, in any order', async () => {
    const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const first = await page('/category/2?sort=price_asc&page=2&x=first');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    // Unknown parameters, another order, a repeated or empty one: the same kept page.
    for (const url of [
      '/category/2?page=2&sort=price_asc',
      `/category/2?x=${Math.random()}&sort=price_asc&page=2`,
      '/category/2?utm_source=whatsapp&page=2&sort=price_asc&page=3&search=',
      '/category/2/?sort=price_asc&page=2&fbclid=abc',
    ]) {
      const again = await page(url);
      expect(again.headers['x-page-cache'], url).toBe('hit');
      expect(again.body).toBe(first.body);
    }
    // What the kept page says never carries a visitor's unknown parameter (its links are shared).
    expect(first.body).not.toContain('x=first');
    // A parameter the page reads is another page.
    expect((await page('/category/2?sort=price_desc&page=2')).headers['x-page-cache']).toBe('miss');
    // Pages that read no parameter keep one page.
    await page('/product/3?ref=a');
    expect((await page('/product/3?ref=b&utm_medium=social')).headers['x-page-cache']).toBe('hit');
  });

  it('keeps a page drawn for everyone per address, and draws it again once the catalogue changes', async () => {
    const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const [sub] = (await app.inject({ method: 'GET', url: '/api/categories/1/subcategories' })).json() as {
      id: number;
      description: string | null;
    }[];
    const address = `/category/1/subcategory/${sub!.id}`;
    const first = await page(address);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    const second = await page(address);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    // Each language is its own address.
    expect((await page(`/ar${address}`)).headers['x-page-cache']).toBe('miss');

    const admin = await userWithSession(database.db, 'admin');
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/admin/subcategories/edit/${sub!.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { name: 'Roses du jardin', description: sub!.description ?? '', category_id: 1, is_active: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await page(address);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('<title>Roses du jardin');
    expect((await page(address)).headers['x-page-cache']).toBe('hit');

    // Not kept: a page that does not exist (it is drawn again, and still a 404).
    for (let i = 0; i < 2; i++) {
      const missing = await page('/product/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-page-cache']).toBe('miss');
    }
  });
});
