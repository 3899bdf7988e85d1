/** Back office: changing an order's lines when a customer calls (add, remove, quantity, colour). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatMAD, fromCents } from '../../../shared/money.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { adminOrderConflictSchema, adminOrderSavedSchema } from '../../../shared/schemas/orders-admin.js';
import { orderItemsEditSchema } from '../../../shared/schemas/staff-orders.js';
import { AppError } from '../../lib/errors.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { versionFromIfMatch } from './if-match.js';
import { editOrderItems, orderItemsMessages } from './order-items.edit.service.js';
import { getOrderForAdmin } from './orders.admin.service.js';
import { orderEditMessages, StaleOrderError } from './orders.edit.service.js';

export const orderItemsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];

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
      audit(req, {
        action: 'order.items',
        entity: 'order',
        entityId: id,
        before: outcome.before,
        after: { ...outcome.after, changes: outcome.changes },
      });
      if (outcome.changes.length > 0) req.server.mailQueue.nudge();
      const total = formatMAD(fromCents(outcome.totalCents), locale);
      return { message: translate(orderItemsMessages.saved, locale, { total }), data: await getOrderForAdmin(db, id) };
    },
  );
};
