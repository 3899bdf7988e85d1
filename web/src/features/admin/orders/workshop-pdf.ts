/**
 * The workshop sheet as a PDF (A4): a title with the day, then each delivery zone and its orders, one
 * order never split across two pages (an order taller than a whole page is the only exception), page
 * numbers at the foot. Drawn with the shop's PDF text code (shared/pdf): the same font as the receipt,
 * Arabic shaped and laid out right to left, each typed value its own isolated run, phone numbers as
 * dialled and the line breaks of a card's words kept.
 */
import type { PDFPage } from 'pdf-lib';
import { A4, drawText, INK, MARGIN, MUTED, shopPdf, widthOf, wrap, wrapTyped } from '@shared/pdf/draw';
import { dialled, isolate } from '@shared/pdf/isolate';

export type FactPart = string | { phone: string } | { typed: string };

export type WorkshopPdfOrder = {
  /** ["#12", "Confirmed", "To collect: 420,00 MAD"]: drawn joined by " · ", each part its own run. */
  heading: string[];
  /**
   * Label and value pairs (recipient, address, card, substitution, notes...). A value is a list of
   * parts joined by " · ", each its own run: text, a phone number (`{ phone }`, drawn as dialled) or
   * typed words whose line breaks stay (`{ typed }`, a card's message, the notes).
   */
  facts: [string, FactPart[]][];
  /** "2 × Bouquet Rabat (Rouge)", already in the reader's language. */
  items: string[];
};

export type WorkshopPdfContent = {
  rtl: boolean;
  storeName: string;
  title: string;
  zones: { heading: string; orders: WorkshopPdfOrder[] }[];
  /** Said when the day has no order. */
  empty: string;
  itemsLabel: string;
  pageLabel: (n: number, total: number) => string;
  subject: string;
};

const LABEL_WIDTH = 110;
const LINE = 14;
const SIZE = 10.5;

type Block = { height: number; draw: (page: PDFPage, top: number) => void };

export async function workshopPdf(content: WorkshopPdfContent, fontBytes: Uint8Array): Promise<Uint8Array> {
  const { doc, fonts } = await shopPdf(content, fontBytes);
  const { rtl } = content;
  const start = rtl ? A4[0] - MARGIN : MARGIN;
  const inner = A4[0] - 2 * MARGIN;
  const at = (d: number) => (rtl ? start - d : start + d);
  const bottom = MARGIN + 24;

  /** One order: its heading, its facts (label, then the value wrapped beside it) and its lines. */
  const orderBlock = (order: WorkshopPdfOrder): Block => {
    const width = inner - LABEL_WIDTH;
    const factLines = (parts: FactPart[]): string[] => {
      const typed = parts.find((p): p is { typed: string } => typeof p === 'object' && 'typed' in p);
      if (typed) return wrapTyped(fonts, typed.typed, SIZE, width, rtl);
      const runs = parts.map((p) => (typeof p === 'string' ? isolate(p) : 'phone' in p ? dialled(p.phone) : isolate(p.typed)));
      return wrap(fonts, runs.join(' · '), SIZE, width, rtl);
    };
    const facts = order.facts.map(([label, parts]) => ({ label, lines: factLines(parts) }));
    const items = order.items.map((item) => wrap(fonts, isolate(item), SIZE, inner - LABEL_WIDTH, rtl));
    const itemLines = items.reduce((n, l) => n + l.length, 0);
    const height = 10 + 18 + facts.reduce((h, f) => h + f.lines.length * LINE + 2, 0) + Math.max(1, itemLines) * LINE + 8;
    return {
      height,
      draw(page, top) {
        page.drawLine({ start: { x: MARGIN, y: top }, end: { x: A4[0] - MARGIN, y: top }, thickness: 0.5, color: MUTED });
        let y = top - 10;
        drawText(page, fonts, order.heading.map(isolate).join(' · '), { x: start, y: y - 12, size: 12, rtl, color: INK });
        y -= 18;
        for (const fact of facts) {
          drawText(page, fonts, fact.label, { x: start, y: y - SIZE, size: SIZE, rtl, color: MUTED });
          fact.lines.forEach((line, i) => drawText(page, fonts, line, { x: at(LABEL_WIDTH), y: y - SIZE - i * LINE, size: SIZE, rtl }));
          y -= fact.lines.length * LINE + 2;
        }
        drawText(page, fonts, content.itemsLabel, { x: start, y: y - SIZE, size: SIZE, rtl, color: MUTED });
        for (const lines of items) {
          for (const line of lines) {
            drawText(page, fonts, line, { x: at(LABEL_WIDTH), y: y - SIZE, size: SIZE, rtl });
            y -= LINE;
          }
        }
      },
    };
  };

  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  drawText(page, fonts, content.storeName, { x: start, y: y - 12, size: 12, rtl, color: MUTED });
  y -= 20;
  drawText(page, fonts, content.title, { x: start, y: y - 18, size: 18, rtl });
  y -= 32;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    drawText(page, fonts, content.title, { x: start, y: y - 11, size: 11, rtl, color: MUTED });
    y -= 24;
  };

  if (content.zones.length === 0) drawText(page, fonts, content.empty, { x: start, y: y - 12, size: 12, rtl, color: MUTED });
  for (const zone of content.zones) {
    const blocks = zone.orders.map(orderBlock);
    // A zone heading is never left alone at the foot of a page: it goes with its first order.
    if (y - 26 - (blocks[0]?.height ?? 0) < bottom) newPage();
    drawText(page, fonts, zone.heading, { x: start, y: y - 14, size: 14, rtl });
    y -= 26;
    for (const block of blocks) {
      if (y - block.height < bottom && y < A4[1] - MARGIN - 24) newPage();
      block.draw(page, y);
      y -= block.height;
    }
    y -= 8;
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = content.pageLabel(i + 1, pages.length);
    const width = widthOf(fonts, label, 9, rtl);
    drawText(p, fonts, label, { x: (A4[0] - width) / 2 + (rtl ? width : 0), y: MARGIN - 10, size: 9, rtl, color: MUTED });
  });
  return doc.save();
}
