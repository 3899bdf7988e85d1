/**
 * The custom bouquet builder in a real browser against the real server, in French and Arabic:
 * log in -> /customize -> three stems in two colours across two grid pages -> change quantities ->
 * proceed -> fill the custom checkout -> success -> the order is customized with its stems and
 * colours, and each stem's stock went down.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signedInCustomer } from './support/accounts';

type Texts = { [key: string]: string | Texts };
const locales = (lang: string, ns = 'custom-bouquet'): Texts =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'web/src/locales', lang, `${ns}.json`), 'utf8')) as Texts;
const exactLabel = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const tr = (texts: Texts, key: string): string => key.split('.').reduce<Texts | string>((node, k) => (node as Texts)[k]!, texts) as string;

type Stem = { id: number; name: string; in_stock: boolean; stock: number; colors: { id: number; name: string }[] };

async function stock(request: APIRequestContext, id: number): Promise<number> {
  return ((await (await request.get(`/api/product/${id}?t=${Date.now()}`)).json()) as { stock: number }).stock;
}

async function journey(page: Page, baseURL: string, lang: 'fr' | 'ar') {
  const t = locales(lang);
  // The address fields are the checkout's shared form sections, labelled with the checkout's texts.
  const o = locales(lang, 'orders');
  const email = `custom-${lang}-${Date.now()}@example.com`;
  await signedInCustomer(page, baseURL, email, lang);

  // The stems to pick: one with two colours on page 1, one on page 2.
  const p1 = (await (
    await page.request.get('/api/custom-bouquet/single-stems?page=1', { headers: { 'accept-language': lang } })
  ).json()) as { data: Stem[]; meta: { last_page: number } };
  const p2 = (await (
    await page.request.get('/api/custom-bouquet/single-stems?page=2', { headers: { 'accept-language': lang } })
  ).json()) as { data: Stem[] };
  expect(p1.meta.last_page).toBeGreaterThan(1);
  const a = p1.data.find((s) => s.in_stock && s.stock >= 5 && s.colors.length >= 2)!;
  const b = p2.data.find((s) => s.in_stock && s.stock >= 5)!;
  expect(a && b, 'the demo catalogue has single stems to compose from').toBeTruthy();
  const before = { a: await stock(page.request, a.id), b: await stock(page.request, b.id) };

  await page.goto('/customize');
  await expect(page.getByRole('heading', { level: 1, name: tr(t, 'page.title') })).toBeVisible();
  const cardA = page.getByTestId('stem-card').filter({ has: page.getByRole('heading', { name: a.name, exact: true }) });
  await expect(cardA.getByText(tr(t, 'grid.defaultColor').replace('{{color}}', a.colors[0]!.name))).toBeVisible();
  await cardA.getByRole('button').click();
  await cardA.getByRole('button').click();
  await cardA.locator(`label[title="${a.colors[1]!.name}"]`).click();
  await expect(cardA.getByRole('radio', { name: a.colors[1]!.name })).toBeChecked();
  await cardA.getByRole('button').click();

  // Page 2 of the grid.
  await page
    .getByRole('navigation', { name: tr(t, 'grid.pagination') })
    .getByRole('button', { name: '2', exact: false })
    .first()
    .click();
  const cardB = page.getByTestId('stem-card').filter({ has: page.getByRole('heading', { name: b.name, exact: true }) });
  await cardB.getByRole('button').click();

  const lines = page.getByTestId('selection-line');
  await expect(lines).toHaveCount(3);
  // Quantities: first line 2 -> 1, third line 1 -> 3.
  await lines.nth(0).getByRole('button').nth(0).click();
  await lines.nth(2).getByRole('button').nth(1).click();
  await lines.nth(2).getByRole('button').nth(1).click();
  await expect(lines.nth(2).locator('output')).toHaveText('3');
  await expect(page.getByTestId('bouquet-preview')).toHaveAccessibleName(new RegExp(`5`));

  await page.getByRole('button', { name: tr(t, 'selection.proceed') }).click();
  await expect(page).toHaveURL(/\/custom-checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: tr(t, 'checkout.title') })).toBeVisible();

  // Submitting empty fields is refused with its required-field message.
  await page.getByLabel(exactLabel(tr(o, 'checkout.street'))).fill('   ');
  await page.getByRole('button', { name: tr(t, 'checkout.place') }).click();
  await expect(page.getByText(tr(t, 'checkout.fillRequired'))).toBeVisible();

  // Asked once: the buyer's name and phone (from the account), the city as the delivery zone.
  await expect(page.getByLabel(exactLabel(tr(o, 'checkout.fullName')))).toHaveCount(0);
  await expect(page.getByLabel(exactLabel(tr(o, 'checkout.city')))).toHaveCount(0);
  await page.getByLabel(exactLabel(tr(o, 'checkout.street'))).fill('4 avenue Mohammed V');
  await page.getByLabel(exactLabel(tr(o, 'checkout.postalCode'))).fill('10000');
  await page.getByLabel(exactLabel(tr(o, 'checkout.phone'))).fill('0611223344');
  const zone = page.getByLabel(exactLabel(tr(t, 'checkout.deliveryCity')));
  await expect(zone.locator('option')).not.toHaveCount(1);
  await zone.selectOption({ index: 1 });
  await page.getByLabel(exactLabel(tr(t, 'checkout.instructions'))).fill('Ruban rose');
  await expect(page.getByTestId('custom-summary').locator('li')).toHaveCount(3);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: tr(t, 'checkout.place') }).click();

  const number = page.getByTestId('order-number');
  await expect(number).toBeInViewport({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: tr(o, 'placed.title') })).toBeFocused();
  const id = Number((await number.textContent())!.replace(/\D+/g, ''));
  expect(id).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('custom_products'))).toBeNull();
  // The confirmation stays (no jump home).
  await expect(page).toHaveURL(/\/custom-checkout$/);

  // The order as the customer's orders show it: customized, its stems and colours.
  const detail = (await (await page.request.get(`/api/profile/orders/${id}`, { headers: { 'accept-language': lang } })).json()) as {
    is_customized: boolean;
    custom_instructions: string | null;
    order_items: { product_id: number; quantity: number; color: { id: number | null } | null }[];
  };
  expect(detail.is_customized).toBe(true);
  expect(detail.custom_instructions).toBe('Ruban rose');
  const items = detail.order_items.map((i) => [i.product_id, i.color?.id ?? null, i.quantity]);
  expect(items).toEqual(
    expect.arrayContaining([
      [a.id, a.colors[0]!.id, 1],
      [a.id, a.colors[1]!.id, 1],
      [b.id, b.colors[0]?.id ?? null, 3],
    ]),
  );
  // Catalogue reads are cached a few seconds on the server. Other journeys on the same server may buy
  // the same stems meanwhile: the order's own units are gone at least.
  await expect.poll(() => stock(page.request, a.id), { timeout: 15_000 }).toBeLessThanOrEqual(before.a - 2);
  await expect.poll(() => stock(page.request, b.id), { timeout: 15_000 }).toBeLessThanOrEqual(before.b - 3);
}

test('compose and order a custom bouquet in French', async ({ page, baseURL }) => {
  await journey(page, baseURL!, 'fr');
});

test('compose and order a custom bouquet in Arabic', async ({ page, baseURL }) => {
  await journey(page, baseURL!, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('visitors are asked to log in before the custom checkout', async ({ page }) => {
  const t = locales('fr');
  await page.addInitScript(() => {
    localStorage.setItem('language', 'fr');
    localStorage.setItem(
      'custom_products',
      JSON.stringify([
        { id: '1-no-color', product_id: 1, name: 'Rose', price: 10, quantity: 1, category: 'Single Stems', selectedColor: null },
      ]),
    );
  });
  await page.goto('/custom-checkout');
  const dialog = page.getByRole('dialog', { name: tr(t, 'checkout.loginTitle') });
  await expect(dialog.getByText(tr(t, 'checkout.loginRequired'))).toBeVisible();
  await dialog.getByRole('link', { name: tr(t, 'checkout.login') }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcustom-checkout/);
});
