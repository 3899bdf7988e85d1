/** Catalogue contract: categories, subcategories, colours, products. */
import { z } from 'zod';
import { PAGE_SIZES, PRODUCT_SORTS, SEARCH_MAX_WORDS } from '../constants.js';
import { v } from '../validation.js';
import { queryBoolean } from './common.js';

export const categorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    image_path: z.string().nullable(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const subcategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    category_id: z.number().int(),
    is_active: z.boolean(),
    image_path: z.string().nullable(),
  })
  .meta({ id: 'Subcategory' });
export type Subcategory = z.infer<typeof subcategorySchema>;

export const colorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    hex_code: z.string(),
  })
  .meta({ id: 'Color' });
export type Color = z.infer<typeof colorSchema>;

// ---------------------------------------------------------------- products

export const productImageSchema = z
  .object({
    id: z.number().int(),
    image_path: z.string().describe('Card-sized picture (640 px wide when available)'),
    url: z.string().describe('Largest picture'),
    srcset: z.string().describe('Every width, for <img srcset>'),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSizeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price: z.number().describe('MAD, after the product discount: the price charged'),
    original_price: z.number().describe('MAD, before discount'),
    stock: z.number().int().describe('The product’s stock: sizes share it'),
    image_id: z.number().int().nullable().describe('The product picture that shows this size'),
  })
  .meta({ id: 'ProductSize' });
export type ProductSize = z.infer<typeof productSizeSchema>;

export const productSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.number().describe('MAD, before discount'),
    discount: z.number().int().describe('Percent'),
    final_price: z.number().describe('MAD, after discount: the price charged'),
    image_path: z.string().nullable().describe('Card-sized first picture'),
    image_url: z.string().nullable().describe('Largest first picture'),
    images: z.array(productImageSchema),
    category: z.object({ id: z.number().int(), name: z.string() }),
    category_id: z.number().int(),
    subcategory_id: z.number().int().nullable(),
    subcategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    is_featured: z.union([z.literal(0), z.literal(1)]),
    stock: z.number().int(),
    inStock: z.boolean(),
    bestSeller: z.boolean().describe('Among the 10 most sold products of the last 90 days'),
    tags: z.array(z.string()),
    colors: z.array(colorSchema),
    /** The sizes to choose from, in the shop's order (the first is the default); empty when the product has none. */
    sizes: z.array(productSizeSchema),
    /** An extra (vase, chocolates, balloon…) offered beside bouquets. */
    is_extra: z.boolean(),
    /** An extra the shop also sells on its own (otherwise an order of extras only is refused). */
    sold_alone: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z
  .object({
    data: z.array(productSchema),
    meta: z.object({
      page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
      /**
       * Present (true) when there are more results than `total`: a search counts and shows at most
       * SEARCH_TOTAL_CAP matches (1,000), so `total` is then a lower bound ("1,000+ results") and
       * `last_page` the last page of those shown. Absent otherwise (older clients ignore it).
       */
      total_capped: z.literal(true).optional(),
    }),
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;

/** Query parameters older clients add to defeat caches (`_t`: a time): accepted and ignored. */
export const CACHE_BUSTING_PARAMS = ['_', '_t', 't', 'random', 'fresh'] as const;

const queryInt = (min: number, max?: number) => {
  const n = z.coerce.number<string | number>().int(v('positive_int')).min(min, v('positive_int'));
  return max === undefined ? n : n.max(max);
};
const queryId = queryInt(1);
const queryMoney = z.coerce
  .number<string | number>()
  .min(0)
  .max(10_000_000)
  .refine((n) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6, v('invalid'));

/**
 * Rejects every parameter that is neither known nor a cache-buster: a misspelt filter
 * (`categoryId=3`) gets a 422 "Unknown parameter" instead of silently listing the whole catalogue.
 */
function strictQuery<T extends z.ZodRawShape>(shape: T) {
  const allowed = new Set<string>([...Object.keys(shape), ...CACHE_BUSTING_PARAMS]);
  return z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) {
        // Named under `_`, not by the key sent: an answer never echoes what the client typed.
        if (!allowed.has(key)) ctx.addIssue({ code: 'custom', path: [], message: v('unknown_param') });
      }
    })
    .transform((value) => {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(shape)) if (value[key] !== undefined) out[key] = value[key];
      return out as z.output<z.ZodObject<T>>;
    });
}

export const productsQuerySchema = strictQuery({
  page: queryInt(1).default(1),
  per_page: queryInt(1, PAGE_SIZES.max).default(PAGE_SIZES.default),
  search: z
    .string()
    .max(100, v('too_long'))
    .transform((s) => s.trim())
    // Each word is one more indexed condition: the cost of a search is bounded by refusing more.
    .refine((s) => s.split(/\s+/).filter(Boolean).length <= SEARCH_MAX_WORDS, v('search_words'))
    .optional(),
  category_id: queryId.optional(),
  subcategory_id: queryId.optional(),
  color_id: queryId.optional(),
  occasion: z
    .string()
    .trim()
    .min(1, v('invalid'))
    .max(80, v('too_long'))
    .optional()
    .describe('An occasion’s slug, in any language (GET /api/occasions)'),
  min_price: queryMoney.optional().describe('MAD, inclusive, on the discounted price'),
  max_price: queryMoney.optional().describe('MAD, exclusive, on the discounted price'),
  sort: z.enum(PRODUCT_SORTS).optional().describe('Default: the shop’s own order'),
  featured: queryBoolean.optional(),
}).superRefine((q, ctx) => {
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    ctx.addIssue({ code: 'custom', path: ['max_price'], message: v('invalid') });
  }
});
export type ProductsQuery = z.output<typeof productsQuerySchema>;

export const featuredQuerySchema = strictQuery({
  page: queryInt(1).default(1),
  per_page: queryInt(1, PAGE_SIZES.max).default(PAGE_SIZES.featured),
});
export type FeaturedQuery = z.output<typeof featuredQuerySchema>;
