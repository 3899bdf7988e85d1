import { describe, expect, it } from 'vitest';
import { LOCALES, localeFromAcceptLanguage, toLocale } from './constants.js';
import { translateValidation, v, validationMessages } from './validation.js';

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
