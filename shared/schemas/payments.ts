/** An order's payments and refunds, and the day's cash (back office). */
import { z } from 'zod';
import { v } from '../validation.js';
import { calendarDaySchema } from './calendar-day.js';

/** How money was taken: cash (at the door or the counter), the shop's card terminal, a bank transfer, the online card payment. */
export const PAYMENT_METHODS = ['cash', 'card_terminal', 'bank_transfer', 'card_online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What staff record by hand (the online card payment is recorded by the gateway's callback). */
export const STAFF_PAYMENT_METHODS = ['cash', 'card_terminal', 'bank_transfer'] as const;

const amountSchema = z.number(v('invalid')).positive(v('invalid')).max(1_000_000, v('invalid')).multipleOf(0.01, v('invalid'));
const noteSchema = z
  .string()
  .trim()
  .max(200, v('too_long'))
  .transform((v) => (v === '' ? null : v));

export const recordPaymentSchema = z.object({
  method: z.enum(STAFF_PAYMENT_METHODS, v('invalid')),
  amount: amountSchema,
  reference: noteSchema.nullish(),
});
export type RecordPayment = z.infer<typeof recordPaymentSchema>;

/** POST /api/admin/orders/:id/cash-collected: nothing to say, the server takes what is due (an empty body). */
export const collectCashSchema = z.object({}).strict();

export const recordRefundSchema = z.object({
  amount: amountSchema,
  reason: z.string(v('required')).trim().min(1, v('required')).max(200, v('too_long')),
  method: z.enum(PAYMENT_METHODS, v('invalid')).default('cash'),
});
export type RecordRefund = z.infer<typeof recordRefundSchema>;

export const paymentEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'refund']),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
});

export const orderPaymentsSchema = z
  .object({
    order_id: z.number().int(),
    total: z.number(),
    /** Received so far, refunds taken off. */
    paid: z.number(),
    refunded: z.number(),
    /** What is still to collect (0 when covered). */
    due: z.number(),
    payment_status: z.enum(['pending', 'paid', 'failed', 'refunded']),
    version: z.number().int(),
    entries: z.array(paymentEntrySchema),
  })
  .meta({ id: 'OrderPayments' });
export type OrderPayments = z.infer<typeof orderPaymentsSchema>;

export const cashDayQuerySchema = z.object({ day: calendarDaySchema });

export const cashDaySchema = z
  .object({
    day: z.string(),
    /** What each staff member or driver took in, by method, with refunds they gave. */
    people: z.array(
      z.object({
        staff_id: z.number().int().nullable(),
        name: z.string(),
        cash: z.number(),
        card_terminal: z.number(),
        bank_transfer: z.number(),
        refunds: z.number(),
        total: z.number(),
      }),
    ),
    /** Online card payments (the gateway, no staff member). */
    card_online: z.number(),
    /** Received that day, refunds taken off: the sum of every person's total and the online card payments. */
    total: z.number(),
    /** Cash-on-delivery orders due that day with money still to collect. */
    to_collect: z.array(z.object({ order_id: z.number().int(), customer_name: z.string(), due: z.number() })),
    to_collect_total: z.number(),
  })
  .meta({ id: 'CashDay' });
export type CashDay = z.infer<typeof cashDaySchema>;
