/**
 * The money of an order on a phone, in French and Arabic: a delivered cash order's cash collected in
 * one tap (the order becomes paid), part of it refunded with a reason, its numbered invoice issued, and
 * the day's cash showing what the admin took in, adding up.
 */
import { expect, test } from './support/test';
import { logInAsAdmin } from './support/admin';
import { useLanguage } from './support/lang';
import { placeGuestOrder } from './support/orders';

const TEXTS = {
  fr: {
    collect: /Espèces encaissées \(/,
    paid: 'Payée',
    refund: 'Rembourser',
    amount: 'Montant (MAD)',
    reason: 'Motif du remboursement',
    saveRefund: 'Enregistrer le remboursement',
    invoice: 'Facture numérotée',
    cash: 'Caisse du jour',
    day: 'Jour',
  },
  ar: {
    collect: /تم تحصيل النقد \(/,
    paid: 'مدفوع',
    refund: 'استرداد',
    amount: 'المبلغ (درهم)',
    reason: 'سبب الاسترداد',
    saveRefund: 'تسجيل الاسترداد',
    invoice: 'فاتورة مرقمة',
    cash: 'صندوق اليوم',
    day: 'اليوم',
  },
} as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`cash collected, a refund, an invoice and the day's cash on a phone (${lang})`, async ({ page, baseURL }) => {
    const t = TEXTS[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, lang);
    const stamp = `${Date.now().toString(36)}${lang}`;
    const order = await placeGuestOrder(
      baseURL!,
      { name: `Caisse ${stamp}`, email: `cash-${stamp}@example.ma`, phone: '0612345678' },
      { lang },
    );
    await logInAsAdmin(page);

    await page.goto(`/admin/orders/edit/${order.id}`);
    const money = page.getByRole('region', { name: lang === 'fr' ? 'Paiements' : 'المدفوعات' });
    await money.getByRole('button', { name: t.collect }).click();
    await expect(money.getByTestId('money-status')).toHaveText(t.paid);
    await expect(money.getByTestId('money-due')).toContainText('0,00');

    await money.getByRole('button', { name: t.refund, exact: true }).click();
    await money.getByLabel(t.amount).fill('10');
    await money.getByLabel(t.reason).fill(lang === 'fr' ? 'Une tige abîmée' : 'وردة تالفة');
    await money.getByRole('button', { name: t.saveRefund }).click();
    await expect(money.getByRole('listitem')).toHaveCount(2);

    await money.getByRole('button', { name: t.invoice }).click();
    await expect(money.getByTestId('invoice-number')).toHaveText(/^FA-\d{4}-\d{5}$/);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.goto('/admin/cash');
    await expect(page.getByRole('heading', { level: 1, name: t.cash })).toBeVisible();
    const received = order.total - 10;
    const total = await page.getByTestId('cash-total').textContent();
    expect(Number(total!.replace(/[^\d,]/g, '').replace(',', '.'))).toBeGreaterThanOrEqual(received);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

const JOURNEY = {
  fr: {
    newOrder: 'Nouvelle commande',
    shop: 'En boutique',
    buyerName: 'Nom du client',
    buyerPhone: 'Téléphone du client',
    find: 'Ajouter un produit',
    add: (name: string) => `Ajouter ${name}`,
    zone: 'Zone de livraison',
    counter: 'Espèces au comptoir',
    save: 'Enregistrer la commande',
    money: 'Paiements',
    paid: 'Payée',
    cashEntry: 'Espèces',
    other: 'Autre paiement',
    amount: 'Montant (MAD)',
    reference: 'Référence (facultatif)',
    savePayment: 'Enregistrer le paiement',
    collect: /Espèces encaissées \(/,
    refund: 'Rembourser',
    reason: 'Motif du remboursement',
    saveRefund: 'Enregistrer le remboursement',
    invoice: 'Facture numérotée',
    pdf: ['PDF en français', 'PDF en arabe'],
    cash: 'Caisse du jour',
    day: 'Jour',
    print: 'Imprimer',
  },
  ar: {
    newOrder: 'طلب جديد',
    shop: 'في المحل',
    buyerName: 'اسم الزبون',
    buyerPhone: 'هاتف الزبون',
    find: 'إضافة منتج',
    add: (name: string) => `إضافة ${name}`,
    zone: 'منطقة التوصيل',
    counter: 'نقدًا في المتجر',
    save: 'حفظ الطلب',
    money: 'المدفوعات',
    paid: 'مدفوع',
    cashEntry: 'نقدًا',
    other: 'دفعة أخرى',
    amount: 'المبلغ (درهم)',
    reference: 'المرجع (اختياري)',
    savePayment: 'تسجيل الدفعة',
    collect: /تم تحصيل النقد \(/,
    refund: 'استرداد',
    reason: 'سبب الاسترداد',
    saveRefund: 'تسجيل الاسترداد',
    invoice: 'فاتورة مرقمة',
    pdf: ['PDF بالفرنسية', 'PDF بالعربية'],
    cash: 'صندوق اليوم',
    day: 'اليوم',
    print: 'طباعة',
  },
} as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`a counter sale, cash from the sheet, part then the rest, a refund, the invoice PDFs and the day's cash (${lang}, 390px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const t = JOURNEY[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, lang);
    const stamp = `${Date.now().toString(36)}${lang}`;
    await logInAsAdmin(page);

    // A staff order paid at the counter: born paid, its cash payment listed.
    const list = await page.request.get('/api/admin/products?per_page=50&sort=position', { headers: { 'accept-language': lang } });
    const spare = ((await list.json()) as { data: { name: string; stock: number }[] }).data.filter((p) => p.stock > 5);
    const product = spare[lang === 'fr' ? 0 : 1]!;
    await page.goto('/admin/orders/new');
    await page.getByRole('radio', { name: t.shop, exact: true }).check();
    await page.getByLabel(t.buyerName).fill(`Comptoir ${stamp}`);
    await page.getByLabel(t.buyerPhone).fill('0612345678');
    await page.getByLabel(t.find).fill(product.name);
    await page
      .getByRole('button', { name: t.add(product.name) })
      .first()
      .click();
    await page.getByLabel(t.zone).selectOption({ index: 1 });
    await page.locator('input[name="address.street"]').fill('12 rue des Fleurs');
    await page.locator('input[name="address.postal_code"]').fill('10000');
    await page.getByRole('radio', { name: t.counter, exact: true }).check();
    await expect(page.getByTestId('new-order-total')).not.toHaveText('–');
    await page.screenshot({ path: `test-results/screens/admin-counter-order-${lang}.png`, fullPage: true });
    await page.getByRole('button', { name: t.save }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/edit\/\d+$/);
    const money = page.getByRole('region', { name: t.money });
    await expect(money.getByTestId('money-status')).toHaveText(t.paid);
    await expect(money.getByRole('listitem')).toHaveCount(1);
    await expect(money.getByRole('listitem').first()).toContainText(t.cashEntry);

    // Cash collected from the workshop sheet in one tap: the button goes, the order is paid.
    const delivered = await placeGuestOrder(
      baseURL!,
      { name: `Feuille ${stamp}`, email: `sheet-${stamp}@example.ma`, phone: '0612345678' },
      { lang },
    );
    await page.goto(`/admin/orders/today?day=${delivered.delivery_date}`);
    const card = page.getByTestId(`workshop-order-${delivered.id}`);
    await card.getByTestId(`collect-cash-${delivered.id}`).click();
    await expect(card.getByTestId(`collect-cash-${delivered.id}`)).toHaveCount(0);
    const sheetOrder = (await (await page.request.get(`/api/admin/orders/${delivered.id}/payments`)).json()) as { payment_status: string };
    expect(sheetOrder.payment_status).toBe('paid');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/admin-sheet-cash-${lang}.png`, fullPage: true });

    // Part paid on the terminal, then the rest in cash; a refund with its reason.
    const split = await placeGuestOrder(
      baseURL!,
      { name: `Partiel ${stamp}`, email: `part-${stamp}@example.ma`, phone: '0612345678' },
      { lang },
    );
    await page.goto(`/admin/orders/edit/${split.id}`);
    await money.getByRole('button', { name: t.other }).click();
    await money.getByLabel(t.amount).fill('20');
    await money.getByLabel(t.reference).fill('TPE 4512');
    await money.getByRole('button', { name: t.savePayment }).click();
    await expect(money.getByRole('listitem')).toHaveCount(1);
    await expect(money.getByTestId('money-status')).not.toHaveText(t.paid);
    await money.getByRole('button', { name: t.collect }).click();
    await expect(money.getByTestId('money-status')).toHaveText(t.paid);
    await expect(money.getByTestId('money-due')).toContainText('0,00');
    await money.getByRole('button', { name: t.refund, exact: true }).click();
    await money.getByLabel(t.amount).fill('5');
    await money.getByLabel(t.reason).fill(lang === 'fr' ? 'Une tige abîmée' : 'وردة تالفة');
    await money.getByRole('button', { name: t.saveRefund }).click();
    await expect(money.getByRole('listitem')).toHaveCount(3);

    // The numbered invoice, downloaded as a PDF in French and in Arabic.
    await money.getByRole('button', { name: t.invoice }).click();
    const number = (await money.getByTestId('invoice-number').textContent())!;
    expect(number).toMatch(/^FA-\d{4}-\d{5}$/);
    for (const label of t.pdf) {
      const [download] = await Promise.all([page.waitForEvent('download'), money.getByRole('button', { name: label }).click()]);
      expect(download.suggestedFilename()).toBe(`facture-${number}.pdf`);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/admin-order-money-${lang}.png`, fullPage: true });

    // The day's cash: printable, its total the sum of its people and online card payments.
    await page.goto('/admin/cash');
    await expect(page.getByRole('heading', { level: 1, name: t.cash })).toBeVisible();
    const day = await page.getByLabel(t.day).inputValue();
    const cash = (await (await page.request.get(`/api/admin/cash?day=${day}`)).json()) as {
      people: { total: number }[];
      card_online: number;
      total: number;
      to_collect: { order_id: number }[];
    };
    expect(cash.total).toBeCloseTo(cash.people.reduce((n, p) => n + p.total, 0) + cash.card_online, 2);
    // What was collected today is no longer to collect.
    expect(cash.to_collect.map((o) => o.order_id)).not.toContain(delivered.id);
    await expect(page.getByRole('button', { name: t.print })).toBeVisible();
    await expect(page.getByTestId('cash-total')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/admin-cash-${lang}.png`, fullPage: true });
  });
}
