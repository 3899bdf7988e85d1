/**
 * Sizes and extras in a real browser at 390 px, in French and in Arabic, from the product page to the
 * workshop: a bouquet's product page chooses its "Prestige" size (the price follows), adds it and a
 * vase from "Add to your bouquet"; the cart shows the bouquet in its size and the vase as a line of
 * its own, and offers the extras not yet in it once more (not the vase): chocolates added there
 * join the cart and leave the offer. Then the guest checks out (a delivery slot is preselected) and
 * the size and the extras show on the confirmation, in the order mail, on the back office's order,
 * on the day's sheet (page and PDF) and in the day's production totals.
 */
import { readFileSync } from 'node:fs';
import { visualLines } from '../shared/pdf/read-back';
import { expect, test, type Page } from './support/test';
import { logInAsAdmin } from './support/admin';
import { useLanguage } from './support/lang';
import { waitForMail } from './support/mail';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

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
    city: 'Ville de livraison',
    chooseCity: 'Choisissez',
    checkout: 'Passer la commande',
    place: 'Confirmer la commande',
    placed: 'Commande enregistrée',
    orderLines: 'Votre commande',
    whatToMake: 'À préparer',
    dayPdf: 'PDF du jour',
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
    city: 'مدينة التوصيل',
    chooseCity: 'اختر',
    checkout: 'إتمام الطلب',
    place: 'تأكيد الطلب',
    placed: 'تم تسجيل الطلب',
    orderLines: 'طلبك',
    whatToMake: 'ما يجب تحضيره',
    dayPdf: 'ملف PDF لليوم',
  },
} as const;

type ApiProduct = { id: number; name: string; stock: number; sizes: { id: number; name: string; price: number }[] };

