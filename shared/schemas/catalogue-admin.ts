/**
 * Back-office catalogue contract: product, category, subcategory and colour forms (as the back office's
 * multipart or JSON forms send them: every field is text) and the answers of the admin screens.
 * The web forms validate with the same schemas, so the browser and the server say the same thing.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { slugify } from '../text.js';
import { v, type ValidationKey } from '../validation.js';
import { colorSchema, categorySchema, subcategorySchema } from './catalogue.js';
import { paged } from './common.js';
import { omittedWhenBlank } from './fields.js';
import { normaliseTags } from '../tags.js';

/** Languages entered besides French (the base text, required). */
export const EXTRA_LOCALES = ['en', 'ar'] as const;
export type ExtraLocale = (typeof EXTRA_LOCALES)[number];

/**
 * The products list's price filter: the shop's own bands (PRICE_BANDS: under 300, 300-500, 500-1000,
 * over 1000 MAD, min inclusive, max exclusive), which fit bouquets of 150-1,500 MAD. The older bands
 * (under 30, 30-60 inclusive, over 60) are still read for older clients; the back office no longer offers them.
 */
export const ADMIN_PRICE_BANDS = ['under-300', '300-500', '500-1000', 'over-1000', 'under_30', '30_60', 'over_60'] as const;
export type AdminPriceBand = (typeof ADMIN_PRICE_BANDS)[number];
export const STOCK_FILTERS = ['in', 'out'] as const;
/** The back office's product list order: the last created first (where a new product is looked for), or the shop's order. */
export const ADMIN_PRODUCT_SORTS = ['newest', 'position'] as const;

export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PRODUCT_IMAGES_MAX = 10;
export const CATEGORY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------- form field helpers

/** A required text: missing, blank or absent all give the form’s own message `key` (fields.ts `requiredText` says "required"). */
const requiredTextSaying = (key: ValidationKey, max: number) =>
  z
    .string({ error: v(key) })
    .trim()
    .min(1, v(key))
    .max(max, v('too_long'));
const idText = (key: ValidationKey) =>
  z
    .string({ error: v(key) })
    .trim()
    .min(1, v(key))
    .regex(/^[1-9]\d{0,8}$/, v(key))
    .transform(Number);
const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off'], { error: v('invalid') })
    .optional()
    .transform((s) => (s === undefined ? fallback : s === '1' || s === 'true' || s === 'on'));
/** A single value or a list (a form with one checked box sends a single value). */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((value) => (value === undefined || value === '' ? [] : [value].flat()), z.array(item).max(max, v('too_long')));

const translationFields = () => ({
  name_en: omittedWhenBlank(200),
  name_ar: omittedWhenBlank(200),
  description_en: omittedWhenBlank(5000),
  description_ar: omittedWhenBlank(5000),
});

// ---------------------------------------------------------------- products

/** A price typed in the back office: MAD with up to two decimals, above 0 (a product's and a size's alike). */
const priceText = () =>
  z
    .string({ error: v('product_required') })
    .trim()
    .min(1, v('product_required'))
    .regex(/^\d{1,7}(\.\d{1,2})?$/, v('price'))
    .transform(Number)
    .refine((n) => n > 0, v('price'));

export const PRODUCT_SIZES_MAX = 10;

/** One size as the product form sends it: its id when it exists already, its names, its price, maybe its picture. */
export const productSizeFormSchema = z.object({
  id: z.number().int().positive().nullish(),
  name: requiredTextSaying('required', 60),
  name_en: z.string().trim().max(60, v('too_long')).nullish(),
  name_ar: z.string().trim().max(60, v('too_long')).nullish(),
  price: z.union([z.number().transform(String), z.string()]).pipe(priceText()),
  /** A picture of the product that shows this size (an existing picture's id). */
  image_id: z.number().int().positive().nullish(),
});
export type ProductSizeForm = z.output<typeof productSizeFormSchema>;

/** The sizes, as a JSON array in one form field; absent: the product's sizes stay as they are. */
const sizesField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text || '[]') as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: v('invalid') });
      return z.NEVER;
    }
  })
  .pipe(z.array(productSizeFormSchema).max(PRODUCT_SIZES_MAX, v('too_long')).optional());

