/**
 * Delivery slots and pick-up. Public: GET /api/delivery/slots?date=YYYY-MM-DD&city=<zone id>, the
 * slots of a day in the request's language, each available or not. Back office: the slots (times,
 * names in fr/en/ar or none, capacity per day, active) and the zones that offer each.
 */
import { z } from 'zod';
import { SLOT_TIME } from '../delivery-slots.js';
import { v } from '../validation.js';
import { calendarDaySchema } from './calendar-day.js';

export const SLOT_UNAVAILABLE_REASONS = ['past', 'closed', 'full'] as const;

export const slotsQuerySchema = z.object({
  date: calendarDaySchema,
  /** The delivery zone; absent for a pick-up (every active slot). */
  city: z.coerce.number<string | number>().int().positive().optional(),
});

export const deliverySlotSchema = z
  .object({
    key: z.string(),
    /** In the request's language. */
    label: z.string(),
    /** Shop times `HH:MM`. */
    starts: z.string(),
    ends: z.string(),
    available: z.boolean(),
    /** Why not, when not available. */
    reason: z.enum(SLOT_UNAVAILABLE_REASONS).nullable(),
  })
  .meta({ id: 'DeliverySlot' });
export type DeliverySlot = z.infer<typeof deliverySlotSchema>;

/** A slot as an order shows it: its key and its label in the reader's language. */
export const orderSlotSchema = z.object({ key: z.string(), label: z.string() });
export type OrderSlot = z.infer<typeof orderSlotSchema>;

// ---------------------------------------------------------------- back office

const time = z.string(v('required')).trim().regex(SLOT_TIME, v('invalid'));
const name = z.string().trim().max(60, v('too_long'));

export const slotInputSchema = z
  .object({
    starts: time,
    ends: time,
    /** All three empty: the label is written from the times. */
    name_fr: name.default(''),
    name_en: name.default(''),
    name_ar: name.default(''),
    /** Orders a day in the slot at most; null: no limit. */
    capacity: z
      .number(v('positive_int'))
      .int(v('positive_int'))
      .min(1, v('positive_int'))
      .max(10_000, v('positive_int'))
      .nullable()
      .default(null),
    is_active: z.boolean().default(true),
    sort_order: z.number(v('positive_int')).int(v('positive_int')).min(0, v('positive_int')).max(10_000, v('positive_int')).default(0),
    /** The zones that offer it; empty: every zone that restricts nothing (see the zone rule in DECISIONS). */
    zone_ids: z.array(z.number().int().positive()).max(500).default([]),
  })
  .superRefine((s, ctx) => {
    if (s.starts >= s.ends) ctx.addIssue({ code: 'custom', path: ['ends'], message: v('invalid') });
  });
export type SlotInput = z.input<typeof slotInputSchema>;

export const adminSlotSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    starts: z.string(),
    ends: z.string(),
    name_fr: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    /** In the request's language. */
    label: z.string(),
    capacity: z.number().int().nullable(),
    is_active: z.boolean(),
    sort_order: z.number().int(),
    zone_ids: z.array(z.number().int()),
  })
  .meta({ id: 'AdminDeliverySlot' });
export type AdminSlot = z.infer<typeof adminSlotSchema>;

export const adminSlotListSchema = z.object({ data: z.array(adminSlotSchema) }).meta({ id: 'AdminDeliverySlotList' });
