/**
 * One-tap status changes from the workshop sheet and their Undo, through the order edit route: each
 * change is a history row and an audit row, and the customer hears only about a status that stayed
 * (the mail waits STATUS_MAIL_DELAY_MS; an undo inside it withdraws it and mails nothing).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orderStatusHistory } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from './order-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp({ STATUS_MAIL_DELAY_MS: '60000' });
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

const move = async (id: number, order_status: string, version: number) => {
  const res = await as(admin, 'fr')('PUT', `/api/admin/orders/edit/${id}`, { order_status, payment_status: 'pending', version });
  expect(res.statusCode).toBe(200);
  return res.json().data as { version: number; order_status: string };
};
const waiting = (id: number) =>
  ctx.db
    .select({ status: sql<string>`${mailOutbox.payload} ->> 'status'`, runAt: mailOutbox.runAt })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.kind, 'order_status'), sql`(${mailOutbox.payload} ->> 'orderId')::int = ${id}`, sql`${mailOutbox.sentAt} is null`),
    );
/** The waiting mails fall due now (as if the delay had passed) and the queue sends them. */
const letTimePass = async () => {
  await ctx.db.execute(sql`update mail_outbox set run_at = now() where sent_at is null`);
  // On PostgreSQL each row's job waits as long (graphile-worker's own table).
  if (onPostgres) await ctx.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`);
  await ctx.app.mailQueue.settled();
};
const mailsTo = (email: string) => ctx.mail.sent.filter((m) => m.to === email).map((m) => m.subject);

describe('one tap and undo from the workshop sheet', () => {
  it('keeps the history and the audit of both moves, and mails nothing for an undone change', async () => {
    const email = 'undo@example.com';
    const id = await insertOrder(ctx.db, { email, status: 'confirmed', deliveryDate: '2031-06-01' });
    let order = await move(id, 'on_delivery', 1);
    expect(order).toMatchObject({ order_status: 'on_delivery', version: 2 });
    const [queued] = await waiting(id);
    expect(queued!.status).toBe('on_delivery');
    // Not before the undo window is over.
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    order = await move(id, 'confirmed', order.version);
    expect(order.order_status).toBe('confirmed');
    // The waiting mail is withdrawn, and "confirmed" is not mailed again.
    expect(await waiting(id)).toEqual([]);
    await letTimePass();
    expect(mailsTo(email)).toEqual([]);

    const history = await ctx.db
      .select({ status: orderStatusHistory.orderStatus, by: orderStatusHistory.changedBy })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => h.status)).toEqual(['confirmed', 'on_delivery', 'confirmed']);
    expect(history.slice(1).every((h) => h.by === admin.id)).toBe(true);
    const audits = await ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.update'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => (a.after as { order_status: string }).order_status)).toEqual(['on_delivery', 'confirmed']);
  });

  it('mails a status that stayed once the delay is over, and only the last of quick successive ones', async () => {
    const email = 'round@example.com';
    const id = await insertOrder(ctx.db, { email, status: 'confirmed', deliveryDate: '2031-06-01' });
    let order = await move(id, 'on_delivery', 1);
    await letTimePass();
    expect(mailsTo(email)).toEqual([`Votre commande n°${id} est en route`]);

    // Delivered, undone (back to on delivery, already heard), delivered again: one "delivered" mail.
    order = await move(id, 'delivered', order.version);
    order = await move(id, 'on_delivery', order.version);
    expect(await waiting(id)).toEqual([]);
    await move(id, 'delivered', order.version);
    expect((await waiting(id)).map((w) => w.status)).toEqual(['delivered']);
    await letTimePass();
    expect(mailsTo(email)).toEqual([`Votre commande n°${id} est en route`, `Votre commande n°${id} a été livrée`]);
  });

  it('refuses a stale tap (a colleague saved in between) with the fresh order', async () => {
    const id = await insertOrder(ctx.db, { status: 'confirmed', deliveryDate: '2031-06-01' });
    await move(id, 'on_delivery', 1);
    const res = await as(admin, 'fr')('PUT', `/api/admin/orders/edit/${id}`, {
      order_status: 'delivered',
      payment_status: 'pending',
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().order).toMatchObject({ order_status: 'on_delivery', version: 2 });
  });
});
