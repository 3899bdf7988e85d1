/**
 * The customer's mail about a back-office status change, queued so that an undo mails nothing.
 *
 * A status mail waits STATUS_MAIL_DELAY_MS (the workshop sheet offers Undo for less than that). Every
 * status change first withdraws the order's status mail still waiting (the customer never heard it,
 * and the status it announced is gone), then queues one for the new status only when it is a status
 * the customer is told about and not the one they last heard. So:
 *   confirmed (mailed) → on delivery → undo to confirmed within the delay: no mail at all;
 *   on delivery → delivered → undo: the "delivered" mail is withdrawn, "on delivery" was already heard;
 *   a change that stays: one mail, STATUS_MAIL_DELAY_MS later.
 * At sending time the renderer also drops a mail whose status the order no longer has (a change made
 * on another process in the same instant).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { queueOutbox } from '../../lib/mail-queue.js';
import { isMailedStatus } from './order-mails.js';

interface App {
  database: { db: Db };
  mailQueue: { nudge(): void };
  config: { statusMailDelayMs: number };
}

/**
 * After the order moved from `from` to `status`: withdraws its waiting status mail and queues the new
 * status's one if the customer must hear it. Returns whether one was queued.
 */
export async function queueStatusMail(app: App, orderId: number, from: string, status: string): Promise<boolean> {
  const queued = await app.database.db.transaction(async (tx) => {
    const withdrawn = await sqlRows<{ from: string | null }>(
      tx,
      sql`delete from mail_outbox
        where kind = 'order_status' and (payload ->> 'orderId')::int = ${orderId} and sent_at is null and failed_at is null
        returning payload ->> 'from' as from`,
    );
    // Back to where it was before a change nobody was told about: an undo, nothing to say.
    if (withdrawn.some((w) => w.from === status)) return false;
    if (!isMailedStatus(status)) return false;
    const [heard] = await sqlRows<{ status: string }>(
      tx,
      sql`select payload ->> 'status' as status from mail_outbox
        where kind = 'order_status' and (payload ->> 'orderId')::int = ${orderId} and sent_at is not null
        order by sent_at desc, id desc limit 1`,
    );
    if (heard?.status === status) return false;
    await queueOutbox(tx, [{ kind: 'order_status', payload: { orderId, status, from }, delayMs: app.config.statusMailDelayMs }]);
    return true;
  });
  if (queued) app.mailQueue.nudge();
  return queued;
}
