/**
 * The price of a custom bouquet before it is ordered: POST /custom-bouquet/quote. Reads the prices,
 * colours and stock from the database (never from the client) and prices the lines with the
 * checkout's own code (cart.service `summarize` -> checkout/pricing.ts `priceLines`), so the quote is
 * exactly what `/custom-bouquet/create` will charge. No coupon (custom bouquets take none). No writes.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { CustomFlower, CustomQuote } from '../../../shared/schemas/custom-bouquet.js';
import type { DbOrTx } from '../../db/client.js';
import { colors, colorTranslations, productColors, products, productTranslations } from '../../db/schema.js';
import { FieldValidationError } from '../../lib/errors.js';
import { summarize } from '../cart/cart.service.js';
import { lineTotalCents } from '../pricing/pricing.js';
import { deliveryMessages, findActiveZone } from '../delivery/delivery.service.js';
import { checkFlowers } from './custom-bouquet.service.js';
import { productName, productTranslationIn } from '../catalogue/product-language.js';

export async function quoteCustomBouquet(
  db: DbOrTx,
  locale: Locale,
  input: { flowers: CustomFlower[]; deliveryZoneId: number | null },
): Promise<CustomQuote> {
  // Same line rules as the order: single stems, colour offered (422 naming the line).
  await checkFlowers(db, input.flowers);
  const zone = input.deliveryZoneId ? await findActiveZone(db, input.deliveryZoneId) : null;
  if (input.deliveryZoneId && !zone) throw new FieldValidationError({ delivery_zone_id: [deliveryMessages.unknownZone] });

  const ids = [...new Set(input.flowers.map((f) => f.product_id))];
  const rows = await db
    .select({
      id: products.id,
      name: productName,
      finalPriceCents: products.finalPriceCents,
      stock: products.stock,
    })
    .from(products)
    .leftJoin(productTranslations, productTranslationIn(locale))
    .where(inArray(products.id, ids));
  const offered = await db
    .select({
      productId: productColors.productId,
      id: colors.id,
      name: sql<string>`coalesce(${colorTranslations.name}, ${colors.name})`,
      hex: colors.hexCode,
    })
    .from(productColors)
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, colors.id), eq(colorTranslations.locale, locale)))
    .where(inArray(productColors.productId, ids))
    .orderBy(asc(productColors.productId), asc(productColors.sortOrder), asc(productColors.colorId));
  const productById = new Map(rows.map((r) => [r.id, r]));

  const lines = input.flowers.map((f) => {
    const product = productById.get(f.product_id)!;
    const own = offered.filter((o) => o.productId === f.product_id);
    // A null colour is the stem's first colour, as the order transaction resolves it.
    const color = f.color_id === null ? (own[0] ?? null) : (own.find((o) => o.id === f.color_id) ?? null);
    return { product, color, quantity: f.quantity, finalPriceCents: product.finalPriceCents };
  });
  const { totalCents: _total, ...summary } = summarize({ lines, coupon: null, zone, locale });
  return {
    items: lines.map((l) => ({
      product_id: l.product.id,
      color_id: l.color?.id ?? null,
      name: l.product.name,
      color: l.color ? { id: l.color.id, name: l.color.name, hex_code: l.color.hex } : null,
      unit_price: fromCents(l.finalPriceCents),
      quantity: l.quantity,
      line_total: fromCents(lineTotalCents(l)),
      stock: l.product.stock,
    })),
    summary,
  };
}
