/**
 * The florist's day in the back office, in French on a desktop and in Arabic on a phone: a guest
 * places an order -> the admin logs in and lands on the dashboard -> finds the order by the
 * customer's e-mail -> opens it -> sets it to delivered -> the day's revenue moves -> downloads the
 * receipt (receipt-order-{id}.pdf). The sales pages pass axe; a customer opening /admin sees the
 * not-found page.
 *
 * And a customer's call-back handled on a 390 px phone, in French and Arabic: one more stem, another
 * recipient, a note and "call first" on a missing flower, saved by the order's one "Save Changes"
 * (the new total shown while the lines change, an emptied delivery date refused, what was saved
 * glowing, nothing lost on reload), and a cancellation dismissed with "Keep the order".
 */
import { mkdirSync } from 'node:fs';
import { formatMAD } from '../shared/money';
import { expect, test, type Page } from './support/test';
import { expectNoFailures, scan, waitForContent, WIDTHS } from './support/a11y';
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
    // The saved order stays on screen, what changed glowing.
    await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${order.id}$`));
    await expect(page.locator('[data-glow]').getByLabel(t.orderStatus)).toBeVisible();

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

const CALL_BACK = {
  fr: {
    more: /^Un de plus/,
    newTotal: 'Nouveau total',
    recipientName: 'Nom du destinataire',
    recipientPhone: 'Téléphone du destinataire',
    notes: 'Notes du client',
    substitution: 'Si une fleur manque',
    deliveryDate: 'Date de livraison',
    dateRequired: 'Choisissez une date de livraison.',
    keep: 'Garder la commande',
    recipient: 'Khadija Bennani',
    note: 'Sonner deux fois, portail vert',
  },
  ar: {
    more: /^واحد أكثر/,
    newTotal: 'المجموع الجديد',
    recipientName: 'اسم المستلم',
    recipientPhone: 'هاتف المستلم',
    notes: 'ملاحظات الزبون',
    substitution: 'إذا نقصت زهرة',
    deliveryDate: 'تاريخ التوصيل',
    dateRequired: 'اختر تاريخ التوصيل.',
    keep: 'الإبقاء على الطلب',
    recipient: 'خديجة بناني',
    note: 'رن الجرس مرتين، الباب الأخضر',
  },
} as const;

const digits = (text: string) => text.replace(/\D/g, '');

for (const lang of ['fr', 'ar'] as const) {
  const t = { ...TEXTS[lang], ...CALL_BACK[lang] };
  test(`a customer's call-back: lines, recipient, notes and substitution changed in one save on a phone (${lang}, 390px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const dir = test.info().outputPath('screens');
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize(WIDTHS.phone);
    await useLanguage(page, lang);
    const order = await placeGuestOrder(
      baseURL!,
      { name: 'Salma Berrada', email: `callback.${unique()}@guest.test`, phone: '0612345678' },
      { quantity: 2 },
    );
    await logInAsAdmin(page);
    const read = async () =>
      (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as {
        total_amount: number;
        order_items: { quantity: number; unit_price: number }[];
        delivery_date: string;
        recipient: { name: string; phone: string | null } | null;
        order_notes: string | null;
        substitution: string;
        order_status: string;
      };
    const before = await read();
    const expected = before.total_amount + before.order_items[0]!.unit_price;

    await page.goto(`/admin/orders/edit/${order.id}`);
    await waitForContent(page);
    // One more stem: the new total shows at once, before anything is saved.
    await page.getByRole('button', { name: t.more }).first().click();
    const newTotal = page.getByTestId('new-total');
    await expect(newTotal).toContainText(t.newTotal);
    expect(digits((await newTotal.textContent())!)).toBe(digits(formatMAD(expected, lang)));
    await newTotal.scrollIntoViewIfNeeded();
    await expect(newTotal).toBeInViewport();
    await page.screenshot({ path: `${dir}/order-edit-lines-${lang}-390.png`, fullPage: true });

    await page.getByLabel(t.recipientName).fill(t.recipient);
    await page.getByLabel(t.recipientPhone).fill('0698765432');
    await page.getByLabel(t.notes).fill(t.note);
    await page.getByLabel(t.substitution).selectOption('call_first');
    // An emptied delivery date is refused, not silently today.
    await page.getByLabel(t.deliveryDate).fill('');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.dateRequired)).toBeVisible();
    expect((await read()).order_items[0]!.quantity).toBe(2);
    await page.getByLabel(t.deliveryDate).fill(before.delivery_date);

    // The one save takes the line with the fields.
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${order.id}$`));
    await expect(page.locator('[data-glow]').getByRole('list')).toBeVisible();
    await expect(page.locator('[data-glow]').getByLabel(t.notes)).toBeVisible();
    await expect(newTotal).toHaveCount(0);
    await page.screenshot({ path: `${dir}/order-edit-saved-${lang}-390.png`, fullPage: true });
    const after = await read();
    expect(after).toMatchObject({
      total_amount: expected,
      recipient: { name: t.recipient, phone: '0698765432' },
      order_notes: t.note,
      substitution: 'call_first',
      delivery_date: before.delivery_date,
    });
    expect(after.order_items[0]!.quantity).toBe(3);
    await page.reload();
    await expect(page.getByLabel(t.recipientName)).toHaveValue(t.recipient);
    await expect(page.getByLabel(t.notes)).toHaveValue(t.note);

    // Cancelling asks; its dismiss button keeps the order, and says so.
    await page.getByLabel(t.orderStatus).selectOption('cancelled');
    await page.getByRole('button', { name: t.save }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.keep }).click();
    await expect(dialog).toHaveCount(0);
    expect((await read()).order_status).not.toBe('cancelled');
  });
}

test('a customer opening /admin sees the not-found page', async ({ page, baseURL }) => {
  await useLanguage(page, 'fr');
  const email = `client.${unique()}@example.test`;
  const password = 'a-long-customer-password';
  const api = page.request;
  const headers = { origin: baseURL! };
  expect(
    (
      await api.post('/api/register', {
        headers,
        data: { name: 'Client Curieux', email, phone: '0611223344', password, password_confirmation: password },
      })
    ).ok(),
  ).toBe(true);
  const mail = await waitForMail(email, { subject: /email-confirmation\// });
  const link = mail.links.find((l) => l.includes('/email-confirmation/'))!;
  const token = decodeURIComponent(link.split('/email-confirmation/')[1]!.split(/[?#]/)[0]!);
  expect((await api.post('/api/email/confirm', { headers, data: { token } })).ok()).toBe(true);
  expect((await api.post('/api/login', { headers, data: { email, password } })).ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: TEXTS.fr.notFound })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXTS.fr.dashboard })).toHaveCount(0);
});
