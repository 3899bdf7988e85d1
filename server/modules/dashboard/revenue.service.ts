/**
 * Revenue of a period against the period before, and its buckets, summed in SQL (never by loading
 * orders). Periods are the shop's calendar (Africa/Casablanca):
 *   day   today, 24 hourly buckets, against yesterday;
 *   week  the last 7 days (today included), 7 daily buckets, against the 7 days before;
 *   month this calendar month, 4 buckets of 7 days (the 4th runs to the month's end), against last month;
 *   year  this calendar year, 12 monthly buckets, against last year.
 * Orders count by the time they were placed; `status` is `delivered` unless asked otherwise. The
 * period's revenue is also taken apart: products, coupon discounts, delivery fees.
 * Sums come from the trigger-kept rollups: UTC hours (`sales_hourly`) for a day, shop-calendar days
 * (`sales_daily`) for a week or a month, shop months (`sales_monthly`) for a year: at most 62 rows
 * whatever the number of orders.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE, type OrderStatus } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { Revenue, RevenueParts, RevenuePeriod } from '../../../shared/schemas/dashboard.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';

interface PeriodShape {
  /** Start of the current period in shop time, from `l` (now as a shop-time timestamp). */
  start: SQL;
  /** Length of the current and of the previous period. */
  length: SQL;
  /** Length of one bucket (the last bucket always runs to the period's end). */
  step: SQL;
  buckets: number;
  /** The rollup read: the coarsest whose grain tiles the period and its buckets. */
  grain: 'hour' | 'day' | 'month';
}

const PERIODS: Record<RevenuePeriod, PeriodShape> = {
  day: { start: sql`date_trunc('day', l)`, length: sql`interval '1 day'`, step: sql`interval '1 hour'`, buckets: 24, grain: 'hour' },
  week: {
    start: sql`date_trunc('day', l) - interval '6 days'`,
    length: sql`interval '7 days'`,
    step: sql`interval '1 day'`,
    buckets: 7,
    grain: 'day',
  },
  month: { start: sql`date_trunc('month', l)`, length: sql`interval '1 month'`, step: sql`interval '7 days'`, buckets: 4, grain: 'day' },
  year: { start: sql`date_trunc('year', l)`, length: sql`interval '1 year'`, step: sql`interval '1 month'`, buckets: 12, grain: 'month' },
};

/**
 * Per grain: the rollup table, its key column, and how a shop-time timestamp `t` (a period or bucket
 * boundary) becomes a key: an instant for UTC hours, a shop-calendar date for days and months.
 */
const GRAINS = {
  hour: {
    table: sql.raw('sales_hourly'),
    key: sql.raw('r.hour'),
    at: (t: SQL) => sql`((${t}) at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})`,
  },
  day: { table: sql.raw('sales_daily'), key: sql.raw('r.day'), at: (t: SQL) => sql`((${t})::date)` },
  month: { table: sql.raw('sales_monthly'), key: sql.raw('r.month'), at: (t: SQL) => sql`((${t})::date)` },
};

/** (current - previous) / previous * 100 with one decimal; 100 when there was nothing before but something now. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Revenue taken apart, from centimes: the products are what is left of it without delivery, before discounts. */
export function revenueParts(revenueCents: number, shippingCents: number, discountCents: number): RevenueParts {
  return {
    products: fromCents(revenueCents - shippingCents + discountCents),
    discounts: fromCents(discountCents),
    delivery: fromCents(shippingCents),
  };
}

function bucketLabel(period: RevenuePeriod, startDay: string, index: number): string {
  if (period === 'day') return `${String(index).padStart(2, '0')}:00`;
  if (period === 'year') return `${startDay.slice(0, 4)}-${String(index + 1).padStart(2, '0')}`;
  const step = period === 'week' ? 1 : 7;
  const d = new Date(`${startDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + index * step);
  return d.toISOString().slice(0, 10);
}

export async function revenueFor(db: DbOrTx, period: RevenuePeriod, status: OrderStatus, now: Date = new Date()): Promise<Revenue> {
  const shape = PERIODS[period];
  const g = GRAINS[shape.grain];
  const tz = sql.raw(`'${SHOP_TIME_ZONE}'`);
  const bounds = sql`
    with n as (select (${now.toISOString()}::timestamptz at time zone ${tz}) as l),
         b as (select ${shape.start} as s from n)
    select s, ${g.at(sql`s`)} as s_at, ${g.at(sql`s + ${shape.length}`)} as e_at,
           ${g.at(sql`s - ${shape.length}`)} as p_at, to_char(s, 'YYYY-MM-DD') as start_day
    from b`;
  // One range scan of the rollup for both periods (at most 48 hours, 62 days or 24 months).
  const [totals] = await sqlRows<{
    current: string | number;
    shipping: string | number;
    discount: string | number;
    previous: string | number;
    start_day: string;
  }>(
    db,
    sql`with k as (${bounds})
      select coalesce(sum(r.revenue_cents) filter (where ${g.key} >= k.s_at), 0)::bigint as current,
             coalesce(sum(r.shipping_cents) filter (where ${g.key} >= k.s_at), 0)::bigint as shipping,
             coalesce(sum(r.discount_cents) filter (where ${g.key} >= k.s_at), 0)::bigint as discount,
             coalesce(sum(r.revenue_cents) filter (where ${g.key} < k.s_at), 0)::bigint as previous,
             k.start_day
      from k left join ${g.table} r
        on r.order_status = ${status} and ${g.key} >= k.p_at and ${g.key} < k.e_at
      group by k.start_day`,
  );
  // Bucket starts are computed once; each rollup row of the period finds its bucket by binary
  // search (width_bucket).
  const rows = await sqlRows<{ i: number; total: string | number }>(
    db,
    sql`with k as (${bounds}),
      e as (select array_agg(${g.at(sql`k.s + ${shape.step} * i`)} order by i) as starts from k, generate_series(0, ${shape.buckets - 1}) as i)
      select width_bucket(${g.key}, e.starts) - 1 as i, sum(r.revenue_cents)::bigint as total
      from ${g.table} r, k, e
      where r.order_status = ${status} and ${g.key} >= k.s_at and ${g.key} < k.e_at
      group by 1`,
  );
  const byBucket = new Map(rows.map((r) => [Number(r.i), Number(r.total)]));
  const current = Number(totals!.current);
  const previous = Number(totals!.previous);
  return {
    period,
    revenue: fromCents(current),
    revenue_parts: revenueParts(current, Number(totals!.shipping), Number(totals!.discount)),
    previous_revenue: fromCents(previous),
    percent_change: percentChange(current, previous),
    revenue_over_time: Array.from({ length: shape.buckets }, (_, i) => ({
      period: bucketLabel(period, totals!.start_day, i),
      total: fromCents(byBucket.get(i) ?? 0),
    })),
  };
}
