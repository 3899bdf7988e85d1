/**
 * The receipt's Arabic comes out shaped and right to left: the PDF is read back with pdf.js (as a
 * reader or a screen reader would), and each Arabic word must come out in logical order, the words
 * of a line must sit right to left, and the letters must be drawn with their joined forms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { visualChunks } from '@shared/pdf/bidi-text';
import { visualLines } from '@shared/pdf/read-back';
import { receiptPdf, type ReceiptContent } from './receipt-pdf';
import { createInstance } from 'i18next';
import { receiptContent } from './download-receipt';
import { addressLine, type ReceiptOrder } from './receipt-order';

const font = new Uint8Array(readFileSync(path.join(__dirname, 'fonts/DejaVuSans.ttf')));
const fonts = font;

const arabic: ReceiptContent = {
  rtl: true,
  storeName: 'Flora Maroc',
  title: 'إيصال الطلب',
  facts: [
    ['رقم الطلب', '#42'],
    ['الزبون', 'ليلى بنعلي'],
    ['البريد الإلكتروني', 'layla@example.com'],
  ],
  columns: { item: 'المنتج', quantity: 'الكمية', price: 'السعر' },
  lines: [{ name: 'باقة ورد', color: 'أحمر', quantity: 2, price: '360,00 MAD' }],
  totalLabel: 'المجموع',
  total: '400,00 MAD',
  footer: 'شكرًا على الشراء!',
  subject: 'receipt-order-42.pdf',
};

type Item = { str: string; transform: number[] };

async function textItems(bytes: Uint8Array): Promise<Item[]> {
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
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return (content.items as Item[]).filter((i) => i.str.trim() !== '');
}

/** The text of the line at height `y`, its pieces read from right to left. */
const lineRightToLeft = (items: Item[], y: number) =>
  items
    .filter((i) => Math.abs(i.transform[5]! - y) < 1)
    .sort((a, b) => b.transform[4]! - a.transform[4]!)
    .map((i) => i.str.trim())
    .join(' ');

describe('receipt PDF', () => {
  it('gives back the Arabic words in logical order, laid out right to left', async () => {
    const items = await textItems(await receiptPdf(arabic, fonts));
    const all = items.map((i) => i.str).join(' ');
    for (const word of ['إيصال', 'الطلب', 'ليلى', 'بنعلي', 'المجموع', 'باقة', 'ورد', 'أحمر']) expect(all).toContain(word);
    const customer = items.find((i) => i.str.includes('ليلى'))!;
    expect(lineRightToLeft(items, customer.transform[5]!)).toBe('الزبون ليلى بنعلي');
    const title = items.find((i) => i.str.includes('إيصال'))!;
    expect(lineRightToLeft(items, title.transform[5]!)).toBe('إيصال الطلب');
    // Latin inside Arabic stays left to right.
    expect(all).toContain('layla@example.com');
    expect(all).toContain('400,00');
  });

  it('puts the label at the right edge in Arabic and the left edge in French', async () => {
    const rtlItems = await textItems(await receiptPdf(arabic, fonts));
    const label = rtlItems.find((i) => i.str.includes('الزبون'))!;
    expect(label.transform[4]!).toBeGreaterThan(400);
    const fr = await textItems(
      await receiptPdf(
        { ...arabic, rtl: false, facts: [['Client', 'Layla Benali']], title: 'Reçu', footer: 'Merci pour votre achat !' },
        fonts,
      ),
    );
    expect(fr.find((i) => i.str.includes('Client'))!.transform[4]!).toBeLessThan(60);
    expect(fr.map((i) => i.str).join(' ')).toContain('Merci pour votre achat !');
  });
});

/** The text of the line at height `y`, its pieces read from left to right. */
const lineLeftToRight = (items: Item[], y: number) =>
  items
    .filter((i) => Math.abs(i.transform[5]! - y) < 1)
    .sort((a, b) => a.transform[4]! - b.transform[4]!)
    .map((i) => i.str.trim())
    .join(' ');

