/**
 * Checkout contract: the payload (address, lines, payment method, gift message, delivery date,
 * totals) plus recipient, substitution choice and a second (shipping) address. Lines come from the
 * caller's server cart; `items`, when sent, must match it (product, colour, quantity), prices are never
 * read from the client. An `Idempotency-Key` header is required.
 */
import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES, ORDER_STATUSES, SUBSTITUTIONS } from '../constants.js';
import { v } from '../validation.js';
import { amountSchema, idSchema } from './common.js';
import { cartSchema, cartSummarySchema } from './cart.js';

const required = (max: number) => z.string(v('required')).trim().min(1, v('required')).max(max, v('too_long'));
const optionalText = (max: number) =>
  z
    .string()
    .max(max, v('too_long'))
    .nullish()
    .transform((s) => (s?.trim() ? s.trim() : null));

export const checkoutAddressSchema = z.object({
  full_name: required(120),
  street: required(300),
  city: required(120),
  postal_code: required(20),
  country: required(80),
  phone: required(40),
  state: optionalText(120),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

export const checkoutHeadersSchema = z.object({
  'idempotency-key': z.string(v('required')).min(8, v('invalid')).max(100, v('invalid')),
});

export const checkoutLineSchema = z.object({
  product_id: idSchema,
  color_id: idSchema.nullable().optional(),
  quantity: z.number().int().min(1),
});

export const checkoutBodySchema = z.object({
  /** Billing address (and shipping address unless `shipping_address` is given). */
  address: checkoutAddressSchema,
  shipping_address: checkoutAddressSchema.nullish(),
  /** Required for guests; a logged-in customer defaults to their account. */
  customer: z
    .object({ name: required(120), email: z.email(v('email')).trim().max(254), phone: required(40) })
    .partial()
    .nullish(),
  recipient: z
    .object({ name: required(120), phone: optionalText(40), anonymous: z.boolean().default(false) })
    .nullish(),
  substitution: z.enum(SUBSTITUTIONS).default('similar'),
  /** Required ("Select city first"); checked by the server to word the message. */
  delivery_zone_id: idSchema.nullish(),
  /** YYYY-MM-DD, tomorrow or later, not a closed date. Absent: same day before 15:00, else next day. */
  delivery_date: z.string().trim().nullish(),
  gift_message: optionalText(500),
  order_notes: optionalText(1000),
  payment_method: z.enum(PAYMENT_METHODS),
  accept_terms: z.boolean().nullish(),
  coupon_code: z.string().trim().max(64).nullish(),
  /** The total the customer saw (MAD): refused with 409 and fresh totals when it differs by > 0.01. */
  total_amount: z.number(),
  shipping_cost: z.number().nullish(),
  /** Optional copy of the cart lines: must match the server cart, else 409 "Your cart changed". */
  items: z.array(checkoutLineSchema).max(200).nullish(),
  is_customized: z.boolean().nullish(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const placedOrderItemSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  color: z.object({ id: z.number().int().nullable(), name: z.string(), hex_code: z.string().nullable() }).nullable(),
  quantity: z.number().int(),
  original_unit_price: amountSchema,
  discount: z.number().int(),
  unit_price: amountSchema,
  line_total: amountSchema,
});

export const placedOrderSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    payment_method: z.enum(PAYMENT_METHODS),
    is_customized: z.boolean(),
    subtotal: amountSchema,
    coupon_code: z.string().nullable(),
    coupon_discount: amountSchema,
    shipping_cost: amountSchema,
    tax: z.literal('included'),
    total_amount: amountSchema,
    delivery_city: z.string(),
    /** The chosen date, or the computed one (same day before 15:00 shop time, else the next day). */
    delivery_date: z.string().nullable(),
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    recipient: z.object({ name: z.string(), phone: z.string().nullable(), anonymous: z.boolean() }).nullable(),
    substitution: z.enum(SUBSTITUTIONS),
    gift_message: z.string().nullable(),
    order_items: z.array(placedOrderItemSchema),
  })
  .meta({ id: 'PlacedOrder' });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const checkoutAnswerSchema = z.object({ message: z.string(), order: placedOrderSchema }).meta({ id: 'CheckoutAnswer' });

/** 409 when the client's total differs from the server's: the fresh totals. */
export const checkoutConflictSchema = z
  .object({ message: z.string(), totals: cartSummarySchema.optional(), cart: cartSchema.optional() })
  .meta({ id: 'CheckoutConflict' });
