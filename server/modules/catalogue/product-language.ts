/**
 * A product read in the reader's language, as the cart, checkout, wishlist and bouquet quote read it:
 * the translation row of that language, left-joined (French, the base row, when there is none).
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { products, productTranslations } from '../../db/schema.js';

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
};