describe('each value its own run', () => {
  it('keeps the parts of an address in their order: an Arabic street does not carry the postal code away', async () => {
    const address = addressLine({ street: 'شارع الورود 5', postal_code: '10000', city: 'الرباط', country: 'Maroc' } as Parameters<
      typeof addressLine
    >[0])!;
    const fr = {
      ...arabic,
      rtl: false,
      title: 'Reçu',
      facts: [
        ['Adresse', address],
        ['Client', 'ليلى بنعلي'],
      ] as [string, string][],
    };
    const items = await textItems(await receiptPdf(fr, fonts));
    const line = lineLeftToRight(items, items.find((i) => i.str.includes('10000'))!.transform[5]!);
    // Read left to right in a French receipt: the street (Arabic, its words right to left), then the
    // postal code, the city and the country, as typed.
    expect(line.indexOf('الورود')).toBeLessThan(line.indexOf('10000'));
    expect(line.indexOf('10000')).toBeLessThan(line.indexOf('الرباط'));
    expect(line.indexOf('الرباط')).toBeLessThan(line.indexOf('Maroc'));
    // No isolate mark is drawn (the font has no glyph for it).
    expect(items.map((i) => i.str).join('')).not.toMatch(/[\u2066-\u2069]/);
  });

  it('draws a phone number left to right in an Arabic receipt, and a stray direction control changes nothing around it', async () => {
    const facts: [string, string][] = [
      ['الهاتف', '+212 6 12 34 56 78'],
      ['الزبون', 'Sara\u202E'],
      ['البريد الإلكتروني', 'sara@example.com'],
    ];
    const items = await textItems(await receiptPdf({ ...arabic, facts }, fonts));
    const phone = items.find((i) => i.str.includes('+212'))!;
    expect(lineLeftToRight(items, phone.transform[5]!)).toMatch(/^\+212 ?6 ?12 ?34 ?56 ?78 الهاتف$/);
    expect(items.map((i) => i.str).join(' ')).toContain('sara@example.com');
  });
});

describe('Arabic shaping', () => {
  it('draws joined letter forms (initial, medial, final), not isolated letters', async () => {
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    const run = fontkit.create(Buffer.from(font)).layout('باقة');
    const names = run.glyphs.map((g) => (g as unknown as { name: string }).name);
    // beh initial, alef final, qaf initial, teh marbuta final; laid out right to left.
    expect(names).toEqual(['uniFE94', 'uniFED7', 'uniFE8E', 'uniFE91']);
  });
});

describe('visual chunks', () => {
  it('orders an Arabic line with Latin inside for drawing, Arabic chunks in logical order for the shaper', () => {
    expect(visualChunks('الزبون: Amina 12', true)).toEqual([
      { text: 'Amina 12 :', script: 'latin' },
      { text: 'الزبون', script: 'arabic' },
    ]);
    // Brackets are mirrored inside right-to-left text.
    expect(visualChunks('وردة (أحمر)', true).map((c) => c.text)).toEqual(['(', 'أحمر', ') ', 'وردة']);
    expect(visualChunks('Order 7', false)).toEqual([{ text: 'Order 7', script: 'latin' }]);
  });
});

