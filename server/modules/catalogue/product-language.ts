/**
 * A product read in the reader's language, as the cart, checkout, wishlist and bouquet quote read it:
 * the translation row of that language, left-joined (French, the base row, when there is none).
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { colors, colorTranslations, products, productSizes, productTranslations } from '../../db/schema.js';
import { defineMessages } from '../../lib/i18n.js';

/** The product's name in the joined language, else its French name. */
export const productName = sql<string>`coalesce(${productTranslations.name}, ${products.name})`;

/** Join condition of `productTranslations` for the product's row in `locale` (use in a left join; a placeholder in a prepared statement). */
export function productTranslationIn(locale: Locale | Placeholder): SQL {
  return and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale))!;
}

/** What a line's price is computed from (server-side, never from the browser), with the name. */
export const pricedProductColumns = {
  id: products.id,
  name: productName,
  priceCents: products.priceCents,
  discount: products.discount,
  finalPriceCents: products.finalPriceCents,
  /** A product with sizes is only ordered in one of them. */
  hasSizes: sql<boolean>`exists (select 1 from product_sizes hs where hs.product_id = ${products.id})`,
  isExtra: products.isExtra,
  soldAlone: products.soldAlone,
};

/** A size's name in `locale` (French when missing). */
export const sizeName = (locale: Locale | Placeholder): SQL<string> =>
  sql<string>`coalesce(${productSizes.names} ->> ${locale}::text, ${productSizes.names} ->> 'fr')`;

/**
 * What a line in a size is priced from, with `products` joined: the size's own price, and the
 * product's discount applied to it, rounded as the database rounds the product's final price.
 */
export const sizeColumns = (locale: Locale | Placeholder) => ({
  id: productSizes.id,
  productId: productSizes.productId,
  name: sizeName(locale),
  priceCents: productSizes.priceCents,
  finalPriceCents: sql<number>`((${productSizes.priceCents} * (100 - ${products.discount}) + 50) / 100)::int`,
});

/** A colour's name in the joined language (`colorTranslations`, left-joined), else its French name, and its hex code. */
export const colorColumns = { id: colors.id, name: sql<string>`coalesce(${colorTranslations.name}, ${colors.name})`, hex: colors.hexCode };

/** What a product offers: said the same way by the cart, every checkout and an order's line edit. */
export const productChoiceMessages = defineMessages({
  sizeRequired: {
    fr: 'Choisissez une taille pour ce produit.',
    en: 'Choose a size for this product.',
    ar: 'اختر حجمًا لهذا المنتج.',
  },
  sizeNotOffered: {
    fr: 'Cette taille n’est pas disponible pour ce produit.',
    en: 'This size is not available for this product.',
    ar: 'هذا الحجم غير متوفر لهذا المنتج.',
  },
  extraAlone: {
    fr: '{product} s’ajoute à un bouquet : il ne peut pas être commandé seul.',
    en: '{product} goes with a bouquet: it cannot be ordered on its own.',
    ar: '{product} يُضاف إلى باقة: لا يمكن طلبه وحده.',
  },
  colorNotOffered: {
    fr: 'Cette couleur n’est pas disponible pour ce produit.',
    en: 'This colour is not available for this product.',
    ar: 'هذا اللون غير متوفر لهذا المنتج.',
  },
});
