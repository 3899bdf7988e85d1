/**
 * Back office: the shop's own product order (product-order.admin.service.ts says how it is kept).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reorderBodySchema, reorderListSchema, swapBodySchema } from '../../../shared/schemas/catalogue-admin.js';
import { messageSchema } from '../../../shared/schemas/common.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';
import { listProductOrder, saveProductOrder, swapProductPosition } from './product-order.admin.service.js';

const tags = ['admin: products'];
const errors = errorResponses(401, 403, 404, 409, 422);

export const productOrderAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/products/reorder',
    {
      schema: {
        tags,
        security,
        summary: 'Every product on sale in the shop’s order (for the reorder screen)',
        response: { 200: reorderListSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ data: await listProductOrder(db, requestLocale(req)) }),
  );

  admin.post(
    '/products/reorder',
    {
      schema: {
        tags,
        security,
        summary: 'Save the shop’s order: a list of {id, sort_order}; positions become 1..n',
        body: reorderBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const placed = req.body.products;
      await saveProductOrder(db, placed);
      audit(req, { action: 'product.reorder', entity: 'product', after: placed });
      return { message: translate(m.orderSaved, requestLocale(req)) };
    },
  );

  admin.post(
    '/products/reorder/swap',
    {
      schema: {
        tags,
        security,
        summary: 'Move one product to a position, trading places with the product there',
        body: swapBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const { id, target_sort_order: target } = req.body;
      await swapProductPosition(db, id, target);
      audit(req, { action: 'product.reorder', entity: 'product', entityId: id, after: req.body });
      return { message: translate(m.orderSaved, requestLocale(req)) };
    },
  );
};
