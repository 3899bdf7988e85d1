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
import { colorsFor, orderLineMessages, productsFor, resolveLines, sizesFor } from '../orders/order-lines.js';
import { withSize } from '../orders/order-names.js';
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
    input.items.map((i) => ({ productId: i.product_id, colorId: i.color_id ?? null, sizeId: i.size_id ?? null, quantity: i.quantity })),
  );
  const [byId, colorById, sizeById, zone] = await Promise.all([
    productsFor(db, [...new Set(lines.map((l) => l.productId))], language),
    colorsFor(
      db,
      lines.map((l) => l.colorId).filter((c): c is number => c !== null),
      language,
    ),
    sizesFor(
      db,
      lines.map((l) => l.sizeId).filter((z): z is number => z !== null),
      language,
    ),
    input.zoneId ? findActiveZone(db, input.zoneId) : Promise.resolve(null),
  ]);
  if (lines.some((l) => !byId.has(l.productId))) throw new AppError(409, orderLineMessages.productGone);
  // A line in a size is priced at the size's price, after the product's discount.
  const priced = lines.map((l) => {
    const product = byId.get(l.productId)!;
    const size = l.sizeId !== null ? (sizeById.get(l.sizeId) ?? null) : null;
    return { ...l, product, size, finalPriceCents: size?.finalPriceCents ?? product.finalPriceCents };
  });
  const totals = priceLines(priced, null, zone);
  return {
    lines: priced.map((l) => ({
      product_id: l.productId,
      color_id: l.colorId,
      size_id: l.sizeId,
      name: withSize(l.product.name, l.size?.name),
      size: l.size?.name ?? null,
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
