/**
 * The cart checkout's form (react-hook-form + zod): the order details every checkout shares
 * (lib/order-form/form.ts: address, recipient, delivery date, substitution, gift message, payment)
 * plus what is the cart's own: a second (shipping) address when asked, the guest's contact details
 * when nobody is logged in, order notes and the terms. Messages are `v('key')` references (shared) or
 * `orders:` keys of this feature.
 */
import { z } from 'zod';
import { v } from '@shared/validation';
import { requiredText } from '@shared/schemas/fields';
import {
  addressRules,
  checkDetails,
  checkWith,
  detailsShape,
  DETAIL_FIELDS,
  toAddressBody,
  toOrderDetails,
  ADDRESS_FIELDS,
  type AddressValues,
  type CheckoutDetailsValues,
} from '@web/lib/order-form/form';

export type CheckoutFormValues = CheckoutDetailsValues & {
  ship_different: boolean;
  shipping_address: AddressValues;
  customer: { name: string; email: string; phone: string };
  order_notes: string;
  accept_terms: boolean;
};

/** The fields a 422 of POST /checkout may name, on the form. */
export const CHECKOUT_FIELDS = [
  ...DETAIL_FIELDS,
  ...ADDRESS_FIELDS.map((f) => `shipping_address.${f}` as const),
  'customer.name',
  'customer.email',
  'customer.phone',
  'order_notes',
  'accept_terms',
] as const;

export function makeCheckoutSchema({ guest, closedDates, now = () => new Date() }: { guest: boolean; closedDates: string[]; now?: () => Date }) {
  return z
    .object({
      ...detailsShape,
      ship_different: z.boolean(),
      shipping_address: detailsShape.address,
      customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
      order_notes: z.string().max(1000, v('too_long')),
      accept_terms: z.boolean(),
    })
    .superRefine((values, ctx) => {
      checkDetails(values, ctx, { closedDates, now: now() });
      if (values.ship_different) checkWith(ctx, addressRules, values.shipping_address, ['shipping_address']);
      if (guest) {
        checkWith(ctx, requiredText(120), values.customer.name, ['customer', 'name']);
        checkWith(ctx, z.string().trim().min(1, v('required')).pipe(z.email(v('email'))), values.customer.email, ['customer', 'email']);
        checkWith(ctx, requiredText(40), values.customer.phone, ['customer', 'phone']);
      }
      if (!values.accept_terms) ctx.addIssue({ code: 'custom', message: 'orders:checkout.termsRequired', path: ['accept_terms'] });
    });
}

const trimOrNull = (s: string) => (s.trim() ? s.trim() : null);

type CartForBody = {
  summary: { total: number; shipping: number; coupon: { code: string } | null; delivery_city: { id: number } | null };
  items: { product_id: number; quantity: number; color: { id: number } | null }[];
};

/** The lines as the server compares them with its cart (and as the idempotency key's basket). */
export const cartLines = (cart: Pick<CartForBody, 'items'>) =>
  cart.items.map((i) => ({ product_id: i.product_id, color_id: i.color?.id ?? null, quantity: i.quantity }));

/** The POST /checkout body from the form values and the server cart. */
export function toCheckoutBody(values: CheckoutFormValues, cart: CartForBody, guest: boolean) {
  return {
    ...toOrderDetails(values, { zoneId: cart.summary.delivery_city?.id ?? null, total: cart.summary.total, shipping: cart.summary.shipping }),
    shipping_address: values.ship_different ? toAddressBody(values.shipping_address) : null,
    customer: guest ? { name: values.customer.name.trim(), email: values.customer.email.trim(), phone: values.customer.phone.trim() } : null,
    order_notes: trimOrNull(values.order_notes),
    accept_terms: values.accept_terms,
    coupon_code: cart.summary.coupon?.code ?? null,
    items: cartLines(cart),
    is_customized: false,
  };
}
