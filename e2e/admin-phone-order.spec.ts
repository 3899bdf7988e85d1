/**
 * A phone order in the back office, in French and in Arabic on a 390 px phone: the admin opens
 * "New order" from the orders list, takes the order for a guest (source, buyer, a product from the
 * picker, zone, address), saves on the server's total and lands on the order; the orders list finds
 * it by its channel and by the guest's phone typed as a customer says it ("06 12 34 56 78"), the
 * customers list finds the guest by the phone written the international way ("+212 6 12 34 56 78");
 * the admin changes its items (one more, then one less: the new total shown before the order's one
 * save) and the product's stock moves both ways, read from the product's admin API.
 */
import { expect, test, type Page } from './support/test';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { logInAsAdmin } from './support/admin';
import { useLanguage } from './support/lang';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const TEXTS = {
  fr: {
    newOrder: 'Nouvelle commande',
    phone: 'Téléphone',
    buyerName: 'Nom du client',
    buyerPhone: 'Téléphone du client',
    find: 'Ajouter un produit',
    add: (name: string) => `Ajouter ${name}`,
    zone: 'Zone de livraison',
    save: 'Enregistrer la commande',
    channel: 'Canal',
    filters: 'Filtres',
    ordersSearch: 'Rechercher par n°, nom, e-mail ou téléphone (client ou destinataire)',
    customersSearch: 'Rechercher par n°, nom, e-mail ou téléphone',
    openCustomer: (name: string) => `Ouvrir la fiche de ${name}`,
    guest: 'Invité (sans compte)',
    more: (name: string) => `Un de plus : ${name}`,
    less: (name: string) => `Un de moins : ${name}`,
    saveOrder: 'Enregistrer les modifications',
    newTotal: /Nouveau total/,
  },
  ar: {
    newOrder: 'طلب جديد',
    phone: 'الهاتف',
    buyerName: 'اسم الزبون',
    buyerPhone: 'هاتف الزبون',
    find: 'إضافة منتج',
    add: (name: string) => `إضافة ${name}`,
    zone: 'منطقة التوصيل',
    save: 'حفظ الطلب',
    channel: 'القناة',
    filters: 'عوامل التصفية',
    ordersSearch: 'البحث برقم الطلب أو الاسم أو البريد أو الهاتف (الزبون أو المستلم)',
    customersSearch: 'البحث بالرقم أو الاسم أو البريد الإلكتروني أو الهاتف',
    openCustomer: (name: string) => `فتح صفحة ${name}`,
    guest: 'زائر (بدون حساب)',
    more: (name: string) => `واحد أكثر: ${name}`,
    less: (name: string) => `واحد أقل: ${name}`,
    saveOrder: 'حفظ التغييرات',
    newTotal: /المجموع الجديد/,
  },
} as const;

/**
 * A Moroccan mobile number of this run and language (the two languages run side by side on one server,
 * and every run adds orders): "06" and 8 digits, the last one the language's. Written three ways, as
 * the form takes it and as people say it.
 */
function guestPhone(lang: 'fr' | 'ar') {
  const digits = `${String(Date.now() % 10_000_000).padStart(7, '0')}${lang === 'fr' ? 1 : 2}`;
  const pairs = digits.match(/../g)!.join(' ');
  return { typed: `06${digits}`, spoken: `06 ${pairs}`, international: `+212 6 ${pairs}` };
}

