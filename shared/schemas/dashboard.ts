/** Back office: dashboard figures and the revenue screen. Amounts in MAD. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { amountSchema } from './common.js';

export const REVENUE_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];

/**
 * What revenue is made of: products (the lines' totals, what the category split adds up to), minus
 * coupon discounts, plus delivery fees. products - discounts + delivery = revenue, to the centime.
 */
export const revenuePartsSchema = z
  .object({ products: amountSchema, discounts: amountSchema, delivery: amountSchema })
  .meta({ id: 'RevenueParts' });
export type RevenueParts = z.infer<typeof revenuePartsSchema>;

export const dashboardQuerySchema = z.object({ revenue_status: z.enum(ORDER_STATUSES).default('delivered') });

export const dashboardSchema = z
  .object({
    total_orders: z.number().int(),
    total_revenue: amountSchema,
    /** `total_revenue` taken apart; `revenue_by_category` adds up to its `products`. */
    total_revenue_parts: revenuePartsSchema,
    total_users: z.number().int(),
    /** The last 12 months, oldest first, months without orders included (count 0). */
    orders_over_time: z.array(z.object({ month: z.string(), count: z.number().int() })),
    orders_last_30_days: z.number().int(),
    revenue_last_30_days: amountSchema,
    revenue_by_category: z.record(z.string(), amountSchema),
    user_growth_percent: z.number(),
    new_users_last_30_days: z.number().int(),
    returning_users: z.number().int(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const revenueQuerySchema = z.object({
  period: z.enum(REVENUE_PERIODS).default('month'),
  status: z.enum(ORDER_STATUSES).default('delivered'),
});

export const revenueSchema = z
  .object({
    period: z.enum(REVENUE_PERIODS),
    revenue: amountSchema,
    /** `revenue` taken apart (products - discounts + delivery). */
    revenue_parts: revenuePartsSchema,
    previous_revenue: amountSchema,
    /** One decimal; 100 when the previous period had none but this one has some. */
    percent_change: z.number(),
    /** Buckets oldest first: `period` is an hour (HH:00), a day or a month (YYYY-MM-DD / YYYY-MM). */
    revenue_over_time: z.array(z.object({ period: z.string(), total: amountSchema })),
  })
  .meta({ id: 'Revenue' });
export type Revenue = z.infer<typeof revenueSchema>;

/**
 * One slot of a day on the dashboard: its orders (not cancelled) delivered and collected at the shop
 * (a pick-up chooses a slot too, and counts in the slot's capacity). `key` null: orders placed when
 * the shop had no slots (`label` null then). `label` is in the reader's language: the slot as the shop
 * names it now, else (a slot deleted since) as its newest order kept it.
 */
export const dashboardSlotSchema = z
  .object({
    key: z.string().nullable(),
    label: z.string().nullable(),
    /** Shop time `HH:MM` the slot starts (null: no slot). */
    starts: z.string().nullable(),
    deliveries: z.number().int(),
    pickups: z.number().int(),
  })
  .meta({ id: 'DashboardSlot' });
export type DashboardSlot = z.infer<typeof dashboardSlotSchema>;

const dashboardDaySchema = z.object({
  total: z.number().int(),
  to_deliver: z.number().int(),
  /** The day's orders per slot, earliest slot first, no slot last; deliveries + pickups add up to `total`. */
  slots: z.array(dashboardSlotSchema),
});

/**
 * GET /api/admin/dashboard/today: what the day asks of the shop, first thing on the dashboard. Days
 * are shop-calendar days (Africa/Casablanca). A day's deliveries are its orders not cancelled (`total`,
 * pick-ups included) and those not yet delivered (`to_deliver`), split per slot. Orders to confirm:
 * pending or not confirmed. Cash to collect: cash-on-delivery orders out for delivery or delivered
 * whose recorded payments (less refunds) fall short of their total. Workshop: today's orders (the
 * ones of `deliveries.today.total`) by the bench's mark, as the workshop sheet counts them.
 */
export const dashboardTodaySchema = z
  .object({
    today: z.string(),
    tomorrow: z.string(),
    deliveries: z.object({ today: dashboardDaySchema, tomorrow: dashboardDaySchema }),
    to_confirm: z.number().int(),
    cash_to_collect: z.object({ orders: z.number().int(), amount: amountSchema }),
    workshop: z.object({ not_started: z.number().int(), in_preparation: z.number().int(), ready: z.number().int() }),
  })
  .meta({ id: 'DashboardToday' });
export type DashboardToday = z.infer<typeof dashboardTodaySchema>;
