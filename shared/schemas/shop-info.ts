/**
 * The shop's contact details shown to customers (footer, contact page), edited in the back office
 * (`/admin/settings`). An empty value is hidden on the storefront.
 */
import { z } from 'zod';
import { v } from '../validation.js';

const optional = (max: number) => z.string(v('invalid')).trim().max(max, v('too_long')).default('');
const url = optional(300).refine((s) => s === '' || /^https:\/\/[^\s]+\.[^\s]+$/.test(s), v('invalid'));
const phone = optional(30).refine((s) => s === '' || (/^\+?[0-9][0-9 ().-]*$/.test(s) && s.replace(/\D/g, '').length >= 6), v('phone'));
const email = optional(254).refine((s) => s === '' || z.email().safeParse(s).success, v('email'));
const perLanguage = (max: number) => z.object({ fr: optional(max), en: optional(max), ar: optional(max) });

export const contactSettingsSchema = z
  .object({
    phone,
    whatsapp: phone,
    email,
    /** Street address in each language (empty: the French one, or hidden when all are empty). */
    address: perLanguage(300).default({ fr: '', en: '', ar: '' }),
    opening_hours: perLanguage(300).default({ fr: '', en: '', ar: '' }),
    /** Full https:// links; empty hides the icon in the footer. */
    instagram: url,
    facebook: url,
  });
export type ContactSettings = z.output<typeof contactSettingsSchema>;
export type ContactSettingsInput = z.input<typeof contactSettingsSchema>;

/** GET /api/shop-info: the details in the reader's language; null where the shop left it empty. */
export const shopInfoSchema = z
  .object({
    phone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    opening_hours: z.string().nullable(),
    instagram: z.string().nullable(),
    facebook: z.string().nullable(),
  })
  .meta({ id: 'ShopInfo' });
export type ShopInfo = z.infer<typeof shopInfoSchema>;
