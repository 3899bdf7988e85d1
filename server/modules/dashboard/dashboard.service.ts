/**
 * The dashboard's figures (back-office spec section 3, shared/DECISIONS.md "Back office"), each one
 * SQL aggregate: orders over the last 12 shop-calendar months, 30-day windows, revenue (orders of
 * `revenueStatus`, delivered by default) in total and by category, user growth (new customer accounts
 * of the last 30 days against the 30 before) and returning customers (two orders or more).
 * Order figures read the trigger-kept rollups (sales_hourly, sales_by_category, customer_order_counts),
 * so the dashboard costs the same at a thousand orders or a million. "Last 30 days" starts at the
 * top of the hour 30 days ago (the rollup's grain). Revenue by category files a line under its
 * product's category at the time the order was placed or last changed status.
 */
import { sql } from 'drizzle-orm';
import type { Locale, OrderStatus } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { Dashboard } from '../../../shared/schemas/dashboard.js';
import type { DbOrTx } from '../../db/client.js';
import { defineMessages, translate } from '../../lib/i18n.js';
import { sqlRows } from '../catalogue/sql-rows.js';
import { percentChange, SHOP_TZ } from './revenue.service.js';

const m = defineMessages({
  noCategory: { fr: 'Produits supprimés', en: 'Deleted products', ar: 'منتجات محذوفة' },
});

type Num = string | number;

export async function dashboardFor(db: DbOrTx, revenueStatus: OrderStatus, locale: Locale, now: Date = new Date()): Promise<Dashboard> {
  const at = now.toISOString();
  const tz = sql.raw(`'${SHOP_TZ}'`);
  const [orderFigures, userFigures, months, categories] = await Promise.all([
    sqlRows<{ total_orders: Num; total_revenue: Num; orders_30: Num; revenue_30: Num; returning: Num }>(
      db,
      sql`with w as (select date_trunc('hour', ${at}::timestamptz - interval '30 days', 'UTC') as s)
        select coalesce(sum(orders), 0) as total_orders,
          coalesce(sum(revenue_cents) filter (where order_status = ${revenueStatus}), 0) as total_revenue,
          coalesce(sum(orders) filter (where hour >= w.s and hour <= ${at}::timestamptz), 0) as orders_30,
          coalesce(sum(revenue_cents) filter (where order_status = ${revenueStatus} and hour >= w.s and hour <= ${at}::timestamptz), 0) as revenue_30,
          (select count(*) from customer_order_counts where orders >= 2) as returning
        from sales_hourly, w`,
    ),
    sqlRows<{ total: Num; last_30: Num; previous_30: Num }>(
      db,
      sql`select count(*) as total,
          count(*) filter (where created_at > ${at}::timestamptz - interval '30 days' and created_at <= ${at}::timestamptz) as last_30,
          count(*) filter (where created_at > ${at}::timestamptz - interval '60 days' and created_at <= ${at}::timestamptz - interval '30 days') as previous_30
        from users where role = 'customer'`,
    ),
    sqlRows<{ b: number; count: Num }>(
      db,
      // Month starts computed once; each rollup row finds its month by binary search (width_bucket).
      sql`with e as (
          select array_agg(((date_trunc('month', ${at}::timestamptz at time zone ${tz}) - interval '11 months') + interval '1 month' * i) at time zone ${tz} order by i) as starts
          from generate_series(0, 11) as i)
        select width_bucket(r.hour, e.starts) as b, sum(r.orders) as count
        from sales_hourly r, e
        where r.hour >= e.starts[1] and r.hour <= ${at}::timestamptz
        group by 1`,
    ),
    sqlRows<{ name: string | null; total: Num }>(
      db,
      sql`select coalesce(ct.name, c.name) as name, sum(s.revenue_cents)::bigint as total
        from sales_by_category s
        left join categories c on c.id = s.category_id
        left join category_translations ct on ct.category_id = c.id and ct.locale = ${locale}
        where s.order_status = ${revenueStatus} and s.revenue_cents <> 0
        group by 1
        order by 2 desc`,
    ),
  ]);
  const o = orderFigures[0]!;
  const u = userFigures[0]!;
  const startMonth = lastMonths(now, 12);
  const counts = new Map(months.map((r) => [startMonth[Number(r.b) - 1], Number(r.count)]));
  const byCategory: Record<string, number> = {};
  for (const c of categories) {
    const key = c.name ?? translate(m.noCategory, locale);
    byCategory[key] = fromCents((byCategory[key] ?? 0) * 100 + Number(c.total));
  }
  return {
    total_orders: Number(o.total_orders),
    total_revenue: fromCents(Number(o.total_revenue)),
    total_users: Number(u.total),
    orders_over_time: startMonth.map((month) => ({ month, count: counts.get(month) ?? 0 })),
    orders_last_30_days: Number(o.orders_30),
    revenue_last_30_days: fromCents(Number(o.revenue_30)),
    revenue_by_category: byCategory,
    user_growth_percent: percentChange(Number(u.last_30), Number(u.previous_30)),
    new_users_last_30_days: Number(u.last_30),
    returning_users: Number(o.returning),
  };
}

/** The `count` shop-calendar months ending with the current one, as YYYY-MM, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TZ, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
