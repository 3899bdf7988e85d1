/**
 * Orders staff take by phone, WhatsApp or at the counter: the lines' price as the server computes it
 * (the new-order screen shows this total live; the browser never computes the price it sends).
 * Placing the order itself goes through the one checkout pipeline (place-checkout.ts) with a staff
 * source.
 */
import type { Locale } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { StaffOrderLine, StaffOrderQuote } from '../../../shared/schemas/staff-orders.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { findActiveZone } from '../delivery/delivery.service.js';
import { colorsFor, orderLineMessages, productsFor, resolveLines } from '../orders/order-lines.js';
import { priceLines } from '../pricing/pricing.js';

/**
 * The price of `lines` delivered in `zoneId` (no zone: no delivery fee yet), read from the database:
 * what the new-order screen shows and sends back as the total it saw. No coupon: staff orders take none.
 */
export async function quoteStaffOrder(
  db: DbOrTx,
  input: { items: StaffOrderLine[]; zoneId: number | null },
  language: Locale,
): Promise<StaffOrderQuote> {
  const lines = await resolveLines(
    db,
    input.items.map((i) => ({ productId: i.product_id, colorId: i.color_id ?? null, quantity: i.quantity })),
  );
  const [byId, colorById, zone] = await Promise.all([
    productsFor(db, [...new Set(lines.map((l) => l.productId))], language),
    colorsFor(
      db,
      lines.map((l) => l.colorId).filter((c): c is number => c !== null),
      language,
    ),
    input.zoneId ? findActiveZone(db, input.zoneId) : Promise.resolve(null),
  ]);
  if (lines.some((l) => !byId.has(l.productId))) throw new AppError(409, orderLineMessages.productGone);
  const priced = lines.map((l) => ({ ...l, product: byId.get(l.productId)!, finalPriceCents: byId.get(l.productId)!.finalPriceCents }));
  const totals = priceLines(priced, null, zone);
  return {
    lines: priced.map((l) => ({
      product_id: l.productId,
      color_id: l.colorId,
      name: l.product.name,
      color: l.colorId !== null ? (colorById.get(l.colorId)?.name ?? null) : null,
      quantity: l.quantity,
      unit_price: fromCents(l.finalPriceCents),
      line_total: fromCents(l.finalPriceCents * l.quantity),
      stock: l.product.stock,
    })),
    subtotal: fromCents(totals.subtotalCents),
    shipping_cost: fromCents(totals.shippingCents),
    total_amount: fromCents(totals.totalCents),
  };
}
