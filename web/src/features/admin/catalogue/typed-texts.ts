/**
 * The name and description of a catalogue item in French, English and Arabic as a form holds them:
 * under the request's own names (`name`, `name_en`, `description_ar`...), so the server's schema can
 * check them as they are sent and its messages land on the right fields.
 */
import { z } from 'zod';
import type { TextName } from './TranslatedTexts';

/** The start of a catalogue form's values schema: `z.object({ ...typedTexts, is_active: z.boolean() })`. */
export const typedTexts = {
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  description: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
} satisfies Record<TextName, z.ZodString>;

type Translated = { name: string; description: string; translations: Record<'en' | 'ar', { name: string; description: string }> };

/** An item's texts as the form's first values (all empty for a new item). */
export const typedTextsOf = (item: Translated | null): Record<TextName, string> => ({
  name: item?.name ?? '',
  name_en: item?.translations.en.name ?? '',
  name_ar: item?.translations.ar.name ?? '',
  description: item?.description ?? '',
  description_en: item?.translations.en.description ?? '',
  description_ar: item?.translations.ar.description ?? '',
});
