/** What a receipt shows, from whichever order view the page has (back office, customer, guest). */
import type { OrderAddress, OrderDetail } from '@shared/schemas/orders';
import { isolate } from './isolate';

export type ReceiptOrder = {
  id: number;
  created_at: string;
  delivery_date: string | null;
  is_customized: boolean;
  customer: { name: string; email: string | null; phone: string | null };
  address: string | null;
  gift_message: string | null;
  items: { name: string; color: string | null; quantity: number; line_total: number }[];
  total_amount: number;
};

/** The address on one line, each part its own run (an Arabic street cannot carry the postal code away). */
export const addressLine = (a: OrderAddress | null): string | null =>
  a ? [a.street, a.postal_code, a.city, a.country].filter(Boolean).map(isolate).join(', ') : null;

/** A receipt from an order detail; the customer's name, e-mail and phone as the page knows them. */
export function receiptOrderOf(order: OrderDetail, customer: ReceiptOrder['customer']): ReceiptOrder {
  return {
    id: order.id,
    created_at: order.created_at,
    delivery_date: order.delivery_date,
    is_customized: order.is_customized,
    customer,
    address: addressLine(order.shipping_address ?? order.address),
    gift_message: order.gift_message,
    items: order.order_items.map((i) => ({ name: i.product.name, color: i.color_name, quantity: i.quantity, line_total: i.line_total })),
    total_amount: order.total_amount,
  };
}
