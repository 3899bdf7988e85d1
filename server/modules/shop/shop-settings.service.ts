/**
 * The shop's own settings, one JSON value per key in `shop_settings`. Contact details: what the back
 * office saved; a field never saved falls back to the configuration (SHOP_PHONE, SHOP_WHATSAPP,
 * SHOP_EMAIL), so a fresh install still shows its contact numbers.
 */
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import type { CurrencyRates } from '../../../shared/currency.js';
import {
  contactSettingsSchema,
  currencyRatesFormSchema,
  legalIdentitySchema,
  type ContactSettings,
  type ContactSettingsPatch,
  type CurrencyRatesForm,
  type LegalIdentity,
  type ShopInfo,
} from '../../../shared/schemas/shop.js';
import type { DbOrTx } from '../../db/client.js';
import { shopSettings } from '../../db/schema.js';

export const CONTACT_KEY = 'contact';

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key));
  return row?.value;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: new Date() } });
}

/** No details at all; what was never saved reads as empty (hidden on the storefront). */
const NO_CONTACT: ContactSettings = {
  phone: '',
  whatsapp: '',
  email: '',
  address: { fr: '', en: '', ar: '' },
  opening_hours: { fr: '', en: '', ar: '' },
  instagram: '',
  facebook: '',
};

type ContactFallback = { phone: string; whatsapp: string; email: string };

export async function readContact(db: DbOrTx, fallback: ContactFallback): Promise<ContactSettings> {
  const stored = ((await readSetting(db, CONTACT_KEY)) ?? {}) as Partial<ContactSettings>;
  const parsed = contactSettingsSchema.safeParse({ ...NO_CONTACT, ...fallback, ...stored });
  // A stored value the current rules refuse (hand-edited row) gives the configured details.
  return parsed.success ? parsed.data : contactSettingsSchema.parse({ ...NO_CONTACT, ...fallback });
}

/**
 * Changes the fields a patch names and keeps the others, in one statement: two back-office changes
 * of different fields at the same moment both stay (jsonb `||` replaces the named keys of the row
 * as it is when written, not as it was read). Without a saved row, the patch goes over what is read.
 */
export async function patchContact(db: DbOrTx, fallback: ContactFallback, patch: ContactSettingsPatch): Promise<void> {
  const named = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const whole = { ...(await readContact(db, fallback)), ...named };
  await db
    .insert(shopSettings)
    .values({ key: CONTACT_KEY, value: whole })
    .onConflictDoUpdate({
      target: shopSettings.key,
      set: { value: sql`${shopSettings.value} || ${JSON.stringify(named)}::jsonb`, updatedAt: new Date() },
    });
}

const orNull = (s: string) => s.trim() || null;

// ---------------------------------------------------------------- currency rates

export const RATES_KEY = 'currency_rates';

/** Never set: no rate (0), so no approximate price is shown and the currency choice is hidden. */
export const NO_RATES: CurrencyRates = { EUR: 0, USD: 0, set_at: null };

export async function readRates(db: DbOrTx): Promise<CurrencyRates> {
  const stored = (await readSetting(db, RATES_KEY)) as Partial<CurrencyRates> | undefined;
  const parsed = currencyRatesFormSchema.safeParse(stored ?? {});
  // A stored value the current rules refuse (hand-edited row) reads as never set.
  if (!parsed.success || typeof stored?.set_at !== 'string') return NO_RATES;
  return { ...parsed.data, set_at: stored.set_at };
}

/** Saves the rates with the time they were set (the storefront says how old they are). */
export async function writeRates(db: DbOrTx, rates: CurrencyRatesForm, now = new Date()): Promise<CurrencyRates> {
  const value: CurrencyRates = { EUR: rates.EUR, USD: rates.USD, set_at: now.toISOString() };
  await writeSetting(db, RATES_KEY, value);
  return value;
}

export function toShopInfo(c: ContactSettings, locale: Locale, rates: CurrencyRates = NO_RATES): ShopInfo {
  return {
    phone: orNull(c.phone),
    whatsapp: orNull(c.whatsapp),
    email: orNull(c.email),
    address: orNull(c.address[locale]) ?? orNull(c.address.fr),
    opening_hours: orNull(c.opening_hours[locale]) ?? orNull(c.opening_hours.fr),
    instagram: orNull(c.instagram),
    facebook: orNull(c.facebook),
    currency_rates: rates,
  };
}

export const LEGAL_KEY = 'legal';
const NO_LEGAL: LegalIdentity = { legal_name: '', address: '', ice: '', rc: '', if: '', patente: '' };

/** The shop's legal identity as saved (never saved, or refused by today's rules: empty, nothing printed). */
export async function readLegal(db: DbOrTx): Promise<LegalIdentity> {
  const stored = ((await readSetting(db, LEGAL_KEY)) ?? {}) as Partial<LegalIdentity>;
  const parsed = legalIdentitySchema.safeParse({ ...NO_LEGAL, ...stored });
  return parsed.success ? parsed.data : NO_LEGAL;
}
