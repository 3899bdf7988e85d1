import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import { ReceiptButton as Receipt } from '@web/components/receipt/ReceiptButton';
import { receiptOrderOf } from '@web/lib/receipt/receipt-order';

/** The receipt of an order in the back office, with the customer as the order records them. */
export function ReceiptButton({ order }: { order: AdminOrderDetail }) {
  return <Receipt order={receiptOrderOf(order, { name: order.customer_name, email: order.customer_email, phone: order.customer_phone })} />;
}
