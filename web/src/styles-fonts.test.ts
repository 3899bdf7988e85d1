/**
 * The shop's own Arabic font file (web/scripts/font-subsets.ts) stays in step with the stylesheet that
 * declares it and with the texts it must draw: a character missing from it would make the page fetch
 * the package's whole 92 KB file.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARABIC_CORE, inRanges, parseUnicodeRange, unicodeRange } from '../scripts/font-subsets';

const root = join(__dirname, '../..');
const require = createRequire(import.meta.url);
const styles = readFileSync(join(__dirname, 'styles.css'), 'utf8');
const arabicFaces = [...styles.matchAll(/@font-face\s*{[^}]*"Noto Naskh Arabic"[^}]*}/g)].map((m) => m[0]);
const rangeOf = (face: string) => /unicode-range:\s*([^;]+);/.exec(face)?.[1]?.trim();
const srcOf = (face: string) => /src:\s*url\("([^"]+)"/.exec(face)?.[1];

/** Letters of the Arabic script (not the marks and digits every language shares). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/gu;
const arabicCharacters = (text: string) => new Set(text.match(ARABIC_SCRIPT) ?? []);

describe('Arabic font', () => {
  it('declares the package file for its whole range first and the shop file for its characters last', () => {
    expect(arabicFaces).toHaveLength(2);
    const [whole, core] = arabicFaces as [string, string];
    const packageCss = readFileSync(require.resolve('@fontsource-variable/noto-naskh-arabic/wght.css'), 'utf8');
    const packageArabic = /\/\* noto-naskh-arabic-arabic-wght-normal \*\/[\s\S]*?unicode-range:\s*([^;]+);/.exec(packageCss)?.[1];
    expect(rangeOf(whole)).toBe(packageArabic);
    expect(srcOf(whole)).toContain('noto-naskh-arabic-arabic-wght-normal.woff2');
    expect(rangeOf(core)).toBe(unicodeRange(ARABIC_CORE));
    expect(srcOf(core)).toBe('./assets/fonts/noto-naskh-arabic-core-wght.woff2');
    // Every character of the shop's file is inside the package's range (the later rule only narrows it).
    const wholeRanges = parseUnicodeRange(packageArabic!);
    for (const [first, last] of ARABIC_CORE) for (let c = first; c <= last; c++) expect(inRanges(wholeRanges, c), c.toString(16)).toBe(true);
  });

  it('the file made by "npm run fonts" is there and small', () => {
    const file = join(__dirname, 'assets/fonts/noto-naskh-arabic-core-wght.woff2');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(30 * 1024);
  });

  it('draws every Arabic character of the texts and of the demo catalogue', () => {
    const sources = [
      ...readdirSync(join(__dirname, 'locales/ar')).map((f) => join(__dirname, 'locales/ar', f)),
      join(root, 'server/seed/catalogue-data.ts'),
    ];
    const missing = new Set<string>();
    for (const path of sources) {
      for (const ch of arabicCharacters(readFileSync(path, 'utf8'))) if (!inRanges(ARABIC_CORE, ch.codePointAt(0)!)) missing.add(`${ch} U+${ch.codePointAt(0)!.toString(16)} in ${path}`);
    }
    expect([...missing]).toEqual([]);
  });
});
