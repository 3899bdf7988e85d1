/**
 * Back office: orders staff take by phone, WhatsApp or at the shop counter (for a guest: name, phone,
 * maybe an e-mail), their live price, and changing the lines of an order a customer calls about.
 * Prices are never sent by the browser: the server prices the lines (the quote) and compares the
 * total the staff member saw, as every checkout does.
 */
import { z } from 'zod';
import { MAX_UNITS_PER_LINE, STAFF_ORDER_PAYMENT_METHODS, SUBSTITUTIONS } from '../constants.js';
import { v } from '../validation.js';
import { amountSchema, idSchema } from './common.js';
import { orderDetailsSchema } from './checkout.js';
import { requiredText } from './fields.js';

/** Where an order was taken: the storefront (the customer themself), or by staff. */
export const ORDER_SOURCES = ['storefront', 'phone', 'whatsapp', 'shop'] as const;
export type OrderSourceName = (typeof ORDER_SOURCES)[number];
/** The sources a staff member may enter an order for. */
export const STAFF_ORDER_SOURCES = ['phone', 'whatsapp', 'shop'] as const;
export type StaffOrderSource = (typeof STAFF_ORDER_SOURCES)[number];

/**
 * One line: a product, its colour (null: the product's first colour when it has some), its size
 * (required for a product with sizes) and units.
 */
export const staffOrderLineSchema = z.object({
  product_id: idSchema,
  color_id: idSchema.nullish(),
  size_id: idSchema.nullish(),
  quantity: z.number(v('required')).int().min(1, v('invalid')).max(MAX_UNITS_PER_LINE, v('invalid')),
});
export type StaffOrderLine = z.infer<typeof staffOrderLineSchema>;

const lines = z.array(staffOrderLineSchema).max(50);

/**
 * POST /api/admin/orders: the shared order details (address, recipient, zone, date, substitution,
 * gift message, the total seen) plus the lines, the buyer and the source, and how it is paid: cash on
 * delivery, cash at the counter, card terminal, bank transfer (the last three received now, with an
 * optional reference for the terminal slip or the transfer) or a payment link (the order waits for it).
 */
export const staffOrderBodySchema = orderDetailsSchema.extend({
  source: z.enum(STAFF_ORDER_SOURCES, v('required')),
  items: lines.min(1, v('required')),
  customer: z.object({
    name: requiredText(120),
    phone: requiredText(40),
    /** Optional: with one, the customer gets the order's confirmation. */
    email: z
      .union([z.literal(''), z.email(v('email')).trim().max(254)])
      .nullish()
      .transform((s) => (s ? s.toLowerCase() : null)),
  }),
  payment_method: z.enum(STAFF_ORDER_PAYMENT_METHODS, v('invalid')),
  payment_reference: z
    .string()
    .trim()
    .max(200, v('too_long'))
    .nullish()
    .transform((s) => s || null),
  order_notes: z.string().trim().max(1000, v('too_long')).nullish(),
});
export type StaffOrderBody = z.input<typeof staffOrderBodySchema>;

/** One line in a query string: `<product id>[-<colour id>][s<size id>]x<quantity>`, e.g. `12-3x2`, `7s4x1` or `7x1`. */
const LINE_TEXT = /^(\d{1,9})(?:-(\d{1,9}))?(?:s(\d{1,9}))?x(\d{1,3})$/;

/** Lines as a query string writes them: comma-separated `<product>[-<colour>][s<size>]x<quantity>`. */
export const linesText = (items: { product_id: number; color_id?: number | null; size_id?: number | null; quantity: number }[]) =>
  items.map((i) => `${i.product_id}${i.color_id ? `-${i.color_id}` : ''}${i.size_id ? `s${i.size_id}` : ''}x${i.quantity}`).join(',');

/**
 * GET /api/admin/orders/quote?lines=12-3x2,7x1&delivery_zone_id=1: the server's price of lines in a
 * zone (a read: nothing is written, nothing audited).
 */
