/** Back office delivery: the zones (cities with their fee) and the closed dates. Days are shop days (YYYY-MM-DD, the shop's time zone). */
import { z } from 'zod';
import { v } from '../validation.js';
import { calendarDaySchema } from './calendar-day.js';
import { amountSchema } from './common.js';
import { requiredText as text } from './fields.js';

const isoDay = calendarDaySchema;
const money = z.number(v('invalid')).nonnegative(v('invalid')).max(1_000_000, v('invalid')).multipleOf(0.01, v('invalid'));

// ---------------------------------------------------------------- zones

export const zoneInputSchema = z
  .object({
    name: text(100),
    /** Empty or absent: English shows the French name. */
    name_en: z.string().trim().max(100, v('too_long')).nullable().default(null),
    name_ar: text(100),
    fee: money,
    fee_max: money.nullable().default(null),
    free_threshold: money.nullable().default(null),
    is_active: z.boolean().default(true),
    sort_order: z.number(v('positive_int')).int(v('positive_int')).min(0, v('positive_int')).max(10_000, v('positive_int')).default(0),
  })
  .superRefine((z_, ctx) => {
    if (z_.fee_max !== null && z_.fee_max < z_.fee) ctx.addIssue({ code: 'custom', path: ['fee_max'], message: v('invalid') });
  });
export type ZoneInput = z.input<typeof zoneInputSchema>;

export const adminZoneSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_en: z.string().nullable(),
    name_ar: z.string(),
    fee: amountSchema,
    fee_max: amountSchema.nullable(),
    free_threshold: amountSchema.nullable(),
    is_active: z.boolean(),
    sort_order: z.number().int(),
  })
  .meta({ id: 'AdminDeliveryZone' });
export type AdminZone = z.infer<typeof adminZoneSchema>;

export const adminZoneListSchema = z.object({ data: z.array(adminZoneSchema) }).meta({ id: 'AdminDeliveryZoneList' });

// ---------------------------------------------------------------- closed dates

export const DUE_ORDER_CHOICES = ['move', 'keep'] as const;

/**
 * An empty reason is stored as none. `due_orders` says what becomes of the orders still due that day
 * (not delivered, not cancelled): `move` them to the next open day (each customer is mailed), or
 * `keep` them on the closed day; without it, a day with due orders is not closed (409 listing them).
 */
export const closedDateInputSchema = z.object({
  date: isoDay,
  reason: z.string().trim().max(200, v('too_long')).nullable().default(null),
  due_orders: z.enum(DUE_ORDER_CHOICES, v('invalid')).optional(),
});
export type ClosedDateInput = z.input<typeof closedDateInputSchema>;

/** An order still to deliver on a day being closed. */
export const dueOrderSchema = z
  .object({ id: z.number().int(), customer_name: z.string(), delivery_city: z.string(), order_status: z.string() })
  .meta({ id: 'AdminDueOrder' });
export type DueOrder = z.infer<typeof dueOrderSchema>;

/**
 * The orders due on a day (the first 100, with the total) and the day they would move to: the first
 * day after it that a customer could choose (not past, not closed, within the booking window).
 */
export const dueOrdersSchema = z
  .object({ orders: z.array(dueOrderSchema), total: z.number().int(), next_open_day: z.string().nullable() })
  .meta({ id: 'AdminDueOrders' });
export type DueOrders = z.infer<typeof dueOrdersSchema>;

/** 409 of a close without a choice for the orders due that day. */
export const closeDayConflictSchema = dueOrdersSchema.extend({ message: z.string() }).meta({ id: 'AdminCloseDayConflict' });

export const closedDateParamsSchema = z.object({ date: isoDay });

export const closedDatesQuerySchema = z.object({
  /** First day listed; default the shop's today. */
  from: isoDay.optional(),
  /** Last day listed; default one year after `from`. */
  to: isoDay.optional(),
});

export const adminClosedDateSchema = z.object({ date: z.string(), reason: z.string().nullable() }).meta({ id: 'AdminClosedDate' });
export type AdminClosedDate = z.infer<typeof adminClosedDateSchema>;
export const adminClosedDateListSchema = z
  .object({ data: z.array(adminClosedDateSchema), today: z.string() })
  .meta({ id: 'AdminClosedDateList' });

export const closeDayAnswerSchema = z
  .object({
    message: z.string(),
    closed_date: adminClosedDateSchema,
    /** The orders moved, with their new day (empty unless `due_orders` was `move`). */
    moved: z.array(z.object({ id: z.number().int(), delivery_date: z.string() })),
  })
  .meta({ id: 'AdminCloseDayAnswer' });
export type CloseDayAnswer = z.infer<typeof closeDayAnswerSchema>;
