/**
 * The new phone order's form: the order details every order form shares (lib/order-form/form.ts:
 * the buyer asked once, the delivery address whose city is the zone, the recipient, date, card), plus
 * the channel, the zone, internal notes, the lines, and how it is paid (the staff's methods: cash on
 * delivery, at the counter, card terminal, bank transfer, payment link; a reference for the terminal's
 * slip or the transfer). The shared details keep their own storefront `payment_method`, unused here.
 */
import { z } from 'zod';
import { v } from '@shared/validation';
import { MAX_UNITS_PER_LINE, STAFF_ORDER_PAYMENT_METHODS } from '@shared/constants';
import {
  STAFF_ORDER_SOURCES,
  staffOrderBodySchema,
  staffOrderLineSchema,
  type RepeatOrder,
  type StaffOrderBody,
} from '@shared/schemas/staff-orders';
import { checkDetails, checkWith, defaultDetails, detailsShape, toOrderDetails } from '@web/lib/order-form/form';

const colorShape = z.object({ id: z.number(), name: z.string(), hex_code: z.string().nullable() });

export const newOrderFormSchema = z
  .object({
    ...detailsShape,
    source: z.enum(STAFF_ORDER_SOURCES),
    delivery_zone_id: z.string(),
    order_notes: z.string().max(1000, v('too_long')),
    staff_payment_method: z.enum(STAFF_ORDER_PAYMENT_METHODS),
    payment_reference: z.string().max(200, v('too_long')),
    items: z.array(
      z.object({
        product_id: z.number(),
        color_id: z.number().nullable(),
        /** The size (required when the product has sizes: the server says so on the line). */
        size_id: z.number().nullable(),
        quantity: z.number(),
        name: z.string(),
        colors: z.array(colorShape),
        sizes: z.array(z.object({ id: z.number(), name: z.string() })),
      }),
    ),
  })
  .superRefine((values, ctx) => {
    // Closed dates are the server's to refuse (its 422 lands under the date field).
    checkDetails(values, ctx, { closedDates: [], now: new Date() });
    checkWith(ctx, staffOrderBodySchema.shape.customer, { ...values.customer, email: values.customer.email || null }, ['customer']);
    if (!values.delivery_zone_id) ctx.addIssue({ code: 'custom', message: v('required'), path: ['delivery_zone_id'] });
    if (values.items.length === 0) ctx.addIssue({ code: 'custom', message: 'admin-sales:newOrder.noLines', path: ['items'] });
    values.items.forEach((item, i) => checkWith(ctx, staffOrderLineSchema.shape.quantity, item.quantity, ['items', i, 'quantity']));
  });
export type NewOrderValues = z.input<typeof newOrderFormSchema>;

export const newOrderDefaults = (): NewOrderValues => ({
  ...defaultDetails('Maroc'),
  source: 'phone',
  delivery_zone_id: '',
  order_notes: '',
  staff_payment_method: 'cash_on_delivery',
  payment_reference: '',
  items: [],
});

/** The methods received when the order is entered that carry a reference (the terminal's slip, the transfer). */
export const REFERENCED: ReadonlySet<string> = new Set(['card_terminal', 'bank_transfer']);

/** The POST /api/admin/orders body: the form's values, the zone (the address's city) and the total the server quoted. */
export function toStaffOrderBody(
  values: NewOrderValues,
  quoted: { total: number; shipping: number },
  zone: { id: number; name: string } | null,
): StaffOrderBody {
  return {
    ...toOrderDetails(values, { zone, total: quoted.total, shipping: quoted.shipping }),
    payment_method: values.staff_payment_method,
    payment_reference: REFERENCED.has(values.staff_payment_method) ? values.payment_reference.trim() || null : null,
    source: values.source,
    customer: { name: values.customer.name.trim(), phone: values.customer.phone.trim(), email: values.customer.email.trim() || null },
    items: values.items.map((i) => ({ product_id: i.product_id, color_id: i.color_id, size_id: i.size_id, quantity: i.quantity })),
    order_notes: values.order_notes.trim() || null,
  };
}

/**
 * The form a repeated order starts with: the past order's buyer, address, zone, recipient, substitution
 * and lines; no date, card or notes (a new occasion). No price is carried: the quote prices the lines.
 */
export function repeatValues(r: RepeatOrder): NewOrderValues {
  const d = newOrderDefaults();
  return {
    ...d,
    customer: { name: r.customer.name, phone: r.customer.phone, email: r.customer.email ?? '' },
    address: r.address ?? d.address,
    delivery_zone_id: r.delivery_zone_id ? String(r.delivery_zone_id) : '',
    recipient_enabled: r.recipient !== null,
    recipient: r.recipient ? { name: r.recipient.name, phone: r.recipient.phone ?? '', anonymous: r.recipient.anonymous } : d.recipient,
    substitution: r.substitution,
    items: r.items.map((i) => ({ ...i, quantity: Math.min(i.quantity, MAX_UNITS_PER_LINE) })),
  };
}
