/**
 * The workshop sheet's PDF, read back with pdf.js: every order of the day is in it with its lines,
 * Arabic comes out shaped in logical order and laid out right to left (the receipt's text drawing),
 * and an order is never cut by a page break.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { visualLines } from '@shared/pdf/read-back';
import { workshopPdf, type WorkshopPdfContent, type WorkshopPdfOrder } from '../workshop-pdf';

const font = new Uint8Array(readFileSync(path.join(__dirname, '../../../../lib/receipt/fonts/DejaVuSans.ttf')));

type Item = { str: string; transform: number[] };

async function pages(bytes: Uint8Array): Promise<Item[][]> {
  // pdf.js 6 expects Promise.withResolvers (Node 22); this machine may run Node 20.
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const promise = new Promise((a, b) => ((resolve = a), (reject = b)));
    return { promise, resolve, reject };
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
  const out: Item[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push((content.items as Item[]).filter((i) => i.str.trim() !== ''));
  }
  return out;
}

const lineRightToLeft = (items: Item[], y: number) =>
  items
    .filter((i) => Math.abs(i.transform[5]! - y) < 1)
    .sort((a, b) => b.transform[4]! - a.transform[4]!)
    .map((i) => i.str.trim())
    .join(' ');

const order = (id: number, extra: Partial<WorkshopPdfOrder> = {}): WorkshopPdfOrder => ({
  heading: [`#${id}`, 'مؤكد'],
  facts: [
    ['إلى', ['ليلى بنعلي', { phone: '0600 98 76 54' }]],
    ['العنوان', ['12 avenue Mohammed V, appt 4, 10000 الرباط']],
  ],
  items: [`2 × باقة ورد (أحمر)`, `1 × Plante verte ${id}`],
  ...extra,
});

const arabic = (orders: WorkshopPdfOrder[]): WorkshopPdfContent => ({
  rtl: true,
  storeName: 'Flora Maroc',
  title: 'توصيلات يوم 14 فبراير 2026',
  zones: [{ heading: 'الرباط · عدد الطلبات: ' + orders.length, orders }],
  empty: 'لا توصيلات في ذلك اليوم.',
  itemsLabel: 'للتحضير',
  pageLabel: (n, total) => `الصفحة ${n} / ${total}`,
  subject: 'workshop-2026-02-14.pdf',
});

describe('workshop PDF', () => {
  it('holds every order with its lines, Arabic shaped and right to left, a French address in its own order', async () => {
    const doc = await pages(await workshopPdf(arabic([order(12), order(13)]), font));
    const items = doc.flat();
    const all = items.map((i) => i.str).join(' ');
    // (pdf.js reads the lam-alef ligature back as two letters in the wrong order: words without it.)
    for (const text of ['Plante verte 12', 'Plante verte 13', 'باقة', 'ورد', 'أحمر', 'ليلى', 'بنعلي', 'للتحضير', 'مؤكد'])
      expect(all).toContain(text);
    const title = items.find((i) => i.str.includes('فبراير'))!;
    expect(lineRightToLeft(items, title.transform[5]!)).toMatch(/^\S+ يوم 14 ?فبراير ?2026$/);
    // The heading's parts in reading order, right to left: the number first, then the status.
    const heading = items.find((i) => i.str.includes('مؤكد'))!;
    expect(lineRightToLeft(items, heading.transform[5]!)).toMatch(/^(#12|12#) ?· ?مؤكد/);
    // The label sits at the right edge; the street reads as typed (left to right) beside it.
    const label = items.find((i) => i.str.includes('العنوان'))!;
    expect(label.transform[4]!).toBeGreaterThan(400);
    expect(all).toMatch(/12 avenue Mohammed V, appt 4/);
    expect(all).not.toMatch(/[\u2066-\u2069]/);
  });

  it('prints a phone number as dialled beside an Arabic name, and keeps the line breaks of a card', async () => {
    const card = 'Joyeux anniversaire Maman\nمع كل حبي\n\nSara';
    const bytes = await workshopPdf(arabic([order(12, { facts: [...order(12).facts, ['البطاقة', [{ typed: card }]]] })]), font);
    // The recipient's line as drawn, left to right: the number at the line's left end, its groups in
    // the order they are dialled, the name (drawn right to left) and the label at the right edge.
    const lines = (await visualLines(bytes)).flat();
    const recipient = lines.find((l) => l.includes('0600'))!;
    expect(recipient).toMatch(/^0600 98 76 54 · /);
    expect(recipient).not.toContain('54 76 98 0600');
    // The card's three written lines are three lines on paper, a blank one kept before the signature.
    const items = (await pages(bytes)).flat();
    const y = (text: string) => items.find((i) => i.str.includes(text))!.transform[5]!;
    expect(y('Joyeux anniversaire Maman')).toBeGreaterThan(y('حبي'));
    expect(y('حبي') - y('Sara')).toBeGreaterThan(20);
  });

  it('never cuts an order across pages, and numbers the pages', async () => {
    const orders = Array.from({ length: 30 }, (_, i) =>
      order(100 + i, { facts: [...order(0).facts, ['البطاقة', [{ typed: 'عيد ميلاد سعيد يا أمي، مع كل حبي. '.repeat(3) }]]] }),
    );
    const doc = await pages(await workshopPdf(arabic(orders), font));
    expect(doc.length).toBeGreaterThan(2);
    for (const o of orders) {
      const id = o.heading[0]!;
      const n = id.slice(1);
      const headingPage = doc.findIndex((p) => p.some((i) => i.str.includes('#') && i.str.includes(n)));
      const lastLinePage = doc.findIndex((p) => p.some((i) => i.str.includes(`Plante verte ${n}`)));
      expect(headingPage, id).toBeGreaterThanOrEqual(0);
      expect(lastLinePage, id).toBe(headingPage);
    }
    expect(
      doc
        .at(-1)!
        .map((i) => i.str)
        .join(' '),
    ).toContain(`${doc.length} / ${doc.length}`);
  });

  it('says so when the day has no order', async () => {
    const doc = await pages(await workshopPdf({ ...arabic([]), zones: [] }, font));
    expect(
      doc
        .flat()
        .map((i) => i.str)
        .join(' '),
    ).toContain('ذلك اليوم');
  });
});
