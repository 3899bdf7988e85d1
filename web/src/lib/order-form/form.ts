/**
 * The order details every order form asks (storefront checkout, custom bouquet, the back office's
 * phone order), each thing once: who orders (name, phone), where the flowers go (street, postal
 * code, country; the city is the delivery zone chosen once, so it is never typed again), who receives
 * them when not the buyer, the delivery date, substitution, card message and payment. They are checked
 * in the browser with the SAME shared schemas the server uses (shared/schemas/checkout.ts) and turned
 * into the `orderDetailsSchema` part of a request body: the delivery address's name and phone are the
 * recipient's when there is one, else the buyer's. Each page adds what is its own (the guest's e-mail,
 * a separate billing address and the terms of the cart; the custom bouquet's instructions; the phone
 * order's channel and lines). Messages are `v('key')` references (shared) or `orders:` keys.
 */
import { z } from 'zod';
import type { Path } from 'react-hook-form';
import { PAYMENT_METHODS, SUBSTITUTIONS, type PaymentMethod, type Substitution } from '@shared/constants';
import { deliveryDateProblem } from '@shared/delivery-date';
import { DELIVERY_METHODS, type DeliveryMethod } from '@shared/delivery-slots';
import { requiredText } from '@shared/schemas/fields';
import { withoutDeliveryFee } from './pickup-totals';
import { checkoutAddressSchema, recipientSchema } from '@shared/schemas/checkout';

export const ADDRESS_FIELDS = ['full_name', 'street', 'city', 'postal_code', 'country', 'phone'] as const;
export type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>;
/** The delivery address as the form asks it: the name, phone and city come from elsewhere. */
export type DeliveryAddressValues = Pick<AddressValues, 'street' | 'postal_code' | 'country'>;

export type CheckoutDetailsValues = {
  customer: { name: string; phone: string; email: string };
  address: DeliveryAddressValues;
  recipient_enabled: boolean;
  recipient: { name: string; phone: string; anonymous: boolean };
  substitution: Substitution;
  delivery_date: string;
  /** Delivered to the address, or collected at the shop (no address asked, no fee). */
  delivery_method: DeliveryMethod;
  /** The chosen slot's key ('' while the shop has no slots). */
  delivery_slot: string;
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

export const defaultDetails = (
  country: string,
  own: { name?: string | null; phone?: string | null; email?: string | null; street?: string | null } = {},
): CheckoutDetailsValues => ({
  customer: { name: own.name ?? '', phone: own.phone ?? '', email: own.email ?? '' },
  address: { street: own.street ?? '', postal_code: '', country },
  recipient_enabled: false,
  recipient: { name: '', phone: '', anonymous: false },
  substitution: 'similar',
  delivery_date: '',
  delivery_method: 'delivery',
  delivery_slot: '',
  gift_message: '',
  payment_method: 'cash_on_delivery',
});

const strings = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>);

/** The form values' shape (plain strings as typed); the rules are in `checkDetails`. */
export const detailsShape = {
  customer: strings(['name', 'phone', 'email']),
  address: strings(['street', 'postal_code', 'country']),
  recipient_enabled: z.boolean(),
  recipient: z.object({ name: z.string(), phone: z.string(), anonymous: z.boolean() }),
  substitution: z.enum(SUBSTITUTIONS),
  delivery_date: z.string(),
  delivery_method: z.enum(DELIVERY_METHODS),
  delivery_slot: z.string(),
  gift_message: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
};
export const addressShape = strings(ADDRESS_FIELDS);

/** The address rules of the server (trimmed, required, lengths), without the optional state. */
export const addressRules = checkoutAddressSchema.pick({
  full_name: true,
  street: true,
  city: true,
  postal_code: true,
  country: true,
  phone: true,
});
const deliveryAddressRules = checkoutAddressSchema.pick({ street: true, postal_code: true, country: true });

const DATE_MESSAGES = {
  invalid: 'orders:checkout.dateTooSoon',
  too_soon: 'orders:checkout.dateTooSoon',
  closed: 'orders:checkout.dateClosed',
  too_far: 'orders:checkout.dateTooFar',
} as const;

