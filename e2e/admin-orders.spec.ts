/**
 * The florist's day in the back office, in French on a desktop and in Arabic on a phone: a guest
 * places an order -> the admin logs in and lands on the dashboard -> finds the order by the
 * customer's e-mail -> opens it -> sets it to delivered -> the day's revenue moves -> downloads the
 * receipt (receipt-order-{id}.pdf). The sales pages pass axe; a customer opening /admin sees the
 * not-found page.
 */
import { expect, test, type Page } from './support/test';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { logInAsAdmin } from './support/admin';
import { useLanguage } from './support/lang';
import { waitForMail } from './support/mail';
import { placeGuestOrder } from './support/orders';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const TEXTS = {
  fr: {
    dashboard: 'Tableau de bord',
    viewOrders: 'Voir les commandes',
    search: 'Rechercher par n°, nom, e-mail ou téléphone (client ou destinataire)',
    edit: (id: number) => `Modifier la commande n°${id}`,
    orderStatus: 'Statut de la commande',
    paymentStatus: 'Statut du paiement',
    delivered: 'Livrée',
    paid: 'Payé',
    save: 'Enregistrer les modifications',
    saved: 'Commande mise à jour avec succès !',
    day: 'Jour',
    receipt: 'Voir le reçu',
    download: 'Télécharger le PDF',
    notFound: 'Page introuvable',
  },
  ar: {
    dashboard: 'لوحة التحكم',
    viewOrders: 'عرض الطلبات',
    search: 'البحث برقم الطلب أو الاسم أو البريد أو الهاتف (الزبون أو المستلم)',
    edit: (id: number) => `تعديل الطلب رقم ${id}`,
    orderStatus: 'حالة الطلب',
    paymentStatus: 'حالة الدفع',
    delivered: 'تم التوصيل',
    paid: 'مدفوع',
    save: 'حفظ التغييرات',
    saved: 'تم تحديث الطلب بنجاح!',
    day: 'يوم',
    receipt: 'عرض الإيصال',
    download: 'تنزيل PDF',
    notFound: 'الصفحة غير موجودة',
  },
} as const;

async function dayRevenue(page: Page, t: (typeof TEXTS)['fr' | 'ar']): Promise<string> {
  await page.goto('/admin/dashboard/revenue');
  await page.getByRole('button', { name: t.day }).click();
  await expect(page).toHaveURL(/period=day/);
  const total = page.getByTestId('revenue-total');
  await expect(total).toBeVisible();
  return (await total.textContent())!.trim();
}

for (const lang of ['fr', 'ar'] as const) {
  const t = TEXTS[lang];
  const size = lang === 'ar' ? WIDTHS.phone : WIDTHS.desktop;

  test(`an admin delivers a new order and downloads its receipt (${lang}, ${size.width}px)`, async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await useLanguage(page, lang);
    const email = `salma.${unique()}@guest.test`;
    const order = await placeGuestOrder(baseURL!, { name: 'Salma Berrada', email, phone: '0612345678' }, { street: '8 rue Oum Errabia' });
    const failures: string[] = [];

    await logInAsAdmin(page);
    await expect(page.getByRole('heading', { level: 1, name: t.dashboard })).toBeVisible();
    await scan(page, `dashboard (${lang})`, failures);

    const before = await dayRevenue(page, t);
    await scan(page, `revenue (${lang})`, failures);

    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: new RegExp(t.viewOrders) }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await page.getByLabel(t.search).fill(email);
    await page.getByLabel(t.search).press('Enter');
    await expect(page).toHaveURL(/search=/);
    const row = page.locator('tbody tr', { hasText: email });
    await expect(row).toHaveCount(1);
    await scan(page, `orders (${lang})`, failures);
    await row.getByRole('link', { name: t.edit(order.id) }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${order.id}$`));
    await expect(page.getByText(email)).toBeVisible();
    await scan(page, `order edit (${lang})`, failures);
    await page.getByLabel(t.orderStatus).selectOption('delivered');
    await page.getByLabel(t.paymentStatus).selectOption('paid');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/orders$/);

    // The customer hears about it, and the day's revenue moved.
    await waitForMail(email, { subject: /Merci de votre confiance/ });
    await expect.poll(async () => dayRevenue(page, t)).not.toBe(before);

    await page.goto(`/admin/orders/edit/${order.id}`);
    await page.getByRole('button', { name: t.receipt }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(email);
    await scan(page, `receipt (${lang})`, failures);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t.download }).click()]);
    expect(download.suggestedFilename()).toBe(`receipt-order-${order.id}.pdf`);
    const bytes = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/admin/orders/today');
    await scan(page, `today (${lang})`, failures);
    expectNoFailures(failures);
  });
}

test('a customer opening /admin sees the not-found page', async ({ page, baseURL }) => {
  await useLanguage(page, 'fr');
  const email = `client.${unique()}@example.test`;
  const password = 'a-long-customer-password';
  const api = page.request;
  const headers = { origin: baseURL! };
  expect((await api.post('/api/register', { headers, data: { name: 'Client Curieux', email, phone: '0611223344', password, password_confirmation: password } })).ok()).toBe(true);
  const mail = await waitForMail(email, { subject: /email-confirmation\// });
  const link = mail.links.find((l) => l.includes('/email-confirmation/'))!;
  const token = decodeURIComponent(link.split('/email-confirmation/')[1]!.split(/[?#]/)[0]!);
  expect((await api.post('/api/email/confirm', { headers, data: { token } })).ok()).toBe(true);
  expect((await api.post('/api/login', { headers, data: { email, password } })).ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: TEXTS.fr.notFound })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXTS.fr.dashboard })).toHaveCount(0);
});
