/**
 * The shop's PDF drawing, shared by the PDFs made in the browser (receipt, the day's sheet) and by the
 * server (the gift cards): page sizes, one embedded font for every script (DejaVu Sans: its Arabic
 * joined forms are distinct glyphs, so a reader copying the text gets the right letters back), and
 * text drawn in visual order (bidi-text.ts) from its start edge, wrapped at spaces, a typed line break
 * kept as a line break.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { directionOf, visualChunks } from './bidi-text.js';

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export const A4: [number, number] = [595.28, 841.89];
/** A6 landscape (148 × 105 mm): the gift card. */
export const A6_LANDSCAPE: [number, number] = [419.53, 297.64];
export const MARGIN = 50;
export const INK = rgb(0.16, 0.15, 0.13);
export const MUTED = rgb(0.4, 0.38, 0.35);

export type Fonts = Record<'latin' | 'arabic', PDFFont>;

export function widthOf(fonts: Fonts, text: string, size: number, rtl: boolean): number {
  return visualChunks(text, rtl).reduce((w, c) => w + fonts[c.script].widthOfTextAtSize(c.text, size), 0);
}

/** Draws one line; `x` is its start edge (left in LTR, right in RTL) unless `align` says otherwise. */
export function drawText(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  opts: {
    x: number;
    y: number;
    size: number;
    rtl: boolean;
    color?: ReturnType<typeof rgb>;
    align?: 'start' | 'end' | 'center';
    maxWidth?: number;
  },
) {
  const width = widthOf(fonts, text, opts.size, opts.rtl);
  const toRight = opts.rtl !== (opts.align === 'end');
  let x = opts.align === 'center' ? opts.x - width / 2 : toRight ? opts.x - width : opts.x;
  for (const chunk of visualChunks(text, opts.rtl)) {
    const font = fonts[chunk.script];
    page.drawText(chunk.text, { x, y: opts.y, size: opts.size, font, color: opts.color ?? INK });
    x += font.widthOfTextAtSize(chunk.text, opts.size);
  }
}

/** Cuts a long text into lines that fit `width` (at spaces); a line break in the text stays one. */
export function wrap(fonts: Fonts, text: string, size: number, width: number, rtl: boolean): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/[^\S\n]+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && widthOf(fonts, next, size, rtl) > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  // A blank line between two paragraphs stays; blank lines at the end do not.
  while (out.length > 1 && out[out.length - 1] === '') out.pop();
  return out;
}

/**
 * A typed value (a card's words, notes) wrapped to `width`: a line break typed stays one, and each
 * drawn line is its own isolated run in the direction of the typed line it comes from (its first
 * letter's), so the end of a French sentence wrapped in an Arabic page stays at the end.
 */
export function wrapTyped(fonts: Fonts, value: string, size: number, width: number, rtl: boolean): string[] {
  return value
    .replace(CONTROLS, '')
    .trim()
    .split(/\r?\n/)
    .flatMap((line) => {
      if (line.trim() === '') return [''];
      const open = directionOf(line) === 'rtl' ? '\u2067' : '\u2066';
      return wrap(fonts, line.trim(), size, width, rtl).map((part) => `${open}${part}\u2069`);
    });
}

/** A new PDF of the shop: one embedded font (subset) for every script, its title, author and language. */
export async function shopPdf(
  meta: { subject: string; storeName: string; rtl: boolean },
  fontBytes: Uint8Array,
): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontBytes, { subset: true });
  doc.setTitle(meta.subject);
  doc.setSubject(meta.subject);
  doc.setCreator(meta.storeName);
  doc.setLanguage(meta.rtl ? 'ar' : 'fr');
  return { doc, fonts: { latin: font, arabic: font } };
}
