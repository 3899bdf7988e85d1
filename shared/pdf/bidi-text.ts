/**
 * Right-to-left text for PDF drawing. PDF has no text layout: glyphs land where they are drawn, so a
 * line is cut into chunks in *visual* order (Unicode bidi algorithm, bidi-js), each with the font that
 * has its letters (Arabic letters: the Arabic font; everything else: the Latin one). An Arabic chunk
 * is handed over in logical order: the font engine (fontkit, through pdf-lib) joins its letters into
 * their initial/medial/final forms and lays the glyphs right to left itself.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type Script = 'arabic' | 'latin';

export type VisualChunk = { text: string; script: Script };

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export const scriptOf = (ch: string): Script => (ARABIC.test(ch) ? 'arabic' : 'latin');

/** The invisible characters that steer the algorithm (marks, embeddings, overrides, isolates): never drawn. */
const FORMATTING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The line's chunks from left to right as they must be drawn; `rtl` is the paragraph direction. */
export function visualChunks(text: string, rtl: boolean): VisualChunk[] {
  const levels = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const indices = Array.from({ length: text.length }, (_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(text, levels)) {
    const part = indices.slice(start, end + 1).reverse();
    indices.splice(start, part.length, ...part);
  }
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const chunks: VisualChunk[] = [];
  for (const i of indices) {
    // Explicit formatting characters only steer the order (the algorithm removes them, rule X9).
    if (FORMATTING.test(text[i]!)) continue;
    const ch = mirrored.get(i) ?? text[i]!;
    const script = scriptOf(ch);
    const last = chunks[chunks.length - 1];
    if (last && last.script === script) last.text += ch;
    else chunks.push({ text: ch, script });
  }
  // Arabic chunks go back to logical order: the shaper needs it and lays them out right to left.
  return chunks.map((c) => (c.script === 'arabic' ? { ...c, text: Array.from(c.text).reverse().join('') } : c));
}

/** The direction of a typed line: its first strong letter's (none: left to right), as a browser's `dir="auto"`. */
export function directionOf(text: string): 'rtl' | 'ltr' {
  return bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}