/** Adds the issues of `schema` on `value` under `path` (the form's own paths). */
export function checkWith(ctx: z.RefinementCtx, schema: z.ZodType, value: unknown, path: (string | number)[]) {
  const result = schema.safeParse(value);
  if (!result.success)
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] });
}

/** The shared details' rules: the buyer, the server's address and recipient schemas, the delivery date rule, the card only when the shop takes it. */
export function checkDetails(
  values: CheckoutDetailsValues,
  ctx: z.RefinementCtx,
  { closedDates, now, cardPayment = false }: { closedDates: string[]; now: Date; cardPayment?: boolean },
) {
  checkWith(ctx, requiredText(120), values.customer.name, ['customer', 'name']);
  checkWith(ctx, requiredText(40), values.customer.phone, ['customer', 'phone']);
  // A pick-up asks no address.
  if (values.delivery_method === 'delivery') checkWith(ctx, deliveryAddressRules, values.address, ['address']);
  if (values.recipient_enabled) checkWith(ctx, recipientSchema.pick({ name: true, phone: true }), values.recipient, ['recipient']);
  checkWith(ctx, z.string().max(500, 'v:too_long'), values.gift_message, ['gift_message']);
  if (values.delivery_date) {
    const problem = deliveryDateProblem(values.delivery_date, now, closedDates);
    if (problem) ctx.addIssue({ code: 'custom', message: DATE_MESSAGES[problem], path: ['delivery_date'] });
  }
  if (values.payment_method === 'card_payment' && !cardPayment)
    ctx.addIssue({ code: 'custom', message: 'orders:checkout.cardRefused', path: ['payment_method'] });
}

const trimOrNull = (s: string) => (s.trim() ? s.trim() : null);

export const toAddressBody = (a: AddressValues) => Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f].trim()])) as AddressValues;

/** The delivery address as the server takes it: the recipient's (else the buyer's) name and phone, the zone's city. */
export function deliveryAddress(values: CheckoutDetailsValues, city: string): AddressValues {
  const to = values.recipient_enabled ? values.recipient : null;
  return toAddressBody({
    full_name: to?.name || values.customer.name,
    phone: to?.phone.trim() || values.customer.phone,
    street: values.address.street,
    city,
    postal_code: values.address.postal_code,
    country: values.address.country,
  });
}

/** The `orderDetailsSchema` part of a checkout body: the form's details, the zone and the totals shown. */
export function toOrderDetails(
  values: CheckoutDetailsValues,
  priced: { zone: { id: number; name: string } | null; total: number; shipping: number },
) {
  const pickup = values.delivery_method === 'pickup';
  return {
    // A pick-up: no address, no zone, no delivery fee (the server charges none either).
    address: pickup ? null : deliveryAddress(values, priced.zone?.name ?? ''),
    delivery_method: values.delivery_method,
    delivery_slot: values.delivery_slot || null,
    recipient: values.recipient_enabled
      ? { name: values.recipient.name.trim(), phone: trimOrNull(values.recipient.phone), anonymous: values.recipient.anonymous }
      : null,
    substitution: values.substitution,
    delivery_zone_id: pickup ? null : (priced.zone?.id ?? null),
    delivery_date: values.delivery_date || null,
    gift_message: trimOrNull(values.gift_message),
    payment_method: values.payment_method,
    total_amount: pickup ? withoutDeliveryFee(priced).total : priced.total,
    shipping_cost: pickup ? 0 : priced.shipping,
  };
}

/** A server's field names -> the form's, where the form asks the thing elsewhere (the kit's `rename`). */
export const DETAIL_RENAMES: Record<string, string> = {
  'address.full_name': 'customer.name',
  'address.phone': 'customer.phone',
};

/** The details' fields a 422 may name (the form's paths). */
export const DETAIL_FIELDS = [
  'customer.name',
  'customer.phone',
  'address.street',
  'address.postal_code',
  'address.country',
  'recipient.name',
  'recipient.phone',
  'substitution',
  'delivery_date',
  'delivery_method',
  'delivery_slot',
  'gift_message',
  'payment_method',
] as const satisfies readonly Path<CheckoutDetailsValues>[];
