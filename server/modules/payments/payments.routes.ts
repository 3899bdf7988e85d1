/**
 * The card gateway's side of the shop, and the shopper's:
 *   - GET  /payments/card: whether the storefront offers the card;
 *   - POST /payments/cmi/callback: the gateway's server-to-server result (form-encoded), answered with
 *     the gateway's texts (gateway-results.ts says what each does);
 *   - POST /payments/cmi/ok and /payments/cmi/fail: the shopper posted back by the gateway; the
 *     signature is checked, nothing changes (only the callback pays), and the shopper is sent (303) to
 *     the order's page in their language, which shows what the server knows;
 *   - GET  /payments/orders/:id and POST .../attempt, .../cash: the order's card state, a new attempt,
 *     or "pay on delivery instead" (the customer signed in, or the signed tracking token);
 *   - GET and POST /pay/:token: a payment link's order, and a new attempt through it.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toLocale } from '../../../shared/constants.js';
import {
  cardPaymentOfferSchema,
  cardPaymentStateSchema,
  paymentAttemptAnswerSchema,
  payLinkSchema,
  payTokenParamsSchema,
  retryPaymentBodySchema,
} from '../../../shared/schemas/card-payments.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses } from '../../lib/route-schema.js';
import { orderTrackingPath } from '../orders/order-links.js';
import { startAttempt, switchToCash, GATEWAY_PATHS } from './attempts.js';
import { cardGatewayOf, probeGateway } from './card-gateway-of.js';
import { scheduleCardHolds } from './card-holds.js';
import { accessibleOrder, cardPaymentState } from './card-state.js';
import { applyGatewayResult } from './gateway-results.js';
import { payLinkView } from './pay-link-page.js';
import { paymentsMessages } from './payments.messages.js';

const tags = ['payments'];
const gatewayFieldsSchema = z.record(z.string(), z.string());
/** The gateway posts HTML forms: read them as plain fields (this plugin's routes only). */
const FORM = 'application/x-www-form-urlencoded';

