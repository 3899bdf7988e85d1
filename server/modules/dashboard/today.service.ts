/**
 * The dashboard's first block: today's and tomorrow's deliveries, the orders waiting to be confirmed,
 * and the cash the drivers still have to bring back — one SQL statement, each figure read by an index:
 * deliveries by `orders_delivery_date_idx` (two days), orders to confirm by `orders_status_created_idx`
 * (two statuses), cash by `orders_cash_due_idx` (a partial index of the cash orders not yet marked paid)
 * with each one's payments by `order_payments_order_idx`.
 */
import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { DashboardToday } from '../../../shared/schemas/dashboard.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';

type Num = number | string;

export async function todayFor(db: DbOrTx, now: Date = new Date()): Promise<DashboardToday> {
  const tz = sql.raw(`'${SHOP_TIME_ZONE}'`);
  const [row] = await sqlRows<{
    today: string;
    tomorrow: string;
    today_total: Num;
    today_to_deliver: Num;
    tomorrow_total: Num;
    tomorrow_to_deliver: Num;
    to_confirm: Num;
    cash_orders: Num;
    cash_cents: Num;
  }>(
    db,
    sql`with d as (select (${now.toISOString()}::timestamptz at time zone ${tz})::date as today),
        days as (
          select o.delivery_date, o.order_status from orders o, d
          where o.delivery_date in (d.today, d.today + 1) and o.order_status <> 'cancelled'),
        cash as (
          select o.total_cents - coalesce((
                   select sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end)
                   from order_payments p where p.order_id = o.id), 0) as due_cents
          from orders o
          where o.payment_method = 'cash_on_delivery' and o.payment_status not in ('paid', 'refunded')
            and o.order_status in ('on_delivery', 'shipped', 'delivered'))
        select to_char(d.today, 'YYYY-MM-DD') as today, to_char(d.today + 1, 'YYYY-MM-DD') as tomorrow,
          (select count(*) from days where delivery_date = d.today) as today_total,
          (select count(*) from days where delivery_date = d.today and order_status <> 'delivered') as today_to_deliver,
          (select count(*) from days where delivery_date = d.today + 1) as tomorrow_total,
          (select count(*) from days where delivery_date = d.today + 1 and order_status <> 'delivered') as tomorrow_to_deliver,
          (select count(*) from orders o where o.order_status in ('pending', 'not_confirmed')) as to_confirm,
          (select count(*) from cash where due_cents > 0) as cash_orders,
          (select coalesce(sum(due_cents), 0) from cash where due_cents > 0) as cash_cents
        from d`,
  );
  const r = row!;
  return {
    today: r.today,
    tomorrow: r.tomorrow,
    deliveries: {
      today: { total: Number(r.today_total), to_deliver: Number(r.today_to_deliver) },
      tomorrow: { total: Number(r.tomorrow_total), to_deliver: Number(r.tomorrow_to_deliver) },
    },
    to_confirm: Number(r.to_confirm),
    cash_to_collect: { orders: Number(r.cash_orders), amount: fromCents(Number(r.cash_cents)) },
  };
}
