/**
 * GET /uploads/<key> through the app, on the local folder store: the picture's bytes with a year's
 * immutable cache and a validator, 304 when the validator matches, the shop's 404 for a picture that is
 * not there or a key that leaves its folder, and a 503 nobody caches when the store fails.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { pictureRoutes } from './picture-route.js';
import type { PictureStore } from './picture-store.js';
import Fastify from 'fastify';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('/uploads', () => {
  it('serves a stored picture with the immutable cache, its validator and a 304 when it matches', async () => {
    const bytes = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 not really a picture');
    await ctx.app.pictures.put('products/route1-640.webp', bytes, 'image/webp');
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/products/route1-640.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['last-modified']).toMatch(/GMT$/);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);

    const again = await ctx.app.inject({ method: 'GET', url: '/uploads/products/route1-640.webp', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/uploads/products/route1-640.webp',
      headers: { 'if-none-match': 'W/"other"' },
    });
    expect(other.statusCode).toBe(200);

    const head = await ctx.app.inject({ method: 'HEAD', url: '/uploads/products/route1-640.webp' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.body).toBe('');
  });

  it("answers the shop's 404 for a missing picture, another folder, or a path leaving the store", async () => {
    for (const url of [
      '/uploads/products/missing-640.webp',
      '/uploads/../secrets/order-links.key',
      '/uploads/..%2Fsecrets%2Forder-links.key',
      '/uploads/.hidden',
      '/uploads/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(404);
      expect(String(res.headers['cache-control'] ?? ''), url).not.toMatch(/immutable/);
    }
  });

  it('answers 503 with Retry-After and no cache when the store fails, not a year-long error', async () => {
    const failing: PictureStore = {
      location: 's3://down',
      check: async () => {},
      put: async () => {},
      get: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      stat: async () => null,
      delete: async () => {},
      list: () => Readable.from([]),
      close: async () => {},
    };
    const app = Fastify();
    await pictureRoutes(app, failing);
    const res = await app.inject({ method: 'GET', url: '/uploads/products/any-640.webp', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ message: 'Service temporarily unavailable.' });
    await app.close();
  });
});