export const paymentsRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;
  const config = api.config;

  api.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64_000 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  api.get(
    '/payments/card',
    { schema: { tags, summary: 'Whether the shop takes card payments now', response: { 200: cardPaymentOfferSchema } } },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=60').send({ card_payment: Boolean(cardGatewayOf(config)) }),
  );

  api.post(
    GATEWAY_PATHS.callback.replace('/api', ''),
    {
      config: { gatewayPost: true },
      schema: {
        tags,
        summary: 'The card gateway’s server-to-server result (form-encoded); answers ACTION=POSTAUTH, APPROVED or FAILURE',
        body: gatewayFieldsSchema,
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const gateway = cardGatewayOf(config);
      reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store');
      if (!gateway) return reply.send('FAILURE');
      const outcome = await applyGatewayResult(db, gateway.read(req.body));
      if (outcome.answer === 'refused') {
        // One line, without the fields' values: the hash and the card are never logged.
        req.log.warn({ reason: outcome.reason, oid: String(req.body.oid ?? '').slice(0, 40) }, 'card gateway callback refused');
        return reply.send(gateway.answers.refused);
      }
      if (outcome.answer === 'paid' && !outcome.repeated) api.mailQueue.nudge();
      return reply.send(outcome.answer === 'paid' ? gateway.answers.paid : gateway.answers.acknowledged);
    },
  );

  for (const path of [GATEWAY_PATHS.ok, GATEWAY_PATHS.fail]) {
    api.post(
      path.replace('/api', ''),
      {
        config: { gatewayPost: true },
        schema: {
          tags,
          summary: 'The shopper posted back by the card gateway: 303 to the order’s page (nothing changes here)',
          body: gatewayFieldsSchema,
          response: { 303: z.null(), ...errorResponses(400) },
        },
      },
      async (req, reply) => {
        const gateway = cardGatewayOf(config);
        const result = gateway?.read(req.body);
        if (!result?.valid) throw new AppError(400, paymentsMessages.badReturn);
        const [order] = await sqlRows<{ id: number; customer_email: string; language: string }>(
          db,
          sql`select o.id, o.customer_email, o.language from card_payment_attempts a join orders o on o.id = a.order_id
              where a.oid = ${result.attemptId}`,
        );
        if (!order) throw new AppError(400, paymentsMessages.badReturn);
        const locale = toLocale(req.body.lang ?? order.language);
        const target = `${orderTrackingPath(config.dataDir, order.id, order.customer_email, new Date(), locale)}&payment=${path === GATEWAY_PATHS.ok ? 'ok' : 'fail'}`;
        return reply.code(303).header('cache-control', 'no-store').redirect(target, 303);
      },
    );
  }

  const tokenQuery = z.object({ token: z.string().min(1).max(200).optional() });

  api.get(
    '/payments/orders/:id',
    {
      schema: {
        tags,
        summary: 'An order’s card payment as the server knows it (its customer, or the signed tracking token)',
        params: idParamsSchema,
        querystring: tokenQuery,
        response: { 200: cardPaymentStateSchema, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const order = await accessibleOrder(db, config.dataDir, req.params.id, { userId: req.user?.id ?? null, token: req.query.token });
      return reply.header('cache-control', 'private, no-store').send(cardPaymentState(config, order));
    },
  );

  api.post(
    '/payments/orders/:id/attempt',
    {
      schema: {
        tags,
        summary: 'Pay an order by card again: a new attempt (new oid) and its gateway form',
        params: idParamsSchema,
        body: retryPaymentBodySchema,
        response: { 201: paymentAttemptAnswerSchema, ...errorResponses(404, 409) },
      },
    },
    async (req, reply) => {
      const order = await accessibleOrder(db, config.dataDir, req.params.id, { userId: req.user?.id ?? null, token: req.body.token });
      if (order.payment_method !== 'card_payment') throw new AppError(409, paymentsMessages.notPayable);
      return reply.code(201).send({ payment: await startAttempt(db, config, order.id) });
    },
  );

  api.post(
    '/payments/orders/:id/cash',
    {
      schema: {
        tags,
        summary: 'Pay on delivery instead of by card',
        params: idParamsSchema,
        body: retryPaymentBodySchema,
        response: { 200: cardPaymentStateSchema, ...errorResponses(404, 409) },
      },
    },
    async (req) => {
      const who = { userId: req.user?.id ?? null, token: req.body.token };
      await switchToCash(db, (await accessibleOrder(db, config.dataDir, req.params.id, who)).id);
      return cardPaymentState(config, await accessibleOrder(db, config.dataDir, req.params.id, who));
    },
  );

  api.get(
    '/pay/:token',
    {
      schema: {
        tags,
        summary: 'A payment link’s order: summary, amount and whether it can be paid now',
        params: payTokenParamsSchema,
        response: { 200: payLinkSchema, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      const { orderId: _id, ...view } = await payLinkView(db, config, req.params.token, requestLocale(req));
      return reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(view);
    },
  );

  api.post(
    '/pay/:token',
    {
      schema: {
        tags,
        summary: 'Pay a payment link’s order: a new attempt and its gateway form (410 when the link expired)',
        params: payTokenParamsSchema,
        response: { 201: paymentAttemptAnswerSchema, ...errorResponses(404, 409, 410) },
      },
    },
    async (req, reply) => {
      const view = await payLinkView(db, config, req.params.token, requestLocale(req));
      if (view.state === 'expired') throw new AppError(410, paymentsMessages.linkExpired);
      return reply.code(201).send({ payment: await startAttempt(db, config, view.orderId) });
    },
  );

  if (config.env === 'test') return;
  scheduleCardHolds(api);
  const settings = config.cardPayment;
  if (settings) {
    let probe: NodeJS.Timeout | undefined;
    api.addHook('onReady', async () => {
      probe = setInterval(() => void probeGateway(settings.gatewayUrl), 60_000);
      probe.unref();
      void probeGateway(settings.gatewayUrl);
    });
    api.addHook('onClose', async () => clearInterval(probe));
  }
};
