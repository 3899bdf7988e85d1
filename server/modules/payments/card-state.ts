/**
 * Where an order's card payment stands, as the server knows it (the confirmation and tracking pages
 * show this, never what the browser was told by the gateway), and who may see it or pay again: the
 * order's customer signed in, or whoever holds the order's signed tracking link.
 */
import { sql } from 'drizzle-orm';
import { fromCents } from '../../../shared/money.js';
import type { CardPaymentState, CardState } from '../../../shared/schemas/card-payments.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { verifyOrderTrackingToken } from '../orders/order-links.js';
import { orderMessages } from '../orders/orders.service.js';
import { cardGatewayOf, gatewayReachable } from './card-gateway-of.js';
import { isPayable, type PaymentConfig } from './attempts.js';

type Row = {
  id: number;
  user_id: number | null;
  customer_email: string;
  total_cents: number;
  payment_method: string;
  payment_status: string;
  order_status: string;
  latest: string | null;
};

/** The order, when the caller may see it (404 otherwise, the same as an order that does not exist). */
export async function accessibleOrder(
  db: DbOrTx,
  dataDir: string,
  orderId: number,
  who: { userId: number | null; token: string | undefined },
): Promise<Row> {
  const [order] = await sqlRows<Row>(
    db,
    sql`select o.id, o.user_id, o.customer_email, o.total_cents, o.payment_method, o.payment_status, o.order_status,
               (select a.status from card_payment_attempts a where a.order_id = o.id order by a.created_at desc, a.id desc limit 1) as latest
        from orders o where o.id = ${orderId}`,
  );
  const mine = order && who.userId !== null && order.user_id === who.userId;
  const linked = order && who.token && verifyOrderTrackingToken(dataDir, orderId, order.customer_email, who.token) !== false;
  if (!order || (!mine && !linked)) throw new AppError(404, orderMessages.notFound);
  return order;
}

function stateOf(order: Row): CardState {
  if (order.payment_status === 'paid') return 'paid';
  if (order.latest === null) return 'none';
  if (order.latest === 'expired' || order.order_status === 'cancelled') return 'expired';
  if (order.latest === 'declined' || order.payment_status === 'failed') return 'failed';
  return 'waiting';
}

export function cardPaymentState(config: PaymentConfig, order: Row): CardPaymentState {
  return {
    order_id: order.id,
    state: stateOf(order),
    payment_status: order.payment_status as CardPaymentState['payment_status'],
    can_pay: Boolean(cardGatewayOf(config)) && gatewayReachable(config) && order.payment_method === 'card_payment' && isPayable(order),
    total_amount: fromCents(Number(order.total_cents)),
  };
}
