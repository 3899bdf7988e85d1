/** Back office: an order's payments and refunds, and the day's cash. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import {
  cashDayQuerySchema,
  cashDaySchema,
  collectCashSchema,
  orderPaymentsSchema,
  recordPaymentSchema,
  recordRefundSchema,
} from '../../../shared/schemas/payments.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { cashDay, orderPayments, recordPayment, recordRefund, type MoneyRecorded } from './payments.service.js';

/** The audit row of a payment or refund: the order's money before and after, and what was entered. */
function auditMoney(
  req: FastifyRequest,
  orderId: number,
  action: string,
  { before, money }: MoneyRecorded,
  entered: Record<string, unknown>,
) {
  audit(req, {
    action,
    entity: 'order',
    entityId: orderId,
    before,
    after: { ...entered, payment_status: money.payment_status, paid: money.paid },
  });
}

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
      const recorded = await recordPayment(db, req.params.id, req.body, currentUser(req).id);
      auditMoney(req, req.params.id, 'order.payment', recorded, { method: req.body.method, amount: req.body.amount });
      return reply.code(201).send(recorded.money);
    },
  );

  admin.post(
    '/orders/:id/cash-collected',
    {
      schema: {
        tags,
        security,
        summary:
          'Cash collected, in one tap (the workshop sheet, the order): what is still due is recorded as cash taken by this staff member, and the order is paid; 409 when nothing is due',
        params: idParamsSchema,
        body: collectCashSchema,
        response: { 201: orderPaymentsSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const recorded = await recordPayment(db, req.params.id, { method: 'cash', amount: 'due', reference: null }, currentUser(req).id);
      const taken = recorded.money.paid - recorded.before.paid;
      auditMoney(req, req.params.id, 'order.payment', recorded, { method: 'cash', amount: Math.round(taken * 100) / 100, collected: true });
      return reply.code(201).send(recorded.money);
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
      const recorded = await recordRefund(db, req.params.id, req.body, currentUser(req).id);
      auditMoney(req, req.params.id, 'order.refund', recorded, { amount: req.body.amount, reason: req.body.reason });
      return reply.code(201).send(recorded.money);
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
