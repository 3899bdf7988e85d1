/**
 * Back office: orders staff take by phone, WhatsApp or at the counter (through the one checkout
 * pipeline, for a guest buyer), their live price, and changing an order's lines when a customer calls.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatMAD, fromCents } from '../../../shared/money.js';
import { checkoutAnswerSchema, checkoutHeadersSchema } from '../../../shared/schemas/checkout.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { adminOrderConflictSchema, adminOrderSavedSchema } from '../../../shared/schemas/orders-admin.js';
import { orderItemsEditSchema, staffOrderBodySchema, staffOrderQuoteQuerySchema, staffOrderQuoteSchema } from '../../../shared/schemas/staff-orders.js';
import { AppError } from '../../lib/errors.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { placeCheckout } from '../checkout/place-checkout.js';
import { versionFromIfMatch } from './if-match.js';
import { editOrderItems, orderItemsMessages } from './order-items.edit.service.js';
import { getOrderForAdmin } from './orders.admin.service.js';
import { orderEditMessages, StaleOrderError } from './orders.edit.service.js';
import { quoteStaffOrder } from './staff-order.service.js';

export const staffOrderRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];

  admin.get(
    '/orders/quote',
    {
      schema: {
        tags,
        security,
        summary:
          'The server’s price of lines (`lines=12-3x2,7x1`: product[-colour]xquantity) delivered in a zone (none: no delivery fee yet), for the new-order screen',
        querystring: staffOrderQuoteQuerySchema,
        response: { 200: staffOrderQuoteSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (req) => quoteStaffOrder(db, { items: req.query.lines, zoneId: req.query.delivery_zone_id ?? null }, requestLocale(req)),
  );

  admin.post(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary:
          'An order taken by staff (phone, WhatsApp or at the shop) for a guest buyer: lines, buyer, recipient, delivery, gift message, cash on delivery. ' +
          'Same rules as the checkout (stock, server prices against `total_amount`, closed dates); Idempotency-Key header required; 201 new, 200 replayed key.',
        headers: checkoutHeadersSchema,
        body: staffOrderBodySchema,
        response: { 200: checkoutAnswerSchema, 201: checkoutAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const staff = currentUser(req);
      const answer = await placeCheckout(req, {
        source: { kind: 'staff', channel: body.source, staffId: staff.id },
        basket: async () => ({
          kind: 'lines',
          lines: body.items.map((i) => ({ productId: i.product_id, colorId: i.color_id ?? null, quantity: i.quantity })),
        }),
        details: body,
        customer: { name: body.customer.name, phone: body.customer.phone, email: body.customer.email ?? undefined },
        orderNotes: body.order_notes || null,
      });
      const order = answer.body.order;
      audit(req, {
        action: 'order.create',
        entity: 'order',
        entityId: order.id,
        after: { source: body.source, customer: order.customer, total_amount: order.total_amount, items: body.items, replayed: answer.status === 200 },
      });
      return reply.code(answer.status).send(answer.body);
    },
  );

  admin.put(
    '/orders/:id/items',
    {
      schema: {
        tags,
        security,
        summary:
          'Set an order’s lines (add, remove, quantity, colour) while it is not out for delivery: stock moves both ways in the same transaction (409 when short), ' +
          'totals recomputed (coupon rules, delivery fee unchanged), history row and the customer’s mail; a stale `version` (body or If-Match) is 409 with the fresh order.',
        params: idParamsSchema,
        body: orderItemsEditSchema,
        response: { 200: adminOrderSavedSchema, ...errorResponses(401, 403, 404, 422), 409: adminOrderConflictSchema },
      },
    },
    async (req) => {
      const id = req.params.id;
      const locale = requestLocale(req);
      let outcome;
      try {
        const version = req.body.version ?? versionFromIfMatch(req.headers['if-match']);
        outcome = await editOrderItems(db, id, { ...req.body, version }, currentUser(req).id, locale);
      } catch (err) {
        if (!(err instanceof StaleOrderError)) throw err;
        throw new AppError(409, orderEditMessages.stale, undefined, { order: await getOrderForAdmin(db, id) });
      }
      audit(req, { action: 'order.items', entity: 'order', entityId: id, before: outcome.before, after: { ...outcome.after, changes: outcome.changes } });
      if (outcome.changes.length > 0) req.server.mailQueue.nudge();
      const total = formatMAD(fromCents(outcome.totalCents), locale);
      return { message: translate(orderItemsMessages.saved, locale, { total }), data: await getOrderForAdmin(db, id) };
    },
  );
};
