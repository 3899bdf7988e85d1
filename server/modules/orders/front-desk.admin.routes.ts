/**
 * Back office, talking with a customer about one order: the ready-made messages in the order's
 * language with their WhatsApp links (customer-messages.ts), and what a new staff order starts from
 * when the customer wants the same again (repeat-order.ts). Both are reads: nothing written, nothing audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { customerMessagesQuerySchema, customerMessagesSchema } from '../../../shared/schemas/customer-messages.js';
import { repeatOrderSchema } from '../../../shared/schemas/staff-orders.js';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { customerMessagesFor } from './customer-messages.js';
import { repeatOrderFor } from './repeat-order.js';

export const frontDeskAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];

  admin.get(
    '/orders/:id/messages',
    {
      schema: {
        tags,
        security,
        summary:
          'Ready-made messages for the customer in the order’s language (confirmed, on its way, delivered with the tracking link, date moved, ' +
          'payment link when `payment_url` is given), each with a wa.me link when the customer’s phone is a mobile (none for a landline)',
        params: idParamsSchema,
        querystring: customerMessagesQuerySchema,
        response: { 200: customerMessagesSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => customerMessagesFor(db, admin.config, req.params.id, { paymentUrl: req.query.payment_url }),
  );

  admin.get(
    '/orders/:id/repeat',
    {
      schema: {
        tags,
        security,
        summary:
          'What a new staff order repeating this one starts from: buyer, address, zone, recipient, substitution and lines (no prices: the quote prices them today); lines of products gone are named in `dropped`',
        params: idParamsSchema,
        response: { 200: repeatOrderSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => repeatOrderFor(db, req.params.id, requestLocale(req)),
  );
};
