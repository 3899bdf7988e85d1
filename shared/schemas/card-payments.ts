/** Online card payment: the form the browser posts to the gateway, payment links, the pay page. */
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../constants.js';

/** The signed form the browser posts at once to the card gateway's hosted page. */
export const cardPaymentFormSchema = z
  .object({ url: z.string(), method: z.literal('POST'), fields: z.record(z.string(), z.string()) })
  .meta({ id: 'CardPaymentForm' });
export type CardPaymentFormBody = z.infer<typeof cardPaymentFormSchema>;

/** Whether the storefront offers the card (the gateway's settings are set). */
export const cardPaymentOfferSchema = z.object({ card_payment: z.boolean() }).meta({ id: 'CardPaymentOffer' });

/** Where an order's card payment stands, as the server knows it. */
export const CARD_STATES = ['paid', 'waiting', 'failed', 'expired', 'none'] as const;
export type CardState = (typeof CARD_STATES)[number];

export const cardPaymentStateSchema = z
  .object({
    order_id: z.number().int(),
    state: z.enum(CARD_STATES),
    payment_status: z.enum(PAYMENT_STATUSES),
    /** A new attempt may be started now (not paid, not cancelled, card payment on). */
    can_pay: z.boolean(),
    total_amount: z.number(),
  })
  .meta({ id: 'CardPaymentState' });
export type CardPaymentState = z.infer<typeof cardPaymentStateSchema>;

/** A guest starts a new attempt with the signed tracking token of their order. */
export const retryPaymentBodySchema = z.object({ token: z.string().min(1).max(200).optional() });

export const paymentAttemptAnswerSchema = z.object({ payment: cardPaymentFormSchema }).meta({ id: 'PaymentAttemptAnswer' });

/** The back office's payment link of an order. */
export const paymentLinkBodySchema = z.object({ send_mail: z.boolean().default(false) });
export const paymentLinkSchema = z
  .object({
    url: z.string(),
    expires_at: z.string(),
    /** wa.me address with the message in the customer's language (null: no phone). */
    whatsapp_url: z.string().nullable(),
    mailed: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'PaymentLink' });
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** What the /pay/<token> page shows. */
export const PAY_LINK_STATES = ['payable', 'paid', 'expired', 'cancelled', 'unavailable'] as const;
export const payLinkSchema = z
  .object({
    state: z.enum(PAY_LINK_STATES),
    order: z
      .object({
        id: z.number().int(),
        total_amount: z.number(),
        delivery_date: z.string().nullable(),
        delivery_city: z.string(),
        items: z.array(z.object({ name: z.string(), quantity: z.number().int(), line_total: z.number() })),
      })
      .nullable(),
  })
  .meta({ id: 'PayLink' });
export type PayLink = z.infer<typeof payLinkSchema>;
export const payTokenParamsSchema = z.object({ token: z.string().min(10).max(300) });
