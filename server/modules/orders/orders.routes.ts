import { idParamsSchema, messageSchema } from '../../../shared/schemas/common.js';
import {
  myOrdersQuerySchema,
  myOrdersSchema,
  orderDetailSchema,
  orderTrackQuerySchema,
  trackedOrderSchema,
  trackingLinkBodySchema,
} from '../../../shared/schemas/orders.js';
import { canonicalEmail } from '../../../shared/email.js';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { keyedLimit } from '../../lib/keyed-limit.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { queueTrackingLinkMail } from './order-mails.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../accounts/auth.js';
import { getOrderDetail, getTrackedOrder, listUserOrders, orderMessages } from './orders.service.js';
import { errorResponses, security } from '../../lib/route-schema.js';

const tags = ['orders'];

/** "Send me my tracking link" limits: per IP, and per order number (a script cannot flood one mailbox). */
export const TRACKING_LINK_RATE_LIMITS = {
  perIp: { max: 10, timeWindow: 15 * 60_000 },
  perOrder: { max: 3, timeWindow: 60 * 60_000 },
} as const;

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
        response: { 200: myOrdersSchema, ...errorResponses(401) },
      },
    },
    async (req, reply) => {
      const { data, meta } = await listUserOrders(db, currentUser(req).id, req.query.page, req.query.per_page, requestLocale(req));
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
        response: { 200: orderDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await getOrderDetail(db, req.params.id, { userId: currentUser(req).id }, requestLocale(req))),
  );

  api.get(
    '/orders/track/:id',
    {
      schema: {
        tags,
        summary: 'A guest’s order, through the signed link of an e-mail (404 when the token is wrong, 410 when the link expired)',
        params: idParamsSchema,
        querystring: orderTrackQuerySchema,
        response: { 200: trackedOrderSchema, ...errorResponses(404, 410) },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await getTrackedOrder(db, api.config.dataDir, req.params.id, req.query.token, new Date(), requestLocale(req))),
  );

  api.post(
    '/orders/track/resend',
    {
      config: { rateLimit: api.config.rateLimit ? { ...TRACKING_LINK_RATE_LIMITS.perIp } : false },
      preHandler: keyedLimit(api, 'tracking-link-order', TRACKING_LINK_RATE_LIMITS.perOrder, (req) => {
        const id = (req.body as { order_id?: unknown } | undefined)?.order_id;
        return id === undefined ? null : String(id);
      }),
      schema: {
        tags,
        summary: 'Mail a fresh tracking link to the order’s own address; the same answer whether or not the number and address match',
        body: trackingLinkBodySchema,
        response: { 202: messageSchema, ...errorResponses(422, 429) },
      },
    },
    async (req, reply) => {
      const { order_id: orderId, email } = req.body;
      const [order] = await db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, orderId)).limit(1);
      // Canonical forms (case, +tag, dots): the mail still goes only to the address stored on the order.
      if (order && canonicalEmail(order.email) === canonicalEmail(email)) {
        await queueTrackingLinkMail(db, orderId);
        req.server.mailQueue.nudge();
      }
      return reply.code(202).send({ message: translate(orderMessages.linkResent, requestLocale(req)) });
    },
  );
};
