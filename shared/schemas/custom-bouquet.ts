/**
 * Custom bouquet contract: the single stems a customer composes from (category 2), the customized
 * order (placed by the same transaction as the ordinary checkout, with its lines given in the request),
 * and the "contact us" request of the builder page (also used by the /contact page with `kind`).
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { v } from '../validation.js';
import { cartColorSchema, cartSummarySchema } from './cart.js';
import { colorSchema } from './catalogue.js';
import { amountSchema, idSchema, pageMetaSchema } from './common.js';
import { orderDetailsSchema } from './checkout.js';
import { optionalText, requiredText } from './fields.js';

export { checkoutAnswerSchema as customBouquetAnswerSchema, checkoutConflictSchema as customBouquetConflictSchema } from './checkout.js';
export { checkoutHeadersSchema as customBouquetHeadersSchema } from './checkout.js';

/** Most lines and stems per line a custom bouquet may have. */
export const CUSTOM_LIMITS = { lines: 50, quantity: 100 } as const;

// ---------------------------------------------------------------- single stems

export const singleStemsQuerySchema = z.object({
  page: z.coerce.number<string | number>().int(v('positive_int')).min(1, v('positive_int')).default(1),
  per_page: z.coerce
    .number<string | number>()
    .int(v('positive_int'))
    .min(1, v('positive_int'))
    .max(PAGE_SIZES.max)
    .default(PAGE_SIZES.singleStems),
});
export type SingleStemsQuery = z.output<typeof singleStemsQuerySchema>;

export const singleStemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price: z.number().describe('MAD, before discount'),
    discount: z.number().int().describe('Percent'),
    final_price: z.number().describe('MAD, after discount: the price charged'),
    image_url: z.string().nullable().describe('Card-sized first picture'),
    srcset: z.string().nullable(),
    image_width: z.number().int().nullable(),
    image_height: z.number().int().nullable(),
    stock: z.number().int(),
    in_stock: z.boolean(),
    colors: z.array(colorSchema).describe('The first colour is the default'),
  })
  .meta({ id: 'SingleStem' });
export type SingleStem = z.infer<typeof singleStemSchema>;

export const singleStemPageSchema = z.object({ data: z.array(singleStemSchema), meta: pageMetaSchema }).meta({ id: 'SingleStemPage' });
export type SingleStemPage = z.infer<typeof singleStemPageSchema>;

// ---------------------------------------------------------------- the customized order

export const customFlowerSchema = z.object({
  product_id: idSchema,
  /** Null: the stem's first colour. */
  color_id: idSchema.nullable(),
  quantity: z.coerce.number<string | number>().int(v('positive_int')).min(1, v('positive_int')).max(CUSTOM_LIMITS.quantity, v('invalid')),
});
export type CustomFlower = z.infer<typeof customFlowerSchema>;

/** The order details every checkout shares (checkout.ts), the stems, and the florist's instructions. */
export const customBouquetBodySchema = orderDetailsSchema.extend({
  flowers: z.array(customFlowerSchema, v('required')).min(1, v('required')).max(CUSTOM_LIMITS.lines, v('invalid')),
  /** Empty: "free composition by the florist", in the order's language. */
  custom_instructions: optionalText(1000),
});
export type CustomBouquetBody = z.input<typeof customBouquetBodySchema>;

// ---------------------------------------------------------------- quote

/**
 * A price quote for a selection (no login, nothing written): the same line rules as the order (single
 * stems, colour offered, 1..100 a line, at most 50 lines); the zone is optional (no shipping without it).
 */
export const customQuoteBodySchema = z.object({
  flowers: z.array(customFlowerSchema, v('required')).min(1, v('required')).max(CUSTOM_LIMITS.lines, v('invalid')),
  delivery_zone_id: idSchema.nullish(),
});
export type CustomQuoteBody = z.input<typeof customQuoteBodySchema>;

export const customQuoteItemSchema = z
  .object({
    product_id: z.number().int(),
    /** The colour charged (a null colour in the request is the stem's first colour). */
    color_id: z.number().int().nullable(),
    /** Stem name in the request language. */
    name: z.string(),
    color: cartColorSchema.nullable(),
    /** Unit price charged (after the product discount), from the database. */
    unit_price: amountSchema,
    quantity: z.number().int(),
    line_total: amountSchema,
    /** Units in stock now (the order refuses a quantity above it). */
    stock: z.number().int(),
  })
  .meta({ id: 'CustomQuoteItem' });
export type CustomQuoteItem = z.infer<typeof customQuoteItemSchema>;

/** Lines in the request order, and the summary computed by the checkout's own pricing (no coupon). */
export const customQuoteSchema = z
  .object({ items: z.array(customQuoteItemSchema), summary: cartSummarySchema })
  .meta({ id: 'CustomQuote' });
export type CustomQuote = z.infer<typeof customQuoteSchema>;

// ---------------------------------------------------------------- contact request

export const CONTACT_KINDS = ['custom_bouquet', 'contact'] as const;

export const contactRequestBodySchema = z.object({
  full_name: requiredText(120),
  email: z
    .string(v('required'))
    .trim()
    .min(1, v('required'))
    .max(254, v('too_long'))
    .pipe(z.email(v('email'))),
  phone: optionalText(40),
  message: requiredText(2000),
  kind: z.enum(CONTACT_KINDS).default('custom_bouquet'),
});
export type ContactRequestBody = z.input<typeof contactRequestBodySchema>;
