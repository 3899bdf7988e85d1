/**
 * The shop's own font files (web/scripts/font-subsets.ts, `npm run fonts`) stay in step with the
 * stylesheet that declares them and with what they must draw: an Arabic character missing from the
 * small Arabic file would make the page fetch the package's whole 92 KB file, and a weight outside
 * Inter's cut axis would be drawn by the browser's synthetic bold.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARABIC_CORE, FONT_FILES, INTER_LATIN, WEIGHTS, inRanges, parseUnicodeRange, unicodeRange } from '../scripts/font-subsets';

const root = join(__dirname, '../..');
const require = createRequire(import.meta.url);
const styles = readFileSync(join(__dirname, 'styles.css'), 'utf8');
const faces = (family: string) => [...styles.matchAll(/@font-face\s*{[^}]*}/g)].map((m) => m[0]).filter((f) => f.includes(`"${family}"`));
const descriptor = (face: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.trim();
const srcOf = (face: string) => /src:\s*url\("([^"]+)"/.exec(face)?.[1];
/** The unicode-range of one of a @fontsource package's faces, read from its CSS. */
const packageRange = (cssFile: string, face: string) =>
  new RegExp(`/\\* ${face} \\*/[\\s\\S]*?unicode-range:\\s*([^;]+);`).exec(readFileSync(require.resolve(cssFile), 'utf8'))?.[1];

/** Characters of the Arabic script's blocks (letters, marks, digits, presentation forms). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/gu;

/** Every file under dir whose name ends with one of exts. */
const filesUnder = (dir: string, exts: string[]): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => exts.some((ext) => name.endsWith(ext)))
    .map((name) => join(dir, name));

describe('font files', () => {
  it('are there, made by "npm run fonts", and small', () => {
    for (const font of FONT_FILES) expect(statSync(join(__dirname, 'assets/fonts', font.file)).size).toBeLessThan(32 * 1024);
  });

  it('Arabic: the package file for its whole range first, the shop file for its characters last', () => {
    const arabic = faces('Noto Naskh Arabic');
    expect(arabic).toHaveLength(2);
    const [whole, core] = arabic as [string, string];
    const packageArabic = packageRange('@fontsource-variable/noto-naskh-arabic/wght.css', 'noto-naskh-arabic-arabic-wght-normal');
    expect(descriptor(whole, 'unicode-range')).toBe(packageArabic);
    expect(srcOf(whole)).toContain('noto-naskh-arabic-arabic-wght-normal.woff2');
    expect(descriptor(core, 'unicode-range')).toBe(unicodeRange(ARABIC_CORE));
    expect(srcOf(core)).toBe('./assets/fonts/noto-naskh-arabic-core-wght.woff2');
    // Every character of the shop's file is inside the package's range (the later rule only narrows it).
    const wholeRanges = parseUnicodeRange(packageArabic!);
    for (const [first, last] of ARABIC_CORE)
      for (let c = first; c <= last; c++) expect(inRanges(wholeRanges, c), c.toString(16)).toBe(true);
  });

  it('Arabic: the small file draws every Arabic character of the texts and of the demo catalogue', () => {
    const sources = [...filesUnder(join(__dirname, 'locales/ar'), ['.json']), join(root, 'server/seed/catalogue-data.ts')];
    const missing = new Set<string>();
    for (const path of sources) {
      for (const ch of readFileSync(path, 'utf8').match(ARABIC_SCRIPT) ?? []) {
        if (!inRanges(ARABIC_CORE, ch.codePointAt(0)!)) missing.add(`${ch} U+${ch.codePointAt(0)!.toString(16)} in ${path}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it("Inter: the package's Latin range, the cut weight axis, and no page asks for another weight", () => {
    const [inter, ...others] = faces('Inter');
    expect(others).toEqual([]);
    expect(INTER_LATIN).toBe(packageRange('@fontsource-variable/inter/wght.css', 'inter-latin-wght-normal'));
    expect(descriptor(inter!, 'unicode-range')).toBe(INTER_LATIN);
    expect(descriptor(inter!, 'font-weight')).toBe(`${WEIGHTS.min} ${WEIGHTS.max}`);
    expect(srcOf(inter!)).toBe('./assets/fonts/inter-latin-wght-400-700.woff2');
    // Tailwind's weights outside 400-700, and explicit font-weight values, anywhere in the storefront or back office.
    const outside = /\bfont-(?:thin|extralight|light|extrabold|black)\b|font-weight:\s*(?:[1-3]00|[89]00)\b|\bfont-\[(?:[1-3]00|[89]00)\]/;
    const offenders = filesUnder(__dirname, ['.tsx', '.ts', '.css']).filter(
      (path) => !path.endsWith('.test.ts') && outside.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
