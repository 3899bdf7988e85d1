/**
 * The shop's own font files (web/src/assets/fonts/), cut from the packages' files: what the script that
 * makes them (subset-fonts.ts) keeps, shared with the test that keeps styles.css and the texts in step.
 *
 * - Noto Naskh Arabic's "arabic" file (92 KB) draws every language written in Arabic script: Urdu,
 *   Sindhi, Pashto, Quranic marks, presentation forms. The shop writes Arabic, and Moroccan names use a
 *   few more letters (ڤ, ڭ, گ, پ, چ). Those alone make a 22 KB file that every Arabic page preloads; the
 *   package's whole file stays declared for the rest of its range, fetched only by a page that uses one.
 * - Inter's Latin file (47 KB) holds every weight from 100 to 900; the shop uses 400 to 700 (normal,
 *   medium, semibold, bold): the same characters with the weight axis cut to 400-700 make 30 KB.
 */

/** [first, last] code points, inclusive. */
export type Range = readonly [number, number];

export const ARABIC_CORE: readonly Range[] = [
  [0x060c, 0x060c], // ، comma
  [0x061b, 0x061c], // ؛ semicolon, Arabic letter mark
  [0x061f, 0x063a], // ؟ question mark, hamza, letters
  [0x0640, 0x0655], // tatweel, letters, harakat (diacritics), maddah and hamza marks
  [0x0660, 0x066d], // Arabic-Indic digits, percent, decimal and thousands separators
  [0x0670, 0x0671], // superscript alef, alef wasla
  [0x067e, 0x067e], // پ
  [0x0686, 0x0686], // چ
  [0x06a4, 0x06a4], // ڤ (Maghrebi v)
  [0x06a9, 0x06a9], // ک
  [0x06ad, 0x06ad], // ڭ (Moroccan g)
  [0x06af, 0x06af], // گ
  [0x06cc, 0x06cc], // ی
  [0x200c, 0x200e], // zero-width non-joiner and joiner, left-to-right mark (as the package file)
];

/** The unicode-range of Inter's Latin file (@fontsource-variable/inter, its CSS). */
export const INTER_LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** The weights the shop's pages use: Tailwind's font-normal to font-bold. */
export const WEIGHTS = { min: 400, max: 700 } as const;

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

/** A CSS unicode-range value for ranges. */
export const unicodeRange = (ranges: readonly Range[]) =>
  ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',');

/** A CSS unicode-range value read back as ranges. */
export const parseUnicodeRange = (value: string): Range[] =>
  value.split(',').map((part) => {
    const [a, b = a] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(a!, 16), parseInt(b!, 16)] as const;
  });

export const inRanges = (ranges: readonly Range[], codePoint: number) => ranges.some(([a, b]) => codePoint >= a && codePoint <= b);

/** Every code point of ranges, as a string (what the subsetter keeps). */
export const charactersOf = (ranges: readonly Range[]) => {
  let text = '';
  for (const [a, b] of ranges) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
  return text;
};

export interface FontFile {
  /** Its name in web/src/assets/fonts/. */
  file: string;
  /** The package file it is cut from. */
  source: string;
  ranges: readonly Range[];
  /** Weight axis kept (the whole axis when absent). */
  weights?: typeof WEIGHTS;
}

export const FONT_FILES: readonly FontFile[] = [
  {
    file: 'noto-naskh-arabic-core-wght.woff2',
    source: '@fontsource-variable/noto-naskh-arabic/files/noto-naskh-arabic-arabic-wght-normal.woff2',
    ranges: ARABIC_CORE,
  },
  {
    file: 'inter-latin-wght-400-700.woff2',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    ranges: parseUnicodeRange(INTER_LATIN),
    weights: WEIGHTS,
  },
];
