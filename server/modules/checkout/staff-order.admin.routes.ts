/**
 * Back office: orders staff take by phone, WhatsApp or at the counter (through the one checkout
 * pipeline, for a guest buyer) and their live price. Changing an order's lines afterwards is the
 * orders module's (orders/order-items.admin.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAID_ON_ENTRY } from '../../../shared/constants.js';
import { checkoutAnswerSchema, checkoutHeadersSchema } from '../../../shared/schemas/checkout.js';
import { staffOrderBodySchema, staffOrderQuoteQuerySchema, staffOrderQuoteSchema } from '../../../shared/schemas/staff-orders.js';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { placeCheckout } from './place-checkout.js';
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
          'The server’s price of lines (`lines=12-3x2,7s4x1`: product[-colour][s size]xquantity) delivered in a zone (none: no delivery fee yet), for the new-order screen',
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
          'An order taken by staff (phone, WhatsApp or at the shop) for a guest buyer: lines, buyer, recipient, delivery, gift message, and how it is paid ' +
          '(cash on delivery; cash at the counter, card terminal or bank transfer: received now, the order is paid; a payment link: it waits for payment). ' +
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
          lines: body.items.map((i) => ({
            productId: i.product_id,
            colorId: i.color_id ?? null,
            sizeId: i.size_id ?? null,
            quantity: i.quantity,
          })),
        }),
        details: body,
        paidOnEntry: body.payment_method in PAID_ON_ENTRY ? { reference: body.payment_reference } : undefined,
        customer: { name: body.customer.name, phone: body.customer.phone, email: body.customer.email ?? undefined },
        orderNotes: body.order_notes || null,
      });
      const order = answer.body.order;
      audit(req, {
        action: 'order.create',
        entity: 'order',
        entityId: order.id,
        after: {
          source: body.source,
          customer: order.customer,
          payment_method: body.payment_method,
          payment_status: order.payment_status,
          ...(body.payment_reference ? { payment_reference: body.payment_reference } : {}),
          total_amount: order.total_amount,
          items: body.items,
          replayed: answer.status === 200,
        },
      });
      return reply.code(answer.status).send(answer.body);
    },
  );
};
