/**
 * Back office: the workshop sheet of a delivery day (what to make, for whom, where), the day's
 * production totals, the bench's in-preparation / ready mark, and the gift cards to print.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../shared/constants.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import {
  workshopProductionSchema,
  workshopProductionQuerySchema,
  workshopQuerySchema,
  workshopSheetSchema,
  workshopStateAnswerSchema,
  workshopStateBodySchema,
} from '../../../shared/schemas/workshop.js';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { cardsPdf, dayCards, orderCard } from './workshop-cards.js';
import { setWorkshopState, workshopProduction, workshopSheet } from './workshop.service.js';

/** A download link cannot set Accept-Language: the screen names its language in `lang`. */
const cardsQuerySchema = workshopQuerySchema.extend({ lang: z.enum(LOCALES).optional() });
const cardQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

export const workshopAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];
  const schema = {
    tags,
    security,
    summary:
      'The workshop sheet of a delivery day (`day`, YYYY-MM-DD; today in shop time when absent): every order but the cancelled ones, ' +
      'grouped by delivery zone, with recipient, address, lines, gift message, substitution choice and notes; names in the reader’s language',
    querystring: workshopQuerySchema,
    response: { 200: workshopSheetSchema, ...errorResponses(401, 403, 422) },
  };

  admin.get('/orders/workshop', { schema }, async (req) => workshopSheet(db, requestLocale(req), req.query.day));
  // The sheet's first address, kept for bookmarks and scripts: today's sheet.
  admin.get(
    '/orders/today',
    { schema: { ...schema, summary: 'Today’s workshop sheet (same answer as /orders/workshop without `day`)' } },
    async (req) => workshopSheet(db, requestLocale(req), req.query.day),
  );

  admin.get(
    '/orders/workshop/production',
    {
      schema: {
        tags,
        security,
        summary:
          'What to make on a delivery day (`day` as the sheet’s): the day’s order lines added up per product and colour, ' +
          'custom bouquets’ stems included (`custom_quantity` says how many), most needed first, and the orders by the bench’s mark; ' +
          '`slot` (a slot’s key) adds up that slot’s orders alone',
        querystring: workshopProductionQuerySchema,
        response: { 200: workshopProductionSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => workshopProduction(db, requestLocale(req), req.query.day, new Date(), req.query.slot ?? null),
  );

  admin.put(
    '/orders/:id/workshop-state',
    {
      schema: {
        tags,
        security,
        summary:
          'The bench’s mark on an order: `in_preparation`, `ready`, or null to take it off. Apart from the order status: no mail, ' +
          'no status change, the order’s version unchanged; 409 on a cancelled order',
        params: idParamsSchema,
        body: workshopStateBodySchema,
        response: { 200: workshopStateAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      const { before, after } = await setWorkshopState(db, req.params.id, req.body.state);
      audit(req, {
        action: 'order.workshop_state',
        entity: 'order',
        entityId: req.params.id,
        before: { workshop_state: before },
        after: { workshop_state: after.workshop_state },
      });
      return after;
    },
  );

  admin.get(
    '/orders/cards.pdf',
    {
      schema: {
        tags,
        security,
        summary:
          'The gift cards of a delivery day (`day` as the sheet’s) as a PDF, one A6 landscape page per order with a card message: ' +
          'for whom, the message with its line breaks, the sender or “anonymous”, the order number; no price. Reprint at will',
        querystring: cardsQuerySchema,
        produces: ['application/pdf'],
        response: errorResponses(401, 403, 422),
      },
    },
    async (req, reply) => {
      const { day, cards } = await dayCards(db, req.query.day);
      const name = `cards-${day}.pdf`;
      const bytes = await cardsPdf(cards, { subject: name, locale: req.query.lang ?? requestLocale(req) });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(bytes));
    },
  );

  admin.get(
    '/orders/:id/card.pdf',
    {
      schema: {
        tags,
        security,
        summary: 'One order’s gift card as a PDF (the same page as in the day’s cards); 404 when the order has no card message',
        params: idParamsSchema,
        querystring: cardQuerySchema,
        produces: ['application/pdf'],
        response: errorResponses(401, 403, 404, 422),
      },
    },
    async (req, reply) => {
      const card = await orderCard(db, req.params.id);
      const name = `card-order-${card.id}.pdf`;
      const bytes = await cardsPdf([card], { subject: name, locale: req.query.lang ?? requestLocale(req) });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(bytes));
    },
  );
};
