import { z } from 'zod';
import {
  categorySchema,
  colorSchema,
  featuredQuerySchema,
  productPageSchema,
  productSchema,
  productsQuerySchema,
  subcategorySchema,
} from '../../../shared/schemas/catalogue.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses } from '../../lib/route-schema.js';
import { registerHttpCache } from './http-cache.js';
import { catalogueReads } from './read/catalogue-reads.js';
import { listCategories, listColors, listSubcategories } from './taxonomy.service.js';

const tags = ['catalogue'];

/**
 * Product answers are built by typed code (read/cards.ts), so checking them again against the zod
 * schema on every request only burns CPU (0.6 ms of ~2 ms for a page of 20 measured on the
 * benchmark); the schemas still document the answers and the tests check answers against them.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/**
 * Lists and product pages come from the read model as JSON text (the stored cards, never parsed): sent
 * as they are. The cast only tells the typed reply that this text is the schema's answer.
 */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json as never);

export const catalogueRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;
  const reads = catalogueReads(db);
  // Every catalogue read: Cache-Control, a weak ETag and 304 for a matching If-None-Match.
  registerHttpCache(api, { maxAge: 60, staleWhileRevalidate: 300 });

  api.get('/categories', { schema: { tags, summary: 'All categories', response: { 200: z.array(categorySchema) } } }, async (req) =>
    listCategories(db, requestLocale(req)),
  );

  api.get(
    '/subcategories',
    { schema: { tags, summary: 'All subcategories', response: { 200: z.array(subcategorySchema) } } },
    async (req) => listSubcategories(db, requestLocale(req)),
  );

  // Older API clients expect an array here too (a one-element array, empty when unknown).
  api.get(
    '/subcategories/:id',
    { schema: { tags, summary: 'One subcategory, as an array', params: idParamsSchema, response: { 200: z.array(subcategorySchema) } } },
    async (req) => listSubcategories(db, requestLocale(req), { id: req.params.id }),
  );

  api.get(
    '/categories/:id/subcategories',
    {
      schema: {
        tags,
        summary: 'Subcategories of a category',
        params: idParamsSchema,
        response: { 200: z.array(subcategorySchema), ...errorResponses(404) },
      },
    },
    async (req) => listSubcategories(db, requestLocale(req), { categoryId: req.params.id }),
  );

  api.get('/colors', { schema: { tags, summary: 'Active colours by sort order', response: { 200: z.array(colorSchema) } } }, async (req) =>
    listColors(db, requestLocale(req), { activeOnly: true }),
  );

  api.get(
    '/products',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'Products, filtered, sorted and paged',
        description:
          'Prices in MAD; `min_price` (inclusive) and `max_price` (exclusive) apply to the discounted price. ' +
          'Default order: the shop’s own. Unknown parameters are refused (422) except the cache-busters `_`, `t`, `random`, `fresh`. ' +
          'A page past the last one is not found (404, the message names the last page).',
        querystring: productsQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(404, 422) },
      },
    },
    async (req, reply) => sendJson(reply, await reads.listProducts(requestLocale(req), req.query)),
  );

  api.get(
    '/products/featured',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'Featured products, paged (10 a page by default)',
        querystring: featuredQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(404, 422) },
      },
    },
    async (req, reply) => sendJson(reply, await reads.featured(requestLocale(req), req.query)),
  );

  api.get(
    '/product/:id',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productSchema, ...errorResponses(404, 422) },
      },
    },
    async (req, reply) => sendJson(reply, await reads.product(requestLocale(req), req.params.id)),
  );

  api.get(
    '/product/:id/related',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'Up to 8 products of the same subcategory, then category; in stock first',
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(productSchema) }), ...errorResponses(404, 422) },
      },
    },
    async (req) => ({ data: await reads.related(requestLocale(req), req.params.id) }),
  );

  api.get(
    '/products/extras',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'The extras offered beside bouquets ("Add to your bouquet"): vase, chocolates…, in stock, in the shop’s order',
        response: { 200: z.object({ data: z.array(productSchema) }) },
      },
    },
    async (req) => ({ data: await reads.extras(requestLocale(req)) }),
  );
};
