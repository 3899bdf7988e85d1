/**
 * An order's lines read as today's catalogue has them: colours checked against the product's, the
 * same product and colour merged, today's products with price and stock, colours in a language. Both
 * the staff order's live price (checkout/staff-order.service.ts) and an order's line edit
 * (order-items.edit.service.ts) read lines this way.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import type { DbOrTx } from '../../db/client.js';
import { colors, colorTranslations, productColors, products, productSizes, productTranslations } from '../../db/schema.js';
import { FieldValidationError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import {
  colorColumns,
  pricedProductColumns,
  productChoiceMessages,
  productTranslationIn,
  sizeColumns,
} from '../catalogue/product-language.js';

export const orderLineMessages = defineMessages({
  productGone: {
    fr: 'Un produit de votre commande n’existe plus.',
    en: 'A product in your order no longer exists.',
    ar: 'أحد المنتجات في طلبك لم يعد موجودًا.',
  },
});

export interface ResolvedLine {
  productId: number;
  /** The colour asked for, or the product's first one; null for a product without colours. */
  colorId: number | null;
  /** The size ordered; null for a product without sizes (or a line kept from before it had some). */
  sizeId: number | null;
  quantity: number;
}

/**
 * Lines as the checkout reads them: each colour checked against the product's (null: its first
 * colour), each size against the product's, the same product, colour and size merged. 422
 * `items.<i>.color_id` for a colour it does not offer; 422 `items.<i>.size_id` for a size it does not
 * offer, or no size for a product with sizes — unless the line says `sizeFree` (an order's line written
 * before its product had sizes, kept as it was sold).
 */
export async function resolveLines(
  db: DbOrTx,
  lines: { productId: number; colorId: number | null; sizeId?: number | null; sizeFree?: boolean; quantity: number }[],
): Promise<ResolvedLine[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const [offered, sizes] = ids.length
    ? await Promise.all([
        db
          .select({ productId: productColors.productId, colorId: productColors.colorId })
          .from(productColors)
          .where(inArray(productColors.productId, ids))
          .orderBy(asc(productColors.productId), asc(productColors.sortOrder), asc(productColors.colorId)),
        db
          .select({ productId: productSizes.productId, id: productSizes.id })
          .from(productSizes)
          .where(inArray(productSizes.productId, ids)),
      ])
    : [[], []];
  const merged = new Map<string, ResolvedLine>();
  lines.forEach((line, i) => {
    const own = offered.filter((o) => o.productId === line.productId).map((o) => o.colorId);
    let colorId = line.colorId;
    if (colorId === null) colorId = own[0] ?? null;
    else if (!own.includes(colorId)) throw new FieldValidationError({ [`items.${i}.color_id`]: [productChoiceMessages.colorNotOffered] });
    const ownSizes = sizes.filter((z) => z.productId === line.productId).map((z) => z.id);
    const sizeId = line.sizeId ?? null;
    if (sizeId === null) {
      if (ownSizes.length > 0 && !line.sizeFree)
        throw new FieldValidationError({ [`items.${i}.size_id`]: [productChoiceMessages.sizeRequired] });
    } else if (!ownSizes.includes(sizeId))
      throw new FieldValidationError({ [`items.${i}.size_id`]: [productChoiceMessages.sizeNotOffered] });
    const key = `${line.productId}:${colorId}:${sizeId}`;
    const prev = merged.get(key);
    merged.set(key, { productId: line.productId, colorId, sizeId, quantity: (prev?.quantity ?? 0) + line.quantity });
  });
  return [...merged.values()];
}

/** Sizes of `ids` in `language`, priced after their product's discount (as a checkout prices them). */
export async function sizesFor(db: DbOrTx, ids: number[], language: Locale) {
  if (ids.length === 0)
    return new Map<number, { id: number; productId: number; name: string; priceCents: number; finalPriceCents: number }>();
  const rows = await db
    .select(sizeColumns(language))
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(inArray(productSizes.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Today's products (not archived) of `ids` in `language`, with their price and stock. */
export async function productsFor(db: DbOrTx, ids: number[], language: Locale) {
  if (ids.length === 0)
    return new Map<number, { id: number; name: string; priceCents: number; discount: number; finalPriceCents: number; stock: number }>();
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
