/** Back office coupons: percent or fixed discounts with dates, limits and the orders that used them. Money is MAD with two decimals. */
import { z } from 'zod';
import { v } from '../validation.js';
import { calendarDaySchema } from './calendar-day.js';
import { amountSchema, pageMetaSchema } from './common.js';
import { requiredText as text } from './fields.js';

const isoDay = calendarDaySchema;
const money = z.number(v('invalid')).nonnegative(v('invalid')).max(1_000_000, v('invalid')).multipleOf(0.01, v('invalid'));
const optionalCount = z
  .number(v('positive_int'))
  .int(v('positive_int'))
  .min(1, v('positive_int'))
  .max(1_000_000, v('positive_int'))
  .nullable();

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
    if (c.type === 'percent' && (!Number.isInteger(c.value) || c.value > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: v('invalid') });
    if (c.type === 'fixed' && Math.round(c.value * 100) !== c.value * 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: v('invalid') });
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
