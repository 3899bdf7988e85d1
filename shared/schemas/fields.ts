/**
 * The small zod field builders the request schemas share, defined once so every form and route says
 * the same thing about the same kind of field (trimmed, the same messages, the same idea of "empty").
 * The messages are `v('key')` references (shared/validation.ts), turned into the reader's language by
 * the server's error handler and the web's form resolver.
 */
import { z } from 'zod';
import { noBidiControls, v } from '../validation.js';

/** A text that must be given: trimmed, not blank, at most `max` characters, no writing-direction controls. */
export const requiredText = (max: number) =>
  z
    .string(v('required'))
    .trim()
    .min(1, v('required'))
    .max(max, v('too_long'))
    .refine(...noBidiControls);

/**
 * A text that may be left out, stored as null when it is: absent, null or blank all give null;
 * otherwise trimmed, no writing-direction controls. (A field that is left out of the answer instead of
 * null: `omittedWhenBlank`.)
 */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, v('too_long'))
    .nullish()
    .transform((s) => (s?.trim() ? s.trim() : null))
    .refine(...noBidiControls);

/**
 * A text a form may leave blank, left out of the parsed value when it is (undefined, not null): for
 * the back office's catalogue forms, whose missing translation is "no such row". Trimmed, at most `max`.
 */
export const omittedWhenBlank = (max: number) =>
  z
    .string()
    .trim()
    .max(max, v('too_long'))
    .optional()
    .transform((s) => (s ? s : undefined));

/** `field`'s own rules for a given value; blank (or absent) gives null. */
export const nullWhenBlank = <T extends z.ZodType<string>>(field: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), field.nullable().optional());
