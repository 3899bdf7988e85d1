/**
 * What the gateway's server-to-server callback does to an order (`applyGatewayResult`), in one
 * transaction: the attempt is found by its `oid`, then the ORDER row is locked first (as every order
 * write and the hold expiry lock it), then the attempt row, and checked again under those locks:
 *   - approved, order still waiting: the attempt is paid (TransId, AuthCode, masked card kept), the
 *     payment recorded as `card_online` (orders/payments.service.ts `recordPayment`, which sets the order
 *     paid), the "payment received" mail queued; answer `paid` (the gateway then captures the PreAuth);
 *   - approved, but the order was paid by another attempt or cancelled meanwhile: the attempt is `late`
 *     and the PreAuth is NOT captured (answer `acknowledged`), so the shopper is never charged twice;
 *   - declined: the attempt is `declined`, the order's payment `failed` until another attempt; answer
 *     `acknowledged`;
 *   - an attempt already answered (the same callback again): nothing changes, the first answer again;
 *   - a wrong signature, an unknown oid, an amount that is not the attempt's and the order's total:
 *     nothing changes; answer `refused`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { fromCents } from '../../../shared/money.js';
import type { CardPaymentResult } from '../../lib/card-gateway/gateway.js';
import { queueOutbox } from '../../lib/mail-queue.js';
import { recordPayment } from '../orders/payments.service.js';
import { paymentReceivedMailEntry } from '../orders/payment-mails.js';

export type GatewayOutcome =
  | { answer: 'paid' | 'acknowledged'; orderId: number; repeated: boolean; status: AttemptStatus }
  | { answer: 'refused'; reason: 'hash' | 'fields' | 'unknown_oid' | 'amount' };

export type AttemptStatus = 'waiting' | 'paid' | 'declined' | 'late' | 'expired';

type AttemptRow = { id: number; order_id: number; amount_cents: number; status: AttemptStatus };
type OrderRow = { id: number; total_cents: number; payment_status: string; order_status: string };

/** The answer an attempt already answered was given. */
const answerOf = (status: AttemptStatus): 'paid' | 'acknowledged' => (status === 'paid' ? 'paid' : 'acknowledged');

export async function applyGatewayResult(db: Db, result: CardPaymentResult, now = new Date()): Promise<GatewayOutcome> {
  if (!result.valid) return { answer: 'refused', reason: result.reason };
  const [found] = await sqlRows<{ order_id: number }>(db, sql`select order_id from card_payment_attempts where oid = ${result.attemptId}`);
  if (!found) return { answer: 'refused', reason: 'unknown_oid' };
  return db.transaction(async (tx) => {
    const [order] = await sqlRows<OrderRow>(
      tx,
      sql`select id, total_cents, payment_status, order_status from orders where id = ${found.order_id} for update`,
    );
    const [attempt] = await sqlRows<AttemptRow>(
      tx,
      sql`select id, order_id, amount_cents, status from card_payment_attempts where oid = ${result.attemptId} for update`,
    );
    if (!order || !attempt) return { answer: 'refused', reason: 'unknown_oid' } as const;
    if (result.amountCentimes !== Number(attempt.amount_cents) || result.amountCentimes !== Number(order.total_cents))
      return { answer: 'refused', reason: 'amount' } as const;
    if (attempt.status !== 'waiting' && attempt.status !== 'expired')
      return { answer: answerOf(attempt.status), orderId: order.id, repeated: true, status: attempt.status };

    const gatewayFields = sql`transaction_id = ${result.transactionId}, auth_code = ${result.authCode},
      masked_card = ${result.maskedCard}, message = ${result.message}, answered_at = ${now}`;
    if (!result.approved) {
      await tx.execute(sql`update card_payment_attempts set status = 'declined', ${gatewayFields} where id = ${attempt.id}`);
      if (order.payment_status === 'pending' && order.order_status !== 'cancelled') {
        await tx.execute(
          sql`update orders set payment_status = 'failed', version = version + 1, updated_at = ${now} where id = ${order.id}`,
        );
        await tx.execute(sql`insert into order_status_history (order_id, order_status, payment_status, note, changed_by, created_at)
                             values (${order.id}, ${order.order_status}, 'failed', 'card: declined', null, ${now})`);
      }
      return { answer: 'acknowledged', orderId: order.id, repeated: false, status: 'declined' } as const;
    }
    // Paid by another attempt, refunded or cancelled (the hold ran out): this PreAuth is not captured.
    if (order.order_status === 'cancelled' || order.payment_status === 'paid' || order.payment_status === 'refunded') {
      await tx.execute(sql`update card_payment_attempts set status = 'late', ${gatewayFields} where id = ${attempt.id}`);
      return { answer: 'acknowledged', orderId: order.id, repeated: false, status: 'late' } as const;
    }
    await tx.execute(sql`update card_payment_attempts set status = 'paid', ${gatewayFields} where id = ${attempt.id}`);
    // Savepoint inside this transaction: the payment row and the order's status, under the same order lock.
    await recordPayment(
      tx as unknown as Db,
      order.id,
      { method: 'card_online', amount: fromCents(Number(order.total_cents)), reference: result.transactionId },
      null,
    );
    await queueOutbox(tx, [paymentReceivedMailEntry(order.id)]);
    return { answer: 'paid', orderId: order.id, repeated: false, status: 'paid' } as const;
  });
}
