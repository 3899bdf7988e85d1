/**
 * For tests: a PDF's text as it lies on the page, line by line, left to right, glyph by glyph as
 * drawn. A text extractor (pdf.js's text content, a viewer's copy) guesses a reading order with its
 * own bidi pass, which turns a correctly drawn "0600 98 76 54" in an Arabic line back to front; this
 * reads the drawing itself (pdf.js's operator list: each text matrix and the glyphs shown after it).
 * Arabic comes out in visual order too (its letters right to left as drawn).
 */

type Glyph = { unicode?: string; width?: number } | number | null;

/** Each page's lines, top to bottom, each line's text left to right. */
export async function visualLines(bytes: Uint8Array): Promise<string[][]> {
  // pdf.js 6 expects Promise.withResolvers (Node 22); this machine may run Node 20.
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const promise = new Promise((a, b) => ((resolve = a), (reject = b)));
    return { promise, resolve, reject };
  };
  // The operator list moves its buffers with ArrayBuffer#transferToFixedLength (Node 21+): a copy
  // does for a read-only test.
  const AB = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (this: ArrayBuffer, n?: number) => ArrayBuffer };
  AB.transferToFixedLength ??= function (this: ArrayBuffer, n?: number) {
    const copy = new ArrayBuffer(n ?? this.byteLength);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(this.byteLength, n ?? this.byteLength)));
    return copy;
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const out: string[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const list = await (await doc.getPage(n)).getOperatorList();
    const runs: { x: number; y: number; text: string }[] = [];
    let x = 0;
    let y = 0;
    list.fnArray.forEach((fn, i) => {
      const args = list.argsArray[i] as unknown[];
      if (fn === pdfjs.OPS.setTextMatrix) {
        // pdf.js 6 hands the matrix as one array; older versions as six numbers.
        const m = (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]) ? args[0] : args) as ArrayLike<number>;
        x = m[4]!;
        y = m[5]!;
      } else if (fn === pdfjs.OPS.showText) {
        const glyphs = args[0] as Glyph[];
        const text = glyphs.map((g) => (g && typeof g === 'object' ? (g.unicode ?? '') : typeof g === 'number' ? '' : ' ')).join('');
        runs.push({ x, y, text });
      }
    });
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const r of runs) {
      const key = Math.round(r.y);
      rows.set(key, [...(rows.get(key) ?? []), r]);
    }
    out.push(
      [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((r) => r.text)
            .join(''),
        ),
    );
  }
  return out;
}
