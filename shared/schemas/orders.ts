/** Order history contract: the customer's own orders (list and detail). Amounts in MAD, two decimals. */
import { z } from 'zod';
import { DELIVERY_METHODS } from '../delivery-slots.js';
import { orderSlotSchema } from './delivery-slots.js';
import { LOCALES, ORDER_STATUSES, PAGE_SIZES, ORDER_PAYMENT_METHODS, PAYMENT_STATUSES, SUBSTITUTIONS } from '../constants.js';
import { v } from '../validation.js';
import { emailField } from './accounts.js';
import { amountSchema, pageMetaSchema } from './common.js';

export const orderAddressSchema = z
  .object({
    full_name: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    postal_code: z.string(),
    country: z.string(),
    phone: z.string(),
  })
  .meta({ id: 'OrderAddress' });
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** The person the flowers go to, when it is not the customer. */
export const orderRecipientSchema = z
  .object({ name: z.string(), phone: z.string().nullable(), anonymous: z.boolean() })
  .meta({ id: 'OrderRecipient' });

/** A name an order keeps in every shop language (the receipt prints it in the language chosen). */
export const shopNamesSchema = z.object({ fr: z.string(), en: z.string(), ar: z.string() }).meta({ id: 'ShopNames' });

export const orderSummarySchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    total_amount: amountSchema,
    subtotal: amountSchema,
    shipping_cost: amountSchema,
    coupon_code: z.string().nullable(),
    coupon_discount: amountSchema,
    payment_method: z.enum(ORDER_PAYMENT_METHODS),
    payment_status: z.enum(PAYMENT_STATUSES),
    order_status: z.enum(ORDER_STATUSES),
    is_customized: z.boolean(),
    /** YYYY-MM-DD, or null: same day before 15:00 shop time, else the next day. */
    delivery_date: z.string().nullable(),
    /** In the reader's language. */
    delivery_city: z.string(),
    /** The city in every shop language (absent or null: only `delivery_city` is known). */
    delivery_city_names: shopNamesSchema.nullable().optional(),
    /** Delivered, or collected at the shop (absent on older answers: delivered). */
    delivery_method: z.enum(DELIVERY_METHODS).optional(),
    /**
     * The time slot, its label in the reader's language (and, in `names`, in every shop language the
     * order kept: the receipt can be printed in any); null or absent: none.
     */
    delivery_slot: orderSlotSchema.extend({ names: shopNamesSchema.nullable().optional() }).nullable().optional(),
    /** The language the order was placed in (its customer's mails, the receipt's default). */
    language: z.enum(LOCALES).optional(),
    gift_message: z.string().nullable(),
    recipient: orderRecipientSchema.nullable(),
    /** Units ordered (sum of the line quantities). */
    items_count: z.number().int(),
    /** The shipping address. */
    address: orderAddressSchema.nullable(),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderItemSchema = z
  .object({
    id: z.number().int(),
    /** Null when the product has since been deleted from the catalogue. */
    product_id: z.number().int().nullable(),
    /** Name as it was when ordered; picture of the product today (null when it has none). */
    product: z.object({ name: z.string(), image_url: z.string().nullable() }),
    quantity: z.number().int(),
    /** Unit price charged, after the product discount. */
    unit_price: amountSchema,
    original_unit_price: amountSchema,
    /** Product discount in percent at order time. */
    discount: z.number().int(),
    line_total: amountSchema,
    color: z.object({ id: z.number().int().nullable(), name: z.string(), hex_code: z.string().nullable() }).nullable(),
    color_name: z.string().nullable(),
    /** The product's and colour's names in every shop language as they were when ordered (absent or null: only the names above). */
    names: shopNamesSchema.nullable().optional(),
    color_names: shopNamesSchema.nullable().optional(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderStatusEventSchema = z
  .object({
    order_status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OrderStatusEvent' });

export const orderDetailSchema = orderSummarySchema
  .extend({
    billing_address: orderAddressSchema.nullable(),
    shipping_address: orderAddressSchema.nullable(),
    custom_instructions: z.string().nullable(),
    order_notes: z.string().nullable(),
    substitution: z.enum(SUBSTITUTIONS),
    order_items: z.array(orderItemSchema),
    /** Oldest first. */
    status_history: z.array(orderStatusEventSchema),
    /** The photo the driver took when delivering (proof of delivery), when there is one. */
    delivery_photo_url: z.string().nullable().optional(),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A guest's tracked order: the detail and the e-mail it was placed with (printed on the receipt). */
export const trackedOrderSchema = orderDetailSchema.extend({ customer_email: z.string() }).meta({ id: 'TrackedOrder' });
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

export const myOrdersQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.orders),
});

/** `data` + `meta` is the shape; `orders` repeats `data` for clients that read an `orders` array. */
export const myOrdersSchema = z
  .object({ data: z.array(orderSummarySchema), meta: pageMetaSchema, orders: z.array(orderSummarySchema) })
  .meta({ id: 'MyOrders' });
export type MyOrders = z.infer<typeof myOrdersSchema>;

/** Guest order tracking: the signed link of the confirmation e-mail. */
export const orderTrackQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** "Send me my tracking link": the order number and the e-mail address it was placed with. */
export const trackingLinkBodySchema = z
  .object({
    order_id: z.coerce.number<string | number>(v('required')).int(v('required')).positive(v('required')).max(2_147_483_647, v('required')),
    email: emailField,
  })
  .meta({ id: 'TrackingLinkBody' });
export type TrackingLinkBody = z.input<typeof trackingLinkBodySchema>;
