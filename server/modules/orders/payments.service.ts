/**
 * An order's money: each payment (cash collected at the door or the counter, a card terminal, a bank
 * transfer, the online card payment) and each refund is a row of `order_payments`; the order's
 * `payment_status` follows from them, in the same transaction:
 *   - `paid` once the payments cover the total (a partial payment leaves it `pending`, with what is due);
 *   - `refunded` once everything received was given back (a partial refund keeps `paid`).
 * The order row is locked first, so two staff recording at once never both take the last dirham due, and
 * its version moves on, so an edit screen opened before sees the change (409 with the fresh order).
 * A status change is a row of the order's history, like any other.
 */
import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../shared/constants.js';
import { fromCents, toCents } from '../../../shared/money.js';
import type { CashDay, OrderPayments, PaymentMethod, RecordPayment, RecordRefund } from '../../../shared/schemas/payments.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { orderMessages } from './orders.service.js';

export const paymentMessages = defineMessages({
  moreThanDue: {
    fr: 'Le montant dépasse ce qui reste à payer ({due} MAD).',
    en: 'The amount is more than what is still due ({due} MAD).',
    ar: 'المبلغ أكبر مما تبقى للدفع ({due} درهم).',
  },
  nothingDue: {
    fr: 'Cette commande est déjà entièrement payée.',
    en: 'This order is already paid in full.',
    ar: 'هذا الطلب مدفوع بالكامل.',
  },
  moreThanPaid: {
    fr: 'On ne peut rembourser plus que ce qui a été reçu ({paid} MAD).',
    en: 'A refund cannot be more than what was received ({paid} MAD).',
    ar: 'لا يمكن أن يتجاوز الاسترداد ما تم استلامه ({paid} درهم).',
  },
  cancelled: {
    fr: 'Cette commande est annulée : aucun paiement ne peut y être ajouté.',
    en: 'This order is cancelled: no payment can be added to it.',
    ar: 'هذا الطلب ملغى ولا يمكن إضافة دفعة إليه.',
  },
});

type OrderMoney = { id: number; total_cents: number; payment_status: string; order_status: string; version: number };
type Sums = { paid_cents: number; refunded_cents: number };

async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderMoney> {
  const [order] = await sqlRows<OrderMoney>(
    tx,
    sql`select id, total_cents, payment_status, order_status, version from orders where id = ${orderId} for update`,
  );
  if (!order) throw new AppError(404, orderMessages.notFound);
  return order;
}

async function sums(tx: DbOrTx, orderId: number): Promise<Sums> {
  const [row] = await sqlRows<Sums>(
    tx,
    sql`select coalesce(sum(amount_cents) filter (where kind = 'payment'), 0)::int as paid_cents,
               coalesce(sum(amount_cents) filter (where kind = 'refund'), 0)::int as refunded_cents
        from order_payments where order_id = ${orderId}`,
  );
  return { paid_cents: Number(row!.paid_cents), refunded_cents: Number(row!.refunded_cents) };
}

/** The payment status the rows give (`failed` and a status set by hand stay while no row says otherwise). */
export function statusFromPayments(current: string, totalCents: number, s: Sums): string {
  if (s.refunded_cents > 0 && s.refunded_cents >= s.paid_cents) return 'refunded';
  if (s.paid_cents >= totalCents && s.paid_cents > 0) return 'paid';
  if (s.paid_cents > 0) return 'pending';
  return current;
}

/** Writes the status the rows give, with a history row and a new version, when it changed. */
async function settle(tx: DbOrTx, order: OrderMoney, staffId: number | null, note: string): Promise<void> {
  const next = statusFromPayments(order.payment_status, order.total_cents, await sums(tx, order.id));
  await tx.execute(sql`update orders set payment_status = ${next}, version = version + 1, updated_at = now() where id = ${order.id}`);
  if (next !== order.payment_status) {
    await tx.execute(sql`insert into order_status_history (order_id, order_status, payment_status, note, changed_by)
                         values (${order.id}, ${order.order_status}, ${next}, ${note}, ${staffId})`);
  }
}