/** A product's stock as the back office reads it (the admin's session cookie). */
async function stockOf(page: Page, productId: number): Promise<number> {
  const res = await page.request.get(`/api/admin/products/edit/${productId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { stock: number }).stock;
}

for (const lang of ['fr', 'ar'] as const) {
  const t = TEXTS[lang];

  test(`staff take a phone order for a guest, find it by channel and change its items (${lang}, 390px)`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(WIDTHS.phone);
    await useLanguage(page, lang);
    const failures: string[] = [];
    const buyer = `Client ${unique()}`;
    const phone = guestPhone(lang);
    await logInAsAdmin(page);

    // A product with stock to spare, named as the back office's picker shows it. Each language takes its
    // own, far down the list, since the journeys run side by side and each counts its product's stock.
    const list = await page.request.get('/api/admin/products?per_page=50&sort=position', { headers: { 'accept-language': lang } });
    const spare = ((await list.json()) as { data: { id: number; name: string; stock: number }[] }).data.filter((p) => p.stock > 5);
    const product = spare[spare.length - (lang === 'fr' ? 1 : 2)]!;
    expect(product).toBeTruthy();
    const start = await stockOf(page, product.id);

    await page.goto('/admin/orders');
    await page.getByRole('link', { name: t.newOrder }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/new$/);
    await page.getByRole('radio', { name: t.phone, exact: true }).check();
    await page.getByLabel(t.buyerName).fill(buyer);
    await page.getByLabel(t.buyerPhone).fill(phone.typed);
    await page.getByLabel(t.find).fill(product.name);
    // The picker's "Add" fits the phone's width (scrolled to, it is on the screen).
    await page
      .getByRole('button', { name: t.add(product.name) })
      .first()
      .scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: t.add(product.name) }).first()).toBeInViewport({ ratio: 1 });
    await page
      .getByRole('button', { name: t.add(product.name) })
      .first()
      .click();
    await page.getByLabel(t.zone).selectOption({ index: 1 });
    // Asked once: the delivery address takes the buyer's name and phone and the zone's city.
    await expect(page.locator('input[name="address.full_name"], input[name="address.city"], input[name="address.phone"]')).toHaveCount(0);
    await page.locator('input[name="address.street"]').fill('12 rue des Fleurs');
    await page.locator('input[name="address.postal_code"]').fill('10000');
    await expect(page.getByTestId('new-order-total')).not.toHaveText('–');
    // Laid out for the phone: nothing wider than the screen, the save button on it; the texts speak to staff.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone.width);
    await expect(page.getByRole('button', { name: t.save })).toBeInViewport();
    await expect(page.locator('main')).not.toContainText(lang === 'fr' ? 'votre commande' : 'طلبك');
    await page.screenshot({ path: `test-results/screens/admin-new-order-${lang}.png`, fullPage: true });
    await scan(page, `new order (${lang})`, failures);
    await page.getByRole('button', { name: t.save }).click();

    await expect(page).toHaveURL(/\/admin\/orders\/edit\/\d+$/);
    const id = Number(/\/edit\/(\d+)$/.exec(page.url())![1]);
    await expect.poll(() => stockOf(page, product.id)).toBe(start - 1);

    // The orders list, filtered by channel, shows it (on a phone the filters are folded: the toggle
    // opens them, and then counts the one set).
    await page.goto('/admin/orders');
    const filters = page.getByRole('button', { name: t.filters, exact: true });
    await expect(page.getByLabel(t.channel)).toBeHidden();
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel(t.channel).selectOption('phone');
    await expect(page).toHaveURL(/source=phone/);
    await expect(page.getByRole('button', { name: `${t.filters} (1)`, exact: true })).toBeVisible();
    await expect(page.getByText(buyer).first()).toBeVisible();

    // The orders list finds it by the guest's phone as they say it, and only it (the number is this run's).
    await page.goto('/admin/orders');
    await page.getByLabel(t.ordersSearch).fill(phone.spoken);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByText(buyer).first()).toBeVisible();
    await expect(page.locator('main tbody tr')).toHaveCount(1);
    await expect(page.locator('main tbody tr').first()).toContainText(`#${id}`);

    // The customers list has the guest (no account), found by the phone written the international way.
    await page.goto('/admin/customers');
    await page.getByLabel(t.customersSearch).fill(phone.international);
    await expect(page).toHaveURL(/search=/);
    const guestRow = page.locator('main tbody tr').filter({ has: page.getByRole('link', { name: t.openCustomer(buyer) }) });
    await expect(guestRow).toBeVisible();
    await expect(guestRow).toContainText(t.guest);
    await expect(guestRow).toContainText(phone.typed);
    await expect(page.locator('main tbody tr')).toHaveCount(1);
    await scan(page, `customers found by phone (${lang})`, failures);

    // One more: a unit taken; one less: the unit back.
    await page.goto(`/admin/orders/edit/${id}`);
    await page.getByRole('button', { name: t.more(product.name) }).click();
    await expect(page.getByText(t.newTotal).first()).toBeVisible();
    await page.getByRole('button', { name: t.saveOrder }).click();
    await expect(page.getByText(t.newTotal)).toHaveCount(0);
    await expect.poll(() => stockOf(page, product.id)).toBe(start - 2);
    await scan(page, `order items (${lang})`, failures);
    await page.getByRole('button', { name: t.less(product.name) }).click();
    await page.getByRole('button', { name: t.saveOrder }).click();
    await expect.poll(() => stockOf(page, product.id)).toBe(start - 1);

    const detail = (await (await page.request.get(`/api/admin/orders/${id}`)).json()) as {
      order_items: { quantity: number }[];
      version: number;
    };
    expect(detail.order_items.map((i) => i.quantity)).toEqual([1]);
    // Each save is two versions: the lines, then the fields.
    expect(detail.version).toBe(5);
    expectNoFailures(failures);
  });
}
