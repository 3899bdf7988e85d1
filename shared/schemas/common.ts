/** Schemas every domain uses: errors, ids, paging. */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';

/** `{ message }`: every non-validation error. */
export const errorSchema = z.object({ message: z.string() }).meta({ id: 'Error' });

/** 422: `{ message, errors: { field: [messages] } }`. */
export const validationErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ValidationError' });

export const messageSchema = z.object({ message: z.string() });

/** A positive integer id taken from a path or a query string. */
export const idSchema = z.coerce.number<string | number>().int().positive();
export const idParamsSchema = z.object({ id: idSchema });

export const pagingQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.default),
});

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Boolean flags in query strings: "1", "true", "0", "false". */
export const queryBoolean = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Money as the API speaks it: MAD with at most two decimals. */
export const amountSchema = z.number().nonnegative();