export const productFormSchema = z
  .object({
    name: requiredTextSaying('product_required', 200),
    description: requiredTextSaying('product_required', 5000),
    category_id: idText('product_required'),
    subcategory_id: z
      .string()
      .trim()
      .regex(/^([1-9]\d{0,8})?$/, v('invalid'))
      .optional()
      .transform((s) => (s ? Number(s) : null)),
    price: z
      .string({ error: v('product_required') })
      .trim()
      .min(1, v('product_required'))
      .regex(/^\d{1,7}(\.\d{1,2})?$/, v('price'))
      .transform(Number)
      .refine((n) => n > 0, v('price')),
    stock: z
      .string({ error: v('required') })
      .trim()
      .regex(/^\d{1,7}$/, v('positive_int'))
      .transform(Number),
    discount: z
      .string()
      .trim()
      .regex(/^(\d{1,3}(\.\d+)?)?$/, v('discount_range'))
      .optional()
      .transform((s) => (s ? Math.round(Number(s)) : 0))
      .refine((n) => n >= 0 && n <= 100, v('discount_range')),
    is_featured: flag(false),
    /** An extra (vase, chocolates…) offered beside bouquets; `sold_alone`: it may also be ordered on its own. */
    is_extra: flag(false),
    sold_alone: flag(false),
    sizes: sizesField,
    tags: omittedWhenBlank(500),
    ...translationFields(),
    tags_en: omittedWhenBlank(500),
    tags_ar: omittedWhenBlank(500),
    color_ids: list(idText('invalid'), 50),
    /**
     * The product's occasions. Absent: kept as they are (a client that does not know occasions keeps
     * them); `''` or an empty list: none.
     */
    occasion_ids: z.preprocess(
      (value) => (value === undefined ? undefined : value === '' ? [] : [value].flat().filter((x) => x !== '')),
      z.array(idText('invalid')).max(50, v('too_long')).optional(),
    ),
    /**
     * Order of the pictures after the change: `e<id>` for a picture kept, `n<i>` for the i-th new
     * file. Kept pictures not named are removed. Without it: kept pictures first, then new ones.
     */
    image_order: list(z.string().regex(/^[en]\d{1,9}$/, v('invalid')), 40).optional(),
    /** On edit, without `image_order`: ids of the pictures to keep (none sent: keep them all). */
    keep_image_ids: list(idText('invalid'), 40).optional(),
  })
  // Tags typed with the Arabic comma are stored with the Latin one (see shared/tags.ts).
  .transform((f) => ({
    ...f,
    tags: normaliseTags(f.tags),
    ...(f.tags_en === undefined ? {} : { tags_en: normaliseTags(f.tags_en) }),
    ...(f.tags_ar === undefined ? {} : { tags_ar: normaliseTags(f.tags_ar) }),
  }));
export type ProductForm = z.output<typeof productFormSchema>;

/** An edit form may send the discount five ways; the first given wins. */
export const DISCOUNT_VARIANTS = ['discount', 'discount_percentage', 'discount_raw', 'discount_decimal', 'discount_formatted'] as const;

export const adminProductsQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin.products),
  search: z.string().trim().max(100, v('too_long')).optional(),
  category_id: z.coerce.number<string | number>().int().positive().optional(),
  price: z
    .enum(ADMIN_PRICE_BANDS)
    .optional()
    .describe(
      'MAD, discounted price: under-300, 300-500, 500-1000, over-1000 (min inclusive, max exclusive); the spec’s under_30, 30_60 (inclusive), over_60',
    ),
  stock: z.enum(STOCK_FILTERS).optional().describe('in: stock above 0; out: stock 0'),
  status: z
    .enum(['active', 'archived'])
    .default('active')
    .describe('archived: products deleted while in orders (hidden from the shop), to find and restore'),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('newest').describe("newest: the last created first; position: the shop's order"),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;

export const adminProductRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.object({ id: z.number().int(), name: z.string() }),
    subcategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    price: z.number(),
    discount: z.number().int(),
    final_price: z.number(),
    stock: z.number().int(),
    is_featured: z.boolean(),
    image_path: z.string().nullable(),
    colors: z.array(colorSchema),
    /** The sizes (name in the reader's language, price after the product's discount), in their order. */
    sizes: z.array(z.object({ id: z.number().int(), name: z.string(), final_price: z.number() })),
    sort_order: z.number().int(),
    /** Deleted while in orders: hidden from the shop, can be restored. */
    archived: z.boolean(),
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductPageSchema = paged(adminProductRowSchema);
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

const translationOut = z.object({ name: z.string(), description: z.string() });
const productTranslationOut = translationOut.extend({ tags: z.string() });

