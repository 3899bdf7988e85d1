/**
 * Storefront reach: each language at its own address, the app starting on the server-made page
 * without a console error or warning (French and Arabic), language switches that move the address,
 * and catalogue pages readable with JavaScript turned off.
 */
import { expect, test, type Page } from '@playwright/test';

type Product = { id: number; name: string };

async function firstProduct(page: Page, lang: string): Promise<Product> {
  const res = await page.request.get('/api/products?per_page=1', { headers: { 'accept-language': lang } });
  return ((await res.json()) as { data: Product[] }).data[0]!;
}

/** Console errors and warnings of the page, and failed page-level requests. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

for (const lang of ['fr', 'ar'] as const) {
  const prefix = lang === 'fr' ? '' : `/${lang}`;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';

  test(`storefront pages start without a console error or warning (${lang})`, async ({ page }) => {
    const product = await firstProduct(page, lang);
    const problems = watchConsole(page);
    for (const path of ['/', '/shop', '/category/1', `/product/${product.id}`, '/cart', '/about']) {
      await page.goto(`${prefix}${path}`);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('a language keeps its address through links and moves with a language switch', async ({ page }) => {
  const product = await firstProduct(page, 'ar');
  await page.goto(`/ar/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.locator('header').getByRole('link', { name: 'باقات', exact: true }).first().click();
  await expect(page).toHaveURL(/\/ar\/category\/1$/);
  await page.locator('header').getByRole('button', { name: /^FR/ }).first().click();
  await expect(page).toHaveURL(/:\d+\/category\/1$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Bouquets' })).toBeVisible();
  // The choice is remembered: a plain address opens in French now, /en/ in English.
  await page.goto('/en/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/en\/shop$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the shop and a product page are readable and their links work (Arabic)', async ({ page }) => {
    await page.goto('/ar/shop');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const link = page.locator('main a[href^="/ar/product/"]').first();
    const name = (await link.textContent())!;
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/\d+,\d\d\sMAD/).first()).toBeVisible();
    await expect(page.locator('main img')).toHaveAttribute('width', /\d+/);
  });

  test('an unknown product answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/product/999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });
});
