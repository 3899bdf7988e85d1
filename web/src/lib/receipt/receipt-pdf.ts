/**
 * The order receipt as a PDF: store name, order number, date, delivery
 * date and city, customized or regular, customer, e-mail, phone, recipient, address, gift message,
 * payment method and status, the lines (colour, quantity, price), subtotal, discount, delivery and
 * the total, with the footer "Thank you for your purchase!", in the language chosen. Made in the browser with pdf-lib; Arabic is shaped and laid out right to left
 * (bidi-text.ts). Fonts come in as bytes so the same code runs in a test. The page constants and the
 * text drawing (start edge, wrapping, right to left) are exported for the other PDFs the shop makes.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { visualChunks } from './bidi-text';
import { isolate } from './isolate';

export type ReceiptLine = { name: string; color: string | null; quantity: number; price: string };

export type ReceiptContent = {
  rtl: boolean;
  storeName: string;
  /** The shop's legal identity under its name (legal name and address, ICE, RC, IF, patente), line by line. */
  legal?: string[];
  title: string;
  /** Label and value pairs, in order (order number, dates, type, customer, e-mail...). */
  facts: [string, string][];
  columns: { item: string; quantity: string; price: string };
  lines: ReceiptLine[];
  /** Label and amount pairs above the total (subtotal, discount, delivery), in order. */
  sums?: [string, string][];
  totalLabel: string;
  total: string;
  /** Under the total (an invoice's payments and refunds): a title and label and amount pairs. */
  after?: { title: string; rows: [string, string][] };
  footer: string;
  /** Document metadata. */
  subject: string;
};

/** One font with Latin and Arabic (DejaVu Sans): its Arabic letters are distinct glyphs per joined form, so a reader copying the text gets the right letters back. */
export type ReceiptFont = Uint8Array;

export const A4: [number, number] = [595.28, 841.89];
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
  opts: { x: number; y: number; size: number; rtl: boolean; color?: ReturnType<typeof rgb>; align?: 'start' | 'end'; maxWidth?: number },
) {
  const width = widthOf(fonts, text, opts.size, opts.rtl);
  const toRight = opts.rtl !== (opts.align === 'end');
  let x = toRight ? opts.x - width : opts.x;
  for (const chunk of visualChunks(text, opts.rtl)) {
    const font = fonts[chunk.script];
    page.drawText(chunk.text, { x, y: opts.y, size: opts.size, font, color: opts.color ?? INK });
    x += font.widthOfTextAtSize(chunk.text, opts.size);
  }
}

/** Cuts a long text into lines that fit `width` (at spaces). */
export function wrap(fonts: Fonts, text: string, size: number, width: number, rtl: boolean): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(fonts, next, size, rtl) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
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

export async function receiptPdf(content: ReceiptContent, fontBytes: ReceiptFont): Promise<Uint8Array> {
  const { doc, fonts } = await shopPdf(content, fontBytes);
  let page = doc.addPage(A4);
  const { rtl } = content;
  const start = rtl ? A4[0] - MARGIN : MARGIN;
  const end = rtl ? MARGIN : A4[0] - MARGIN;
  const inner = A4[0] - 2 * MARGIN;
  /** A position `d` points from the start edge, towards the end edge. */
  const at = (d: number) => (rtl ? start - d : start + d);
  let y = A4[1] - MARGIN;
  const room = (needed: number) => {
    if (y - needed < MARGIN + 40) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };

  drawText(page, fonts, content.storeName, { x: start, y: y - 22, size: 22, rtl });
  y -= 34;
  for (const line of content.legal ?? []) {
    for (const part of wrap(fonts, line, 9, inner, rtl)) {
      drawText(page, fonts, part, { x: start, y: y - 9, size: 9, rtl, color: MUTED });
      y -= 12;
    }
  }
  if (content.legal?.length) y -= 6;
  drawText(page, fonts, content.title, { x: start, y: y - 14, size: 14, rtl, color: MUTED });
  y -= 32;

  for (const [label, value] of content.facts) {
    // Each value is its own isolated run: its direction is its own (a phone number stays left to
    // right in an Arabic receipt) and a character in it cannot reorder the rest of the line.
    const lines = wrap(fonts, isolate(value || '–'), 11, inner - 140, rtl);
    room(16 * lines.length);
    drawText(page, fonts, label, { x: start, y: y - 11, size: 11, rtl, color: MUTED });
    lines.forEach((line, i) => drawText(page, fonts, line, { x: at(140), y: y - 11 - i * 15, size: 11, rtl }));
    y -= 15 * lines.length + 4;
  }

  y -= 12;
  room(40);
  const qtyAt = at(inner - 150);
  drawText(page, fonts, content.columns.item, { x: start, y: y - 11, size: 11, rtl, color: MUTED });
  drawText(page, fonts, content.columns.quantity, { x: qtyAt, y: y - 11, size: 11, rtl, color: MUTED });
  drawText(page, fonts, content.columns.price, { x: end, y: y - 11, size: 11, rtl, color: MUTED, align: 'end' });
  y -= 18;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: MUTED });
  y -= 6;
  for (const line of content.lines) {
    const name = line.color ? `${isolate(line.name)} (${isolate(line.color)})` : isolate(line.name);
    const parts = wrap(fonts, name, 11, inner - 170, rtl);
    room(15 * parts.length + 6);
    parts.forEach((p, i) => drawText(page, fonts, p, { x: start, y: y - 12 - i * 15, size: 11, rtl }));
    drawText(page, fonts, String(line.quantity), { x: qtyAt, y: y - 12, size: 11, rtl });
    drawText(page, fonts, line.price, { x: end, y: y - 12, size: 11, rtl, align: 'end' });
    y -= 15 * parts.length + 6;
  }
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: MUTED });
  y -= 18;
  for (const [label, amount] of content.sums ?? []) {
    room(16);
    drawText(page, fonts, label, { x: start, y, size: 11, rtl, color: MUTED });
    drawText(page, fonts, isolate(amount), { x: end, y, size: 11, rtl, align: 'end' });
    y -= 16;
  }
  y -= 4;
  room(60);
  drawText(page, fonts, content.totalLabel, { x: start, y, size: 13, rtl });
  drawText(page, fonts, isolate(content.total), { x: end, y, size: 13, rtl, align: 'end' });
  y -= 40;
  if (content.after) {
    room(20);
    drawText(page, fonts, content.after.title, { x: start, y, size: 11, rtl, color: MUTED });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: MUTED });
    y -= 16;
    for (const [label, amount] of content.after.rows) {
      const parts = wrap(fonts, label, 10, inner - 120, rtl);
      room(14 * parts.length + 4);
      parts.forEach((p, i) => drawText(page, fonts, p, { x: start, y: y - i * 14, size: 10, rtl }));
      drawText(page, fonts, isolate(amount), { x: end, y, size: 10, rtl, align: 'end' });
      y -= 14 * parts.length + 4;
    }
    y -= 24;
    room(20);
  }
  const footerWidth = widthOf(fonts, content.footer, 12, rtl);
  drawText(page, fonts, content.footer, { x: (A4[0] - footerWidth) / 2 + (rtl ? footerWidth : 0), y, size: 12, rtl, color: MUTED });
  return doc.save();
}
