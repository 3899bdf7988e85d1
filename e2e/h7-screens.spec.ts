import { expect, test } from './support/test';
import { signIn } from './support/admin';
import { useLanguage } from './support/lang';

const OUT = '/work/wt/notes/screens/h7';
for (const lang of ['fr', 'ar'] as const) {
  for (const width of [390, 768, 1280]) {
    test(`screens ${lang} ${width}`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      await useLanguage(page, lang);
      await signIn(page);
      await page.goto('/admin/customers');
      await expect(page.locator('main tbody tr').first()).toBeVisible();
      await page.screenshot({ path: `${OUT}/customers-${lang}-${width}.png`, fullPage: true });
      if (width !== 390) return;
      const made = await page.request.post('/api/admin/coupons', { headers: { origin: baseURL! }, data: { code: `SHOT${lang}${Date.now()}`, type: 'percent', value: 10 } });
      expect(made.ok(), await made.text()).toBe(true);
      await page.goto('/admin/audit');
      await page.waitForTimeout(2000);
      await page.screenshot({ path: `${OUT}/audit-${lang}-${width}.png`, fullPage: true });
      await page.goto('/admin/dashboard');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/dashboard-${lang}-${width}.png`, fullPage: true });
      await page.request.post('/api/logout', { headers: { origin: baseURL! } });
      await page.goto('/admin/orders?search=x');
      await expect(page).toHaveURL(/admin\/login/);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${OUT}/admin-login-${lang}-${width}.png`, fullPage: true });
    });
  }
}
