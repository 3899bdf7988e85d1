/** Back office: the orders list, one order in full, its edit and the "notify the admins" call. */
import { z } from 'zod';
import { LOCALES, ORDER_STATUSES, ORDER_PAYMENT_METHODS, PAYMENT_STATUSES, SUBSTITUTIONS } from '../constants.js';
import { noBidiControls } from '../validation.js';
import { calendarDaySchema } from './calendar-day.js';
import { recipientSchema } from './checkout.js';
import { amountSchema, pageMetaSchema } from './common.js';
import { optionalText } from './fields.js';
import { orderDetailSchema, orderItemSchema, orderStatusEventSchema } from './orders.js';
import { ORDER_SOURCES, orderItemsEditSchema } from './staff-orders.js';

export const ADMIN_ORDER_SORTS = ['newest', 'oldest'] as const;
export const ADMIN_ORDER_TYPES = ['customized', 'regular'] as const;

const isoDay = calendarDaySchema;

export const adminOrdersQuerySchema = z.object({
  /** An order id ("123" or "#123"), or part of the customer's name or e-mail. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(ADMIN_ORDER_TYPES).optional(),
  sort: z.enum(ADMIN_ORDER_SORTS).default('newest'),
  /** Created on or after this day / on or before this day (shop time, Africa/Casablanca). */
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** To be delivered on this day (YYYY-MM-DD), e.g. the orders due on a day about to be closed. */
  delivery: isoDay.optional(),
  /** Where the orders were taken: storefront, phone, whatsapp or shop (staff-orders.ts). */
  source: z.enum(ORDER_SOURCES).optional(),
  page: z.coerce.number<string | number>().int().min(1).default(1),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    customer_name: z.string(),
    customer_email: z.string(),
    customer_phone: z.string(),
    total_amount: amountSchema,
    order_status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    payment_method: z.enum(ORDER_PAYMENT_METHODS),
    is_customized: z.boolean(),
    /** Placed without an account (bulk cancel takes only these). */
    guest: z.boolean(),
    delivery_date: z.string().nullable(),
    delivery_city: z.string(),
    items_count: z.number().int(),
    /** Where it was taken: storefront, phone, whatsapp or shop. */
    source: z.enum(ORDER_SOURCES),
  })
  .meta({ id: 'AdminOrderRow' });
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListSchema = z
  .object({ data: z.array(adminOrderRowSchema), meta: pageMetaSchema, orders: z.array(adminOrderRowSchema) })
  .meta({ id: 'AdminOrderList' });
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const adminOrderItemSchema = orderItemSchema
  .extend({
    /** Today's catalogue facts (null when the product was deleted). */
    description: z.string().nullable(),
    tags: z.array(z.string()),
    stock: z.number().int().nullable(),
  })
  .meta({ id: 'AdminOrderItem' });
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

export const adminOrderDetailSchema = orderDetailSchema
  .extend({
    user_id: z.number().int().nullable(),
    customer_name: z.string(),
    customer_email: z.string(),
    customer_phone: z.string(),
    language: z.string(),
    /** Send it back with an edit: an edit based on an older version is refused with 409. */
    version: z.number().int(),
    updated_at: z.string(),
    /** The delivery zone (the slots it offers); null: a pick-up, or a zone deleted since. */
    delivery_zone_id: z.number().int().nullable().optional(),
    order_items: z.array(adminOrderItemSchema),
    status_history: z.array(orderStatusEventSchema.extend({ changed_by: z.string().nullable() })),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderEditSchema = z.object({
  // Status fields are checked by the service so one message covers both.
  order_status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  /** YYYY-MM-DD; empty or absent means today (shop time). */
  delivery_date: z.union([isoDay, z.literal('')]).nullish(),
  /**
   * The time slot's key; absent: unchanged. A new slot, or a new date for the order's slot, is checked
   * as a checkout's is (known, offered in the zone, not started, day open, room left): 422 otherwise.
   */
  delivery_slot: z.string().trim().min(1).max(40).optional(),
  gift_message: z
    .string()
    .trim()
    .max(500)
    .refine(...noBidiControls)
    .nullish(),
  /** The delivery street address (the city is the delivery zone's, read-only). */
  address: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .refine(...noBidiControls)
    .optional(),
  /** The person the flowers go to; null: the customer receives them; absent: unchanged. */
  recipient: recipientSchema.nullable().optional(),
  /** The customer's notes to the shop; empty or null clears them; absent: unchanged. */
  order_notes: optionalText(1000).optional(),
  /** What to do when a flower is missing; absent: unchanged. */
  substitution: z.enum(SUBSTITUTIONS).optional(),
  /**
   * The order's lines as they should be (as `PUT /orders/:id/items`), saved in the same transaction
   * as the fields, before them; absent: the lines stay.
   */
  items: orderItemsEditSchema.shape.items.optional(),
  /**
   * The `version` the edit was based on (or an `If-Match` header carrying it). When given, an edit
   * based on an older version is refused with 409; without it the edit applies as sent.
   */
  version: z.number().int().min(1).optional(),
});
export type AdminOrderEdit = z.infer<typeof adminOrderEditSchema>;

/** 409 of an edit: the message and, when the edit was stale, the order as it is now. */
export const adminOrderConflictSchema = z.object({ message: z.string(), order: adminOrderDetailSchema.optional() });

export const adminOrderSavedSchema = z.object({ message: z.string(), data: adminOrderDetailSchema });

export const notifyNewOrderSchema = z.object({
  order_id: z.coerce.number<string | number>().int().positive(),
  /** Sent by older clients; the server reads the order itself. */
  order_data: z.record(z.string(), z.unknown()).optional(),
});
export const notifyNewOrderAnswerSchema = z.object({ admins_notified: z.number().int(), message: z.string() });

/**
 * Bulk cancel of guest orders the shop never accepted (pending or not confirmed): chosen ids, or every
 * such order placed more than `older_than_hours` ago (both: the chosen ones that are old enough).
 */
export const adminBulkCancelSchema = z
  .object({
    order_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500).optional(),
    older_than_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .optional(),
  })
  .meta({ id: 'AdminBulkCancel' });
export type AdminBulkCancel = z.infer<typeof adminBulkCancelSchema>;
export const adminBulkCancelAnswerSchema = z.object({
  message: z.string(),
  cancelled: z.array(z.number().int()),
  skipped: z.array(z.number().int()),
});
export type AdminBulkCancelAnswer = z.infer<typeof adminBulkCancelAnswerSchema>;

/** Orders export: the list's filters without paging, and the language of its words (a link sends no Accept-Language of the screen's). */
export const adminOrdersExportQuerySchema = adminOrdersQuerySchema.omit({ page: true }).extend({ lang: z.enum(LOCALES).optional() });