export async function orderPayments(db: DbOrTx, orderId: number): Promise<OrderPayments> {
  const [order] = await sqlRows<OrderMoney>(
    db,
    sql`select id, total_cents, payment_status, order_status, version from orders where id = ${orderId}`,
  );
  if (!order) throw new AppError(404, orderMessages.notFound);
  const entries = await sqlRows<{
    id: number;
    kind: 'payment' | 'refund';
    method: PaymentMethod;
    amount_cents: number;
    reference: string | null;
    reason: string | null;
    recorded_by: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`select p.id, p.kind, p.method, p.amount_cents, p.reference, p.reason, u.name as recorded_by, p.created_at
        from order_payments p left join users u on u.id = p.recorded_by
        where p.order_id = ${orderId} order by p.created_at, p.id`,
  );
  const paid = entries.filter((e) => e.kind === 'payment').reduce((n, e) => n + Number(e.amount_cents), 0);
  const refunded = entries.filter((e) => e.kind === 'refund').reduce((n, e) => n + Number(e.amount_cents), 0);
  return {
    order_id: order.id,
    total: fromCents(order.total_cents),
    paid: fromCents(paid - refunded),
    refunded: fromCents(refunded),
    due: fromCents(Math.max(0, order.total_cents - paid)),
    payment_status: order.payment_status as OrderPayments['payment_status'],
    version: order.version,
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      method: e.method,
      amount: fromCents(Number(e.amount_cents)),
      reference: e.reference,
      reason: e.reason,
      recorded_by: e.recorded_by,
      created_at: new Date(e.created_at).toISOString(),
    })),
  };
}

/** What a payment or refund changed: the order's money before (for the audit row) and after. */
export interface MoneyRecorded {
  before: { payment_status: string; paid: number };
  money: OrderPayments;
}

/**
 * Money received for an order. `method: 'card_online'` is the gateway's (no staff member); staff record
 * the others. More than what is due is refused, naming what is due.
 */
export async function recordPayment(
  db: Db,
  orderId: number,
  input:
    | RecordPayment
    | { method: 'card_online'; amount: number; reference: string | null }
    | { method: 'cash'; amount: 'due'; reference: null },
  staffId: number | null,
): Promise<MoneyRecorded> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.order_status === 'cancelled') throw new AppError(409, paymentMessages.cancelled);
    const { paid_cents, refunded_cents } = await sums(tx, orderId);
    const due = order.total_cents - paid_cents;
    if (due <= 0) throw new AppError(409, paymentMessages.nothingDue);
    // "Cash collected": whatever is still due as the order is locked, so a tap on a screen read before
    // a colleague's partial payment takes the rest, not the total.
    const amount = input.amount === 'due' ? due : toCents(input.amount);
    if (amount > due) throw new FieldValidationError({ amount: [withAmount(paymentMessages.moreThanDue, due)] });
    await tx.execute(sql`insert into order_payments (order_id, kind, method, amount_cents, reference, recorded_by)
                         values (${orderId}, 'payment', ${input.method}, ${amount}, ${input.reference ?? null}, ${staffId})`);
    await settle(tx, order, staffId, `payment:${input.method}`);
    return {
      before: { payment_status: order.payment_status, paid: fromCents(paid_cents - refunded_cents) },
      money: await orderPayments(tx, orderId),
    };
  });
}

/** Money given back, with its reason; never more than what was received and not yet refunded. */
export async function recordRefund(db: Db, orderId: number, input: RecordRefund, staffId: number): Promise<MoneyRecorded> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const { paid_cents, refunded_cents } = await sums(tx, orderId);
    const amount = toCents(input.amount);
    const refundable = paid_cents - refunded_cents;
    if (amount > refundable) throw new FieldValidationError({ amount: [withAmount(paymentMessages.moreThanPaid, refundable, 'paid')] });
    await tx.execute(sql`insert into order_payments (order_id, kind, method, amount_cents, reason, recorded_by)
                         values (${orderId}, 'refund', ${input.method}, ${amount}, ${input.reason}, ${staffId})`);
    await settle(tx, order, staffId, 'refund');
    return { before: { payment_status: order.payment_status, paid: fromCents(refundable) }, money: await orderPayments(tx, orderId) };
  });
}

