/**
 * The storefront on a 390 px phone, in French and Arabic, as a signed-in customer: "my orders" is no
 * wider than the screen and its Details button and detail panel are on it; the bouquet builder keeps
 * its running summary (stems and total) in view, shows one toast at a time above it, and its pager
 * on one line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { signedInCustomer } from './support/accounts';
import { placeGuestOrder } from './support/orders';

type Texts = { [key: string]: string | Texts };
const texts = (lang: string, ns: string): Texts =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'web/src/locales', lang, `${ns}.json`), 'utf8')) as Texts;
const tr = (t: Texts, key: string, params: Record<string, string | number> = {}): string =>
  Object.entries(params).reduce(
    (text, [k, v]) => text.replace(`{{${k}}}`, String(v)),
    key.split('.').reduce<Texts | string>((node, k) => (node as Texts)[k]!, t) as string,
  );

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function onScreenHorizontally(locator: Locator, what: string) {
  const box = (await locator.boundingBox())!;
  expect(box, what).toBeTruthy();
  expect(box.x, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends on the screen`).toBeLessThanOrEqual(WIDTH);
}

for (const lang of ['fr', 'ar'] as const) {
  test(`a customer's phone in ${lang}: my orders and the bouquet builder fit the screen`, async ({ page, baseURL }) => {
    const o = texts(lang, 'orders');
    const c = texts(lang, 'custom-bouquet');
    const prefix = lang === 'fr' ? '' : `/${lang}`;
    const email = `phone-${lang}-${Date.now().toString(36)}@example.com`;
    await signedInCustomer(page, baseURL!, email, lang);
    const order = await placeGuestOrder(
      baseURL!,
      { name: 'Salma Bennani', email, phone: '0611223344' },
      { lang, storageState: await page.context().storageState() },
    );

    // My orders: one card per order, nothing wider than the screen.
    await page.goto(`${prefix}/profile/orders`);
    const details = page.getByRole('button', { name: tr(o, 'orders.detailsOf', { id: order.id }) });
    await expect(details).toBeVisible();
    expect(await overflow(page), 'my orders are no wider than the screen').toBeLessThanOrEqual(0);
    await onScreenHorizontally(details, 'the Details button');
    await details.click();
    const panel = page.locator('#order-detail');
    await expect(panel.getByRole('heading', { name: tr(o, 'orders.orderTitle', { id: order.id }) })).toBeVisible();
    await expect(panel).toBeFocused();
    await expect(panel.getByText(tr(o, 'orders.items'), { exact: true })).toBeVisible();
    await onScreenHorizontally(panel, 'the detail panel');
    expect(await overflow(page), 'the open detail is no wider than the screen').toBeLessThanOrEqual(0);

    // The builder: the running summary is on screen from the start, empty.
    await page.goto(`${prefix}/customize`);
    const bar = page.getByTestId('selection-bar');
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(tr(c, 'selection.stems_zero', { count: 0 }));
    const card = page.getByTestId('stem-card').first();
    await expect(card).toBeVisible();
    for (let i = 0; i < 3; i++) await card.getByRole('button').click();
    await expect(bar).toContainText(lang === 'fr' ? '3 tiges' : '3 سيقان');
    await expect(bar).toContainText(await page.getByTestId('selection-total').innerText());
    // One toast at a time, above the summary: three quick adds do not pile up over the total.
    const toasts = page.locator('#toast-root [role="status"] > div');
    await expect(toasts).toHaveCount(1);
    const toast = (await toasts.first().boundingBox())!;
    const summary = (await bar.boundingBox())!;
    expect(toast.y + toast.height, 'the toast ends above the summary').toBeLessThanOrEqual(summary.y);
    await expect(bar).toBeInViewport();

    // The pager on one line, at the foot of the grid; the summary still in view there.
    const pager = page.getByRole('navigation', { name: tr(c, 'grid.pagination') });
    await pager.scrollIntoViewIfNeeded();
    const tops = await pager
      .locator('li')
      .evaluateAll((items) => items.filter((li) => li.getClientRects().length > 0).map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(3);
    expect(new Set(tops.map((t) => Math.round(t / 8))).size, 'the pager is one row').toBe(1);
    await expect(bar).toBeInViewport();
    expect(await overflow(page), 'the builder is no wider than the screen').toBeLessThanOrEqual(0);

    // The summary leads to the selection.
    await bar.getByRole('button', { name: tr(c, 'selection.mobileView') }).click();
    const selection = page.getByRole('heading', { name: tr(c, 'selection.title') });
    await expect(selection).toBeFocused();
    await expect(selection).toBeInViewport();
  });
}
