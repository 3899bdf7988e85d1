/**
 * The front desk on a 390 px phone, in French and in Arabic: a returning customer calls — the staff
 * order finds them from the phone number typed, and their name, a past address (with its zone) and a
 * past recipient are each filled in one tap; "repeat this order" starts a new order with the same
 * lines priced by the server; the order page offers WhatsApp messages in the order's language for a
 * mobile, and none for a landline (whose order, without an e-mail, says so first); the dashboard
 * starts with today. Each screen is scanned by axe.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { logInAsAdmin } from './support/admin';
import { useLanguage } from './support/lang';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const TEXTS = {
  fr: { buyerPhone: 'Téléphone du client', hello: 'Bonjour', noEmail: 'Pas d’e-mail', today: 'Aujourd’hui' },
  ar: { buyerPhone: 'هاتف الزبون', hello: 'مرحبا', noEmail: 'لا يوجد بريد إلكتروني', today: 'اليوم' },
} as const;

/** 8 digits of this run and language: the journeys run side by side and every run adds orders. */
const digits = (lang: 'fr' | 'ar') => `${String(Date.now() % 10_000_000).padStart(7, '0')}${lang === 'fr' ? 1 : 2}`;

/** A staff order through the admin API (the signed-in page's cookies), in `lang`: its id. */
async function staffOrder(
  api: APIRequestContext,
  baseURL: string,
  lang: 'fr' | 'ar',
  buyer: { name: string; phone: string; email: string | null },
  extra: { street: string; recipient?: { name: string; phone: string } },
): Promise<{ id: number; productName: string }> {
  const products = (await (
    await api.get('/api/admin/products?per_page=50&sort=position', { headers: { 'accept-language': lang } })
  ).json()) as {
    data: { id: number; name: string; stock: number }[];
  };
  const product = products.data.filter((p) => p.stock > 5).at(lang === 'fr' ? -3 : -4)!;
  const zones = (await (await api.get('/api/delivery-zones')).json()) as { id: number }[];
  const quote = (await (await api.get(`/api/admin/orders/quote?lines=${product.id}x1&delivery_zone_id=${zones[0]!.id}`)).json()) as {
    total_amount: number;
  };
  // No date: the order goes out on the expected day (today until 15:00, a date chosen must be tomorrow
  // or later), and its slot is the first one still open that day (the migration seeds three).
  const day = ((await (await api.get('/api/delivery/closed-dates')).json()) as { expected_without_date: string }).expected_without_date;
  const slots = (await (await api.get(`/api/delivery/slots?date=${day}&city=${zones[0]!.id}`)).json()) as {
    key: string;
    available: boolean;
  }[];
  const placed = await api.post('/api/admin/orders', {
    headers: { origin: baseURL, 'accept-language': lang, 'idempotency-key': `front-desk-${unique()}` },
    data: {
      source: 'phone',
      items: [{ product_id: product.id, quantity: 1 }],
      customer: buyer,
      address: { full_name: buyer.name, street: extra.street, city: 'Rabat', postal_code: '10000', country: 'Maroc', phone: buyer.phone },
      recipient: extra.recipient ? { ...extra.recipient, anonymous: false } : null,
      delivery_zone_id: zones[0]!.id,
      delivery_slot: slots.find((x) => x.available)?.key,
      payment_method: 'cash_on_delivery',
      total_amount: quote.total_amount,
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return { id: ((await placed.json()) as { order: { id: number } }).order.id, productName: product.name };
}

for (const lang of ['fr', 'ar'] as const) {
  const t = TEXTS[lang];

  test(`front desk: returning customer by phone, repeat an order, WhatsApp for a mobile only, today first (${lang}, 390px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(WIDTHS.phone);
    await useLanguage(page, lang);
    const failures: string[] = [];
    await logInAsAdmin(page);
    const d = digits(lang);
    const mobile = `06${d}`;
    const name = lang === 'ar' ? `نادية ${unique()}` : `Nadia ${unique()}`;
    const street = `${d.slice(-3)} avenue Hassan II`;
    const past = await staffOrder(
      page.request,
      baseURL!,
      lang,
      { name, phone: mobile, email: `nadia-${unique()}@example.com` },
      {
        street,
        recipient: { name: 'Salma', phone: '0677000000' },
      },
    );
    const landline = await staffOrder(
      page.request,
      baseURL!,
      lang,
      { name: `Fixe ${unique()}`, phone: `05${d}`, email: null },
      { street: '1 rue Fixe' },
    );

    // The staff order: the phone typed as the customer says it finds them; one tap each fills the rest.
    await page.goto('/admin/orders/new');
    await page.getByLabel(t.buyerPhone).fill(`06 ${d.match(/../g)!.join(' ')}`);
    const known = page.getByTestId('returning-customer');
    await expect(known).toBeVisible();
    await known.getByRole('button', { name: new RegExp(name) }).click();
    await expect(page.locator('input[name="customer.name"]')).toHaveValue(name);
    await known.getByRole('button', { name: new RegExp(street) }).click();
    await expect(page.locator('input[name="address.street"]')).toHaveValue(street);
    await expect(page.locator('input[name="address.postal_code"]')).toHaveValue('10000');
    await known.getByRole('button', { name: /Salma/ }).click();
    await expect(page.locator('input[name="recipient.name"]')).toHaveValue('Salma');
    await scan(page, `/admin/orders/new, returning customer (${lang})`, failures);

    // "Repeat this order" from their past order: same line, priced by the server.
    await known.getByTestId('repeat-order').first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/new\\?repeat=${past.id}$`));
    await expect(page.getByTestId('repeat-notice')).toContainText(String(past.id));
    await expect(page.getByText(past.productName).first()).toBeVisible();
    await expect(page.locator('input[name="customer.name"]')).toHaveValue(name);
    await expect(page.getByTestId('new-order-total')).not.toHaveText('–');
    await scan(page, `/admin/orders/new?repeat (${lang})`, failures);

    // The order page repeats too, and offers WhatsApp messages in the order's language for a mobile.
    await page.goto(`/admin/orders/edit/${past.id}`);
    const messages = page.getByTestId('customer-messages');
    await expect(messages.getByTestId('whatsapp-confirmed')).toHaveAttribute('href', new RegExp(`^https://wa\\.me/2126${d}\\?text=`));
    const href = (await messages.getByTestId('whatsapp-on_its_way').getAttribute('href'))!;
    expect(decodeURIComponent(href.split('?text=')[1]!)).toContain(t.hello);
    await expect(page.getByTestId('repeat-order')).toBeVisible();
    await scan(page, `/admin/orders/edit (mobile, ${lang})`, failures);

    // A landline: no WhatsApp link; without an e-mail the messages come first and say so.
    await page.goto(`/admin/orders/edit/${landline.id}`);
    const first = page.getByTestId('customer-messages');
    await expect(first.getByTestId('no-email')).toContainText(t.noEmail);
    await expect(first.getByTestId('no-whatsapp')).toBeVisible();
    await expect(first.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
    await expect(page.locator('a[href^="https://wa.me/"][href*="?text="]')).toHaveCount(0);
    await scan(page, `/admin/orders/edit (landline, no e-mail, ${lang})`, failures);

    // The dashboard starts with today.
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: new RegExp(`^${t.today}`) })).toBeVisible();
    await expect(page.getByTestId('today-to-confirm')).toBeVisible();
    await scan(page, `/admin/dashboard, today (${lang})`, failures);
    expectNoFailures(failures);
  });
}
