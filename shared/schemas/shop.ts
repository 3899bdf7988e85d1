/**
 * The shop's contact details shown to customers (footer, contact page), edited in the back office
 * (`/admin/settings`). An empty value is hidden on the storefront.
 */
import { z } from 'zod';
import { noBidiControls, v } from '../validation.js';

// Every field is sent, empty (`''`) to hide it: a missing one is refused, never read as empty (a
// `PUT {}` would otherwise blank every contact detail of the shop).
const optional = (max: number) => z.string(v('required')).trim().max(max, v('too_long'));
const url = optional(300).refine((s) => s === '' || /^https:\/\/[^\s]+\.[^\s]+$/.test(s), v('invalid'));
const phone = optional(30).refine((s) => s === '' || (/^\+?[0-9][0-9 ().-]*$/.test(s) && s.replace(/\D/g, '').length >= 6), v('phone'));
const email = optional(254).refine((s) => s === '' || z.email().safeParse(s).success, v('email'));
const perLanguage = (max: number) => z.object({ fr: optional(max), en: optional(max), ar: optional(max) }, v('required'));

const contactFields = z.object({
  phone,
  whatsapp: phone,
  email,
  /** Street address in each language (empty: the French one, or hidden when all are empty). */
  address: perLanguage(300),
  opening_hours: perLanguage(300),
  /** Full https:// links; empty hides the icon in the footer. */
  instagram: url,
  facebook: url,
});

/** The whole of the contact details: what the back office reads, and a full replacement (PUT). */
export const contactSettingsSchema = contactFields.meta({ id: 'ContactSettings' });
export type ContactSettings = z.output<typeof contactSettingsSchema>;
export type ContactSettingsInput = z.input<typeof contactSettingsSchema>;

/**
 * A change of some details (PATCH): only the fields it names change, each given whole (an address in
 * its three languages). Naming none is refused: a misspelt field would otherwise save nothing and
 * answer as if it had.
 */
export const contactSettingsPatchSchema = contactFields
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), v('required'))
  .meta({ id: 'ContactSettingsPatch' });
export type ContactSettingsPatch = z.output<typeof contactSettingsPatchSchema>;

// ---------------------------------------------------------------- currency rates

/** A rate: dirhams for one unit of the currency, positive, four decimals at most, within reason. */
const rate = z
  .number(v('required'))
  .positive(v('invalid'))
  .max(1000, v('invalid'))
  .refine((n) => Math.round(n * 10_000) === Math.round(n * 10_000 * 1e6) / 1e6, v('invalid'));

/** What the back office sends: the rates (1 EUR = 10.85 MAD); the server stamps the day they were set. */
export const currencyRatesFormSchema = z.object({ EUR: rate, USD: rate }, v('required')).meta({ id: 'CurrencyRatesForm' });
export type CurrencyRatesForm = z.output<typeof currencyRatesFormSchema>;

export const currencyRatesSchema = z
  .object({ EUR: z.number(), USD: z.number(), set_at: z.string().nullable().describe('When the shop set them (ISO); null: never') })
  .meta({ id: 'CurrencyRates' });

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
    /** Rates for showing approximate prices abroad (the charge stays in MAD). */
    currency_rates: currencyRatesSchema,
  })
  .meta({ id: 'ShopInfo' });
export type ShopInfo = z.infer<typeof shopInfoSchema>;

/**
 * The shop's legal identity, printed on every receipt and invoice: its legal name and registered
 * address, and its Moroccan identifiers: ICE (identifiant commun de l'entreprise, exactly 15 digits),
 * RC (registre du commerce: a number, often with its court's city), IF (identifiant fiscal) and the
 * patente (taxe professionnelle), both digits. Empty: not printed.
 */
const legalText = (max: number) =>
  z
    .string(v('required'))
    .trim()
    .max(max, v('too_long'))
    .refine(...noBidiControls);
const digits = legalText(20).refine((s) => s === '' || /^\d+$/.test(s), v('digits_only'));
export const legalIdentitySchema = z
  .object({
    legal_name: legalText(200),
    address: legalText(300),
    ice: z
      .string(v('required'))
      .trim()
      .refine((s) => s === '' || /^\d{15}$/.test(s), v('ice')),
    rc: legalText(60).refine((s) => s === '' || /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u.test(s), v('legal_number')),
    if: digits,
    patente: digits,
  })
  .meta({ id: 'LegalIdentity' });
export type LegalIdentity = z.output<typeof legalIdentitySchema>;
export type LegalIdentityInput = z.input<typeof legalIdentitySchema>;
