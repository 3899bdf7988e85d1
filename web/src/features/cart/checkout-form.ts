/**
 * The checkout form's schema (react-hook-form + zod): the shared address schema for the billing and
 * (when asked) shipping address, guest contact details when nobody is logged in, recipient, delivery
 * date (shared rules: tomorrow or later in shop time, not a closed date), terms required. Messages
 * are `v('key')` references (shared) or `orders:` keys of this feature.
 */
import { z } from 'zod';
import { deliveryDateProblem } from '@shared/delivery-date';
import { PAYMENT_METHODS, SUBSTITUTIONS } from '@shared/constants';
import { checkoutAddressSchema } from '@shared/schemas/checkout';
import { v } from '@shared/validation';

const address = checkoutAddressSchema.pick({ full_name: true, street: true, city: true, postal_code: true, country: true, phone: true });

const addressInput = z.object({
  full_name: z.string(),
  street: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
});

export type CheckoutFormValues = {
  address: z.infer<typeof addressInput>;
  ship_different: boolean;
  shipping_address: z.infer<typeof addressInput>;
  customer: { name: string; email: string; phone: string };
  recipient_enabled: boolean;
  recipient: { name: string; phone: string; anonymous: boolean };
  substitution: (typeof SUBSTITUTIONS)[number];
  delivery_date: string;
  gift_message: string;
  order_notes: string;
  payment_method: (typeof PAYMENT_METHODS)[number];
  accept_terms: boolean;
};

const DATE_MESSAGES = { invalid: 'orders:checkout.dateTooSoon', too_soon: 'orders:checkout.dateTooSoon', closed: 'orders:checkout.dateClosed', too_far: 'orders:checkout.dateTooFar' } as const;

export function makeCheckoutSchema({ guest, closedDates, now = () => new Date() }: { guest: boolean; closedDates: string[]; now?: () => Date }) {
  return z
    .object({
      address: addressInput,
      ship_different: z.boolean(),
      shipping_address: addressInput,
      customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
      recipient_enabled: z.boolean(),
      recipient: z.object({ name: z.string(), phone: z.string(), anonymous: z.boolean() }),
      substitution: z.enum(SUBSTITUTIONS),
      delivery_date: z.string(),
      gift_message: z.string().max(500, v('too_long')),
      order_notes: z.string().max(1000, v('too_long')),
      payment_method: z.enum(PAYMENT_METHODS),
      accept_terms: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const check = (schema: z.ZodType, value: unknown, path: (string | number)[]) => {
        const result = schema.safeParse(value);
        if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] });
      };
      check(address, values.address, ['address']);
      if (values.ship_different) check(address, values.shipping_address, ['shipping_address']);
      if (guest) {
        check(z.string().trim().min(1, v('required')), values.customer.name, ['customer', 'name']);
        check(z.string().trim().min(1, v('required')).pipe(z.email(v('email'))), values.customer.email, ['customer', 'email']);
        check(z.string().trim().min(1, v('required')), values.customer.phone, ['customer', 'phone']);
      }
      if (values.recipient_enabled) check(z.string().trim().min(1, v('required')), values.recipient.name, ['recipient', 'name']);
      if (values.delivery_date) {
        const problem = deliveryDateProblem(values.delivery_date, now(), closedDates);
        if (problem) ctx.addIssue({ code: 'custom', message: DATE_MESSAGES[problem], path: ['delivery_date'] });
      }
      if (values.payment_method === 'card_payment') ctx.addIssue({ code: 'custom', message: 'orders:checkout.cardRefused', path: ['payment_method'] });
      if (!values.accept_terms) ctx.addIssue({ code: 'custom', message: 'orders:checkout.termsRequired', path: ['accept_terms'] });
    });
}

const trimOrNull = (s: string) => (s.trim() ? s.trim() : null);

/** The POST /checkout body from the form values and the server cart. */
export function toCheckoutBody(values: CheckoutFormValues, cart: { summary: { total: number; shipping: number; coupon: { code: string } | null; delivery_city: { id: number } | null }; items: { product_id: number; quantity: number; color: { id: number } | null }[] }, guest: boolean) {
  const addr = (a: CheckoutFormValues['address']) => ({
    full_name: a.full_name.trim(),
    street: a.street.trim(),
    city: a.city.trim(),
    postal_code: a.postal_code.trim(),
    country: a.country.trim(),
    phone: a.phone.trim(),
  });
  return {
    address: addr(values.address),
    shipping_address: values.ship_different ? addr(values.shipping_address) : null,
    customer: guest ? { name: values.customer.name.trim(), email: values.customer.email.trim(), phone: values.customer.phone.trim() } : null,
    recipient: values.recipient_enabled
      ? { name: values.recipient.name.trim(), phone: trimOrNull(values.recipient.phone), anonymous: values.recipient.anonymous }
      : null,
    substitution: values.substitution,
    delivery_zone_id: cart.summary.delivery_city?.id ?? null,
    delivery_date: values.delivery_date || null,
    gift_message: trimOrNull(values.gift_message),
    order_notes: trimOrNull(values.order_notes),
    payment_method: values.payment_method,
    accept_terms: values.accept_terms,
    coupon_code: cart.summary.coupon?.code ?? null,
    total_amount: cart.summary.total,
    shipping_cost: cart.summary.shipping,
    items: cart.items.map((i) => ({ product_id: i.product_id, color_id: i.color?.id ?? null, quantity: i.quantity })),
    is_customized: false,
  };
}
