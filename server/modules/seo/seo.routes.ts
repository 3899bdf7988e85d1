/**
 * robots.txt and sitemaps, served at the site's ROOT (not under /api): registered by app.ts with
 * `await app.register(seoRoutes)`.
 */
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.js';
import type { App, TypedApp } from '../../types.js';
import { commonMessages, requestLocale, translate } from '../../lib/i18n.js';
import { registerHttpCache } from '../catalogue/http-cache.js';
import { pagesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './seo.service.js';

const tags = ['seo'];
const XML = 'application/xml; charset=utf-8';

export async function seoRoutes(root: App) {
  const app = root.withTypeProvider() as unknown as TypedApp;
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  registerHttpCache(app, { maxAge: 3600, staleWhileRevalidate: 86_400, vary: '' });

  app.get('/robots.txt', { schema: { tags, summary: 'Crawling rules', response: { 200: z.string() } } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { tags, summary: 'Sitemap index', response: { 200: z.string() } } }, async (_req, reply) =>
    reply.type(XML).send(await sitemapIndex(db, publicUrl)),
  );

  app.get(
    '/sitemap-pages.xml',
    { schema: { tags, summary: 'Sitemap of the shop, information, category and subcategory pages', response: { 200: z.string() } } },
    async (_req, reply) => reply.type(XML).send(await pagesSitemap(db, publicUrl)),
  );

  app.get(
    '/sitemap-products-:n.xml',
    {
      schema: {
        tags,
        summary: 'Sitemap of product pages (40,000 a file)',
        params: z.object({ n: z.coerce.number<string>().int().min(1).max(100_000) }),
        response: { 200: z.string(), 404: errorSchema },
      },
    },
    async (req, reply) => {
      const body = await productsSitemap(db, publicUrl, req.params.n);
      if (body === null) return reply.code(404).send({ message: translate(commonMessages.notFound, requestLocale(req)) });
      return reply.type(XML).send(body);
    },
  );
}