describe('a receipt that adds up, in the language chosen', () => {
  /** An order placed in Arabic: one bouquet in red, the 10 % coupon, delivery to Casablanca. */
  const order: ReceiptOrder = {
    id: 77,
    created_at: '2026-11-27T10:00:00.000Z',
    language: 'ar',
    delivery_date: '2026-11-28',
    delivery_city: 'الدار البيضاء',
    delivery_city_names: { fr: 'Casablanca', en: 'Casablanca', ar: 'الدار البيضاء' },
    is_customized: false,
    customer: { name: 'ليلى بنعلي', email: 'layla@example.com', phone: '0612345678' },
    recipient: { name: 'Sara', phone: '0600000000' },
    address: null,
    gift_message: null,
    items: [
      {
        name: 'باقة ورد',
        names: { fr: 'Bouquet de roses', en: 'Rose bouquet', ar: 'باقة ورد' },
        color: 'أحمر',
        color_names: { fr: 'Rouge', en: 'Red', ar: 'أحمر' },
        quantity: 2,
        line_total: 360,
      },
    ],
    subtotal: 360,
    coupon_code: 'BIENVENUE10',
    coupon_discount: 36,
    shipping_cost: 50,
    total_amount: 374,
    payment_method: 'cash_on_delivery',
    payment_status: 'pending',
  };

  const wordsIn = async (lang: 'fr' | 'ar') => {
    const i18n = createInstance();
    await i18n.init({
      lng: lang,
      ns: ['receipt'],
      resources: { [lang]: { receipt: JSON.parse(readFileSync(path.join(__dirname, `../../locales/${lang}/receipt.json`), 'utf8')) } },
    });
    return i18n.getFixedT(lang, 'receipt');
  };

  /** The amount printed on the line whose text holds `label`, in MAD. */
  const amountOn = (items: Item[], label: string) => {
    const at = items.find((i) => i.str.includes(label));
    expect(at, label).toBeDefined();
    const line = lineLeftToRight(items, at!.transform[5]!);
    const m = /(-?)\s*([\d\s\u202f\u00a0.]+),(\d{2})/.exec(line.slice(line.indexOf(label) + label.length));
    expect(m, line).not.toBeNull();
    return (m![1] ? -1 : 1) * Number(`${m![2]!.replace(/[\s\u202f\u00a0.]/g, '')}.${m![3]}`);
  };

  it('prints an Arabic order in French: French names, payment, recipient, and subtotal - discount + delivery = total', async () => {
    const items = await textItems(await receiptPdf(receiptContent(order, await wordsIn('fr'), 'fr'), fonts));
    const all = items.map((i) => i.str).join(' ');
    expect(all).toContain('Bouquet de roses');
    expect(all).toContain('Rouge');
    expect(all).not.toContain('باقة');
    expect(all).toContain('Paiement à la livraison');
    expect(all).toContain('En attente');
    expect(all).toContain('Sara');
    const subtotal = amountOn(items, 'Sous-total');
    const discount = amountOn(items, 'Réduction (BIENVENUE10)');
    const delivery = amountOn(items, 'Livraison (Casablanca)');
    const total = amountOn(items, 'Total');
    expect([subtotal, discount, delivery, total]).toEqual([360, -36, 50, 374]);
    expect(subtotal + discount + delivery).toBeCloseTo(total, 2);
  });

  it('prints the same order in Arabic with its Arabic names, right to left', async () => {
    const content = receiptContent(order, await wordsIn('ar'), 'ar');
    expect(content.rtl).toBe(true);
    expect(content.lines[0]).toMatchObject({ name: 'باقة ورد', color: 'أحمر' });
    const items = await textItems(await receiptPdf(content, fonts));
    const all = items.map((i) => i.str).join(' ');
    for (const word of ['باقة', 'ورد', 'المجموع', 'الفرعي', 'الدار', 'البيضاء']) expect(all).toContain(word);
    expect(all).toContain('BIENVENUE10');
  });

  it('says a pick-up and its slot in the receipt’s language (the label the order kept), and a delivery’s slot alone', async () => {
    const pickup: ReceiptOrder = {
      ...order,
      delivery_method: 'pickup',
      delivery_slot: { key: '1500-2000', label: 'مساء', names: { fr: 'Soirée', en: 'Evening', ar: 'مساء' } },
    };
    const fr = receiptContent(pickup, await wordsIn('fr'), 'fr');
    expect(fr.facts).toContainEqual(['Remise', 'Retrait en boutique']);
    expect(fr.facts).toContainEqual(['Créneau horaire', 'Soirée']);
    const frText = (await textItems(await receiptPdf(fr, fonts))).map((i) => i.str).join(' ');
    expect(frText).toContain('Retrait en boutique');
    expect(frText).toContain('Soirée');
    const ar = receiptContent(pickup, await wordsIn('ar'), 'ar');
    expect(ar.facts).toContainEqual(['الفترة الزمنية', 'مساء']);
    expect(ar.facts).toContainEqual(['طريقة التسليم', 'الاستلام من المتجر']);
    expect(fr.facts.map(([label]) => label)).not.toContain('Ville de livraison');
    // Collected, not delivered: its day is the pick-up's and no delivery address is printed.
    expect(fr.facts.map(([label]) => label)).toContain('Date de retrait');
    expect(fr.facts.map(([label]) => label)).not.toContain('Adresse');
    expect(ar.facts.map(([label]) => label)).toContain('تاريخ الاستلام');
    // Delivered: its city, no pick-up line; a slot kept without names shows the label the page had.
    const delivered = receiptContent(
      { ...order, delivery_method: 'delivery', delivery_slot: { key: '0900-1200', label: '9h – 12h' } },
      await wordsIn('fr'),
      'fr',
    );
    expect(delivered.facts.map(([label]) => label)).not.toContain('Remise');
    expect(delivered.facts).toContainEqual(['Ville de livraison', 'Casablanca']);
    expect(delivered.facts).toContainEqual(['Créneau horaire', '9h – 12h']);
    // No slot (an order of a shop without slots): no slot line at all.
    expect(receiptContent(order, await wordsIn('fr'), 'fr').facts.map(([label]) => label)).not.toContain('Créneau horaire');
  });

  it('prints the phones as dialled beside Arabic names, and the gift message with its line breaks', async () => {
    const spaced: ReceiptOrder = {
      ...order,
      customer: { ...order.customer, phone: '0612 34 56 78' },
      recipient: { name: 'سلمى', phone: '0600 98 76 54' },
      gift_message: 'Joyeux anniversaire\nمع كل حبي',
    };
    const lines = (await visualLines(await receiptPdf(receiptContent(spaced, await wordsIn('ar'), 'ar'), fonts))).flat();
    // Read left to right as drawn: each number at its line's left end, its groups in dialled order.
    expect(lines.find((l) => l.includes('0600'))).toMatch(/^0600 98 76 54 ,/);
    expect(lines.find((l) => l.includes('0612'))).toMatch(/^0612 34 56 78\D/);
    expect(lines.join('\n')).not.toMatch(/54 76 98 0600|78 56 34 0612/);
    // The message's two written lines are two lines.
    const first = lines.findIndex((l) => l.includes('Joyeux anniversaire'));
    expect(lines[first]).not.toContain('حبي');
    expect(lines[first + 1]).toContain('يبح');
  });
});
