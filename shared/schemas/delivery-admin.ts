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
 * What becomes of one order due on the day being closed: `move` it to the next open day (its own slot
 * there, or `slot`, the key of another slot of that day, when its own is full), or `keep` it on the
 * closed day (staff deal with it by hand).
 */
export const dueOrderDecisionSchema = z.object({
  id: z.number(v('invalid')).int(v('invalid')).positive(v('invalid')),
  action: z.enum(DUE_ORDER_CHOICES, v('invalid')),
  slot: z.string(v('invalid')).trim().min(1, v('invalid')).max(20, v('invalid')).optional(),
});
export type DueOrderDecision = z.input<typeof dueOrderDecisionSchema>;

const closedReason = z.string().trim().max(200, v('too_long')).nullable().default(null);
/** A closed day's reason alone (the close dialog's own field, checked by the server's rule). */
export const closedDateReasonSchema = z.object({ reason: closedReason });

/**
 * An empty reason is stored as none. What becomes of the orders still due that day (not delivered,
 * not cancelled) is said either for all at once, `due_orders`: `move` them to the next open day (each
 * customer is mailed) or `keep` them; or order by order, `decisions`, one for each due order (an order
 * due but not named, or named but not due, is a 409 with the list as it is now). Without either, a day
 * with due orders is not closed (409 listing them). Moved orders take a place in their slot of the
 * target day: a slot with no room left refuses the whole close (409 naming the order).
 */
export const closedDateInputSchema = z
  .object({
    date: isoDay,
    reason: closedReason,
    due_orders: z.enum(DUE_ORDER_CHOICES, v('invalid')).optional(),
    decisions: z.array(dueOrderDecisionSchema).max(500, v('invalid')).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.due_orders && b.decisions) ctx.addIssue({ code: 'custom', path: ['decisions'], message: v('invalid') });
    const ids = b.decisions?.map((d) => d.id) ?? [];
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['decisions'], message: v('invalid') });
    b.decisions?.forEach((d, i) => {
      if (d.action === 'keep' && d.slot) ctx.addIssue({ code: 'custom', path: ['decisions', i, 'slot'], message: v('invalid') });
    });
  });
export type ClosedDateInput = z.input<typeof closedDateInputSchema>;

/** An order still to deliver on a day being closed, with what staff need to decide about it. */
export const dueOrderSchema = z
  .object({
    id: z.number().int(),
    customer_name: z.string(),
    recipient_name: z.string().nullable(),
    delivery_city: z.string(),
    delivery_method: z.enum(['delivery', 'pickup']),
    /** The zone (null: a pick-up, or a zone deleted since): the slots of the target day it may take. */
    delivery_zone_id: z.number().int().nullable(),
    order_status: z.string(),
    /** Its slot, the label in the reader's language; null: none. */
    delivery_slot: z.object({ key: z.string(), label: z.string() }).nullable(),
    order_notes: z.string().nullable(),
    gift_message: z.string().nullable(),
  })
  .meta({ id: 'AdminDueOrder' });
export type DueOrder = z.infer<typeof dueOrderSchema>;

/** A slot of the day the due orders would move to, and the places it has left there. */
export const targetSlotSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    /** Places left that day (orders not cancelled counted); null: no limit. */
    left: z.number().int().nullable(),
    /** The zones that offer it; empty: every zone. */
    zone_ids: z.array(z.number().int()),
  })
  .meta({ id: 'AdminTargetSlot' });
export type TargetSlot = z.infer<typeof targetSlotSchema>;

/**
 * The orders due on a day (the first 100, with the total) and the day they would move to: the first
 * day after it that a customer could choose (not past, not closed, within the booking window), with
 * its active slots and their room.
 */
export const dueOrdersSchema = z
  .object({
    orders: z.array(dueOrderSchema),
    total: z.number().int(),
    next_open_day: z.string().nullable(),
    next_day_slots: z.array(targetSlotSchema),
  })
  .meta({ id: 'AdminDueOrders' });
export type DueOrders = z.infer<typeof dueOrdersSchema>;

/** 409 of a close without a choice for the orders due that day. */
export const closeDayConflictSchema = dueOrdersSchema
  .partial()
  .extend({ message: z.string(), order_id: z.number().int().optional() })
  .meta({ id: 'AdminCloseDayConflict' });

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
    /** The orders moved, with their new day and slot key (empty when none was to move). */
    moved: z.array(z.object({ id: z.number().int(), delivery_date: z.string(), delivery_slot: z.string().nullable() })),
    /** The orders kept on the closed day. */
    kept: z.array(z.number().int()),
  })
  .meta({ id: 'AdminCloseDayAnswer' });
export type CloseDayAnswer = z.infer<typeof closeDayAnswerSchema>;
