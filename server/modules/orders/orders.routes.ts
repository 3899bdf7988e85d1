import { errorSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import {
  myOrdersQuerySchema,
  myOrdersSchema,
  orderDetailSchema,
  orderTrackQuerySchema,
  trackedOrderSchema,
} from '../../../shared/schemas/orders.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../accounts/auth.js';
import { getOrderDetail, getTrackedOrder, listUserOrders } from './orders.service.js';
import { security } from '../../lib/route-schema.js';

const tags = ['orders'];

/** The customer's order history, and the guest's signed tracking link. */
export const ordersRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;

  api.get(
    '/profile/orders',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'The logged-in customer’s orders, newest first, paged',
        querystring: myOrdersQuerySchema,
        response: { 200: myOrdersSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const { data, meta } = await listUserOrders(db, currentUser(req).id, req.query.page, req.query.per_page);
      return reply.header('cache-control', 'private, no-store').send({ data, meta, orders: data });
    },
  );

  api.get(
    '/profile/orders/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the customer’s orders with its lines, addresses and status history (404 when not theirs)',
        params: idParamsSchema,
        response: { 200: orderDetailSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'private, no-store').send(await getOrderDetail(db, req.params.id, { userId: currentUser(req).id })),
  );

  api.get(
    '/orders/track/:id',
    {
      schema: {
        tags,
        summary: 'A guest’s order, through the signed link of its confirmation e-mail (404 when the token is wrong)',
        params: idParamsSchema,
        querystring: orderTrackQuerySchema,
        response: { 200: trackedOrderSchema, 404: errorSchema },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await getTrackedOrder(db, api.config.dataDir, req.params.id, req.query.token)),
  );
};
