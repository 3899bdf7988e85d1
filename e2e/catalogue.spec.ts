/**
 * Catalogue journeys in French and in Arabic (right-to-left): home -> category (header menu) ->
 * subcategory -> product; search from the header; filter by colour and a budget (a band or a range, on a
 * phone); sort by price; page 2 and back (the URL restores the state).
 */
import { expect, test, type Page } from './support/test';

const LANGS = {
  fr: {
    dir: 'ltr',
    category: 'Bouquets',
    subcategories: 'Sous-catégories',
    subcategory: 'Roses',
    searchTitle: /Résultats pour « rose »/,
    red: 'Rouge',
    under300: 'Moins de 300 MAD',
    band300to500: '300 à 500 MAD',
    from: 'À partir de (MAD)',
    under: 'Moins de (MAD)',
    sortLabel: 'Trier par',
    priceAsc: 'Prix croissant',
    page2: 'Page 2',
  },
  ar: {
    dir: 'rtl',
    category: 'باقات',
    subcategories: 'الفئات الفرعية',
    subcategory: 'ورود',
    searchTitle: /نتائج البحث عن «rose»/,
    red: 'أحمر',
    under300: 'أقل من 300 درهم',
    band300to500: 'من 300 إلى 500 درهم',
    from: 'ابتداءً من (درهم)',
    under: 'أقل من (درهم)',
    sortLabel: 'ترتيب حسب',
    priceAsc: 'السعر: من الأقل إلى الأعلى',
    page2: 'الصفحة 2',
  },
} as const;

/** "1 450,00 MAD" -> 1450 */
function parsePrice(text: string): number {
  return Number(
    text
      .replace(/[^\d,.]/g, '')
      .replace(/\.(?=\d{3})/g, '')
      .replace(',', '.'),
  );
}

const cards = (page: Page) => page.locator('main article');

async function settled(page: Page) {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
}

/** The current (discounted) price of every card on screen. */
async function cardPrices(page: Page): Promise<number[]> {
  await settled(page);
  const texts = await cards(page).evaluateAll((articles) => articles.map((a) => a.querySelector('bdi')?.textContent ?? ''));
  return texts.map(parsePrice);
}

for (const [lang, L] of Object.entries(LANGS)) {
  test.describe(`catalogue (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((language) => localStorage.setItem('language', language), lang);
    });

    test('home -> category from the header menu -> subcategory -> product page', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('dir', L.dir);
      await expect(page.locator('#testimonial-form')).toBeAttached();
      await page.locator('header').getByRole('link', { name: L.category, exact: true }).first().click();
      await expect(page).toHaveURL(/\/category\/1$/);
      await expect(page.getByRole('heading', { level: 1, name: L.category })).toBeVisible();

      await page.getByRole('navigation', { name: L.subcategories }).getByRole('link', { name: L.subcategory, exact: true }).click();
      await expect(page).toHaveURL(/\/category\/1\/subcategory\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: L.subcategory })).toBeVisible();
      await settled(page);

      const link = cards(page).first().locator('h3 a');
      const name = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(/\/product\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      const ld = JSON.parse((await page.locator('script#product-jsonld').textContent())!);
      expect(ld['@type']).toBe('Product');
      expect(ld.offers.priceCurrency).toBe('MAD');
    });

    test('search from the header', async ({ page }) => {
      await page.goto('/');
      const box = page.getByRole('search').filter({ visible: true }).getByRole('searchbox');
      await box.fill('rose');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/shop\?search=rose$/);
      await expect(page.getByRole('heading', { level: 1, name: L.searchTitle })).toBeVisible();
      await settled(page);
      expect(await cards(page).count()).toBeGreaterThan(0);
    });

    test('filter by colour and by a budget on a phone (390 px)', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/shop?sort=price_desc');
      await settled(page);
      await page.getByRole('button', { name: L.red, exact: true }).click();
      await expect(page).toHaveURL(/[?&]color=1(&|$)/);
      await expect(page.getByRole('button', { name: L.red, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await settled(page);
      // A preset band fills the range.
      await page.getByRole('button', { name: L.under300 }).click();
      await expect(page).toHaveURL(/[?&]max_price=300(&|$)/);
      await expect(page.getByRole('textbox', { name: L.under })).toHaveValue('300');
      let prices = await cardPrices(page);
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) expect(price).toBeLessThan(300);
      // A budget of one's own: "under 400 MAD" finds the red bouquets of 300-399 MAD the band left out.
      const under = page.getByRole('textbox', { name: L.under });
      await under.fill('400');
      await under.press('Enter');
      await expect(page).toHaveURL(/[?&]max_price=400(&|$)/);
      await expect(page.getByRole('button', { name: L.under300 })).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(async () => (await cardPrices(page))[0]).toBeGreaterThanOrEqual(300);
      prices = await cardPrices(page);
      for (const price of prices) expect(price).toBeLessThan(400);
      // Nothing of the filter is pushed off a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // A reload (or a shared link) gives the same state.
      await page.reload();
      await expect(page.getByRole('textbox', { name: L.under })).toHaveValue('400');
      await expect(page.getByRole('button', { name: L.red, exact: true })).toHaveAttribute('aria-pressed', 'true');
      // A link of the older form (`price=<band>`) still filters by its band.
      await page.goto('/shop?price=300-500');
      await expect(page.getByRole('button', { name: L.band300to500 })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('textbox', { name: L.from })).toHaveValue('300');
      for (const price of await cardPrices(page)) expect(price >= 300 && price < 500).toBe(true);
      // The demo shop's social links, in the footer.
      await expect(page.locator('footer').getByRole('link', { name: /^Instagram/ })).toHaveAttribute(
        'href',
        /^https:\/\/www\.instagram\.com\//,
      );
    });

    test('sort by price ascending, go to page 2 and back', async ({ page }) => {
      await page.goto('/shop');
      await settled(page);
      await page.getByLabel(L.sortLabel).selectOption({ label: L.priceAsc });
      await expect(page).toHaveURL(/sort=price_asc/);
      await expect
        .poll(async () => {
          const p = await cardPrices(page);
          return p.every((v, i) => i === 0 || p[i - 1] <= v);
        })
        .toBe(true);
      const page1 = await cardPrices(page);
      expect(page1.length).toBe(20);

      await page.getByRole('link', { name: L.page2, exact: true }).click();
      await expect(page).toHaveURL(/sort=price_asc&page=2/);
      await expect(page.getByRole('link', { name: L.page2, exact: true })).toHaveAttribute('aria-current', 'page');
      const page2 = await cardPrices(page);
      expect(page2[0]).toBeGreaterThanOrEqual(page1[page1.length - 1]);
      for (let i = 1; i < page2.length; i++) expect(page2[i]).toBeGreaterThanOrEqual(page2[i - 1]);

      await page.goBack();
      await expect(page).toHaveURL(/\/shop\?sort=price_asc$/);
      await expect(page.getByLabel(L.sortLabel)).toHaveValue('price_asc');
      // The address changes at once on Back; the router shows page 1 once the route's loader has run
      // (a tick later), and the sort box already said price_asc on page 2: wait for the cards.
      await expect.poll(() => cardPrices(page)).toEqual(page1);
    });
  });
}

test('quick view is a modal dialog that Escape closes, returning focus', async ({ page }) => {
  await page.goto('/shop');
  await settled(page);
  const trigger = cards(page)
    .first()
    .getByRole('button', { name: /^Aperçu rapide/ });
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Voir la fiche complète/ })).toHaveAttribute('href', /\/product\/\d+/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test('an unknown product says Product Not Found with a way back', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/product/999999');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});
