/**
 * The characters of the shop's own Arabic font file (web/src/assets/fonts/), shared by the script that
 * makes it (subset-fonts.ts) and the test that keeps styles.css and the texts in step with it.
 *
 * Noto Naskh Arabic's "arabic" file (94 KB) draws every language written in Arabic script: Urdu, Sindhi,
 * Pashto, Quranic marks, presentation forms. The shop writes Arabic, and Moroccan names use a few more
 * letters (ڤ, ڭ, گ, پ, چ). Those alone make a 22 KB file that every Arabic page preloads; the package's
 * whole file stays declared for the rest of its range, fetched only by a page that uses one of them.
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
