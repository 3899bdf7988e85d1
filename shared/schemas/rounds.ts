/**
 * Drivers and their rounds (back office): staff assign orders to a driver and order the stops of a day;
 * the driver reads its round and marks each stop delivered (optional photo), cash collected, or not
 * delivered with a reason.
 */
import { z } from 'zod';
import { ORDER_PAYMENT_METHODS, ORDER_STATUSES, PAYMENT_STATUSES } from '../constants.js';
import { v } from '../validation.js';
import { calendarDaySchema } from './calendar-day.js';
import { idSchema } from './common.js';

/** Orders one bulk assignment takes at most. */
export const BULK_ASSIGN_MAX = 200;
/** Stops one day of one driver holds at most (the reorder body). */
export const ROUND_MAX_STOPS = 300;
/** A proof-of-delivery photo: at most this many bytes (a phone's picture; stored as WebP). */
export const DELIVERY_PHOTO_MAX_BYTES = 12 * 1024 * 1024;

export const DELIVERY_OUTCOMES = ['delivered', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

const driverIdField = z.union([idSchema, z.null()], v('invalid'));

/** PUT /admin/orders/{id}/driver: who delivers it (null: nobody any more). */
export const assignDriverSchema = z.object({ driver_id: driverIdField });
export type AssignDriver = z.infer<typeof assignDriverSchema>;

/** PUT /admin/orders/driver: several orders at once to one driver (or to nobody). */
export const bulkAssignDriverSchema = z.object({
  order_ids: z.array(idSchema, v('invalid')).min(1, v('required')).max(BULK_ASSIGN_MAX, v('invalid')),
  driver_id: driverIdField,
});
export type BulkAssignDriver = z.infer<typeof bulkAssignDriverSchema>;

export const assignedSchema = z.object({ message: z.string(), order_ids: z.array(z.number().int()) }).meta({ id: 'DriverAssigned' });

export const driverSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() });
export const driverListSchema = z.object({ data: z.array(driverSchema) }).meta({ id: 'DriverList' });
export type Driver = z.infer<typeof driverSchema>;

export const roundQuerySchema = z.object({ day: calendarDaySchema.optional() });
export const roundsQuerySchema = z.object({ day: calendarDaySchema.optional() });

/** PUT /admin/rounds/stops: the stops of one driver's day in the order to drive them. */
export const reorderStopsSchema = z.object({
  driver_id: idSchema,
  day: calendarDaySchema,
  order_ids: z.array(idSchema, v('invalid')).min(1, v('required')).max(ROUND_MAX_STOPS, v('invalid')),
});
export type ReorderStops = z.infer<typeof reorderStopsSchema>;

export const cashCollectedSchema = z.object({
  amount: z.number(v('invalid')).positive(v('invalid')).max(1_000_000, v('invalid')).multipleOf(0.01, v('invalid')),
});
export type CashCollected = z.infer<typeof cashCollectedSchema>;

export const notDeliveredSchema = z.object({
  reason: z.string(v('required')).trim().min(1, v('required')).max(300, v('too_long')),
});
export type NotDelivered = z.infer<typeof notDeliveredSchema>;

/** One stop of a round: where, whom to call, what to hand over, what to collect, and how it ended. */
export const roundStopSchema = z
  .object({
    order_id: z.number().int(),
    driver_id: z.number().int().nullable(),
    driver_name: z.string().nullable(),
    stop_position: z.number().int(),
    /** The order's delivery slot when the shop has slots (null: the whole day). */
    delivery_slot: z.string().nullable(),
    order_status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    payment_method: z.enum(ORDER_PAYMENT_METHODS),
    /** Who receives the flowers: the recipient, else the buyer. */
    contact_name: z.string(),
    contact_phone: z.string(),
    /** `tel:` link of the contact's phone. */
    tel_url: z.string(),
    /** `https://wa.me/<international number>` of the contact's phone. */
    whatsapp_url: z.string(),
    address: z.string(),
    /** A maps search of the address. */
    maps_url: z.string(),
    zone: z.string(),
    /** The card message to hand over with the flowers. */
    gift_message: z.string().nullable(),
    order_notes: z.string().nullable(),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
    /** Cash still to collect at the door (0 when paid). */
    cash_due: z.number(),
    outcome: z.enum(DELIVERY_OUTCOMES).nullable(),
    failure_reason: z.string().nullable(),
    photo_url: z.string().nullable(),
    outcome_at: z.string().nullable(),
  })
  .meta({ id: 'RoundStop' });
export type RoundStop = z.infer<typeof roundStopSchema>;

/** The driver's own round of a day, stops in driving order. */
export const roundSchema = z
  .object({ day: z.string(), today: z.string(), driver: driverSchema, stops: z.array(roundStopSchema) })
  .meta({ id: 'Round' });
export type Round = z.infer<typeof roundSchema>;

/** Staff's board of a day: the drivers and every order due that day, each with its driver (or none) and place. */
export const roundsBoardSchema = z
  .object({ day: z.string(), today: z.string(), drivers: z.array(driverSchema), stops: z.array(roundStopSchema) })
  .meta({ id: 'RoundsBoard' });
export type RoundsBoard = z.infer<typeof roundsBoardSchema>;

export const stopSavedSchema = z.object({ message: z.string(), stop: roundStopSchema }).meta({ id: 'StopSaved' });
