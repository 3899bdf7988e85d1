import { expect, test } from './support/test';

test('home shows the four categories in French, and Arabic turns the page right-to-left', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const header = page.locator('header').first();
  for (const name of ['Bouquets', 'Fleurs séchées', 'Plantes']) {
    await expect(header.getByText(name, { exact: false }).first()).toBeVisible();
  }
  await header
    .getByRole('button', { name: /^AR$|العربية/ })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(header.getByText('باقات').first()).toBeVisible();
  // The choice is kept across reloads.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('an unknown page shows Page Not Found, and /admin has no public header', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.goto('/admin/nothing-here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('search')).toHaveCount(0);
});

test('the API answers JSON for unknown paths and reports health', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toHaveProperty('message');
});
