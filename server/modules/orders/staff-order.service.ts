/**
 * Orders staff take by phone, WhatsApp or at the counter: the lines' price as the server computes it
 * (the new-order screen shows this total live; the browser never computes the price it sends), and
 * the lines read for an edit. Placing the order itself goes through the one checkout pipeline
 * (checkout/place-checkout.ts) with a staff source.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { StaffOrderLine, StaffOrderQuote } from '../../../shared/schemas/staff-orders.js';
import type { DbOrTx } from '../../db/client.js';
import { colors, colorTranslations, productColors, products, productTranslations } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { cartMessages } from '../cart/cart.messages.js';
import { pricedProductColumns, productTranslationIn } from '../catalogue/product-language.js';
import { colorColumns } from '../checkout/checkout-reads.js';
import { checkoutMessages } from '../checkout/checkout.messages.js';
import { findActiveZone } from '../delivery/delivery.service.js';
import { priceLines } from '../pricing/pricing.js';

export interface ResolvedLine {
  productId: number;
  /** The colour asked for, or the product's first one; null for a product without colours. */
  colorId: number | null;
  quantity: number;
}

/**
 * Lines as the checkout reads them: each colour checked against the product's (null: its first
 * colour), the same product and colour merged. 422 `items.<i>.color_id` for a colour it does not offer.
 */
export async function resolveLines(db: DbOrTx, lines: { productId: number; colorId: number | null; quantity: number }[]): Promise<ResolvedLine[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const offered = ids.length
    ? await db
        .select({ productId: productColors.productId, colorId: productColors.colorId })
        .from(productColors)
        .where(inArray(productColors.productId, ids))
        .orderBy(asc(productColors.productId), asc(productColors.sortOrder), asc(productColors.colorId))
    : [];
  const merged = new Map<string, ResolvedLine>();
  lines.forEach((line, i) => {
    const own = offered.filter((o) => o.productId === line.productId).map((o) => o.colorId);
    let colorId = line.colorId;
    if (colorId === null) colorId = own[0] ?? null;
    else if (!own.includes(colorId)) throw new FieldValidationError({ [`items.${i}.color_id`]: [cartMessages.colorNotOffered] });
    const key = `${line.productId}:${colorId}`;
    const prev = merged.get(key);
    merged.set(key, { productId: line.productId, colorId, quantity: (prev?.quantity ?? 0) + line.quantity });
  });
  return [...merged.values()];
}

/** Today's products (not archived) of `ids` in `language`, with their price and stock. */
export async function productsFor(db: DbOrTx, ids: number[], language: Locale) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; priceCents: number; discount: number; finalPriceCents: number; stock: number }>();
  const rows = await db
    .select({ ...pricedProductColumns, stock: products.stock })
    .from(products)
    .leftJoin(productTranslations, productTranslationIn(language))
    .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Colours of `ids` in `language`. */
export async function colorsFor(db: DbOrTx, ids: number[], language: Locale) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; hex: string | null }>();
  const rows = await db
    .select(colorColumns)
    .from(colors)
    .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, colors.id), eq(colorTranslations.locale, language)))
    .where(inArray(colors.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The price of `lines` delivered in `zoneId` (no zone: no delivery fee yet), read from the database:
 * what the new-order screen shows and sends back as the total it saw. No coupon: staff orders take none.
 */
export async function quoteStaffOrder(db: DbOrTx, input: { items: StaffOrderLine[]; zoneId: number | null }, language: Locale): Promise<StaffOrderQuote> {
  const lines = await resolveLines(
    db,
    input.items.map((i) => ({ productId: i.product_id, colorId: i.color_id ?? null, quantity: i.quantity })),
  );
  const [byId, colorById, zone] = await Promise.all([
    productsFor(db, [...new Set(lines.map((l) => l.productId))], language),
    colorsFor(db, lines.map((l) => l.colorId).filter((c): c is number => c !== null), language),
    input.zoneId ? findActiveZone(db, input.zoneId) : Promise.resolve(null),
  ]);
  if (lines.some((l) => !byId.has(l.productId))) throw new AppError(409, checkoutMessages.productGone);
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