const input = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`);

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const lang of ['fr', 'ar'] as const) {
  test(`a bouquet in its Prestige size with a vase and chocolates, from the product page to the workshop (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
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
    // Every screen names the line as the order kept it: the product, then its size.
    const sizedName = `${bouquet.name} — ${prestige.name}`;

    await page.goto(`/product/${bouquet.id}`);
    const sizes = page.getByRole('group', { name: t.size });
    await sizes.getByText(t.prestige, { exact: true }).click();
    await expect(sizes.getByRole('radio', { name: t.prestige })).toBeChecked();
    // The demo's bouquets have a colour: it is chosen first.
    const colours = page.getByRole('group', { name: t.colours });
    if ((await colours.count()) > 0) await colours.getByRole('button').first().click();
    await page.getByRole('button', { name: t.add, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: bouquet.name })).toBeVisible();

    const productExtras = page.getByRole('region', { name: t.extras });
    await expect(productExtras.getByTestId('extra-offer').filter({ hasText: t.chocolates })).toHaveCount(1);
    await productExtras.getByTestId('extra-offer').filter({ hasText: t.vase }).getByRole('button').click();
    await expect(page.getByRole('status').filter({ hasText: t.vase })).toBeVisible();
    await fitsWidth(page, 390);
    await page.screenshot({ path: `test-results/screens/sizes-extras-product-${lang}.png`, fullPage: true });

    // The cart: the bouquet in its size, the vase as its own line, and the other extras offered once.
    await page.goto('/cart');
    const lines = page.getByRole('list', { name: t.lines }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: bouquet.name })).toContainText(t.sizeLine);
    await expect(lines.filter({ hasText: t.vase })).toHaveCount(1);
    const cartExtras = page.getByRole('region', { name: t.extras });
    const offers = cartExtras.getByTestId('extra-offer');
    await expect(offers.filter({ hasText: t.chocolates })).toHaveCount(1);
    await expect(offers.filter({ hasText: t.vase })).toHaveCount(0);
    await expect(page.getByRole('region', { name: t.extras })).toHaveCount(1);
    await fitsWidth(page, 390);
    await expect(cartExtras).toBeVisible();
    await page.screenshot({ path: `test-results/screens/sizes-extras-cart-offer-${lang}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await fitsWidth(page, 1280);
    await page.screenshot({ path: `test-results/screens/sizes-extras-cart-offer-${lang}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    await offers.filter({ hasText: t.chocolates }).getByRole('button').click();
    await expect(page.getByRole('status').filter({ hasText: t.chocolates })).toBeVisible();
    await expect(lines).toHaveCount(3);
    await expect(lines.filter({ hasText: t.chocolates })).toHaveCount(1);
    await expect(offers.filter({ hasText: t.chocolates })).toHaveCount(0);
    const cart = (await (await page.request.get('/api/cart')).json()) as { items: { size: { id: number } | null }[] };
    expect(cart.items.some((i) => i.size?.id === prestige.id)).toBe(true);
    await fitsWidth(page, 390);
    await page.screenshot({ path: `test-results/screens/sizes-extras-cart-${lang}.png`, fullPage: true });

    // Checkout as a guest, the first delivery city and the slot the form preselects.
    const email = `extras.${unique()}@guest.test`;
    const city = page.getByLabel(t.city);
    const firstCity = await city.locator('option:not([value=""])').first().getAttribute('value');
    await city.selectOption(firstCity!);
    // The checkout button asks for a city until the cart has it.
    await expect(page.getByTestId('summary-shipping')).not.toContainText(t.chooseCity);
    await page.getByRole('button', { name: t.checkout }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await input(page, 'customer.name').fill('Kenza Tazi');
    await input(page, 'customer.email').fill(email);
    await input(page, 'customer.phone').fill('0612345678');
    await input(page, 'address.street').fill('12 rue des Roses, Agdal');
    await input(page, 'address.postal_code').fill('10080');
    const slot = page.locator('select[name="delivery_slot"]');
    if ((await slot.count()) > 0) await expect(slot).not.toHaveValue('');
    await input(page, 'accept_terms').check();
    const placedAnswer = page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST');
    await page.getByRole('button', { name: t.place }).click();
    const placed = (await (await placedAnswer).json()) as { order: { id: number; delivery_date: string } };
    const { id, delivery_date: day } = placed.order;

    // The confirmation lists the lines: the bouquet in its size, the vase and the chocolates.
    await expect(page.getByRole('heading', { name: t.placed })).toBeVisible();
    const confirmation = page.getByRole('list', { name: t.orderLines });
    await expect(confirmation.getByRole('listitem')).toHaveCount(3);
    await expect(confirmation).toContainText(sizedName);
    await expect(confirmation).toContainText(t.vase);
    await expect(confirmation).toContainText(t.chocolates);
    await fitsWidth(page, 390);
    await page.screenshot({ path: `test-results/screens/sizes-extras-placed-${lang}.png`, fullPage: true });

    // The order mail, in the order's language.
    const mail = await waitForMail(email);
    expect(mail.text).toContain(String(id));
    // The mail sets French quotes and colons with no-break spaces ("«\u00a0Passion\u00a0»").
    const mailText = mail.text.replace(/[\u00a0\u202f]/g, ' ');
    for (const name of [sizedName, t.vase, t.chocolates]) expect(mailText).toContain(name);

    // The back office's order.
    await logInAsAdmin(page);
    await page.goto(`/admin/orders/edit/${id}`);
    const main = page.getByRole('main');
    for (const name of [sizedName, t.vase, t.chocolates]) await expect(main.getByText(name, { exact: true }).first()).toBeVisible();
    await fitsWidth(page, 390);
    await page.screenshot({ path: `test-results/screens/sizes-extras-admin-order-${lang}.png`, fullPage: true });

    // The day's sheet: the order's card, and what to make that day.
    await page.goto(`/admin/orders/today?day=${day}`);
    const card = page.getByTestId(`workshop-order-${id}`);
    for (const name of [sizedName, t.vase, t.chocolates]) await expect(card).toContainText(name);
    await expect(page.getByRole('heading', { name: t.whatToMake })).toBeVisible();
    const production = page.getByTestId('workshop-production').getByRole('listitem');
    await expect(production.filter({ hasText: sizedName })).toHaveCount(1);
    await expect(production.filter({ hasText: t.vase })).toHaveCount(1);
    await expect(production.filter({ hasText: t.chocolates })).toHaveCount(1);
    await fitsWidth(page, 390);
    await page.screenshot({ path: `test-results/screens/sizes-extras-workshop-${lang}.png`, fullPage: true });

    // The sheet as a PDF: the order's lines, as drawn (Arabic right to left, so read back reversed).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.dayPdf }).click();
    const pdfPath = testInfo.outputPath(`sheet-${lang}.pdf`);
    await (await download).saveAs(pdfPath);
    // Lam-alef is drawn as one glyph that keeps its two letters in reading order, so reversing letter
    // by letter cannot match it: those two letters are left out of the comparison.
    const plain = (text: string) => (lang === 'ar' ? text.replace(/[\u0644\u0627]/g, '') : text);
    const drawn = plain((await visualLines(new Uint8Array(readFileSync(pdfPath)))).flat().join('\n'));
    const asDrawn = (text: string) => plain(lang === 'ar' ? Array.from(text).reverse().join('') : text);
    for (const name of [prestige.name, t.vase, t.chocolates]) expect(drawn).toContain(asDrawn(name));
  });
}
