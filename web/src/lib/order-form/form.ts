/**
 * The order details every checkout form asks (address, recipient, delivery date, substitution, gift
 * message, payment), checked in the browser with the SAME shared schemas the server uses
 * (shared/schemas/checkout.ts), and turned into the `orderDetailsSchema` part of a request body.
 * Each page's form extends these values with what is its own (the cart's guest details and terms, the
 * custom bouquet's zone and instructions). Messages are `v('key')` references (shared) or `orders:`
 * keys; `useErrorText` turns both into text.
 */
import { z } from 'zod';
import type { Path } from 'react-hook-form';
import { PAYMENT_METHODS, SUBSTITUTIONS, type PaymentMethod, type Substitution } from '@shared/constants';
import { deliveryDateProblem } from '@shared/delivery-date';
import { checkoutAddressSchema, recipientSchema } from '@shared/schemas/checkout';

export const ADDRESS_FIELDS = ['full_name', 'street', 'city', 'postal_code', 'country', 'phone'] as const;
export type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>;

export type CheckoutDetailsValues = {
  address: AddressValues;
  recipient_enabled: boolean;
  recipient: { name: string; phone: string; anonymous: boolean };
  substitution: Substitution;
  delivery_date: string;
  gift_message: string;
  payment_method: PaymentMethod;
};

export const emptyAddress = (country: string, own: Partial<AddressValues> = {}): AddressValues => ({
  full_name: '',
  street: '',
  city: '',
  postal_code: '',
  country,
  phone: '',
  ...own,
});

export const defaultDetails = (address: AddressValues): CheckoutDetailsValues => ({
  address,
  recipient_enabled: false,
  recipient: { name: '', phone: '', anonymous: false },
  substitution: 'similar',
  delivery_date: '',
  gift_message: '',
  payment_method: 'cash_on_delivery',
});

const addressInput = z.object(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, z.string()])) as Record<keyof AddressValues, z.ZodString>);

/** The form values' shape (plain strings as typed); the rules are in `checkDetails`. */
export const detailsShape = {
  address: addressInput,
  recipient_enabled: z.boolean(),
  recipient: z.object({ name: z.string(), phone: z.string(), anonymous: z.boolean() }),
  substitution: z.enum(SUBSTITUTIONS),
  delivery_date: z.string(),
  gift_message: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
};

/** The address rules of the server (trimmed, required, lengths), without the optional state. */
export const addressRules = checkoutAddressSchema.pick({ full_name: true, street: true, city: true, postal_code: true, country: true, phone: true });

const DATE_MESSAGES = {
  invalid: 'orders:checkout.dateTooSoon',
  too_soon: 'orders:checkout.dateTooSoon',
  closed: 'orders:checkout.dateClosed',
  too_far: 'orders:checkout.dateTooFar',
} as const;

/** Adds the issues of `schema` on `value` under `path` (the form's own paths). */
export function checkWith(ctx: z.RefinementCtx, schema: z.ZodType, value: unknown, path: (string | number)[]) {
  const result = schema.safeParse(value);
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] });
}

/** The shared details' rules: the server's address and recipient schemas, the delivery date rule, no card yet. */
export function checkDetails(values: CheckoutDetailsValues, ctx: z.RefinementCtx, { closedDates, now }: { closedDates: string[]; now: Date }) {
  checkWith(ctx, addressRules, values.address, ['address']);
  if (values.recipient_enabled) checkWith(ctx, recipientSchema.pick({ name: true, phone: true }), values.recipient, ['recipient']);
  checkWith(ctx, z.string().max(500, 'v:too_long'), values.gift_message, ['gift_message']);
  if (values.delivery_date) {
    const problem = deliveryDateProblem(values.delivery_date, now, closedDates);
    if (problem) ctx.addIssue({ code: 'custom', message: DATE_MESSAGES[problem], path: ['delivery_date'] });
  }
  if (values.payment_method === 'card_payment') ctx.addIssue({ code: 'custom', message: 'orders:checkout.cardRefused', path: ['payment_method'] });
}

const trimOrNull = (s: string) => (s.trim() ? s.trim() : null);

export const toAddressBody = (a: AddressValues) =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f].trim()])) as AddressValues;

/** The `orderDetailsSchema` part of a checkout body: the form's details, the zone and the totals shown. */
export function toOrderDetails(values: CheckoutDetailsValues, priced: { zoneId: number | null; total: number; shipping: number }) {
  return {
    address: toAddressBody(values.address),
    recipient: values.recipient_enabled
      ? { name: values.recipient.name.trim(), phone: trimOrNull(values.recipient.phone), anonymous: values.recipient.anonymous }
      : null,
    substitution: values.substitution,
    delivery_zone_id: priced.zoneId,
    delivery_date: values.delivery_date || null,
    gift_message: trimOrNull(values.gift_message),
    payment_method: values.payment_method,
    total_amount: priced.total,
    shipping_cost: priced.shipping,
  };
}

/** The details' fields a 422 may name, as the server names them (the form uses the same paths). */
export const DETAIL_FIELDS = [
  ...ADDRESS_FIELDS.map((f) => `address.${f}` as const),
  'recipient.name',
  'recipient.phone',
  'substitution',
  'delivery_date',
  'gift_message',
  'payment_method',
] as const satisfies readonly Path<CheckoutDetailsValues>[];
