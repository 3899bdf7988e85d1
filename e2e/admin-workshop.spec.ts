/**
 * The workshop sheet on a phone (390 px), in French and in Arabic: a guest's confirmed order is on
 * the sheet of its delivery day (opened by its address) with its recipient's phone to tap; the driver marks it out for delivery, then
 * delivered, undoes the last tap (back to out for delivery, through the order edit route) and marks it
 * delivered again; the sheet has no horizontal overflow and passes axe. Then, in both languages on the
 * same phone, revenue goes Day → Week → Month → Year with delivered orders, says what it includes,
 * shows no error, fits the screen and passes axe.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { logInAsAdmin } from './support/admin';
import { useLanguage } from './support/lang';
import { placeGuestOrder } from './support/orders';
import { shopClock } from '../shared/delivery-date';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const TEXTS = {
  fr: {
    outForDelivery: 'Partie en livraison',
    delivered: 'Livrée',
    undo: 'Annuler',
    onDeliveryStatus: 'En livraison',
    deliveredStatus: 'Livrée',
    today: 'Aujourd’hui',
    tomorrow: 'Demain',
  },
  ar: {
    outForDelivery: 'خرج للتوصيل',
    delivered: 'تم التوصيل',
    undo: 'تراجع',
    onDeliveryStatus: 'في الطريق',
    deliveredStatus: 'تم التوصيل',
    today: 'اليوم',
    tomorrow: 'غدًا',
  },
} as const;

/** Confirmed by the back office; answers the day it is to be delivered. */
async function confirm(api: APIRequestContext, baseURL: string, id: number): Promise<string> {
  const saved = await api.put(`/api/admin/orders/edit/${id}`, {
    headers: { origin: baseURL },
    data: { order_status: 'confirmed', payment_status: 'pending' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { data: { delivery_date: string } }).data.delivery_date;
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const lang of ['fr', 'ar'] as const) {
  const t = TEXTS[lang];
  test(`the driver marks an order out for delivery and delivered from the sheet, and undoes a tap (${lang}, 390px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(WIDTHS.phone);
    await useLanguage(page, lang);
    const { id } = await placeGuestOrder(baseURL!, { name: 'Nadia Alami', email: `nadia.${unique()}@guest.test`, phone: '0612345678' });
    await logInAsAdmin(page);
    const day = await confirm(page.request, baseURL!, id);
    const failures: string[] = [];

    // The sheet of the order's day, by its address (a bookmark).
    await page.goto(`/admin/orders/today?day=${day}`);
    await expect(page.getByRole('textbox').or(page.locator('input[type="date"]')).first()).toHaveValue(day);
    const card = page.getByTestId(`workshop-order-${id}`);
    await expect(card).toBeVisible();
    // The address keeps its own direction; the recipient's phone is a call link and a WhatsApp link.
    await expect(card.locator('bdi[dir="auto"]', { hasText: '12 avenue Mohammed V, appt 4' })).toBeVisible();
    await expect(card.locator('a[href="tel:+212612345678"]').first()).toBeVisible();
    await expect(card.locator('a[href="https://wa.me/212612345678"]').first()).toBeVisible();
    await noHorizontalOverflow(page);
    await scan(page, `workshop (${lang})`, failures);

    await card.getByRole('button', { name: t.outForDelivery }).click();
    await expect(card.getByText(t.onDeliveryStatus, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: t.delivered }).click();
    await expect(card.getByText(t.deliveredStatus, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: t.delivered })).toHaveCount(0);

    // One undo: back to out for delivery, the buttons come back.
    const bar = page.getByRole('status').filter({ hasText: `${id}` });
    await bar.getByRole('button', { name: t.undo }).click();
    await expect(card.getByText(t.onDeliveryStatus, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: t.delivered })).toBeVisible();
    const detail = (await (await page.request.get(`/api/admin/orders/${id}`)).json()) as {
      order_status: string;
      status_history: { order_status: string }[];
    };
    expect(detail.order_status).toBe('on_delivery');
    expect(detail.status_history.map((h) => h.order_status).slice(-3)).toEqual(['on_delivery', 'delivered', 'on_delivery']);

    await card.getByRole('button', { name: t.delivered }).click();
    await expect(card.getByText(t.deliveredStatus, { exact: true })).toBeVisible();

    // Another day's sheet does not hold it ("today" is the shop's day in Casablanca, not UTC's).
    await page.getByRole('button', { name: day === shopClock(new Date()).date ? t.tomorrow : t.today }).click();
    await expect(page.getByRole('textbox').or(page.locator('input[type="date"]')).first()).not.toHaveValue(day);
    await expect(page.getByTestId(`workshop-order-${id}`)).toHaveCount(0);
    await noHorizontalOverflow(page);
    expectNoFailures(failures);
  });
}

/** The revenue page's texts (web/src/locales/<lang>/admin-sales.json and common.json). */
const REVENUE_TEXTS = {
  fr: {
    periods: [
      ['Jour', 'day'],
      ['Semaine', 'week'],
      ['Mois', 'month'],
      ['Année', 'year'],
    ],
    products: 'Produits',
    delivery: 'Livraison',
    errors: ['Le chiffre d’affaires n’a pas pu être chargé. Veuillez réessayer.', 'Erreur du serveur'],
  },
  ar: {
    periods: [
      ['يوم', 'day'],
      ['أسبوع', 'week'],
      ['شهر', 'month'],
      ['سنة', 'year'],
    ],
    products: 'المنتجات',
    delivery: 'التوصيل',
    errors: ['تعذر تحميل الإيرادات. يرجى المحاولة مرة أخرى.', 'خطأ في الخادم'],
  },
} as const;

for (const lang of ['fr', 'ar'] as const) {
  const t = REVENUE_TEXTS[lang];
  test(`revenue goes Day → Week → Month → Year with delivered orders and says what it includes (${lang}, 390px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(WIDTHS.phone);
    await useLanguage(page, lang);
    const { id } = await placeGuestOrder(baseURL!, { name: 'Nadia Alami', email: `revenue.${unique()}@guest.test`, phone: '0612345678' });
    await logInAsAdmin(page);
    const saved = await page.request.put(`/api/admin/orders/edit/${id}`, {
      headers: { origin: baseURL! },
      data: { order_status: 'delivered', payment_status: 'paid' },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const failures: string[] = [];
    await page.goto('/admin/revenue');
    for (const [name, period] of t.periods) {
      const button = page.getByRole('button', { name, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(period === 'month' ? /\/admin\/revenue$/ : new RegExp(`period=${period}`));
      // Today's delivered order counts in every period (amounts are written 0,00 in both languages).
      await expect(page.getByTestId('revenue-total')).not.toHaveText(/^\s*0,00/);
      await expect(page.getByTestId('revenue-parts')).toContainText(t.products);
      await expect(page.getByTestId('revenue-parts')).toContainText(t.delivery);
      for (const error of t.errors) await expect(page.getByText(error)).toHaveCount(0);
      await noHorizontalOverflow(page);
      await scan(page, `revenue ${period} (${lang})`, failures);
    }
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard-revenue-parts')).toContainText(t.delivery);
    await expect(page.getByTestId('categories-total')).toBeVisible();
    await noHorizontalOverflow(page);
    expectNoFailures(failures);
  });
}
