/** Back office delivery: the zones (cities with their fee) and the closed dates. Days are shop days (YYYY-MM-DD, the shop's time zone). */
import { z } from 'zod';
import { isIsoDate } from '../delivery-date.js';
import { v } from '../validation.js';
import { amountSchema } from './common.js';
import { requiredText as text } from './fields.js';

const isoDay = z.string(v('date')).refine(isIsoDate, v('date'));
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

/** An empty reason is stored as none. */
export const closedDateInputSchema = z.object({ date: isoDay, reason: z.string().trim().max(200, v('too_long')).nullable().default(null) });
export type ClosedDateInput = z.input<typeof closedDateInputSchema>;

export const closedDateParamsSchema = z.object({ date: isoDay });

export const closedDatesQuerySchema = z.object({
  /** First day listed; default the shop's today. */
  from: isoDay.optional(),
  /** Last day listed; default one year after `from`. */
  to: isoDay.optional(),
});

export const adminClosedDateSchema = z.object({ date: z.string(), reason: z.string().nullable() }).meta({ id: 'AdminClosedDate' });
export type AdminClosedDate = z.infer<typeof adminClosedDateSchema>;
export const adminClosedDateListSchema = z.object({ data: z.array(adminClosedDateSchema), today: z.string() }).meta({ id: 'AdminClosedDateList' });
