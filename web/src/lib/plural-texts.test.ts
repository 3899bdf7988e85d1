/**
 * Counted texts follow each language's plural rules (i18next plural keys, Intl.PluralRules: Arabic has
 * six forms, zero/one/two/few/many/other): no "commande(s)" or "order(s)" shortcut in any language, and
 * a key given plural forms has all six in every language, so Arabic never falls back to a wrong one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';

const root = path.resolve(import.meta.dirname, '../locales');
const LANGS = ['fr', 'en', 'ar'] as const;
const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

const files = (lang: string) => readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.json'));
const textsOf = (lang: string, file: string) => strings(JSON.parse(readFileSync(path.join(root, lang, file), 'utf8')));

describe('plural texts', () => {
  for (const lang of LANGS) {
    it(`${lang}: no "(s)" shortcut`, () => {
      const shortcuts = files(lang).flatMap((f) =>
        textsOf(lang, f)
          .filter(([, text]) => /\w\((?:s|es|e|x|ة|ات|ين)\)/u.test(text))
          .map(([key]) => `${f}:${key}`),
      );
      expect(shortcuts).toEqual([]);
    });

    it(`${lang}: a plural key has all six forms`, () => {
      const incomplete: string[] = [];
      for (const f of files(lang)) {
        const keys = new Set(textsOf(lang, f).map(([key]) => key));
        for (const key of keys) {
          const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
          if (m && FORMS.some((form) => !keys.has(`${m[1]}_${form}`))) incomplete.push(`${f}:${m[1]}`);
        }
      }
      expect([...new Set(incomplete)]).toEqual([]);
    });
  }

  it('says two orders in Arabic with the dual, eleven with the singular accusative', async () => {
    const sales = (lang: string) => JSON.parse(readFileSync(path.join(root, lang, 'admin-sales.json'), 'utf8')) as object;
    const t = async (lng: string) => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng, resources: { [lng]: { translation: sales(lng) } }, interpolation: { escapeValue: false } });
      return (count: number) => i18n.t('workshop.orders', { count });
    };
    const ar = await t('ar');
    expect([ar(1), ar(2), ar(3), ar(11), ar(100)]).toEqual(['طلب واحد', 'طلبان', '3 طلبات', '11 طلبًا', '100 طلب']);
    const fr = await t('fr');
    expect([fr(1), fr(2)]).toEqual(['1 commande', '2 commandes']);
  });
});
