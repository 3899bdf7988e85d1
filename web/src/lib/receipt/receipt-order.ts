/** What a receipt shows, from whichever order view the page has (back office, customer, guest). */
import type { OrderAddress, OrderDetail } from '@shared/schemas/orders';
import { toLocale, type Locale } from '@shared/constants';
import { isolate } from '@shared/pdf/isolate';

/** A name in every shop language, when the order keeps it (else only the page's `name`). */
type Names = { fr: string; en: string; ar: string } | null | undefined;

export type ReceiptOrder = {
  id: number;
  created_at: string;
  /** The language the order was placed in: the receipt's first choice. */
  language: Locale | null;
  delivery_date: string | null;
  delivery_city: string;
  delivery_city_names?: Names;
  /** Collected at the shop, or delivered (absent: delivered). */
  delivery_method?: 'delivery' | 'pickup' | undefined;
  /** The time slot: its label as the page shows it and, when kept, in every shop language. */
  delivery_slot?: { key: string; label: string; names?: Names } | null | undefined;
  is_customized: boolean;
  customer: { name: string; email: string | null; phone: string | null };
  recipient: { name: string; phone: string | null } | null;
  address: string | null;
  gift_message: string | null;
  items: { name: string; names?: Names; color: string | null; color_names?: Names; quantity: number; line_total: number }[];
  subtotal: number;
  coupon_code: string | null;
  coupon_discount: number;
  shipping_cost: number;
  total_amount: number;
  payment_method: string;
  payment_status: string;
};

/** A name kept by the order in `language`, else the name the page was given. */
export const nameIn = (names: Names, language: Locale, shown: string): string => names?.[language] || shown;

/** The address on one line, each part its own run (an Arabic street cannot carry the postal code away). */
export const addressLine = (a: OrderAddress | null): string | null =>
  a ? [a.street, a.postal_code, a.city, a.country].filter(Boolean).map(isolate).join(', ') : null;

/** A receipt from an order detail; the customer's name, e-mail and phone as the page knows them. */
export function receiptOrderOf(
  order: Omit<OrderDetail, 'language'> & { language?: string },
  customer: ReceiptOrder['customer'],
): ReceiptOrder {
  return {
    id: order.id,
    created_at: order.created_at,
    language: order.language ? toLocale(order.language) : null,
    delivery_date: order.delivery_date,
    delivery_city: order.delivery_city,
    delivery_city_names: order.delivery_city_names,
    delivery_method: order.delivery_method,
    delivery_slot: order.delivery_slot,
    is_customized: order.is_customized,
    customer,
    recipient: order.recipient ? { name: order.recipient.name, phone: order.recipient.phone } : null,
    address: addressLine(order.shipping_address ?? order.address),
    gift_message: order.gift_message,
    items: order.order_items.map((i) => ({
      name: i.product.name,
      names: i.names,
      color: i.color_name,
      color_names: i.color_names,
      quantity: i.quantity,
      line_total: i.line_total,
    })),
    subtotal: order.subtotal,
    coupon_code: order.coupon_code,
    coupon_discount: order.coupon_discount,
    shipping_cost: order.shipping_cost,
    total_amount: order.total_amount,
    payment_method: order.payment_method,
    payment_status: order.payment_status,
  };
}
