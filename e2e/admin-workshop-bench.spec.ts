/**
 * The bench's day on a phone (390 px), in French and in Arabic: an order to deliver today with a card
 * message is on today's sheet; what to make today adds up the day's lines as the server does; the
 * order is marked in preparation, then ready (apart from its status); the day's cards and the order's
 * card download as PDFs. The sheet fits the screen and passes axe.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { logInAsAdmin } from './support/admin';
import { useLanguage } from './support/lang';
import { placeGuestOrder } from './support/orders';
import { shopClock } from '../shared/delivery-date';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** web/src/locales/<lang>/admin-workshop.json */
const TEXTS = {
  fr: { inPreparation: 'En préparation', ready: 'Prête', dayCards: 'Cartes du jour (PDF)', card: 'Carte (PDF)', whatToMake: 'À préparer' },
  ar: { inPreparation: 'قيد التحضير', ready: 'جاهز', dayCards: 'بطاقات اليوم (PDF)', card: 'البطاقة (PDF)', whatToMake: 'ما يجب تحضيره' },
} as const;

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

type Production = { lines: { name: string; quantity: number }[]; total_quantity: number };

for (const lang of ['fr', 'ar'] as const) {
  const t = TEXTS[lang];
  test(`the bench reads what to make today, marks an order in preparation then ready, and prints the cards (${lang}, 390px)`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(WIDTHS.phone);
    await useLanguage(page, lang);
    const { id } = await placeGuestOrder(baseURL!, { name: 'Sara Bennani', email: `sara.${unique()}@guest.test`, phone: '0612345678' });
    await logInAsAdmin(page);
    const today = shopClock(new Date()).date;
    // Confirmed for today, with a card for someone else (the message on two lines).
    const saved = await page.request.put(`/api/admin/orders/edit/${id}`, {
      headers: { origin: baseURL! },
      data: {
        order_status: 'confirmed',
        payment_status: 'pending',
        delivery_date: today,
        gift_message: lang === 'ar' ? 'كل عام وأنت بخير\nمع كل حبي' : 'Joyeux anniversaire\nGros bisous',
        recipient: { name: lang === 'ar' ? 'سلمى' : 'Leila', phone: '0600 98 76 54' },
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const failures: string[] = [];

    await page.goto('/admin/orders/today');
    const card = page.getByTestId(`workshop-order-${id}`);
    await expect(card).toBeVisible();

    // What to make today: the server's totals, line for line, this order's among them.
    const production = (await (
      await page.request.get('/api/admin/orders/workshop/production', { headers: { 'accept-language': lang } })
    ).json()) as Production;
    expect(production.total_quantity).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: t.whatToMake })).toBeVisible();
    const rows = page.getByTestId('workshop-production').getByRole('listitem');
    await expect(rows).toHaveCount(production.lines.length);
    await expect(rows.first()).toContainText(String(production.lines[0]!.quantity));
    await expect(page.getByTestId('workshop-production')).toContainText(production.lines[0]!.name);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath(`workshop-${lang}-top.png`) });
    await scan(page, `workshop bench (${lang})`, failures);

    // In preparation, then ready: the mark is pressed and kept, the status untouched.
    const bench = page.getByTestId(`workshop-bench-${id}`);
    await bench.getByRole('button', { name: t.inPreparation }).click();
    await expect(bench.getByRole('button', { name: t.inPreparation })).toHaveAttribute('aria-pressed', 'true');
    await bench.getByRole('button', { name: t.ready }).click();
    await expect(bench.getByRole('button', { name: t.ready })).toHaveAttribute('aria-pressed', 'true');
    await expect(bench.getByRole('button', { name: t.inPreparation })).toHaveAttribute('aria-pressed', 'false');
    const sheet = (await (await page.request.get('/api/admin/orders/workshop')).json()) as {
      zones: { orders: { id: number; workshop_state: string | null; order_status: string }[] }[];
    };
    expect(sheet.zones.flatMap((z) => z.orders).find((o) => o.id === id)).toMatchObject({
      workshop_state: 'ready',
      order_status: 'confirmed',
    });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`workshop-${lang}-order.png`) });

    // The day's cards, then this order's card alone.
    const dayDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: t.dayCards }).click();
    const cards = await dayDownload;
    expect(cards.suggestedFilename()).toBe(`cards-${today}.pdf`);
    const cardsPath = testInfo.outputPath(`cards-${lang}.pdf`);
    await cards.saveAs(cardsPath);
    expect(readFileSync(cardsPath).subarray(0, 5).toString()).toBe('%PDF-');
    const oneDownload = page.waitForEvent('download');
    await bench.getByRole('link', { name: t.card }).click();
    expect((await oneDownload).suggestedFilename()).toBe(`card-order-${id}.pdf`);
    await noHorizontalOverflow(page);
    expectNoFailures(failures);
  });
}
