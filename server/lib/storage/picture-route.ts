/**
 * GET /uploads/<key>: a picture from the shop's store, local folder or bucket alike, under the same
 * addresses and cache headers as ever (a year, immutable: a key never names other bytes). The shop
 * streams it rather than redirecting to the bucket, so the pictures keep the shop's origin (CSP
 * img-src 'self', link previews, nginx's cache) and the bucket stays private.
 */
import type { FastifyInstance } from 'fastify';
import { commonMessages, requestLocale, translate } from '../i18n.js';
import { contentTypeOf, isPictureKey, PICTURE_CACHE_CONTROL, type PictureStore } from './picture-store.js';

/** Seconds a client should wait before asking again when the store failed to answer. */
const RETRY_AFTER_S = 5;

/** Whether an If-None-Match header names this validator (weak comparison, as for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export async function pictureRoutes(app: FastifyInstance, store: PictureStore): Promise<void> {
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!isPictureKey(key)) return reply.callNotFound();
    let picture;
    try {
      picture = await store.get(key);
    } catch (err) {
      // The bucket is away or slow: a short 503 nobody caches, never a year-long error.
      req.log.error({ err, key }, 'picture store failed');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ message: translate(commonMessages.unavailable, requestLocale(req)) });
    }
    if (!picture) return reply.callNotFound();
    reply
      .header('cache-control', PICTURE_CACHE_CONTROL)
      .header('etag', picture.etag)
      .header('last-modified', picture.lastModified.toUTCString())
      .type(contentTypeOf(key));
    if (matches(req.headers['if-none-match'], picture.etag)) {
      picture.body.destroy();
      return reply.code(304).send();
    }
    reply.header('content-length', String(picture.size));
    return reply.send(picture.body);
  });
}
