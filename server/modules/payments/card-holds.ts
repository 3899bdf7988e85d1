/**
 * The stock a storefront card order holds while its shopper pays: each attempt holds it until
 * `hold_until` (CARD_PAYMENT_HOLD_MINUTES after the attempt started). When the latest attempt's hold has
 * run out and no payment came, `expireCardHolds` cancels the order, gives its units back, marks its
 * attempts expired and queues the "order cancelled, payment not received" mail, all in one transaction
 * per order.
 *
 * Safe with several server processes: every process runs the sweep (`scheduleCardHolds`, once a minute),
 * each order is taken with `for update skip locked` and its condition read again under that lock, so an
 * order is cancelled once, and an approved callback arriving at the same moment either comes first (the
 * order is paid, the sweep skips it) or after (the attempt is `late`, its PreAuth not captured).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { queueOutbox } from '../../lib/mail-queue.js';
import { moveStock } from '../orders/orders.edit.service.js';
import { paymentExpiredMailEntry } from '../orders/payment-mails.js';

/** How often each process looks for holds that ran out. */
export const HOLD_SWEEP_EVERY_MS = 60_000;
/** Orders cancelled per sweep at most (the next sweep takes the rest). */
const BATCH = 50;

/** A storefront card order not paid and not under way, whose every attempt's hold has ended. */
const heldOut = (now: Date) => sql`o.payment_method = 'card_payment' and o.payment_status in ('pending', 'failed')
  and o.order_status in ('pending', 'not_confirmed')
  and exists (select 1 from card_payment_attempts a where a.order_id = o.id)
  and not exists (select 1 from card_payment_attempts a where a.order_id = o.id and (a.hold_until > ${now} or a.status = 'paid'))`;

/** Cancels the orders whose hold ran out (see the file comment); returns their ids. */
export async function expireCardHolds(db: Db, now = new Date()): Promise<number[]> {
  const due = await sqlRows<{ id: number }>(db, sql`select o.id from orders o where ${heldOut(now)} order by o.id limit ${BATCH}`);
  const expired: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await sqlRows<{ id: number; payment_status: string }>(
        tx,
        sql`select o.id, o.payment_status from orders o where o.id = ${id} and ${heldOut(now)} for update skip locked`,
      );
      if (!order) return false;
      await moveStock(tx, id, 1);
      await tx.execute(sql`update orders set order_status = 'cancelled', version = version + 1, updated_at = ${now} where id = ${id}`);
      await tx.execute(sql`insert into order_status_history (order_id, order_status, payment_status, note, changed_by, created_at)
                           values (${id}, 'cancelled', ${order.payment_status}, 'card: payment not received in time', null, ${now})`);
      await tx.execute(sql`update card_payment_attempts set status = 'expired' where order_id = ${id} and status = 'waiting'`);
      await queueOutbox(tx, [paymentExpiredMailEntry(id)]);
      return true;
    });
    if (done) expired.push(id);
  }
  return expired;
}

interface SweepApp {
  database: { db: Db };
  mailQueue: { nudge(): void };
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown;
}

/** Runs the sweep on this process once a minute while the server runs. */
export function scheduleCardHolds(app: SweepApp): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const expired = await expireCardHolds(app.database.db);
      if (expired.length > 0) {
        app.log.info({ orders: expired }, 'card payment holds ran out: orders cancelled, stock returned');
        app.mailQueue.nudge();
      }
    } catch (err) {
      app.log.error({ err: { message: (err as Error).message } }, 'card payment hold sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), HOLD_SWEEP_EVERY_MS);
    timer.unref();
    void sweep();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
