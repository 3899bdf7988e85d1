/**
 * Checkout contract. The order details every checkout shares (address, recipient, delivery zone and
 * date, substitution, gift message, payment, the total the customer saw) are ONE schema,
 * `orderDetailsSchema`, which each entry point's body extends with what is its own: the cart checkout
 * adds guest details, a second (shipping) address, a coupon, notes, terms and an optional copy of its
 * lines; the custom bouquet adds its stems (custom-bouquet.ts). Prices are never read from the client.
 * An `Idempotency-Key` header is required.
 */
import { z } from 'zod';
import { cardPaymentFormSchema } from './card-payments.js';
import { ORDER_PAYMENT_METHODS, PAYMENT_METHODS, PAYMENT_STATUSES, ORDER_STATUSES, SUBSTITUTIONS } from '../constants.js';
import { DELIVERY_METHODS } from '../delivery-slots.js';
import { v } from '../validation.js';
import { orderSlotSchema } from './delivery-slots.js';
import { amountSchema, idSchema } from './common.js';
import { cartSchema, cartSummarySchema } from './cart.js';
import { optionalText, requiredText } from './fields.js';

/**
 * A postal address: name, street, city, postal code, country (Morocco by default in the forms) and
 * phone, all trimmed and required; `state` accepted but optional.
 */
export const checkoutAddressSchema = z.object({
  full_name: requiredText(120),
  street: requiredText(300),
  city: requiredText(120),
  postal_code: requiredText(20),
  country: requiredText(80),
  phone: requiredText(40),
  state: optionalText(120),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** Someone else receives the flowers: their name, maybe a phone, and whether the sender stays anonymous. */
export const recipientSchema = z.object({ name: requiredText(120), phone: optionalText(40), anonymous: z.boolean().default(false) });
export type Recipient = z.infer<typeof recipientSchema>;

/**
 * What every checkout asks besides its basket: where (the address), to whom, when and to which zone,
 * what to do when a flower is missing, the card's message, how to pay, and the total the customer saw.
 */
export const orderDetailsSchema = z.object({
  /** Required for a delivery; a pick-up at the shop may leave it out (the order keeps the shop's address). */
  address: checkoutAddressSchema.nullish(),
  /** Delivered to the address (the zone's fee), or collected at the shop (no fee, no zone). */
  delivery_method: z.enum(DELIVERY_METHODS).default('delivery'),
  /**
   * The slot's key (GET /api/delivery/slots). Required once the shop defines active slots, refused
   * when past, on a closed day, full or not offered in the zone.
   */
  delivery_slot: z.string().trim().max(40).nullish(),
  recipient: recipientSchema.nullish(),
  substitution: z.enum(SUBSTITUTIONS).default('similar'),
  /** Required ("Select city first"); checked by the server to word the message. */
  delivery_zone_id: idSchema.nullish(),
  /** YYYY-MM-DD, tomorrow or later, not a closed date. Absent: same day before 15:00, else next day. */
  delivery_date: z.string().trim().nullish(),
  gift_message: optionalText(500),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The total the customer saw (MAD): refused with 409 and fresh totals when it differs by > 0.01. */
  total_amount: z.number(),
  shipping_cost: amountSchema.nullish(),
});
export type OrderDetails = z.output<typeof orderDetailsSchema>;

export const checkoutHeadersSchema = z.object({
  'idempotency-key': z.string(v('required')).min(8, v('invalid')).max(100, v('invalid')),
});

export const checkoutLineSchema = z.object({
  product_id: idSchema,
  color_id: idSchema.nullable().optional(),
  size_id: idSchema.nullable().optional(),
  quantity: z.number().int().min(1),
});

export const checkoutBodySchema = orderDetailsSchema.extend({
  /** Billing address (and shipping address unless `shipping_address` is given). */
  shipping_address: checkoutAddressSchema.nullish(),
  /** Required for guests; a logged-in customer defaults to their account. */
  customer: z
    .object({ name: requiredText(120), email: z.email(v('email')).trim().max(254), phone: requiredText(40) })
    .partial()
    .nullish(),
  order_notes: optionalText(1000),
  accept_terms: z.boolean().nullish(),
  coupon_code: z.string().trim().max(64).nullish(),
  /** Optional copy of the cart lines: must match the server cart, else 409 "Your cart changed". */
  items: z.array(checkoutLineSchema).max(200).nullish(),
  is_customized: z.boolean().nullish(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const placedOrderItemSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  color: z.object({ id: z.number().int().nullable(), name: z.string(), hex_code: z.string().nullable() }).nullable(),
  /** The size ordered, its name as the customer saw it; null for a product without sizes. */
  size: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
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
    payment_method: z.enum(ORDER_PAYMENT_METHODS),
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
    delivery_method: z.enum(DELIVERY_METHODS),
    /** The slot and its label in the request's language, or null (no slot). */
    delivery_slot: orderSlotSchema.nullable(),
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    recipient: z.object({ name: z.string(), phone: z.string().nullable(), anonymous: z.boolean() }).nullable(),
    substitution: z.enum(SUBSTITUTIONS),
    gift_message: z.string().nullable(),
    order_items: z.array(placedOrderItemSchema),
  })
  .meta({ id: 'PlacedOrder' });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const checkoutAnswerSchema = z
  .object({
    message: z.string(),
    order: placedOrderSchema,
    /**
     * A guest's storefront order only (a customer follows it from "My orders"; a staff member's answer
     * never has it): the signed tracking link of the confirmation mail, inside the site and in the
     * order's language (`/ar/orders/track/12?token=...`). Only in the answer that placed the order
     * (or its replay with the same key, cart cookie and e-mail); no other endpoint gives it.
     */
    tracking_url: z.string().optional(),
    /** A card order: the signed form the browser posts to the card gateway at once. */
    payment: cardPaymentFormSchema.optional(),
  })
  .meta({ id: 'CheckoutAnswer' });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** 409 when the client's total differs from the server's: the fresh totals. */
export const checkoutConflictSchema = z
  .object({ message: z.string(), totals: cartSummarySchema.optional(), cart: cartSchema.optional() })
  .meta({ id: 'CheckoutConflict' });
