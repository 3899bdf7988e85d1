/**
 * The order receipt as a PDF: store name, order number, date, delivery
 * date and city, customized or regular, customer, e-mail, phone, recipient, address, gift message,
 * payment method and status, the lines (colour, quantity, price), subtotal, discount, delivery and
 * the total, with the footer "Thank you for your purchase!", in the language chosen. Made in the browser with pdf-lib; Arabic is shaped and laid out right to left
 * (shared/pdf). Fonts come in as bytes so the same code runs in a test.
 */
import { A4, drawText, MARGIN, MUTED, shopPdf, widthOf, wrap, wrapTyped } from '@shared/pdf/draw';
import { dialled, isolate } from '@shared/pdf/isolate';

export type FactKind = 'phone' | 'typed' | 'runs';

export type ReceiptLine = { name: string; color: string | null; quantity: number; price: string };

export type ReceiptContent = {
  rtl: boolean;
  storeName: string;
  /** The shop's legal identity under its name (legal name and address, ICE, RC, IF, patente), line by line. */
  legal?: string[];
  title: string;
  /**
   * Label and value pairs, in order (order number, dates, type, customer, e-mail...); a value's kind
   * when it needs one: `phone` is drawn as dialled (left to right), `typed` keeps its line breaks,
   * `runs` is already made of isolated runs (a name and a phone) and is drawn as it is.
   */
  facts: [label: string, value: string, kind?: FactKind][];
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

  for (const [label, value, kind] of content.facts) {
    // Each value is its own isolated run: its direction is its own (a phone number stays left to
    // right in an Arabic receipt) and a character in it cannot reorder the rest of the line.
    const lines = !value
      ? ['–']
      : kind === 'typed'
        ? wrapTyped(fonts, value, 11, inner - 140, rtl)
        : wrap(fonts, kind === 'phone' ? dialled(value) : kind === 'runs' ? value : isolate(value), 11, inner - 140, rtl);
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
