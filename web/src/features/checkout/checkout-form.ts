/**
 * The cart checkout's form (react-hook-form + zod): the order details every order form shares
 * (lib/order-form/form.ts: buyer, delivery address, recipient, date, substitution, card, payment)
 * plus what is the cart's own: the guest's e-mail, a billing address only when asked for, order notes
 * and the terms. The delivery city is the cart's (chosen once, on the server cart).
 */
import { z } from 'zod';
import { v } from '@shared/validation';
import {
  addressRules,
  addressShape,
  checkDetails,
  checkWith,
  detailsShape,
  DETAIL_FIELDS,
  deliveryAddress,
  toAddressBody,
  toOrderDetails,
  ADDRESS_FIELDS,
  type AddressValues,
  type CheckoutDetailsValues,
} from '@web/lib/order-form/form';

export type CheckoutFormValues = CheckoutDetailsValues & {
  billing_enabled: boolean;
  billing_address: AddressValues;
  order_notes: string;
  accept_terms: boolean;
};

/** The fields a 422 of POST /checkout may name, on the form. */
export const CHECKOUT_FIELDS = [
  ...DETAIL_FIELDS,
  ...ADDRESS_FIELDS.map((f) => `billing_address.${f}` as const),
  'customer.email',
  'order_notes',
  'accept_terms',
] as const;

export function makeCheckoutSchema({
  guest,
  closedDates,
  now = () => new Date(),
  cardPayment = false,
}: {
  guest: boolean;
  closedDates: string[];
  now?: () => Date;
  cardPayment?: boolean;
}) {
  return z
    .object({
      ...detailsShape,
      billing_enabled: z.boolean(),
      billing_address: addressShape,
      order_notes: z.string().max(1000, v('too_long')),
      accept_terms: z.boolean(),
    })
    .superRefine((values, ctx) => {
      checkDetails(values, ctx, { closedDates, now: now(), cardPayment });
      if (values.billing_enabled) checkWith(ctx, addressRules, values.billing_address, ['billing_address']);
      if (guest)
        checkWith(
          ctx,
          z
            .string()
            .trim()
            .min(1, v('required'))
            .pipe(z.email(v('email'))),
          values.customer.email,
          ['customer', 'email'],
        );
      if (!values.accept_terms) ctx.addIssue({ code: 'custom', message: 'orders:checkout.termsRequired', path: ['accept_terms'] });
    });
}

const trimOrNull = (s: string) => (s.trim() ? s.trim() : null);

type CartForBody = {
  summary: { total: number; shipping: number; coupon: { code: string } | null; delivery_city: { id: number; name: string } | null };
  items: { product_id: number; quantity: number; color: { id: number } | null }[];
};

/** The lines as the server compares them with its cart (and as the idempotency key's basket). */
export const cartLines = (cart: Pick<CartForBody, 'items'>) =>
  cart.items.map((i) => ({ product_id: i.product_id, color_id: i.color?.id ?? null, quantity: i.quantity }));

/**
 * The POST /checkout body from the form values and the server cart. The request keeps its shape:
 * `address` is the billing address and `shipping_address` the delivery one when they differ; when
 * they do not, `address` is the delivery address and serves as both.
 */
export function toCheckoutBody(values: CheckoutFormValues, cart: CartForBody, guest: boolean) {
  const details = toOrderDetails(values, { zone: cart.summary.delivery_city, total: cart.summary.total, shipping: cart.summary.shipping });
  const delivery = deliveryAddress(values, cart.summary.delivery_city?.name ?? '');
  const { customer } = values;
  return {
    ...details,
    // A pick-up (details without address) is not delivered: only a billing address, when asked for.
    address: values.billing_enabled ? toAddressBody(values.billing_address) : details.address && delivery,
    shipping_address: values.billing_enabled && details.address ? delivery : null,
    customer: guest ? { name: customer.name.trim(), email: customer.email.trim(), phone: customer.phone.trim() } : null,
    order_notes: trimOrNull(values.order_notes),
    accept_terms: values.accept_terms,
    coupon_code: cart.summary.coupon?.code ?? null,
    items: cartLines(cart),
    is_customized: false,
  };
}
