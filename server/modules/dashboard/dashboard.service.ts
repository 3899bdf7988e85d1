/**
 * The dashboard's figures (docs/DECISIONS.md "Dashboard fields"), each one
 * SQL aggregate: orders over the last 12 shop-calendar months, 30-day windows, revenue (orders of
 * `revenueStatus`, delivered by default) in total, taken apart (products, coupon discounts, delivery
 * fees) and by category, customers (accounts and guest buyers, as in the customers list), user growth (new customer accounts
 * of the last 30 days against the 30 before) and returning customers (two orders or more).
 * Order figures read the trigger-kept rollups (sales_monthly, sales_daily, sales_hourly for the edges,
 * sales_by_category, rollup_counters), a few hundred rows in all, so the dashboard costs the same at
 * a thousand orders or a million. "Last 30 days" starts at the
 * top of the hour 30 days ago (the rollup's grain). Revenue by category files a line under its
 * product's category at the time the order was placed or last changed status.
 */
import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE, type Locale, type OrderStatus } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { Dashboard } from '../../../shared/schemas/dashboard.js';
import type { DbOrTx } from '../../db/client.js';
import { defineMessages, translate } from '../../lib/i18n.js';
import { sqlRows } from '../../db/sql-rows.js';
import { percentChange, revenueParts } from './revenue.service.js';

const m = defineMessages({
  noCategory: { fr: 'Produits supprimés', en: 'Deleted products', ar: 'منتجات محذوفة' },
});

type Num = string | number;

export async function dashboardFor(db: DbOrTx, revenueStatus: OrderStatus, locale: Locale, now: Date = new Date()): Promise<Dashboard> {
  const at = now.toISOString();
  const tz = sql.raw(`'${SHOP_TIME_ZONE}'`);
  // Window edges, once: `s` the top of the hour 30 days ago, `d1` the first whole shop day after it,
  // `today` the shop day of `at`, `m0` the first of the 12 shop months, `mc` the current one.
  const edges = sql`w0 as (
      select date_trunc('hour', ${at}::timestamptz - interval '30 days', 'UTC') as s,
             (${at}::timestamptz at time zone ${tz}) as l),
    w as (
      select s, l::date as today, (l::date::timestamp at time zone ${tz}) as today_at,
             ceil_day as d1, (ceil_day::timestamp at time zone ${tz}) as d1_at,
             (date_trunc('month', l) - interval '11 months')::date as m0, date_trunc('month', l)::date as mc
      from w0, lateral (select case when (s at time zone ${tz}) = date_trunc('day', s at time zone ${tz})
                                    then (s at time zone ${tz})::date else (s at time zone ${tz})::date + 1 end as ceil_day) c)`;
  const [orderFigures, userFigures, months, categories] = await Promise.all([
    // All-time figures from the monthly rollup (24 months of 8 statuses: ~200 rows); the last 30
    // days from whole shop days plus the hours at both ends; returning customers from their counter.
    sqlRows<{
      total_orders: Num;
      total_revenue: Num;
      total_shipping: Num;
      total_discount: Num;
      orders_30: Num;
      revenue_30: Num;
      returning: Num;
    }>(
      db,
      sql`with ${edges},
        r30 as (
          select d.order_status, d.orders, d.revenue_cents from sales_daily d, w where d.day >= w.d1 and d.day < w.today
          union all
          select h.order_status, h.orders, h.revenue_cents from sales_hourly h, w where h.hour >= w.s and h.hour < w.d1_at
          union all
          select h.order_status, h.orders, h.revenue_cents from sales_hourly h, w where h.hour >= w.today_at and h.hour <= ${at}::timestamptz)
        select (select coalesce(sum(orders), 0) from sales_monthly) as total_orders,
          (select coalesce(sum(revenue_cents), 0) from sales_monthly where order_status = ${revenueStatus}) as total_revenue,
          (select coalesce(sum(shipping_cents), 0) from sales_monthly where order_status = ${revenueStatus}) as total_shipping,
          (select coalesce(sum(discount_cents), 0) from sales_monthly where order_status = ${revenueStatus}) as total_discount,
          (select coalesce(sum(orders), 0) from r30) as orders_30,
          (select coalesce(sum(revenue_cents), 0) from r30 where order_status = ${revenueStatus}) as revenue_30,
          (select coalesce(sum(value), 0) from rollup_counters where name = 'returning_customers') as returning`,
    ),
    sqlRows<{ total: Num; last_30: Num; previous_30: Num }>(
      db,
      // The customers, the same people as the customers list: accounts from their trigger-kept
      // counter, plus the guests who ordered without one (guest buyers not linked to an account,
      // counted on their partial index: an index-only scan) or linked to a staff account (few, by
      // index). New accounts from a range of (role, created_at).
      sql`select (select coalesce(sum(value), 0) from rollup_counters where name = 'customers')
                 + (select count(*) from guest_buyers where user_id is null)
                 + (select count(*) from guest_buyers b join users s on s.id = b.user_id and s.role <> 'customer') as total,
          (select count(*) from users where role = 'customer' and created_at > ${at}::timestamptz - interval '30 days' and created_at <= ${at}::timestamptz) as last_30,
          (select count(*) from users where role = 'customer' and created_at > ${at}::timestamptz - interval '60 days' and created_at <= ${at}::timestamptz - interval '30 days') as previous_30`,
    ),
    sqlRows<{ month: string; count: Num }>(
      db,
      // Months before this one from the monthly rollup; this one from its days before today and
      // today's hours up to now.
      sql`with ${edges}
        select to_char(m.month, 'YYYY-MM') as month, sum(m.orders) as count from sales_monthly m, w
          where m.month >= w.m0 and m.month < w.mc group by 1
        union all
        select to_char(w.mc, 'YYYY-MM'), coalesce(sum(d.orders), 0) from sales_daily d, w
          where d.day >= w.mc and d.day < w.today group by w.mc
        union all
        select to_char(w.mc, 'YYYY-MM'), coalesce(sum(h.orders), 0) from sales_hourly h, w
          where h.hour >= w.today_at and h.hour <= ${at}::timestamptz group by w.mc`,
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
  const counts = new Map<string, number>();
  for (const r of months) counts.set(r.month, (counts.get(r.month) ?? 0) + Number(r.count));
  const byCategory: Record<string, number> = {};
  for (const c of categories) {
    const key = c.name ?? translate(m.noCategory, locale);
    byCategory[key] = fromCents((byCategory[key] ?? 0) * 100 + Number(c.total));
  }
  return {
    total_orders: Number(o.total_orders),
    total_revenue: fromCents(Number(o.total_revenue)),
    total_revenue_parts: revenueParts(Number(o.total_revenue), Number(o.total_shipping), Number(o.total_discount)),
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
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