export const staffOrderQuoteQuerySchema = z.object({
  lines: z
    .string()
    .max(1000, v('too_long'))
    .default('')
    .transform((text, ctx) => {
      const parts = text.split(',').filter(Boolean);
      const out: StaffOrderLine[] = [];
      for (const part of parts) {
        const m = LINE_TEXT.exec(part.trim());
        if (!m) {
          ctx.addIssue({ code: 'custom', message: v('invalid') });
          return z.NEVER;
        }
        out.push({
          product_id: Number(m[1]),
          color_id: m[2] ? Number(m[2]) : null,
          size_id: m[3] ? Number(m[3]) : null,
          quantity: Number(m[4]),
        });
      }
      const checked = lines.safeParse(out);
      if (!checked.success) {
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
        return z.NEVER;
      }
      return checked.data;
    }),
  delivery_zone_id: z.coerce.number<string | number>().int().positive().optional(),
});
export type StaffOrderQuoteQuery = z.input<typeof staffOrderQuoteQuerySchema>;

export const staffOrderQuoteSchema = z
  .object({
    lines: z.array(
      z.object({
        product_id: z.number().int(),
        color_id: z.number().int().nullable(),
        size_id: z.number().int().nullable(),
        /** The product's name, with its size (`Bouquet — Prestige`). */
        name: z.string(),
        color: z.string().nullable(),
        size: z.string().nullable(),
        quantity: z.number().int(),
        unit_price: amountSchema,
        line_total: amountSchema,
        stock: z.number().int(),
      }),
    ),
    subtotal: amountSchema,
    shipping_cost: amountSchema,
    total_amount: amountSchema,
  })
  .meta({ id: 'StaffOrderQuote' });
export type StaffOrderQuote = z.infer<typeof staffOrderQuoteSchema>;

/**
 * PUT /api/admin/orders/:id/items: the order's lines as they should be. A line with an `id` is one of
 * the order's (its quantity or colour may change; it keeps the price it was sold at); a line without
 * is added at today's price; an order line left out is removed. `version` (or If-Match) as every edit.
 */
export const orderItemsEditSchema = z.object({
  items: z
    // A line of a product deleted since has no product id: it can stay as it is or go.
    .array(staffOrderLineSchema.extend({ id: idSchema.optional(), product_id: idSchema.nullable() }))
    .min(1, v('required'))
    .max(50),
  version: z.number().int().min(1).optional(),
});
export type OrderItemsEdit = z.infer<typeof orderItemsEditSchema>;
export type OrderItemsEditBody = z.input<typeof orderItemsEditSchema>;

/** The stem of a product picker: what staff can add to an order, with colours and stock. */
export const staffProductOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: amountSchema,
  stock: z.number().int(),
  colors: z.array(z.object({ id: z.number().int(), name: z.string(), hex_code: z.string().nullable() })),
});
export const staffProductOptionsSchema = z.object({ data: z.array(staffProductOptionSchema) }).meta({ id: 'StaffProductOptions' });
export type StaffProductOption = z.infer<typeof staffProductOptionSchema>;
export const staffProductOptionsQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

/**
 * GET /api/admin/orders/:id/repeat: what a new staff order starts from when staff repeat a past one —
 * the same buyer, delivery address, zone (while it still delivers), recipient, substitution choice and
 * lines (with each product's colours today), but no date, card or notes (a new occasion). No price:
 * the new order is priced by the quote, at today's prices and stock. Lines whose product is gone
 * (deleted, archived) are left out and named in `dropped`.
 */
export const repeatOrderSchema = z
  .object({
    from_order_id: z.number().int(),
    customer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
    address: z.object({ street: z.string(), postal_code: z.string(), country: z.string() }).nullable(),
    delivery_zone_id: z.number().int().nullable(),
    recipient: z.object({ name: z.string(), phone: z.string().nullable(), anonymous: z.boolean() }).nullable(),
    substitution: z.enum(SUBSTITUTIONS),
    items: z.array(
      z.object({
        product_id: z.number().int(),
        color_id: z.number().int().nullable(),
        /** The past line's size while the product still offers it, else its first size (null: no sizes). */
        size_id: z.number().int().nullable(),
        quantity: z.number().int(),
        name: z.string(),
        colors: z.array(z.object({ id: z.number().int(), name: z.string(), hex_code: z.string().nullable() })),
        /** The product's sizes today (names only: the quote prices the new order). */
        sizes: z.array(z.object({ id: z.number().int(), name: z.string() })),
      }),
    ),
    dropped: z.array(z.string()),
  })
  .meta({ id: 'RepeatOrder' });
export type RepeatOrder = z.infer<typeof repeatOrderSchema>;
