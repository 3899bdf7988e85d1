/** What the storefront's /pay/<token> page shows: the order's summary and whether it can be paid now. */
import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { PayLink } from '../../../shared/schemas/card-payments.js';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { pickName } from '../orders/order-names.js';
import { orderMessages } from '../orders/orders.service.js';
import { cardGatewayOf, gatewayReachable } from './card-gateway-of.js';
import type { PaymentConfig } from './attempts.js';
import { readPayLinkToken } from './pay-links.js';

/** The order a link names (404 for a token that is not ours), with its state. */
export async function payLinkView(
  db: DbOrTx,
  config: PaymentConfig & { dataDir: string },
  token: string,
  locale: Locale,
  now = new Date(),
): Promise<PayLink & { orderId: number }> {
  const link = readPayLinkToken(config.dataDir, token, now);
  if (!link) throw new AppError(404, orderMessages.notFound);
  const [order] = await db.select().from(orders).where(eq(orders.id, link.orderId)).limit(1);
  if (!order) throw new AppError(404, orderMessages.notFound);
  const state: PayLink['state'] =
    order.paymentStatus === 'paid'
      ? 'paid'
      : order.orderStatus === 'cancelled'
        ? 'cancelled'
        : link.expired
          ? 'expired'
          : !cardGatewayOf(config) || !gatewayReachable(config)
            ? 'unavailable'
            : 'payable';
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return {
    orderId: order.id,
    state,
    order: {
      id: order.id,
      total_amount: fromCents(order.totalCents),
      delivery_date: order.deliveryDate,
      delivery_city: pickName(order.deliveryZoneNames, locale, order.deliveryCity),
      items: items.map((i) => ({
        name: pickName(i.productNames, locale, i.productName),
        quantity: i.quantity,
        line_total: fromCents(i.unitPriceCents * i.quantity),
      })),
    },
  };
}
