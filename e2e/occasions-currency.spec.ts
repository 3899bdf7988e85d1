/**
 * Occasions and prices for buyers abroad on a 390 px phone, in French and Arabic: "Fête des mères"
 * reached from the menu (its page at its own address, no wider than the screen); EUR chosen in the
 * menu shows catalogue prices with the approximate euro amount beside the dirham one, the server draws
 * the next page in it at once (the cookie), the cart stays in MAD, and MAD again shows none.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';

type Texts = { [key: string]: string | Texts };
const texts = (lang: string, ns: string): Texts =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'web/src/locales', lang, `${ns}.json`), 'utf8')) as Texts;
const tr = (t: Texts, key: string): string => key.split('.').reduce<Texts | string>((node, k) => (node as Texts)[k]!, t) as string;

test.use({ viewport: { width: 390, height: 844 } });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const MOTHERS_DAY = { fr: 'Fête des mères', ar: 'عيد الأم' } as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`occasions and approximate prices on a phone in ${lang}`, async ({ page }) => {
    const common = texts(lang, 'common');
    const prefix = lang === 'fr' ? '' : `/${lang}`;
    await page.goto(`${prefix}/`);

    // The menu's occasions, then Mother's Day.
    await page.getByRole('button', { name: tr(common, 'nav.openMenu') }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('button', { name: tr(common, 'nav.occasions') }).click();
    await menu.getByRole('link', { name: MOTHERS_DAY[lang] }).click();
    await expect(page.getByRole('heading', { level: 1, name: MOTHERS_DAY[lang] })).toBeVisible();
    expect(decodeURI(new URL(page.url()).pathname)).toBe(`${prefix}/occasion/${lang === 'fr' ? 'fete-des-meres' : 'عيد-الأم'}`);
    const firstPrice = page.locator('main article').first();
    await expect(firstPrice).toContainText('MAD');
    await expect(page.locator('[data-approx]')).toHaveCount(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // EUR from the menu: every card shows "≈ … €" beside its MAD price.
    await page.getByRole('button', { name: tr(common, 'nav.openMenu') }).click();
    await page.getByRole('dialog').getByLabel(tr(common, 'currency.label')).selectOption('EUR');
    await page.keyboard.press('Escape');
    const approx = page.locator('main [data-approx="EUR"]').first();
    await expect(approx).toContainText('€');
    await expect(approx).toContainText(tr(common, 'currency.approx'));
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The server draws the page in euros already (no dirham-only first paint).
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain('data-approx="EUR"');

    // The cart stays in dirhams: a product added from its page (which shows the approximation) is in MAD there.
    await page.locator('main article a[href*="/product/"]').first().click();
    await page.waitForURL(/\/product\/\d+$/);
    await expect(page.locator('main [data-approx="EUR"]').first()).toBeVisible();
    // A product sold by colour asks for one first.
    const colour = page
      .getByRole('group', { name: tr(texts(lang, 'cart'), 'add.colors') })
      .locator('button[aria-pressed="false"]')
      .first();
    if ((await colour.count()) > 0) await colour.click();
    const [before, after] = tr(texts(lang, 'cart'), 'add.addProduct').split('{{product}}');
    await page.locator(`main button[aria-label^="${before}"][aria-label$="${after}"]`).first().click();
    const cartLink = page.getByRole('link', { name: tr(common, 'header.cartCount').replace('{{count}}', '1') });
    await expect(cartLink).toBeVisible();
    await cartLink.click();
    await expect(page.locator('main')).toContainText('MAD');
    await expect(page.locator('main')).not.toContainText('€');

    // Back to MAD: no approximation left.
    await page.goto(`${prefix}/occasion/${lang === 'fr' ? 'fete-des-meres' : 'عيد-الأم'}`);
    await page.getByRole('button', { name: tr(common, 'nav.openMenu') }).click();
    await page.getByRole('dialog').getByLabel(tr(common, 'currency.label')).selectOption('MAD');
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-approx]')).toHaveCount(0);
  });
}
