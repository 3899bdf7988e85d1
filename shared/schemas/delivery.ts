/** Delivery contract: zones (cities with their fee) and the closed dates of the date picker. */
import { z } from 'zod';
import { amountSchema } from './common.js';

export const deliveryZoneSchema = z
  .object({
    id: z.number().int(),
    /** The city name in the request language (Arabic script for `ar`). */
    name: z.string(),
    /** What the order is charged, MAD. */
    fee: amountSchema,
    /** Upper end of a range ("50-70 MAD depending on the area, confirmed by phone"), or null. */
    fee_max: amountSchema.nullable(),
    /** Subtotal (products, before any coupon) from which delivery is free, or null. */
    free_threshold: amountSchema.nullable(),
  })
  .meta({ id: 'DeliveryZone' });
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const closedDatesSchema = z
  .object({
    /** Upcoming dates (YYYY-MM-DD, ascending) when the shop does not deliver. */
    dates: z.array(z.string()),
    /** The shop's today (Africa/Casablanca). */
    today: z.string(),
    /** First and last dates a customer may choose (tomorrow .. 90 days ahead). */
    earliest: z.string(),
    latest: z.string(),
    /** When an order placed now without a date would be delivered (same day before 15:00). */
    expected_without_date: z.string(),
  })
  .meta({ id: 'ClosedDates' });
export type ClosedDates = z.infer<typeof closedDatesSchema>;
