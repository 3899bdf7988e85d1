import { describe, expect, it } from 'vitest';
import { discountedCents, formatMAD, fromCents, moneyInText, toCents } from './money.js';
import { normalizeSearch, slugify } from './text.js';

describe('money', () => {
  it('converts without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.5)).toBe(123450);
    expect(fromCents(123450)).toBe(1234.5);
  });
  it('applies a percent discount rounded half up', () => {
    expect(discountedCents(10000, 15)).toBe(8500);
    expect(discountedCents(999, 10)).toBe(899); // 899.1 -> 899
    expect(discountedCents(995, 50)).toBe(498); // 497.5 -> 498
    expect(discountedCents(5000, 0)).toBe(5000);
  });
  it('formats MAD with two decimals in every language', () => {
    expect(formatMAD(1234.5, 'fr')).toBe('1\u00a0234,50\u00a0MAD');
    expect(formatMAD(1234.5, 'en')).toBe('1,234.50\u00a0MAD');
    expect(formatMAD(40, 'ar')).toMatch(/^40,00\u00a0MAD$/);
  });
  it('writes what Intl.NumberFormat writes for each language, without loading its locale data', () => {
    const intl = { fr: 'fr-FR', en: 'en-US', ar: 'fr-MA' } as const;
    for (const locale of ['fr', 'en', 'ar'] as const) {
      const f = new Intl.NumberFormat(intl[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const amount of [0, 0.5, 5, 49.9, 249.5, 999.99, 1000, 1234.5, 12345.67, 1234567.89, -12.35, -1500]) {
        expect(formatMAD(amount, locale)).toBe(`${f.format(amount).replace(/[\u202f\u00a0 ]/g, '\u00a0')}\u00a0MAD`);
      }
    }
  });
});

describe('text', () => {
  it('normalises accents, case and Arabic diacritics for search', () => {
    expect(normalizeSearch('  Rosé  ROUGE ')).toBe('rose rouge');
    expect(normalizeSearch('وَرْدَة')).toBe('ورده');
    expect(normalizeSearch('أحمر حمراء مستشفى')).toBe('احمر حمرا مستشفي');
    expect(normalizeSearch('Fès-Meknès')).toBe('fes-meknes');
  });
  it('slugifies colour names like the back office', () => {
    expect(slugify('Light  Pink!')).toBe('light-pink');
    expect(slugify('Red -- Dark')).toBe('red-dark');
  });
});

describe('moneyInText', () => {
  it('isolates an Arabic price so a sentence cannot swap its number and "MAD"; other languages as formatMAD', () => {
    expect(moneyInText(490, 'ar')).toBe('\u2068490,00\u00a0MAD\u2069');
    expect(moneyInText(490, 'fr')).toBe('490,00\u00a0MAD');
    expect(moneyInText(1234.5, 'en')).toBe('1,234.50\u00a0MAD');
  });
});
