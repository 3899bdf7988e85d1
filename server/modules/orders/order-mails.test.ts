/**
 * What an order's mails say, read as the customer reads them: the delivery day written in the mail's
 * language (never an ISO date), links to the pages in that language, and a plain-text part without the
 * isolate marks some clients draw as boxes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import type { MailMessage } from '../../lib/mail.js';
import { createTestDatabase } from '../../test/helpers.js';
import { insertOrder } from './order-fixtures.js';
import { orderMailRenderers } from './order-mails.js';

let database: Database;
let dataDir: string;
const publicUrl = 'https://flora.example';

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-order-mails-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// The queue hands each renderer the payload its kind was queued with.
const render = async (kind: string, payload: object) =>
  (await (orderMailRenderers({ publicUrl, dataDir })[kind] as (db: unknown, p: object) => Promise<MailMessage | null>)(
    database.db,
    payload,
  ))!;

describe('order mails in the order’s language', () => {
  it('write the delivery day as the language writes it, in French, English and Arabic', async () => {
    const expected = {
      fr: 'Livraison prévue le lundi 7 décembre 2026, entre 9 h et 20 h.',
      en: 'Delivery planned on Monday, December 7, 2026, between 9:00 and 20:00.',
      ar: 'التوصيل مقرر يوم الاثنين، 7 دجنبر 2026 بين 9:00 و20:00.',
    };
    for (const [language, sentence] of Object.entries(expected)) {
      const orderId = await insertOrder(database.db, { language, deliveryDate: '2026-12-07', lines: [[null, 1, 450]] });
      const mail = await render('order_confirmation', { orderId });
      expect(mail.text).toContain(sentence);
      expect(mail.text).not.toContain('2026-12-07');
      expect(mail.html).not.toContain('2026-12-07');
    }
  });

  it('link to the pages in the mail’s language; the text part carries no isolate mark, the HTML keeps its runs', async () => {
    const guest = await insertOrder(database.db, { language: 'ar', name: 'سارة', deliveryDate: '2026-12-07', lines: [[null, 2, 150]] });
    const mail = await render('order_confirmation', { orderId: guest });
    expect(mail.links?.[0]).toMatch(new RegExp(`^${publicUrl}/ar/orders/track/${guest}\\?token=`));
    expect(mail.text).toContain(`${publicUrl}/ar/orders/track/${guest}?token=`);
    expect(mail.text).not.toMatch(/[\u2066-\u2069]/);
    expect(mail.html).toContain(`href="${publicUrl}/ar/orders/track/${guest}?token=`);

    const english = await insertOrder(database.db, { language: 'en', status: 'confirmed', lines: [[null, 1, 300]] });
    expect((await render('order_status', { orderId: english, status: 'confirmed' })).links?.[0]).toMatch(
      new RegExp(`^${publicUrl}/en/orders/track/${english}\\?`),
    );
    // French pages stay at the root.
    const french = await insertOrder(database.db, { language: 'fr', lines: [[null, 1, 300]] });
    expect((await render('order_tracking_link', { orderId: french })).links?.[0]).toMatch(
      new RegExp(`^${publicUrl}/orders/track/${french}\\?`),
    );
  });

  it('tell a moved delivery with both days written out', async () => {
    const orderId = await insertOrder(database.db, { language: 'fr', deliveryDate: '2027-01-02' });
    const mail = await render('order_delivery_moved', { orderId, from: '2027-01-01', to: '2027-01-02' });
    expect(mail.text).toContain('nous ne pourrons pas livrer le vendredi 1 janvier 2027\u00a0: votre commande n°');
    expect(mail.text).toContain('sera livrée le samedi 2 janvier 2027.');
  });
});
