/** Back office: an order's payments and refunds, and the day's cash. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import {
  cashDayQuerySchema,
  cashDaySchema,
  orderPaymentsSchema,
  recordPaymentSchema,
  recordRefundSchema,
} from '../../../shared/schemas/payments.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { cashDay, orderPayments, recordPayment, recordRefund } from './payments.service.js';

export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];

  admin.get(
    '/orders/:id/payments',
    {
      schema: {
        tags,
        security,
        summary: 'The order’s payments and refunds, what was received and what is still due',
        params: idParamsSchema,
        response: { 200: orderPaymentsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => orderPayments(db, req.params.id),
  );

  admin.post(
    '/orders/:id/payments',
    {
      schema: {
        tags,
        security,
        summary:
          'Record money received (cash, card terminal, bank transfer): the order is paid once its total is covered; more than what is due is 422',
        params: idParamsSchema,
        body: recordPaymentSchema,
        response: { 201: orderPaymentsSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const before = await orderPayments(db, req.params.id);
      const after = await recordPayment(db, req.params.id, req.body, currentUser(req).id);
      audit(req, {
        action: 'order.payment',
        entity: 'order',
        entityId: req.params.id,
        before: { payment_status: before.payment_status, paid: before.paid },
        after: { method: req.body.method, amount: req.body.amount, payment_status: after.payment_status, paid: after.paid },
      });
      return reply.code(201).send(after);
    },
  );

  admin.post(
    '/orders/:id/refunds',
    {
      schema: {
        tags,
        security,
        summary: 'Record a refund with its reason (never more than what was received): refunded once everything is given back',
        params: idParamsSchema,
        body: recordRefundSchema,
        response: { 201: orderPaymentsSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req, reply) => {
      const before = await orderPayments(db, req.params.id);
      const after = await recordRefund(db, req.params.id, req.body, currentUser(req).id);
      audit(req, {
        action: 'order.refund',
        entity: 'order',
        entityId: req.params.id,
        before: { payment_status: before.payment_status, paid: before.paid },
        after: { amount: req.body.amount, reason: req.body.reason, payment_status: after.payment_status, paid: after.paid },
      });
      return reply.code(201).send(after);
    },
  );

  admin.get(
    '/cash',
    {
      schema: {
        tags,
        security,
        summary:
          'The day’s cash: what each staff member or driver took in (by method, refunds off), online card payments, and cash-on-delivery orders of the day still to collect',
        querystring: cashDayQuerySchema,
        response: { 200: cashDaySchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => cashDay(db, req.query.day),
  );
};
