/**
 * The web app's own texts (web/src/locales/<lang>/<ns>.json), read once from disk so the server-made
 * page heads and bodies say exactly what the app says, without a second copy of the words.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../../shared/constants.js';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/locales');
const cache = new Map<string, Record<string, unknown>>();

function namespace(locale: Locale, ns: string): Record<string, unknown> {
  const key = `${locale}/${ns}`;
  let texts = cache.get(key);
  if (!texts) {
    texts = JSON.parse(readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(key, texts);
  }
  return texts;
}

/** `webText('ar', 'catalogue:seo.homeDescription')`, with `{{name}}` parameters; the key itself when missing. */
export function webText(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const [ns, dotted] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let value: unknown = namespace(locale, ns);
  for (const part of dotted.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (typeof value !== 'string') return key;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}
