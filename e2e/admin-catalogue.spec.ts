/**
 * Back-office catalogue journeys, in French at desktop width and in Arabic (right-to-left) on a
 * phone: an admin creates a product with two pictures (one over 2 MB, compressed in the browser)
 * and three colours, finds it in the shop, edits its price and discount, moves it to the top of the
 * shop's order and sees that order in the shop, then deletes it; creates a category, a subcategory
 * and a colour and sees them in the storefront's filters. Plus an axe sweep of the catalogue screens.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import sharp from 'sharp';
import { signIn } from './support/admin';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { useLanguage } from './support/lang';

type Lang = 'fr' | 'ar';
type Texts = Record<string, Record<string, string | Record<string, string>>>;
const texts = (lang: Lang): Texts => JSON.parse(readFileSync(`web/src/locales/${lang}/admin-catalogue.json`, 'utf8')) as Texts;
const adminTexts = (lang: Lang) =>
  JSON.parse(readFileSync(`web/src/locales/${lang}/admin.json`, 'utf8')) as { actions: Record<string, string> };
const s = (value: string | Record<string, string> | undefined, vars: Record<string, string> = {}) =>
  String(value).replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

const COLORS = { fr: ['Rouge', 'Rose', 'Blanc'], ar: ['أحمر', 'وردي', 'أبيض'] } as const;
const BOUQUETS = { fr: 'Bouquets', ar: 'باقات' } as const;

/** A photo-like PNG (random pixels do not compress) over 2 MB, and a small JPEG. */
async function pictures() {
  const width = 1100;
  const height = 900;
  const noise = Buffer.alloc(width * height * 3);
  let seed = 2463534242;
  for (let i = 0; i < noise.length; i++) {
    // xorshift32: pixels no PNG filter can predict.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    noise[i] = seed & 0xff;
  }
  const big = await sharp(noise, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
  const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c2185b' } })
    .jpeg()
    .toBuffer();
  return [
    { name: 'grande.png', mimeType: 'image/png', buffer: big },
    { name: 'petite.jpg', mimeType: 'image/jpeg', buffer: small },
  ];
}

const shopProduct = async (page: Page, id: number) => page.request.get(`/api/product/${id}`);

async function createProduct(page: Page, lang: Lang, name: string): Promise<number> {
  const t = texts(lang);
  await page.goto('/admin/products/new');
  await expect(page.getByRole('heading', { level: 1, name: s(t.form!.newTitle) })).toBeVisible();
  await page.getByRole('textbox', { name: s(t.form!.name), exact: true }).fill(name);
  await page
    .getByRole('textbox', { name: new RegExp(`^${s(t.form!.description)}`) })
    .fill('Des roses fraîches du jardin, liées à la main.');
  await page.getByRole('combobox', { name: s(t.form!.category), exact: true }).selectOption({ label: BOUQUETS[lang] });
  await page.getByRole('spinbutton', { name: s(t.form!.price) }).fill('45.50');
  await page.getByRole('spinbutton', { name: s(t.form!.stock) }).fill('12');
  await page.getByRole('spinbutton', { name: s(t.form!.discount) }).fill('10');
  for (const color of COLORS[lang]) await page.getByRole('checkbox', { name: color, exact: true }).check();
  await page.locator('input[type="file"]').setInputFiles(await pictures());
  // The big one was compressed in the browser before any upload.
  await expect(page.getByText(/grande\.png/)).toBeVisible();
  await expect(page.getByRole('img', { name: s(t.pictures!.alt, { position: '2' }) })).toBeVisible();

  await page.getByRole('button', { name: s(t.form!.create) }).click();
  await expect(page.getByText(s(t.form!.created))).toBeVisible();
  const editLink = page.getByRole('link', { name: s(t.form!.editThis) });
  await expect(page.getByRole('link', { name: s(t.form!.viewAll) })).toBeVisible();
  await expect(page.getByRole('link', { name: s(t.form!.viewInShop) })).toHaveAttribute('href', '/shop');
  const id = Number((await editLink.getAttribute('href'))!.split('/').pop());
  // The 2 s redirect back to the list, which opens with the newest first: the product is on its first page.
  await expect(page).toHaveURL(/\/admin\/products$/, { timeout: 5000 });
  await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible();
  return id;
}

async function moveToTop(page: Page, lang: Lang, name: string) {
  const t = texts(lang);
  await page.goto('/admin/products/reorder');
  const handles = page.getByRole('button', { name: new RegExp(`^${s(t.reorder!.drag, { name: '' })}`) });
  await expect(handles.first()).toBeVisible();
  const names = await page.locator('main ol > li').evaluateAll((rows) => rows.map((r) => r.querySelector('.truncate')?.textContent ?? ''));
  const index = names.indexOf(name);
  expect(index).toBeGreaterThan(0);
  // The keyboard way of @dnd-kit: lift with Space, move up with an arrow, drop with Space.
  const handle = page.getByRole('button', { name: s(t.reorder!.drag, { name }), exact: true });
  await handle.focus();
  // Each step waits for @dnd-kit's live region to announce it (picked up, then moved over the row
  // above), whatever its words: the drop comes after the move has landed.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(announced).not.toHaveText('');
  const pickedUp = (await announced.textContent()) ?? '';
  await page.keyboard.press('ArrowUp');
  await expect(announced).not.toHaveText(pickedUp);
  await page.keyboard.press('Space');
  await expect(page.locator('main ol > li').nth(index - 1)).toContainText(name);
  // Then straight to the top with the row's own button.
  await page.getByRole('button', { name: s(t.reorder!.top, { name }), exact: true }).click();
  await expect(page.getByText(s(t.reorder!.dirty))).toBeVisible();
  await expect(page.locator('main ol > li').first()).toContainText(name);
  await page.getByRole('button', { name: s(t.reorder!.save) }).click();
  await expect(page.getByText(s(t.reorder!.saved)).first()).toBeVisible();
  await expect(page.getByText(s(t.reorder!.dirty))).toHaveCount(0);
}

for (const [lang, width] of [
  ['fr', WIDTHS.desktop],
  ['ar', WIDTHS.phone],
] as const) {
  test.describe(`back-office catalogue (${lang})`, () => {
    test.use({ viewport: width });
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page);
    });

    test('create a product with pictures and colours, find it, edit it, move it first, delete it', async ({ page }) => {
      test.setTimeout(240_000);
      const t = texts(lang);
      const ta = adminTexts(lang);
      const name = `Bouquet du jour ${lang} ${Date.now()}`;
      const id = await createProduct(page, lang, name);

      // In the shop at once: its page, two pictures (WebP), three colours.
      await page.goto(`/product/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const created = await (await shopProduct(page, id)).json();
      expect(created).toMatchObject({ price: 45.5, discount: 10, final_price: 40.95 });
      expect(created.images).toHaveLength(2);
      expect(created.colors).toHaveLength(3);

      // Edit price and discount.
      await page.goto(`/admin/products/edit/${id}`);
      await expect(page.getByRole('textbox', { name: s(t.form!.name), exact: true })).toHaveValue(name);
      await page.getByRole('spinbutton', { name: s(t.form!.price) }).fill('99.50');
      await page.getByRole('spinbutton', { name: s(t.form!.discount) }).fill('20');
      await page.getByRole('button', { name: ta.actions.save, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      expect(await (await shopProduct(page, id)).json()).toMatchObject({ price: 99.5, discount: 20, final_price: 79.6 });

      // First in the shop's own order.
      await moveToTop(page, lang, name);
      await page.goto('/shop');
      // The first card of the shop's list, not of the best sellers shown above it once other journeys'
      // orders have made some.
      await expect(
        page.locator('xpath=//main//article[not(ancestor::section[@aria-labelledby="best-sellers-title"])]').first(),
      ).toContainText(name);

      // Delete from the list, after the confirmation.
      await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: s(t.common!.deleteNamed, { name }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: ta.actions.delete, exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(s(t.products!.empty))).toBeVisible();
      expect((await shopProduct(page, id)).status()).toBe(404);
    });

    test('create a category, a subcategory and a colour; the storefront shows them', async ({ page, browser }) => {
      test.setTimeout(240_000);
      const t = texts(lang);
      const ta = adminTexts(lang);
      const stamp = Date.now().toString(36);
      const category = `Mariage ${lang} ${stamp}`;
      const subcategory = `Bouquets de mariée ${lang} ${stamp}`;
      const color = `Lilas ${lang} ${stamp}`;

      await page.goto('/admin/categories/new');
      await page.getByRole('textbox', { name: s(t.form!.name), exact: true }).fill(category);
      await page.getByRole('textbox', { name: new RegExp(`^${s(t.form!.description)}`) }).fill('Fleurs pour le grand jour.');
      await page.getByRole('button', { name: ta.actions.create, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/categories$/);
      const categories = (await (await page.request.get('/api/categories')).json()) as { id: number; name: string }[];
      const categoryId = categories.find((c) => c.name === category)!.id;

      await page.goto('/admin/subcategories/new');
      await page.getByRole('textbox', { name: s(t.form!.name), exact: true }).fill(subcategory);
      await page.getByRole('textbox', { name: new RegExp(`^${s(t.form!.description)}`) }).fill('Pour la mariée.');
      await page.getByRole('combobox', { name: s(t.subcategories!.parent) }).selectOption({ label: category });
      await expect(page.getByRole('checkbox', { name: s(t.subcategories!.activeLabel) })).toBeChecked();
      await page.getByRole('button', { name: ta.actions.create, exact: true }).click();
      await expect(page.getByText(s(t.subcategories!.created))).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/categories$/, { timeout: 5000 });
      await page.locator('main').getByRole('searchbox').fill(category);
      await expect(page.getByRole('link', { name: subcategory })).toBeVisible();

      await page.goto('/admin/colors');
      await page.getByRole('textbox', { name: s(t.colors!.nameFr) }).fill(color);
      await page.getByRole('textbox', { name: s(t.colors!.hex) }).fill('#C8A2C8');
      await expect(page.getByRole('textbox', { name: s(t.colors!.slug) })).toHaveValue(`lilas-${lang}-${stamp}`);
      await page.getByRole('button', { name: s(t.colors!.add) }).click();
      await expect(page.getByText(color, { exact: true }).first()).toBeVisible();

      // A customer's browser (the admin's own keeps the shop's answers up to 60 s: HTTP cache).
      const customer = await browser.newPage({ viewport: width });
      await useLanguage(customer, lang);
      await customer.goto(`/category/${categoryId}`);
      await expect(customer.getByRole('heading', { level: 1, name: category })).toBeVisible();
      await expect(customer.getByRole('navigation').getByRole('link', { name: subcategory })).toBeVisible();
      await customer.goto('/shop');
      await expect(customer.getByRole('button', { name: color, exact: true })).toBeVisible();
      await customer.close();
    });

    test('the catalogue screens have no axe violations', async ({ page }) => {
      // Eleven pages, each scanned with axe: slow on a busy machine.
      test.setTimeout(480_000);
      const failures: string[] = [];
      for (const path of [
        '/admin/products',
        '/admin/products/new',
        '/admin/products/edit/1',
        '/admin/products/reorder',
        '/admin/categories',
        '/admin/categories/new',
        '/admin/categories/edit/1',
        '/admin/subcategories',
        '/admin/subcategories/new',
        '/admin/colors',
        '/admin/products/edit/999999',
      ]) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        if (path.includes('/edit/') && !path.endsWith('999999')) await expect(page.locator('main form')).toBeVisible();
        if (path.endsWith('s') || path.endsWith('reorder')) await expect(page.locator('main').getByRole('button').first()).toBeVisible();
        await scan(page, `${path} (${lang})`, failures);
      }
      expectNoFailures(failures);
    });
  });
}
