/**
 * The invoice PDF in French and Arabic: the shop's legal identity, the invoice's number, the lines, the
 * total and each payment and refund are in it, read back with pdf.js; the Arabic title and labels sit at
 * the right edge. (INVOICE_PDF_DIR=<dir> also writes both PDFs there, to look at them.)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import { receiptPdf } from '@web/lib/receipt/receipt-pdf';
import { invoiceContent } from './download-invoice';

const font = new Uint8Array(readFileSync(path.join(__dirname, '../../../lib/receipt/fonts/DejaVuSans.ttf')));

const order = {
  id: 42,
  created_at: '2026-12-07T10:30:00Z',
  language: 'fr',
  delivery_date: '2026-12-08',
  delivery_city: 'Rabat',
  delivery_city_names: { fr: 'Rabat', en: 'Rabat', ar: 'الرباط' },
  is_customized: false,
  customer_name: 'Khadija Bennani',
  customer_email: 'khadija@example.com',
  customer_phone: '0661122334',
  recipient: null,
  shipping_address: { street: '12 rue des Orangers', postal_code: '10000', city: 'Rabat', country: 'Maroc' },
  address: null,
  gift_message: null,
  order_items: [
    {
      product: { name: 'Bouquet de roses' },
      names: { fr: 'Bouquet de roses', en: 'Rose bouquet', ar: 'باقة ورد' },
      color_name: 'Rouge',
      color_names: { fr: 'Rouge', en: 'Red', ar: 'أحمر' },
      quantity: 2,
      line_total: 360,
    },
  ],
  subtotal: 360,
  coupon_code: null,
  coupon_discount: 0,
  shipping_cost: 40,
  total_amount: 400,
  payment_method: 'cash_on_delivery',
  payment_status: 'paid',
} as unknown as AdminOrderDetail;

const data = {
  invoice: { number: 'FA-2026-00007', year: 2026, sequence: 7, order_id: 42, total: 400, issued_at: '2026-12-07T15:00:00Z' },
  order,
  money: {
    order_id: 42,
    total: 400,
    paid: 400,
    refunded: 0,
    due: 0,
    payment_status: 'paid' as const,
    version: 3,
    entries: [
      {
        id: 1,
        kind: 'payment' as const,
        method: 'bank_transfer' as const,
        amount: 150,
        reference: 'VIR 8841',
        reason: null,
        recorded_by: 'Salma',
        created_at: '2026-12-07T11:00:00Z',
      },
      {
        id: 2,
        kind: 'payment' as const,
        method: 'cash' as const,
        amount: 250,
        reference: null,
        reason: null,
        recorded_by: 'Karim',
        created_at: '2026-12-08T16:00:00Z',
      },
    ],
  },
  legal: {
    legal_name: 'Flora Maroc SARL',
    address: '5 rue des Roses, Agdal, Rabat',
    ice: '001234567000089',
    rc: '123456 Rabat',
    if: '40123456',
    patente: '25123456',
  },
};

const wordsIn = async (lang: 'fr' | 'ar') => {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    ns: ['receipt'],
    resources: { [lang]: { receipt: JSON.parse(readFileSync(path.join(__dirname, `../../../locales/${lang}/receipt.json`), 'utf8')) } },
  });
  return i18n.getFixedT(lang, 'receipt');
};

type Item = { str: string; transform: number[] };
async function textItems(bytes: Uint8Array): Promise<Item[]> {
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const promise = new Promise((a, b) => ((resolve = a), (reject = b)));
    return { promise, resolve, reject };
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return (content.items as Item[]).filter((i) => i.str.trim() !== '');
}

async function made(lang: 'fr' | 'ar') {
  const content = invoiceContent(data, await wordsIn(lang), lang);
  const bytes = await receiptPdf(content, font);
  const dir = process.env.INVOICE_PDF_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `invoice-${lang}.pdf`), bytes);
  }
  return { content, items: await textItems(bytes) };
}

describe('invoice PDF', () => {
  it('in French: legal identity, number, lines, total and each payment', async () => {
    const { content, items } = await made('fr');
    expect(content.subject).toBe('facture-FA-2026-00007.pdf');
    const all = items.map((i) => i.str).join(' ');
    for (const text of [
      'Facture FA-2026-00007',
      'Flora Maroc SARL',
      '001234567000089',
      '123456 Rabat',
      '40123456',
      '25123456',
      'Bouquet de roses',
      'Total TTC',
      'VIR 8841',
      'Virement',
      'Espèces',
      'Facture acquittée',
    ])
      expect(all).toContain(text);
    expect(all).toMatch(/400,00/);
  });

  it('in Arabic: the same figures, the Arabic words shaped, the title at the right edge', async () => {
    const { items } = await made('ar');
    const all = items.map((i) => i.str).join(' ');
    for (const text of ['فاتورة', 'FA-2026-00007', '001234567000089', 'باقة', 'ورد', 'نقدًا', 'VIR 8841']) expect(all).toContain(text);
    const title = items.find((i) => i.str.includes('فاتورة'))!;
    expect(title.transform[4]!).toBeGreaterThan(300);
  });
});