/** A message with its amount written in (field errors carry ready texts, not parameters). */
function withAmount(message: { fr: string; en: string; ar: string }, cents: number, name = 'due') {
  const amount = fromCents(cents).toFixed(2);
  return {
    fr: message.fr.replace(`{${name}}`, amount.replace('.', ',')),
    en: message.en.replace(`{${name}}`, amount),
    ar: message.ar.replace(`{${name}}`, amount.replace('.', ',')),
  };
}

/**
 * The day's cash (a shop day, Africa/Casablanca): what each staff member or driver took in by method and
 * gave back, the online card payments, and the cash-on-delivery orders due that day with money still to
 * collect. Sums are made in SQL; `total` is the sum of the people's totals and the card payments.
 */
export async function cashDay(db: Db, day: string): Promise<CashDay> {
  const tz = sql.raw(`'${SHOP_TIME_ZONE}'`);
  const from = sql`(${day}::timestamp at time zone ${tz})`;
  const to = sql`((${day}::date + 1)::timestamp at time zone ${tz})`;
  const people = await sqlRows<{
    staff_id: number | null;
    name: string | null;
    cash: number;
    card_terminal: number;
    bank_transfer: number;
    refunds: number;
  }>(
    db,
    sql`select p.recorded_by as staff_id, coalesce(u.name, u.email) as name,
               coalesce(sum(p.amount_cents) filter (where p.kind = 'payment' and p.method = 'cash'), 0)::int as cash,
               coalesce(sum(p.amount_cents) filter (where p.kind = 'payment' and p.method = 'card_terminal'), 0)::int as card_terminal,
               coalesce(sum(p.amount_cents) filter (where p.kind = 'payment' and p.method = 'bank_transfer'), 0)::int as bank_transfer,
               coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::int as refunds
        from order_payments p left join users u on u.id = p.recorded_by
        where p.created_at >= ${from} and p.created_at < ${to} and not (p.kind = 'payment' and p.method = 'card_online')
        group by p.recorded_by, u.name, u.email
        order by name nulls last`,
  );
  const [online] = await sqlRows<{ cents: number }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::int as cents from order_payments
        where kind = 'payment' and method = 'card_online' and created_at >= ${from} and created_at < ${to}`,
  );
  const toCollect = await sqlRows<{ order_id: number; customer_name: string; due: number }>(
    db,
    sql`select o.id as order_id, o.customer_name,
               (o.total_cents - coalesce((select sum(amount_cents) from order_payments p where p.order_id = o.id and p.kind = 'payment'), 0))::int as due
        from orders o
        where o.delivery_date = ${day}::date and o.order_status <> 'cancelled' and o.payment_method = 'cash_on_delivery'
          and o.payment_status in ('pending', 'failed')
        order by o.id`,
  );
  const rows = people.map((p) => {
    const total = Number(p.cash) + Number(p.card_terminal) + Number(p.bank_transfer) - Number(p.refunds);
    return {
      staff_id: p.staff_id,
      name: p.name ?? '—',
      cash: fromCents(Number(p.cash)),
      card_terminal: fromCents(Number(p.card_terminal)),
      bank_transfer: fromCents(Number(p.bank_transfer)),
      refunds: fromCents(Number(p.refunds)),
      total: fromCents(total),
      cents: total,
    };
  });
  const due = toCollect.filter((o) => Number(o.due) > 0);
  const onlineCents = Number(online?.cents ?? 0);
  return {
    day,
    people: rows.map(({ cents: _cents, ...p }) => p),
    card_online: fromCents(onlineCents),
    total: fromCents(rows.reduce((n, p) => n + p.cents, 0) + onlineCents),
    to_collect: due.map((o) => ({ order_id: o.order_id, customer_name: o.customer_name, due: fromCents(Number(o.due)) })),
    to_collect_total: fromCents(due.reduce((n, o) => n + Number(o.due), 0)),
  };
}
