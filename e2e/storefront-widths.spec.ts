/**
 * The storefront screens this round changed, at a tablet's 768 px and a desktop's 1280 px in French and
 * Arabic, as a signed-in customer with an order and a line in the cart: none is wider than the window
 * (the 390 px phone is walked by the storefront journeys and the accessibility sweep).
 */
import { expect, test } from './support/test';
import { signedInCustomer } from './support/accounts';
import { useLanguage } from './support/lang';

const PAGES = ['/shop?max_price=400', '/cart', '/checkout', '/customize', '/profile/orders', '/privacy'];

for (const lang of ['fr', 'ar'] as const) {
  test(`storefront screens at 768 and 1280 px fit the window (${lang})`, async ({ page, baseURL }) => {
    await useLanguage(page, lang);
    await signedInCustomer(page, baseURL!, `widths-${lang}-${Date.now().toString(36)}@example.com`, lang);
    const products = (await (await page.request.get('/api/products?per_page=20')).json()) as {
      data: { id: number; stock: number; colors?: { id: number }[]; sizes?: { id: number }[] }[];
    };
    const product = products.data.find((p) => p.stock > 5)!;
    const added = await page.request.post('/api/cart/add', {
      data: { product_id: product.id, color_id: product.colors?.[0]?.id ?? null, size_id: product.sizes?.[0]?.id ?? null, quantity: 1 },
      headers: { origin: baseURL! },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const prefix = lang === 'fr' ? '' : `/${lang}`;
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        await page.goto(`${prefix}${path}`);
        await expect(page.locator('main h1').first()).toBeVisible();
        const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(wider, `${path} at ${width} px (${lang}) is no wider than the window`).toBeLessThanOrEqual(0);
      }
    }
  });
}
