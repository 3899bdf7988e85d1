/**
 * Back office: the workshop sheet of one delivery day, what the bench makes and the driver delivers:
 * the day's orders (not cancelled) grouped by delivery zone, each with its recipient, address, lines,
 * card words, substitution choice and notes. Names (products, colours, zones) are in the reader's language.
 */
import { z } from 'zod';
import { ORDER_STATUSES, ORDER_PAYMENT_METHODS, PAYMENT_STATUSES, SUBSTITUTIONS } from '../constants.js';
import { calendarDaySchema } from './calendar-day.js';
import { amountSchema } from './common.js';

/**
 * `day`: a shop-calendar day (YYYY-MM-DD), or `today` / `tomorrow` (shop time, read when the sheet is
 * asked for: a bookmark of tomorrow's sheet shows the next day's every day); absent means today.
 */
export const WORKSHOP_RELATIVE_DAYS = ['today', 'tomorrow'] as const;
export const workshopDayParamSchema = z.union([z.enum(WORKSHOP_RELATIVE_DAYS), calendarDaySchema]);
export const workshopQuerySchema = z.object({ day: workshopDayParamSchema.optional() });
export type WorkshopQuery = z.infer<typeof workshopQuerySchema>;

/** The production's query: the day, and optionally one delivery slot (its key) to add up alone. */
export const workshopProductionQuerySchema = workshopQuerySchema.extend({
  slot: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .meta({ description: 'A delivery slot’s key (`0900-1200`): only the orders in that slot' }),
});

/**
 * The bench's own mark on an order, set from the sheet: none yet (null), being made, made and waiting
 * for the driver. Apart from the order's status: it tells the customer nothing.
 */
export const WORKSHOP_STATES = ['in_preparation', 'ready'] as const;
export type WorkshopState = (typeof WORKSHOP_STATES)[number];

export const workshopOrderSchema = z.object({
  id: z.number().int(),
  /** The order's version: a one-tap status change sends it, so a colleague's save in between is not overwritten. */
  version: z.number().int(),
  order_status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(ORDER_PAYMENT_METHODS),
  /** What the driver collects on a cash-on-delivery order not paid yet. */
  total_amount: amountSchema,
  customer_name: z.string(),
  customer_phone: z.string(),
  recipient_name: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  anonymous_sender: z.boolean(),
  workshop_state: z.enum(WORKSHOP_STATES).nullable(),
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string(),
  gift_message: z.string().nullable(),
  substitution: z.enum(SUBSTITUTIONS),
  order_notes: z.string().nullable(),
  is_customized: z.boolean(),
  custom_instructions: z.string().nullable(),
  /** The time slot's label in the reader's language, or null (the sheet sorts each group by slot). */
  delivery_slot: z.string().nullable().default(null),
  items: z.array(
    z.object({ name: z.string(), color: z.string().nullable(), color_hex: z.string().nullable(), quantity: z.number().int() }),
  ),
});
export type WorkshopOrder = z.infer<typeof workshopOrderSchema>;

export const workshopSheetSchema = z
  .object({
    /** The sheet's day, and today and tomorrow in shop time (the page's quick choices). */
    day: z.string(),
    today: z.string(),
    tomorrow: z.string(),
    /** Zones in the shop's zone order; orders without a zone (zone deleted since) last, by city. */
    zones: z.array(
      z.object({
        zone_id: z.number().int().nullable(),
        name: z.string(),
        /** The pick-ups at the shop: one group of their own, after the zones. */
        pickup: z.boolean().default(false),
        orders: z.array(workshopOrderSchema),
      }),
    ),
  })
  .meta({ id: 'WorkshopSheet' });
export type WorkshopSheet = z.infer<typeof workshopSheetSchema>;

/** PUT /admin/orders/:id/workshop-state: the mark to set (null takes it off). */
export const workshopStateBodySchema = z.object({ state: z.enum(WORKSHOP_STATES).nullable() });
export type WorkshopStateBody = z.infer<typeof workshopStateBodySchema>;

export const workshopStateAnswerSchema = z
  .object({ id: z.number().int(), workshop_state: z.enum(WORKSHOP_STATES).nullable() })
  .meta({ id: 'WorkshopStateAnswer' });
export type WorkshopStateAnswer = z.infer<typeof workshopStateAnswerSchema>;

/**
 * What to make on a day: the day's order lines (the sheet's orders: every one but the cancelled)
 * added up per product and colour, a custom bouquet's stems counted with the rest. Names in the
 * reader's language.
 */
export const productionLineSchema = z.object({
  /** Null for a product deleted since (its lines are grouped by the name they kept). */
  product_id: z.number().int().nullable(),
  /** The product's name followed by its size's (`Bouquet Aurore — Prestige`), as the sheet names the line. */
  name: z.string(),
  /** The size (each size of a product is a line of its own); null for a product without sizes. */
  size: z.string().nullable(),
  /** An extra (vase, chocolates…) packed with the bouquets: a line of its own. */
  is_extra: z.boolean(),
  color: z.string().nullable(),
  color_hex: z.string().nullable(),
  quantity: z.number().int(),
  /** How many of `quantity` are stems of custom bouquets. */
  custom_quantity: z.number().int(),
  /** How many orders ask for it. */
  orders: z.number().int(),
});
export type ProductionLine = z.infer<typeof productionLineSchema>;

export const workshopProductionSchema = z
  .object({
    day: z.string(),
    lines: z.array(productionLineSchema),
    /** Stems and items to make in all (the sum of the lines). */
    total_quantity: z.number().int(),
    /** The day's orders by the bench's mark. */
    marks: z.object({ none: z.number().int(), in_preparation: z.number().int(), ready: z.number().int() }),
  })
  .meta({ id: 'WorkshopProduction' });
export type WorkshopProduction = z.infer<typeof workshopProductionSchema>;
