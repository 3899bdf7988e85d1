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
