/**
 * The checkout's card branch. Card payment is on when the gateway's three settings are set
 * (config.cardPayment); off, a card checkout is refused as "coming soon" exactly as before.
 *
 * On: before anything is written, a staff order is sent to the payment link instead, and a gateway
 * found unreachable refuses with a message offering cash (409, as every refusal of the shop: a 4xx with its reason). The order is written with its first
 * attempt (order-write.ts `cardAttempt`: the one extra row), and the answer carries the signed gateway
 * form, computed in memory (payments/attempts.ts), which the browser posts at once.
 */
import type { FastifyRequest } from 'fastify';
import type { Locale, OrderPaymentMethod } from '../../../shared/constants.js';
import { toCents } from '../../../shared/money.js';
import type { FieldErrors } from '../../lib/errors.js';
import { AppError } from '../../lib/errors.js';
import type { CardPaymentForm } from '../../lib/card-gateway/gateway.js';
import type { PlacedOrder } from '../../../shared/schemas/checkout.js';
import { attemptForm, attemptOid, holdUntil, latestAttemptForm, newOidSuffix } from '../payments/attempts.js';
import { cardGatewayOf, gatewayReachable } from '../payments/card-gateway-of.js';
import { paymentsMessages } from '../payments/payments.messages.js';
import { checkoutMessages } from './checkout.messages.js';

/** The first attempt an order is written with. */
export interface FirstAttempt {
  oidSuffix: string;
  holdUntil: Date;
}

/** Step 1's rule for the card: adds the field problem (off: coming soon; staff: use a link); 409 when the gateway is down. */
export function checkCardRule(req: FastifyRequest, method: OrderPaymentMethod, staff: boolean, problems: FieldErrors): void {
  if (method !== 'card_payment') return;
  const config = req.server.config;
  if (!cardGatewayOf(config)) problems.payment_method = [checkoutMessages.cardSoon];
  else if (staff) problems.payment_method = [paymentsMessages.staffUsesLink];
  else if (!gatewayReachable(config)) throw new AppError(409, paymentsMessages.cardUnavailable);
}

/** The first attempt of a card order about to be written (none for cash). */
export function firstAttempt(req: FastifyRequest, method: OrderPaymentMethod, now: Date): FirstAttempt | undefined {
  if (method !== 'card_payment' || !cardGatewayOf(req.server.config)) return undefined;
  return { oidSuffix: newOidSuffix(), holdUntil: holdUntil(req.server.config, now) };
}

/** The gateway form of the answer: the new order's first attempt, or for a replayed key the latest one still waiting. */
export async function answerForm(
  req: FastifyRequest,
  order: PlacedOrder,
  attempt: FirstAttempt | undefined,
  locale: Locale,
): Promise<CardPaymentForm | undefined> {
  if (order.payment_method !== 'card_payment') return undefined;
  const config = req.server.config;
  if (!attempt) return (await latestAttemptForm(req.server.database.db, config, order.id)) ?? undefined;
  const paying = {
    id: order.id,
    totalCents: toCents(order.total_amount),
    language: locale,
    customerName: order.customer.name,
    customerEmail: order.customer.email,
    customerPhone: order.customer.phone,
  };
  return attemptForm(config, paying, attemptOid(order.id, attempt.oidSuffix), paying.totalCents);
}
