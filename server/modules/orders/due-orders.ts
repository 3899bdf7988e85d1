/**
 * Orders still to deliver on a day (not delivered, not cancelled), and moving them all to another day:
 * what the delivery module's closing of a day (delivery/delivery.admin.service.ts `closeDate`) asks of
 * the orders. The orders' rows, history and mails are written here only; the caller holds the day's
 * lock and its transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DueOrders } from '../../../shared/schemas/delivery-admin.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { auditLog, orders, orderStatusHistory } from '../../db/schema.js';
import { queueOutbox } from '../../lib/mail-queue.js';
import { deliveryMovedMailEntry } from './order-mails.js';

/** Orders still to deliver (not delivered, not cancelled) on `date`. */
const dueOn = (date: string) => and(eq(orders.deliveryDate, date), sql`${orders.orderStatus} not in ('delivered', 'cancelled')`);

/** The first `limit` orders due on `date` (by id) and how many there are in all. */
export async function ordersDueOn(db: DbOrTx, date: string, limit: number): Promise<Pick<DueOrders, 'orders' | 'total'>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: orders.id, customer_name: orders.customerName, delivery_city: orders.deliveryCity, order_status: orders.orderStatus })
      .from(orders)
      .where(dueOn(date))
      .orderBy(asc(orders.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(dueOn(date)),
  ]);
  return { orders: rows, total: Number(total) };
}

/**
 * Moves every order due on `from` to `to`, in `tx`: each locked in id order like every other order
 * write, its version bumped, a history row and an audit row naming `actor`, and a mail to the customer
 * in the order's language queued in the outbox (sent once `tx` commits).
 */
export async function moveDueOrders(
  tx: Tx,
  move: { from: string; to: string; actor: { id: number; email: string }; route: string; now: Date },
): Promise<{ id: number; delivery_date: string }[]> {
  const { from, to, actor, now } = move;
  const rows = await tx
    .select({ id: orders.id, version: orders.version, orderStatus: orders.orderStatus, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(dueOn(from))
    .orderBy(asc(orders.id))
    .for('update');
  if (rows.length === 0) return [];
  for (const order of rows) {
    await tx
      .update(orders)
      .set({ deliveryDate: to, version: order.version + 1, updatedAt: now })
      .where(eq(orders.id, order.id));
  }
  const note = `delivery ${from} → ${to} (day closed)`;
  await tx.insert(orderStatusHistory).values(
    rows.map((o) => ({
      orderId: o.id,
      orderStatus: o.orderStatus,
      paymentStatus: o.paymentStatus,
      note,
      changedBy: actor.id,
      createdAt: now,
    })),
  );
  await tx.insert(auditLog).values(
    rows.map((o) => ({
      actorId: actor.id,
      actorEmail: actor.email,
      method: 'POST',
      route: move.route,
      action: 'order.delivery_moved',
      entity: 'order',
      entityId: String(o.id),
      before: { delivery_date: from, version: o.version },
      after: { delivery_date: to, version: o.version + 1 },
    })),
  );
  await queueOutbox(
    tx,
    rows.map((o) => deliveryMovedMailEntry(o.id, from, to)),
  );
  return rows.map((o) => ({ id: o.id, delivery_date: to }));
}
