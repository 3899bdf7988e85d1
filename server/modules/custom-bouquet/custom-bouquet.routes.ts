import { messageSchema } from '../../../shared/schemas/common.js';
import {
  contactRequestBodySchema,
  customQuoteBodySchema,
  customQuoteSchema,
  singleStemPageSchema,
  singleStemsQuerySchema,
} from '../../../shared/schemas/custom-bouquet.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses } from '../../lib/route-schema.js';
import { quoteCustomBouquet } from './custom-bouquet.quote.js';
import { customMessages, listSingleStems, queueContactRequestMails, saveContactRequest } from './custom-bouquet.service.js';

const tags = ['custom bouquet'];

export const customBouquetRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;

  api.get(
    '/custom-bouquet/single-stems',
    {
      schema: {
        tags,
        summary: 'Single stems (category 2) to compose from, with colours and stock, paged (6 a page by default)',
        querystring: singleStemsQuerySchema,
        response: { 200: singleStemPageSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return listSingleStems(db, requestLocale(req), req.query);
    },
  );

  api.post(
    '/custom-bouquet/quote',
    {
      schema: {
        tags,
        summary: 'Price a selection of stems with the checkout’s own pricing (no login, nothing stored); the zone adds its fee',
        body: customQuoteBodySchema,
        response: { 200: customQuoteSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => {
      const answer = await quoteCustomBouquet(db, requestLocale(req), {
        flowers: req.body.flowers,
        deliveryZoneId: req.body.delivery_zone_id ?? null,
      });
      // Prices and stock move: never cached.
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  const limitsOn = api.config.rateLimit;
  api.post(
    '/custom-bouquet/contact',
    {
      config: { rateLimit: limitsOn ? { max: 5, timeWindow: 10 * 60_000 } : false },
      schema: {
        tags,
        summary: 'A contact-us request (custom bouquet by default, or `kind: contact`): stored and mailed to the admins',
        body: contactRequestBodySchema,
        response: { 201: messageSchema, ...errorResponses(422, 429) },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const input = { full_name: body.full_name, email: body.email, phone: body.phone, message: body.message, kind: body.kind };
      await db.transaction(async (tx) => {
        await saveContactRequest(tx, input, req.user?.id ?? null);
        await queueContactRequestMails(tx, input);
      });
      return reply.code(201).send({ message: translate(customMessages.contactSent, requestLocale(req)) });
    },
  );
};
