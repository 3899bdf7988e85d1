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
 * GET /api/admin/dashboard/today: what the day asks of the shop, first thing on the dashboard. Days
 * are shop-calendar days (Africa/Casablanca). A day's deliveries are its orders not cancelled (`total`)
 * and those not yet delivered (`to_deliver`). Orders to confirm: pending or not confirmed. Cash to
 * collect: cash-on-delivery orders out for delivery or delivered whose recorded payments (less refunds)
 * fall short of their total.
 */
export const dashboardTodaySchema = z
  .object({
    today: z.string(),
    tomorrow: z.string(),
    deliveries: z.object({
      today: z.object({ total: z.number().int(), to_deliver: z.number().int() }),
      tomorrow: z.object({ total: z.number().int(), to_deliver: z.number().int() }),
    }),
    to_confirm: z.number().int(),
    cash_to_collect: z.object({ orders: z.number().int(), amount: amountSchema }),
  })
  .meta({ id: 'DashboardToday' });
export type DashboardToday = z.infer<typeof dashboardTodaySchema>;
