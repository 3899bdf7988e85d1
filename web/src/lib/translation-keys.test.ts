/**
 * Every text key written in the code exists, in French, English and Arabic, in the namespace it is
 * looked up in. react-i18next's `t` reads the FIRST namespace given to `useTranslation` (a key of
 * another one needs its `ns:` prefix), so a key left behind when texts move between namespaces shows
 * as a raw key on screen ("delivery.selectFirst") while every page still renders. Checked here for
 * keys written literally (`t('a.b')`, `t('ns:a.b')`, `<Trans i18nKey="a.b">`) in files that call
 * `useTranslation`; keys built at run time (`t(\`orders.status.${s}\`)`) are not.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const LANGS = ['fr', 'en', 'ar'] as const;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' || name === '__tests__' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const texts = new Map<string, unknown>();
function namespace(lang: string, ns: string): unknown {
  const key = `${lang}/${ns}`;
  if (!texts.has(key)) {
    const file = path.join(root, 'locales', lang, `${ns}.json`);
    texts.set(key, statSync(file, { throwIfNoEntry: false }) ? JSON.parse(readFileSync(file, 'utf8')) : null);
  }
  return texts.get(key);
}

/** The key, or one of its plural forms, is a string of the namespace. */
function exists(lang: string, ns: string, key: string): boolean {
  const tree = namespace(lang, ns);
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: unknown = tree;
  for (const part of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (!node || typeof node !== 'object') return false;
  const leaf = node as Record<string, unknown>;
  return [last, `${last}_one`, `${last}_other`].some((k) => typeof leaf[k] === 'string');
}

/** The first namespace of each `useTranslation(...)` call of the file. */
function firstNamespaces(code: string): string[] {
  return [...new Set([...code.matchAll(/useTranslation\(\s*(?:\[\s*)?'([\w-]+)'/g)].map((m) => m[1]!))];
}

describe('text keys in the code', () => {
  it('exist in the namespace they are read from, in every language', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of sources(root)) {
      // Comments blanked, lines kept (usage examples in doc comments are not calls).
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
      const own = firstNamespaces(code);
      if (own.length === 0) continue;
      const keys = [...code.matchAll(/\bt\(\s*'([\w.:-]+)'/g), ...code.matchAll(/i18nKey="([\w.:-]+)"/g)];
      for (const m of keys) {
        const [ns, key] = m[1]!.includes(':') ? (m[1]!.split(':') as [string, string]) : [null, m[1]!];
        if (!key.includes('.') && ns === null) continue; // a plain word (not a text key) or a variable-like call
        checked++;
        // A file with components of different namespaces: the key must be in one of them.
        const candidates = ns ? [ns] : own;
        for (const lang of LANGS) {
          if (!candidates.some((n) => exists(lang, n, key))) {
            missing.push(
              `${path.relative(root, file)}:${code.slice(0, m.index).split('\n').length} ${m[1]} (${lang}, in ${candidates.join(' or ')})`,
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });
});
