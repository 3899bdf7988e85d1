/**
 * Revalidatable public GET answers for a plugin's routes: `Cache-Control`, a weak `ETag` (hash of the
 * body) and `304 Not Modified` for a matching `If-None-Match`. Registered once per plugin, so the
 * routes themselves stay plain.
 */
import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface HttpCacheOptions {
  /** Seconds a browser or proxy may reuse an answer without asking. */
  maxAge: number;
  /** Seconds a stale answer may still be served while it is refreshed in the background. */
  staleWhileRevalidate: number;
  /** Request headers the body depends on (default: Accept-Language). */
  vary?: string;
}

export function etagOf(body: string | Buffer): string {
  // The one-shot hash: no Hash object per answer (every catalogue read is hashed).
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/** True when an `If-None-Match` header names `etag` (weak comparison, lists and `*` allowed). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

export function registerHttpCache(app: FastifyInstance, opts: HttpCacheOptions): void {
  const cacheControl = `public, max-age=${opts.maxAge}, stale-while-revalidate=${opts.staleWhileRevalidate}`;
  const vary = opts.vary ?? 'Accept-Language';
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('cache-control', cacheControl).header('etag', etag);
    if (vary) reply.header('vary', vary);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
