/**
 * Wishlist sync. The list lives in the browser (localStorage) and, for a logged-in customer, on
 * the account too: after login and after each change the client sends its whole merged list.
 */
import { z } from 'zod';
import { amountSchema, idSchema } from './common.js';

export const WISHLIST_MAX = 200;

export const wishlistProductSchema = z
  .object({
    id: z.number().int(),
    /** In the reader's language. */
    name: z.string(),
    price: amountSchema,
    discount: z.number().int(),
    /** Price after the product discount. */
    final_price: amountSchema,
    image_url: z.string().nullable(),
    in_stock: z.boolean(),
  })
  .meta({ id: 'WishlistProduct' });
export type WishlistProduct = z.infer<typeof wishlistProductSchema>;

/** Oldest first, in the order the products were added. */
export const wishlistSchema = z
  .object({ product_ids: z.array(z.number().int()), products: z.array(wishlistProductSchema) })
  .meta({ id: 'Wishlist' });
export type Wishlist = z.infer<typeof wishlistSchema>;

/** The whole list; ids of products that do not exist (any more) are dropped, duplicates count once. */
export const wishlistReplaceSchema = z.object({
  product_ids: z.array(z.number().int().positive()).max(WISHLIST_MAX),
});

export const wishlistProductParamsSchema = z.object({ productId: idSchema });
