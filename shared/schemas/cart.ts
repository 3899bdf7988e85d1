/**
 * Cart contract. The server cart is the truth for prices: every answer carries the lines with their
 * current prices and stock, and the summary computed by the server (MAD, two decimals).
 */
import { z } from 'zod';
import { amountSchema, idSchema } from './common.js';
import { deliveryZoneSchema } from './delivery.js';

export const cartColorSchema = z.object({ id: z.number().int(), name: z.string(), hex_code: z.string() });

export const cartItemSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    /** Product name in the request language. */
    name: z.string(),
    /** Picture URL (first image, small width) or null. */
    image: z.string().nullable(),
    category: z.string(),
    color: cartColorSchema.nullable(),
    /** The size chosen (its name in the request language); null for a product without sizes. */
    size: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** An extra (vase, chocolates…) packed with the bouquets. */
    is_extra: z.boolean(),
    /** Unit price charged (after the product discount). */
    unit_price: amountSchema,
    /** Unit price before the product discount. */
    price: amountSchema,
    /** Product discount in percent. */
    discount: z.number().int(),
    quantity: z.number().int(),
    line_total: amountSchema,
    /** Units in stock now: a line above it cannot be checked out. */
    stock: z.number().int(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSummarySchema = z
  .object({
    /** Sum of the line totals. */
    subtotal: amountSchema,
    /** Coupon discount. */
    discount: amountSchema,
    /**
     * The coupon attached to the cart. `valid` false (with its reason in `message`) when it no longer
     * applies (e.g. the subtotal fell under its minimum): it then takes nothing off.
     */
    coupon: z.object({ code: z.string(), discount: amountSchema, valid: z.boolean(), message: z.string().nullable() }).nullable(),
    delivery_city: deliveryZoneSchema.nullable(),
    /** Delivery fee of the chosen city; 0 without a city or from its free-delivery threshold. */
    shipping: amountSchema,
    /** Prices include taxes: nothing is added. */
    tax: z.literal('included'),
    total: amountSchema,
    /** Units in the cart. */
    count: z.number().int(),
  })
  .meta({ id: 'CartSummary' });
export type CartSummary = z.infer<typeof cartSummarySchema>;

export const cartSchema = z.object({ items: z.array(cartItemSchema), summary: cartSummarySchema }).meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;

const quantitySchema = z.coerce.number<string | number>().int();

export const cartAddBodySchema = z.object({
  product_id: idSchema,
  quantity: quantitySchema.min(1).default(1),
  /** Null or absent: the product's first colour, when it has colours. */
  color_id: idSchema.nullable().optional(),
  /** Required for a product with sizes (422 otherwise); refused for one without. */
  size_id: idSchema.nullable().optional(),
});
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

export const cartRemoveBodySchema = z.object({ item_id: idSchema });

/** 0 or less removes the line. */
export const cartUpdateBodySchema = z.object({ item_id: idSchema, quantity: quantitySchema });

export const cartCouponBodySchema = z.object({ code: z.string().trim().min(1).max(64) });

export const cartDeliveryCityBodySchema = z.object({ zone_id: idSchema });
