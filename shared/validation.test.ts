import { describe, expect, it } from 'vitest';
import { LOCALES, localeFromAcceptLanguage, toLocale } from './constants.js';
import { z } from 'zod';
import { noBidiControls, translateValidation, v, validationMessages, withoutBidiControls } from './validation.js';
import { optionalText, requiredText } from './schemas/fields.js';
import { nameField } from './schemas/accounts.js';

describe('validation messages', () => {
  it('exist in every language and are not empty', () => {
    for (const [key, entry] of Object.entries(validationMessages)) {
      for (const locale of LOCALES) expect(entry[locale], `${key}.${locale}`).toMatch(/\S/);
    }
  });
  it('translate a key and leave other text alone', () => {
    expect(translateValidation(v('required'), 'ar')).toBe('هذا الحقل مطلوب.');
    expect(translateValidation(v('required'), 'en')).toBe('This field is required.');
    expect(translateValidation('Too small', 'fr')).toBe('Too small');
  });
});

describe('locales', () => {
  it('falls back to French for anything unknown', () => {
    expect(toLocale('ar')).toBe('ar');
    expect(toLocale('de')).toBe('fr');
    expect(toLocale(undefined)).toBe('fr');
  });
  it('reads Accept-Language by quality', () => {
    expect(localeFromAcceptLanguage('ar-MA,ar;q=0.9,fr;q=0.8')).toBe('ar');
    expect(localeFromAcceptLanguage('de-DE,en;q=0.5,fr;q=0.7')).toBe('fr');
    expect(localeFromAcceptLanguage('en')).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('fr');
    expect(localeFromAcceptLanguage('es')).toBe('fr');
  });
});

describe('writing-direction controls in what customers write', () => {
  // "Sara" then a right-to-left override: shown, the phone number after it reads backwards.
  const overridden = 'Sara\u202E 0612345678';
  const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('finds every embedding, override and isolate, and allows the marks Arabic text uses', () => {
    for (const c of controls) expect(withoutBidiControls(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(false);
    expect(withoutBidiControls('سارة \u200Fالعلوي\u200E 06 12 34 56 78 \u061C')).toBe(true);
    expect(withoutBidiControls(null)).toBe(true);
  });

  it('are refused by the text builders with a translated message, in the three languages', () => {
    for (const schema of [requiredText(120), optionalText(120), nameField, z.string().refine(...noBidiControls)]) {
      const result = schema.safeParse(overridden);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(v('bidi_controls'));
      expect(schema.safeParse('سارة العلوي').success).toBe(true);
    }
    expect(translateValidation(v('bidi_controls'), 'en')).toMatch(/writing-direction/);
    expect(translateValidation(v('bidi_controls'), 'ar')).toMatch(/اتجاه الكتابة/);
    expect(translateValidation(v('bidi_controls'), 'fr')).toMatch(/sens d’écriture/);
  });
});
