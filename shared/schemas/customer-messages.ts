/**
 * Back office: the ready-made messages that tell a customer where their order is, written by the
 * server in the order's language (the language the customer ordered in), each with a WhatsApp link
 * when the customer's phone is a mobile (shared/phone.ts). The order page, the day's sheet and the
 * driver's view read the same answer.
 */
import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { v } from '../validation.js';

/** What a message says: the order is confirmed, on its way, delivered, its date moved, or here is a link to pay. */
export const CUSTOMER_MESSAGE_KINDS = ['confirmed', 'on_its_way', 'delivered', 'date_moved', 'payment_link'] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

/**
 * GET /api/admin/orders/:id/messages?payment_url=…: `payment_url` (an http(s) address of a payment
 * link made for the order) adds the payment-link message; without it there is none.
 */
export const customerMessagesQuerySchema = z.object({
  payment_url: z
    .url({ protocol: /^https?$/, error: v('invalid') })
    .max(2000, v('too_long'))
    .optional(),
});
export type CustomerMessagesQuery = z.input<typeof customerMessagesQuerySchema>;

export const customerMessagesSchema = z
  .object({
    order_id: z.number().int(),
    /** The order's language: every text is written in it. */
    language: z.enum(LOCALES),
    phone: z.string(),
    /** Whether the phone is a mobile WhatsApp can reach; false for a landline or a number it cannot tell. */
    whatsapp: z.boolean(),
    /** Whether the order has an e-mail address: without one, WhatsApp is the only written way to tell them. */
    has_email: z.boolean(),
    messages: z.array(
      z.object({
        kind: z.enum(CUSTOMER_MESSAGE_KINDS),
        text: z.string(),
        /** `https://wa.me/<digits>?text=<encoded>`; null when the phone is not a mobile. */
        whatsapp_url: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'CustomerMessages' });
export type CustomerMessages = z.infer<typeof customerMessagesSchema>;
