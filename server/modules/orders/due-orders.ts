/**
 * Orders still to deliver on a day (not delivered, not cancelled), and moving them (all, or the ones
 * staff chose, some into another slot) to another day:
 * what the delivery module's closing of a day (delivery/delivery.admin.service.ts `closeDate`) asks of
 * the orders. The orders' rows, history and mails are written here only; the caller holds the day's
 * lock and its transaction.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import type { DueOrders } from '../../../shared/schemas/delivery-admin.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { auditLog, orders, orderStatusHistory, type ShopNames } from '../../db/schema.js';
import { queueOutbox } from '../../lib/mail-queue.js';
import { deliveryMovedMailEntry } from './order-mails.js';
import { pickName } from './order-names.js';

/** Orders still to deliver (not delivered, not cancelled) on `date`. */
const dueOn = (date: string) => and(eq(orders.deliveryDate, date), sql`${orders.orderStatus} not in ('delivered', 'cancelled')`);

/**
 * The first `limit` orders due on `date` (by id) and how many there are in all, each with what staff
 * decide on: its recipient, its slot (the label in `locale`), its notes and card message.
 */
export async function ordersDueOn(db: DbOrTx, date: string, limit: number, locale: Locale): Promise<Pick<DueOrders, 'orders' | 'total'>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        customer_name: orders.customerName,
        recipient_name: orders.recipientName,
        delivery_city: orders.deliveryCity,
        delivery_method: orders.deliveryMethod,
        delivery_zone_id: orders.deliveryZoneId,
        order_status: orders.orderStatus,
        slotKey: orders.deliverySlot,
        slotNames: orders.deliverySlotNames,
        order_notes: orders.orderNotes,
        gift_message: orders.giftMessage,
      })
      .from(orders)
      .where(dueOn(date))
      .orderBy(asc(orders.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(dueOn(date)),
  ]);
  return {
    orders: rows.map(({ slotKey, slotNames, delivery_method, ...o }) => ({
      ...o,
      delivery_method: delivery_method === 'pickup' ? ('pickup' as const) : ('delivery' as const),
      delivery_slot: slotKey ? { key: slotKey, label: pickName(slotNames, locale, slotKey) } : null,
    })),
    total: Number(total),
  };
}

/** An order due on a day, as a move needs it. */
export interface DueOrderRef {
  id: number;
  method: string;
  zoneId: number | null;
  key: string | null;
}

/** Every order due on `date`, locked in id order (like every other order write), in `tx`. */
export async function lockDueOrders(tx: Tx, date: string): Promise<DueOrderRef[]> {
  return tx
    .select({ id: orders.id, method: orders.deliveryMethod, zoneId: orders.deliveryZoneId, key: orders.deliverySlot })
    .from(orders)
    .where(dueOn(date))
    .orderBy(asc(orders.id))
    .for('update');
}

/** A slot an order takes: its key, its label in every language and its start (what the order keeps). */
export interface NewSlot {
  key: string;
  names: ShopNames;
  starts: string;
}

/**
 * Moves the orders due on `from` to `to` (the ones of `ids`, else all), in `tx`: each locked in id
 * order like every other order write, its version bumped, its slot changed when `slots` gives it
 * another, a history row and an audit row naming `actor`, and a mail to the customer in the order's
 * language queued in the outbox (sent once `tx` commits).
 */
export async function moveDueOrders(
  tx: Tx,
  move: {
    from: string;
    to: string;
    ids?: readonly number[];
    slots?: ReadonlyMap<number, NewSlot>;
    actor: { id: number; email: string };
    route: string;
    now: Date;
  },
): Promise<{ id: number; delivery_date: string; delivery_slot: string | null }[]> {
  const { from, to, actor, now } = move;
  if (move.ids && move.ids.length === 0) return [];
  const rows = await tx
    .select({
      id: orders.id,
      version: orders.version,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      slot: orders.deliverySlot,
    })
    .from(orders)
    .where(move.ids ? and(dueOn(from), inArray(orders.id, [...move.ids])) : dueOn(from))
    .orderBy(asc(orders.id))
    .for('update');
  if (rows.length === 0) return [];
  const slotOf = (id: number) => move.slots?.get(id);
  // One statement for the day of every order, one per new slot (a day has a handful), whatever the count.
  await tx
    .update(orders)
    .set({ deliveryDate: to, version: sql`${orders.version} + 1`, updatedAt: now })
    .where(
      inArray(
        orders.id,
        rows.map((o) => o.id),
      ),
    );
  const bySlot = new Map<string, { slot: NewSlot; ids: number[] }>();
  for (const o of rows) {
    const slot = slotOf(o.id);
    if (!slot) continue;
    const group = bySlot.get(slot.key) ?? { slot, ids: [] };
    group.ids.push(o.id);
    bySlot.set(slot.key, group);
  }
  for (const { slot, ids } of bySlot.values()) {
    await tx
      .update(orders)
      .set({ deliverySlot: slot.key, deliverySlotNames: slot.names, deliverySlotStarts: slot.starts })
      .where(inArray(orders.id, ids));
  }
  const note = (o: (typeof rows)[number]) => {
    const slot = slotOf(o.id);
    return `delivery ${from} → ${to} (day closed)${slot ? `, slot ${o.slot ?? '-'} → ${slot.key}` : ''}`;
  };
  await tx.insert(orderStatusHistory).values(
    rows.map((o) => ({
      orderId: o.id,
      orderStatus: o.orderStatus,
      paymentStatus: o.paymentStatus,
      note: note(o),
      changedBy: actor.id,
      createdAt: now,
    })),
  );
  await tx.insert(auditLog).values(
    rows.map((o) => {
      const slot = slotOf(o.id);
      return {
        actorId: actor.id,
        actorEmail: actor.email,
        method: 'POST',
        route: move.route,
        action: 'order.delivery_moved',
        entity: 'order',
        entityId: String(o.id),
        before: { delivery_date: from, version: o.version, ...(slot ? { delivery_slot: o.slot } : {}) },
        after: { delivery_date: to, version: o.version + 1, ...(slot ? { delivery_slot: slot.key } : {}) },
      };
    }),
  );
  await queueOutbox(
    tx,
    rows.map((o) => deliveryMovedMailEntry(o.id, from, to)),
  );
  return rows.map((o) => ({ id: o.id, delivery_date: to, delivery_slot: slotOf(o.id)?.key ?? o.slot }));
}