export const adminProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    tags: z.string(),
    category_id: z.number().int(),
    subcategory_id: z.number().int().nullable(),
    price: z.number(),
    stock: z.number().int(),
    discount: z.number().int(),
    is_featured: z.boolean(),
    is_extra: z.boolean(),
    sold_alone: z.boolean(),
    sizes: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        name_en: z.string(),
        name_ar: z.string(),
        price: z.number(),
        image_id: z.number().int().nullable(),
      }),
    ),
    sort_order: z.number().int(),
    translations: z.object({ en: productTranslationOut, ar: productTranslationOut }),
    color_ids: z.array(z.number().int()),
    occasion_ids: z.array(z.number().int()),
    images: z.array(z.object({ id: z.number().int(), image_path: z.string(), url: z.string() })),
    image_path: z.string().nullable(),
    image_url: z.string().nullable(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productSavedSchema = z.object({ message: z.string(), id: z.number().int(), product: adminProductSchema });

export const productDeletedSchema = z.object({
  message: z.string(),
  archived: z.boolean().describe('true: the product is in orders, so it was hidden from the shop instead'),
});

export const productRestoredSchema = z.object({ message: z.string(), id: z.number().int() });

export const reorderBodySchema = z.object({
  products: z
    .array(z.object({ id: z.number().int().positive(), sort_order: z.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(5000),
});
export const swapBodySchema = z.object({
  id: z.coerce.number<string | number>().int().positive(),
  target_sort_order: z.coerce.number<string | number>().int().min(1).max(1_000_000),
});
export const reorderItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image_path: z.string().nullable(),
  sort_order: z.number().int(),
  price: z.number(),
  stock: z.number().int(),
});
export type ReorderItem = z.infer<typeof reorderItemSchema>;
export const reorderListSchema = z.object({ data: z.array(reorderItemSchema) });

// ---------------------------------------------------------------- categories and subcategories

export const categoryFormSchema = z.object({
  name: requiredTextSaying('name_field_required', 200),
  description: requiredTextSaying('description_field_required', 5000),
  ...translationFields(),
  remove_image: flag(false),
});
export type CategoryForm = z.output<typeof categoryFormSchema>;

export const subcategoryFormSchema = z.object({
  name: requiredTextSaying('fill_required', 200),
  description: requiredTextSaying('fill_required', 5000),
  category_id: idText('fill_required'),
  is_active: flag(true),
  ...translationFields(),
});
export type SubcategoryForm = z.output<typeof subcategoryFormSchema>;

export const adminListQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin.categories),
  search: z.string().trim().max(100, v('too_long')).optional(),
  category_id: z.coerce.number<string | number>().int().positive().optional(),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export const adminSubcategoryRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    category_id: z.number().int(),
    category_name: z.string(),
    is_active: z.boolean(),
    products_count: z.number().int(),
  })
  .meta({ id: 'AdminSubcategoryRow' });
export type AdminSubcategoryRow = z.infer<typeof adminSubcategoryRowSchema>;

export const adminCategoryRowSchema = categorySchema
  .extend({ products_count: z.number().int(), subcategories: z.array(adminSubcategoryRowSchema) })
  .meta({ id: 'AdminCategoryRow' });
export type AdminCategoryRow = z.infer<typeof adminCategoryRowSchema>;

export const adminCategoryPageSchema = paged(adminCategoryRowSchema);
export const adminSubcategoryPageSchema = paged(adminSubcategoryRowSchema);

const taxonomyTranslations = z.object({ en: translationOut, ar: translationOut });
export const adminCategorySchema = categorySchema.extend({ translations: taxonomyTranslations }).meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof adminCategorySchema>;
/** The storefront's subcategory without its picture, with its texts in each language (what the back office edits). */
export const adminSubcategorySchema = subcategorySchema
  .omit({ image_path: true })
  .extend({ translations: taxonomyTranslations })
  .meta({ id: 'AdminSubcategory' });
export type AdminSubcategory = z.infer<typeof adminSubcategorySchema>;

// ---------------------------------------------------------------- colours

export const HEX_RE = /^#[0-9a-fA-F]{6}$/;

export const colorFormSchema = z
  .object({
    name: requiredTextSaying('fill_required', 100),
    hex_code: requiredTextSaying('fill_required', 7).pipe(z.string().regex(HEX_RE, v('hex_color'))),
    slug: z.string().trim().max(100, v('too_long')).optional(),
    sort_order: z
      .string()
      .trim()
      .regex(/^\d{0,6}$/, v('positive_int'))
      .optional()
      .transform((s) => (s ? Number(s) : 0)),
    is_active: flag(true),
    name_en: omittedWhenBlank(100),
    name_ar: omittedWhenBlank(100),
  })
  .transform((f, ctx) => {
    const slug = slugify(f.slug || f.name);
    if (!slug) ctx.addIssue({ code: 'custom', path: ['slug'], message: v('fill_required') });
    return { ...f, slug, hex_code: f.hex_code.toUpperCase() };
  });
export type ColorForm = z.output<typeof colorFormSchema>;

export const adminColorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    hex_code: z.string(),
    slug: z.string(),
    is_active: z.boolean(),
    sort_order: z.number().int(),
    products_count: z.number().int(),
    translations: z.object({ en: z.object({ name: z.string() }), ar: z.object({ name: z.string() }) }),
  })
  .meta({ id: 'AdminColor' });
export type AdminColor = z.infer<typeof adminColorSchema>;
export const adminColorListSchema = z.object({ data: z.array(adminColorSchema) });
