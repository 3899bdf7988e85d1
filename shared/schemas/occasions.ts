/**
 * Occasions contract: the storefront's list (`GET /api/occasions`), the back office's rows and form,
 * and the address word (slug) rule. An occasion has its name and slug in each language; a slug may be
 * written in Arabic letters (the Arabic page's address then reads in Arabic).
 */
import { z } from 'zod';
import type { Locale } from '../constants.js';
import { v } from '../validation.js';
import { calendarDaySchema } from './calendar-day.js';

/**
 * An address word: lower-case letters of any script, digits and single hyphens; French accents are
 * dropped ("Fête des mères" → "fete-des-meres"), Arabic letters kept.
 */
export function occasionSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const isOccasionSlug = (s: string): boolean => /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u.test(s) && s.length <= 80;

/** One occasion as the storefront reads it, in the reader's language, with every language's slug. */
export const occasionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string().describe('In the reader’s language'),
    slugs: z.object({ fr: z.string(), en: z.string(), ar: z.string() }),
    image_path: z.string().nullable(),
    highlighted: z.boolean().describe('Today (the shop’s day) is within its highlight window: it leads the home page'),
  })
  .meta({ id: 'Occasion' });
export type Occasion = z.infer<typeof occasionSchema>;

export const occasionListSchema = z.object({ data: z.array(occasionSchema) });

/** The back office's row: every language's name and slug, the picture, order and window. */
export const adminOccasionSchema = z
  .object({
    id: z.number().int(),
    names: z.object({ fr: z.string(), en: z.string(), ar: z.string() }),
    slugs: z.object({ fr: z.string(), en: z.string(), ar: z.string() }),
    image_path: z.string().nullable(),
    sort_order: z.number().int(),
    highlight_from: z.string().nullable(),
    highlight_to: z.string().nullable(),
    products_count: z.number().int(),
  })
  .meta({ id: 'AdminOccasion' });
export type AdminOccasion = z.infer<typeof adminOccasionSchema>;

const name = z.string(v('required')).trim().min(1, v('required')).max(100, v('too_long'));
const slug = z
  .string()
  .trim()
  .max(80, v('too_long'))
  .optional()
  .transform((s) => (s ? occasionSlug(s) : ''));
const optionalDay = z
  .union([calendarDaySchema, z.literal(''), z.null()])
  .optional()
  .transform((d) => (d ? d : null));

/**
 * The occasion form (JSON or multipart): a name per language, a slug per language (made from the
 * name when empty), the order, and an optional highlight window given whole (both days, the first not
 * after the last).
 */
export const occasionFormSchema = z
  .object({
    name_fr: name,
    name_en: name,
    name_ar: name,
    slug_fr: slug,
    slug_en: slug,
    slug_ar: slug,
    sort_order: z.coerce.number<string | number>().int(v('positive_int')).min(0, v('positive_int')).max(100_000).default(0),
    highlight_from: optionalDay,
    highlight_to: optionalDay,
    remove_image: z
      .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
      .optional()
      .transform((b) => b === true || b === '1' || b === 'true'),
  })
  .transform((f, ctx) => {
    const slugs = {
      slug_fr: f.slug_fr || occasionSlug(f.name_fr),
      slug_en: f.slug_en || occasionSlug(f.name_en),
      slug_ar: f.slug_ar || occasionSlug(f.name_ar),
    };
    for (const [field, value] of Object.entries(slugs)) {
      if (!isOccasionSlug(value)) ctx.addIssue({ code: 'custom', path: [field], message: v('invalid') });
    }
    if ((f.highlight_from === null) !== (f.highlight_to === null)) {
      ctx.addIssue({ code: 'custom', path: [f.highlight_from === null ? 'highlight_from' : 'highlight_to'], message: v('required') });
    } else if (f.highlight_from && f.highlight_to && f.highlight_from > f.highlight_to) {
      ctx.addIssue({ code: 'custom', path: ['highlight_to'], message: v('invalid') });
    }
    return { ...f, ...slugs };
  });
export type OccasionForm = z.output<typeof occasionFormSchema>;
export type OccasionFormInput = z.input<typeof occasionFormSchema>;

/** The slug of an occasion in a language. */
export const slugIn = (slugs: Record<Locale, string>, locale: Locale): string => slugs[locale];

export const OCCASION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
