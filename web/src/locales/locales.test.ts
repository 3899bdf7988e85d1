import { describe, expect, it } from 'vitest';
import { LOCALES } from '@shared/constants';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** { "a": { "b": "x" } } -> { "a.b": "x" } */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** i18next's plural suffixes (Arabic uses all six; every language lists the same ones). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

const byLanguage = new Map<string, Map<string, Record<string, unknown>>>();
for (const [path, data] of Object.entries(files)) {
  const [, language, file] = path.split('/');
  const namespace = file.replace(/\.json$/, '');
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)!.set(namespace, flatten(data));
}
const namespaces = [...new Set([...byLanguage.values()].flatMap((m) => [...m.keys()]))].sort();

describe('locales', () => {
  it('has only the three languages, each with the common namespace', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LOCALES].sort());
    expect(namespaces).toContain('common');
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    it.each([...LOCALES])('exists in %s', (language) => {
      expect(byLanguage.get(language)?.has(namespace), `${language}/${namespace}.json is missing`).toBe(true);
    });

    it('has exactly the same keys in fr, en and ar', () => {
      const reference = Object.keys(byLanguage.get('fr')?.get(namespace) ?? {}).sort();
      expect(reference.length).toBeGreaterThan(0);
      for (const language of LOCALES) {
        const keys = Object.keys(byLanguage.get(language)?.get(namespace) ?? {}).sort();
        expect(keys, `${language}/${namespace}.json keys differ from fr`).toEqual(reference);
      }
    });

    it.each([...LOCALES])('has only non-empty strings in %s', (language) => {
      const entries = Object.entries(byLanguage.get(language)?.get(namespace) ?? {});
      const bad = entries.filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(bad, `${language}/${namespace}.json: empty or non-string values`).toEqual([]);
    });

    it('keeps the same {{placeholders}} in every language', () => {
      const fr = byLanguage.get('fr')?.get(namespace) ?? {};
      const names = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
      for (const language of LOCALES) {
        const other = byLanguage.get(language)?.get(namespace) ?? {};
        for (const [key, value] of Object.entries(fr)) {
          // A plural form may say its number in words ("one minute", Arabic's "two minutes").
          const drop = PLURAL.test(key) ? (list: string[]) => list.filter((n) => n !== 'count') : (list: string[]) => list;
          expect(drop(names(other[key])), `${language}/${namespace}.json ${key}`).toEqual(drop(names(value)));
        }
      }
    });
  });
});
