/**
 * The account's copy of the wishlist (table wishlist_items, one row per product). The client keeps
 * the list in localStorage and sends its merged list here; the server keeps exactly that list, minus
 * products that do not exist.
 */
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import { WISHLIST_MAX, type Wishlist } from '../../../shared/schemas/wishlist.js';
import type { Db } from '../../db/client.js';
import { productImages, productTranslations, products, wishlistItems } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { imageUrl } from '../../lib/images.js';
import { pricedProductColumns, productTranslationIn } from '../catalogue/product-language.js';

export const wishlistMessages = defineMessages({
  productNotFound: { fr: 'Produit introuvable.', en: 'Product not found.', ar: 'المنتج غير موجود.' },
  full: {
    fr: 'Votre liste d’envies est pleine ({max} produits). Retirez-en un pour en ajouter un autre.',
    en: 'Your wishlist is full ({max} products). Remove one to add another.',
    ar: 'قائمة أمنياتك ممتلئة ({max} منتج). أزل منتجًا لإضافة آخر.',
  },
});

function thumbnail(value: unknown): string | null {
  const image = (typeof value === 'string' ? JSON.parse(value) : value) as { key?: string; widths?: unknown } | null;
  if (!image?.key || !Array.isArray(image.widths) || image.widths.length === 0) return null;
  const sorted = image.widths.map(Number).sort((a, b) => a - b);
  return imageUrl(image.key, sorted.find((w) => w >= 640) ?? sorted[sorted.length - 1]);
}

export async function getWishlist(db: Db, userId: number, locale: Locale): Promise<Wishlist> {
  const rows = await db
    .select({
      ...pricedProductColumns,
      stock: products.stock,
      image: sql<unknown>`(select json_build_object('key', pi.key, 'widths', pi.widths) from ${productImages} pi where pi.product_id = "products"."id" order by pi.sort_order, pi.id limit 1)`,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(productTranslations, productTranslationIn(locale))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
  return {
    product_ids: rows.map((r) => r.id),
    products: rows.map((r) => ({
      id: r.id,
      name: r.name,
      price: fromCents(r.priceCents),
      discount: r.discount,
      final_price: fromCents(r.finalPriceCents),
      image_url: thumbnail(r.image),
      in_stock: r.stock > 0,
    })),
  };
}

/**
 * Makes the account's list exactly `productIds` (unknown products dropped, duplicates once).
 * Products already on the list keep their place; new ones are added in the order given.
 */
export async function replaceWishlist(db: Db, userId: number, productIds: number[]): Promise<void> {
  const wanted = [...new Set(productIds)];
  await db.transaction(async (tx) => {
    if (wanted.length === 0) {
      await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
      return;
    }
    await tx.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), notInArray(wishlistItems.productId, wanted)));
    const existing = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted))).map((r) => r.id));
    const base = Date.now();
    // One millisecond apart, so "oldest first" follows the order the client sent.
    const values = wanted.filter((id) => existing.has(id)).map((productId, i) => ({ userId, productId, createdAt: new Date(base + i) }));
    if (values.length > 0) await tx.insert(wishlistItems).values(values).onConflictDoNothing();
  });
}

/** Adds one product (already there: nothing changes). */
export async function addToWishlist(db: Db, userId: number, productId: number): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError(404, wishlistMessages.productNotFound);
  const [{ n }] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
  if (Number(n) >= WISHLIST_MAX) {
    const [present] = await db
      .select({ id: wishlistItems.productId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    if (!present) throw new AppError(409, wishlistMessages.full, { max: WISHLIST_MAX });
    return;
  }
  // A product deleted between the check and the insert makes the foreign key fail: say 404 too.
  try {
    await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  } catch (err) {
    if ((err as { code?: string }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') {
      throw new AppError(404, wishlistMessages.productNotFound);
    }
    throw err;
  }
}

/** Removes one product (not there: nothing changes). */
export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
