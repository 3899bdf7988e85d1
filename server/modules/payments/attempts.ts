/**
 * Card payment attempts: each time a shopper is sent to the gateway (the checkout, "pay again" on the
 * confirmation or tracking page, a payment link) is a row of `card_payment_attempts` with its own
 * gateway reference `oid` (`<order id>-<random>`), the amount asked and how long the order's stock is
 * held for it. The gateway form is computed in memory from the order and the attempt.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { toLocale } from '../../../shared/constants.js';
import { localePath } from '../../../shared/locale-address.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import type { CardPaymentForm } from '../../lib/card-gateway/gateway.js';
import { cardGatewayOf, gatewayReachable } from './card-gateway-of.js';
import { paymentsMessages } from './payments.messages.js';

export type PaymentConfig = Pick<Config, 'cardPayment' | 'publicUrl' | 'shop'>;

/** The random part of a new attempt's reference; the reference is `<order id>-<this>`. */
export const newOidSuffix = (): string => randomBytes(6).toString('hex');
export const attemptOid = (orderId: number, suffix: string): string => `${orderId}-${suffix}`;

/** When the stock held for an attempt started `now` is given back if no payment came. */
export const holdUntil = (config: PaymentConfig, now: Date): Date =>
  new Date(now.getTime() + (config.cardPayment?.holdMinutes ?? 30) * 60_000);

/** What the form needs of the order. */
export interface PayingOrder {
  id: number;
  totalCents: number;
  language: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

/** The gateway's paths on this shop (payments.routes.ts). */
export const GATEWAY_PATHS = {
  callback: '/api/payments/cmi/callback',
  ok: '/api/payments/cmi/ok',
  fail: '/api/payments/cmi/fail',
};

/** The signed form for one attempt of an order, in the shopper's language. */
export function attemptForm(config: PaymentConfig, order: PayingOrder, oid: string, amountCents: number): CardPaymentForm {
  const gateway = cardGatewayOf(config);
  if (!gateway) throw new AppError(409, paymentsMessages.cardUnavailable);
  const language = toLocale(order.language);
  return gateway.start({
    attemptId: oid,
    amountCentimes: amountCents,
    language,
    // The gateway asks for an address; an order staff took without one gives the shop's.
    email: order.customerEmail || config.shop.email || `orders@${new URL(config.publicUrl).hostname}`,
    name: order.customerName,
    phone: order.customerPhone,
    okUrl: `${config.publicUrl}${GATEWAY_PATHS.ok}`,
    failUrl: `${config.publicUrl}${GATEWAY_PATHS.fail}`,
    callbackUrl: `${config.publicUrl}${GATEWAY_PATHS.callback}`,
    shopUrl: `${config.publicUrl}${localePath(language, '/')}`,
  });
}

/** Refuses (409, offering cash) when card payment is off or its gateway does not answer. */
export function assertCardPayable(config: PaymentConfig): void {
  if (!cardGatewayOf(config) || !gatewayReachable(config)) throw new AppError(409, paymentsMessages.cardUnavailable);
}

type OrderRow = {
  id: number;
  total_cents: number;
  language: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  payment_status: string;
  order_status: string;
};

const payingOrder = (o: OrderRow): PayingOrder => ({
  id: o.id,
  totalCents: Number(o.total_cents),
  language: o.language,
  customerName: o.customer_name,
  customerEmail: o.customer_email,
  customerPhone: o.customer_phone,
});

export const isPayable = (o: { payment_status: string; order_status: string }): boolean =>
  o.order_status !== 'cancelled' && o.order_status !== 'delivered' && o.payment_status !== 'paid' && o.payment_status !== 'refunded';

/**
 * A new attempt for an order not yet paid nor cancelled (the order row locked, so an expiry running at
 * the same moment either sees it or comes after it): a declined order goes back to waiting. Returns the
 * form. Each call is a new `oid`: an older attempt answered late pays only if nothing paid before it.
 */
export async function startAttempt(db: Db, config: PaymentConfig, orderId: number, now = new Date()): Promise<CardPaymentForm> {
  assertCardPayable(config);
  const started = await db.transaction(async (tx) => {
    const [order] = await sqlRows<OrderRow>(
      tx,
      sql`select id, total_cents, language, customer_name, customer_email, customer_phone, payment_status, order_status
          from orders where id = ${orderId} for update`,
    );
    if (!order || !isPayable(order)) throw new AppError(409, paymentsMessages.notPayable);
    const oid = attemptOid(order.id, newOidSuffix());
    await tx.execute(sql`insert into card_payment_attempts (order_id, oid, amount_cents, status, hold_until, created_at)
                         values (${order.id}, ${oid}, ${order.total_cents}, 'waiting', ${holdUntil(config, now)}, ${now})`);
    if (order.payment_status === 'failed') {
      await tx.execute(
        sql`update orders set payment_status = 'pending', version = version + 1, updated_at = ${now} where id = ${order.id}`,
      );
      await tx.execute(sql`insert into order_status_history (order_id, order_status, payment_status, note, changed_by, created_at)
                           values (${order.id}, ${order.order_status}, 'pending', 'card: new attempt', null, ${now})`);
    }
    return { order: payingOrder(order), oid };
  });
  return attemptForm(config, started.order, started.oid, started.order.totalCents);
}

/** The latest attempt's form again (a replayed checkout answers with it), or null when none waits. */
export async function latestAttemptForm(db: DbOrTx, config: PaymentConfig, orderId: number): Promise<CardPaymentForm | null> {
  const [row] = await sqlRows<OrderRow & { oid: string; amount_cents: number }>(
    db,
    sql`select o.id, o.total_cents, o.language, o.customer_name, o.customer_email, o.customer_phone, o.payment_status, o.order_status,
               a.oid, a.amount_cents
        from card_payment_attempts a join orders o on o.id = a.order_id
        where a.order_id = ${orderId} and a.status = 'waiting' order by a.created_at desc, a.id desc limit 1`,
  );
  if (!row || !isPayable(row) || !cardGatewayOf(config)) return null;
  return attemptForm(config, payingOrder(row), row.oid, Number(row.amount_cents));
}

/**
 * "Pay on delivery instead" after a card payment did not go through: the order becomes cash on
 * delivery (so no hold cancels it any more); an attempt still waiting that is approved later is `late`
 * only if the order was paid otherwise, so a payment that did go through still counts.
 */
export async function switchToCash(db: Db, orderId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await sqlRows<OrderRow & { payment_method: string }>(
      tx,
      sql`select id, total_cents, language, customer_name, customer_email, customer_phone, payment_status, order_status, payment_method
          from orders where id = ${orderId} for update`,
    );
    if (!order || !isPayable(order)) throw new AppError(409, paymentsMessages.notPayable);
    if (order.payment_method === 'cash_on_delivery') return;
    await tx.execute(sql`update orders set payment_method = 'cash_on_delivery', payment_status = 'pending', version = version + 1,
                         updated_at = ${now} where id = ${order.id}`);
    await tx.execute(sql`insert into order_status_history (order_id, order_status, payment_status, note, changed_by, created_at)
                         values (${order.id}, ${order.order_status}, 'pending', 'card: pay on delivery instead', null, ${now})`);
  });
}
