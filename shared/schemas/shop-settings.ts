/**
 * Back office, the shop's own settings beyond the catalogue: coupons,
 * delivery zones and closed dates. Money is MAD with two decimals; days are shop days (YYYY-MM-DD,
 * Africa/Casablanca).
 */
import { z } from 'zod';
import { isIsoDate } from '../delivery-date.js';
import { v } from '../validation.js';
import { amountSchema, pageMetaSchema } from './common.js';
import { requiredText as text } from './fields.js';

const isoDay = z.string(v('date')).refine(isIsoDate, v('date'));
const money = z.number(v('invalid')).nonnegative(v('invalid')).max(1_000_000, v('invalid')).multipleOf(0.01, v('invalid'));
const optionalCount = z.number(v('positive_int')).int(v('positive_int')).min(1, v('positive_int')).max(1_000_000, v('positive_int')).nullable();

// ---------------------------------------------------------------- coupons

export const COUPON_TYPES = ['percent', 'fixed'] as const;

export const couponInputSchema = z
  .object({
    /** Letters, digits, - and _; stored upper-cased. */
    code: text(40)
      .toUpperCase()
      .regex(/^[A-Z0-9_-]+$/, v('invalid')),
    type: z.enum(COUPON_TYPES, v('invalid')),
    /** Percent (1 to 100, whole) for `percent`; MAD for `fixed`. */
    value: z.number(v('invalid')).positive(v('invalid')),
    min_subtotal: money.default(0),
    /** First and last shop days it applies (both included); null: no limit. */
    starts_on: isoDay.nullable().default(null),
    ends_on: isoDay.nullable().default(null),
    max_uses: optionalCount.default(null),
    max_uses_per_customer: optionalCount.default(null),
    is_active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'percent' && (!Number.isInteger(c.value) || c.value > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: v('invalid') });
    if (c.type === 'fixed' && Math.round(c.value * 100) !== c.value * 100) ctx.addIssue({ code: 'custom', path: ['value'], message: v('invalid') });
    if (c.starts_on && c.ends_on && c.ends_on < c.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: v('date') });
  });
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponValues = z.output<typeof couponInputSchema>;

export const couponActiveBodySchema = z.object({ is_active: z.boolean() });

export const adminCouponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    type: z.enum(COUPON_TYPES),
    value: z.number(),
    min_subtotal: amountSchema,
    starts_on: z.string().nullable(),
    ends_on: z.string().nullable(),
    max_uses: z.number().int().nullable(),
    max_uses_per_customer: z.number().int().nullable(),
    /** Orders placed with it so far. */
    used_count: z.number().int(),
    is_active: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponsQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(100).default(20),
  search: z.string().trim().max(40).optional(),
});

export const adminCouponListSchema = z.object({ data: z.array(adminCouponSchema), meta: pageMetaSchema }).meta({ id: 'AdminCouponList' });

export const couponOrderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  customer_name: z.string(),
  email: z.string(),
  total_amount: amountSchema,
  discount: amountSchema,
  order_status: z.string(),
});
export type CouponOrder = z.infer<typeof couponOrderSchema>;

export const adminCouponDetailSchema = z
  .object({ coupon: adminCouponSchema, orders: z.object({ data: z.array(couponOrderSchema), meta: pageMetaSchema }) })
  .meta({ id: 'AdminCouponDetail' });
export type AdminCouponDetail = z.infer<typeof adminCouponDetailSchema>;

// ---------------------------------------------------------------- delivery zones

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

// ---------------------------------------------------------------- low stock

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const lowStockThresholdSchema = z.object({
  threshold: z.number(v('positive_int')).int(v('positive_int')).min(0, v('positive_int')).max(10_000, v('positive_int')),
});

export const lowStockSchema = z
  .object({
    threshold: z.number().int(),
    /** Products at or under the threshold, fewest first (at most 100). */
    data: z.array(z.object({ id: z.number().int(), name: z.string(), stock: z.number().int() })),
  })
  .meta({ id: 'LowStock' });
export type LowStock = z.infer<typeof lowStockSchema>;
