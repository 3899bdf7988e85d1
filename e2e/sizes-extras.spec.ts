/**
 * Sizes and extras in a real browser at 390 px, in French and in Arabic: a bouquet's product page
 * chooses its "Prestige" size (the price follows), adds it, adds a vase and chocolates from "Add to
 * your bouquet", and the cart shows the bouquet in its size with the two extras as lines of their own.
 */
import { expect, test } from './support/test';
import { useLanguage } from './support/lang';

const TEXTS = {
  fr: {
    size: 'Taille',
    colours: 'Couleurs',
    prestige: 'Prestige',
    add: 'Ajouter au panier',
    extras: 'Ajoutez à votre bouquet',
    lines: 'Articles du panier',
    vase: 'Vase',
    chocolates: 'Chocolats',
    sizeLine: 'Taille : Prestige',
  },
  ar: {
    size: 'الحجم',
    colours: 'الألوان',
    prestige: 'فاخر',
    add: 'أضف إلى السلة',
    extras: 'أضف إلى باقتك',
    lines: 'عناصر السلة',
    vase: 'مزهرية',
    chocolates: 'شوكولاتة',
    sizeLine: 'الحجم: فاخر',
  },
} as const;

type ApiProduct = { id: number; name: string; stock: number; sizes: { id: number; name: string; price: number }[] };

for (const lang of ['fr', 'ar'] as const) {
  test(`a bouquet in its Prestige size with a vase and chocolates (${lang})`, async ({ page }) => {
    const t = TEXTS[lang];
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    const answer = (await (
      await page.request.get('/api/products?category_id=1&per_page=50', { headers: { 'Accept-Language': lang } })
    ).json()) as {
      data: ApiProduct[];
    };
    const bouquet = answer.data.find((p) => p.sizes.length === 3 && p.stock >= 5)!;
    expect(bouquet, 'a bouquet with three sizes').toBeTruthy();
    const prestige = bouquet.sizes[2]!;

    await page.goto(`/product/${bouquet.id}`);
    const sizes = page.getByRole('group', { name: t.size });
    await sizes.getByText(t.prestige, { exact: true }).click();
    await expect(sizes.getByRole('radio', { name: t.prestige })).toBeChecked();
    // The demo's bouquets have a colour: it is chosen first.
    const colours = page.getByRole('group', { name: t.colours });
    if ((await colours.count()) > 0) await colours.getByRole('button').first().click();
    await page.getByRole('button', { name: t.add, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: bouquet.name })).toBeVisible();

    const extras = page.getByRole('region', { name: t.extras });
    for (const name of [t.vase, t.chocolates]) {
      await extras.getByTestId('extra-offer').filter({ hasText: name }).getByRole('button').click();
      await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/sizes-extras-product-${lang}.png`, fullPage: true });

    await page.goto('/cart');
    const lines = page.getByRole('list', { name: t.lines }).getByRole('listitem');
    await expect(lines).toHaveCount(3);
    await expect(lines.filter({ hasText: bouquet.name })).toContainText(t.sizeLine);
    await expect(lines.filter({ hasText: t.vase })).toHaveCount(1);
    await expect(lines.filter({ hasText: t.chocolates })).toHaveCount(1);
    const cart = (await (await page.request.get('/api/cart')).json()) as { items: { size: { id: number } | null }[] };
    expect(cart.items.some((i) => i.size?.id === prestige.id)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/sizes-extras-cart-${lang}.png`, fullPage: true });
  });
}
