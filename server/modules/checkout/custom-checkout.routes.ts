/**
 * The custom bouquet's checkout: the builder's stems are the basket, checked once the order's own
 * rules passed, and the order goes through the one checkout pipeline (place-checkout.ts). The builder
 * itself (stems to choose from, the quote, the contact form) is the custom-bouquet module's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customBouquetAnswerSchema,
  customBouquetBodySchema,
  customBouquetConflictSchema,
  customBouquetHeadersSchema,
} from '../../../shared/schemas/custom-bouquet.js';
import { AppError } from '../../lib/errors.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses } from '../../lib/route-schema.js';
import { checkFlowers, customMessages } from '../custom-bouquet/custom-bouquet.service.js';
import { checkoutLimits } from './checkout.routes.js';
import { placeCheckout, STOREFRONT } from './place-checkout.js';

const tags = ['custom bouquet'];

export const customCheckoutRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;

  api.post(
    '/custom-bouquet/create',
    {
      ...checkoutLimits(api),
      // Logged-in customers only (a custom bouquet needs an account); answered in the request's language.
      preValidation: async (req) => {
        if (!req.user) throw new AppError(401, customMessages.loginRequired);
      },
      schema: {
        tags,
        summary: 'Place a customized order from the given stems (logged-in customers; Idempotency-Key header required)',
        headers: customBouquetHeadersSchema,
        body: customBouquetBodySchema,
        response: {
          200: customBouquetAnswerSchema,
          201: customBouquetAnswerSchema,
          409: customBouquetConflictSchema,
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const answer = await placeCheckout(req, {
        source: STOREFRONT,
        // Every line a single stem offered in its colour (422 naming the line), checked once the
        // order's own rules passed.
        basket: async () => {
          await checkFlowers(db, body.flowers);
          return {
            kind: 'lines',
            lines: body.flowers.map((f) => ({ productId: f.product_id, colorId: f.color_id, quantity: f.quantity })),
          };
        },
        details: body,
        customized: { instructions: body.custom_instructions ?? translate(customMessages.defaultInstructions, requestLocale(req)) },
      });
      return reply.code(answer.status).send(answer.body);
    },
  );
};
