/**
 * Paying by card through the CMI gateway, in French and in Arabic on a 390 px phone: paid; declined
 * then paid on a retry; the tab closed right after paying (the gateway's server-to-server callback
 * alone marks the order paid); a gift paid by its sender (cash would have the recipient pay at the
 * door, and the checkout says so); a staff order paid through its payment link.
 *
 * The suite's server (playwright.config.ts) runs without card payment, and other journeys check the
 * card's "coming soon". This file starts its own shop, once, with the CMI settings pointing at the
 * gateway simulator (e2e/support/cmi-simulator.ts) it starts beside it, on a fresh data folder.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { useLanguage } from './support/lang';
import { APPROVING_CARD, DECLINING_CARD, startCmiSimulator, type CmiSimulator } from './support/cmi-simulator';

const freePort = () =>
  Number(
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );

// Known when the file loads, so that every page of this file goes to this file's shop.
const port = freePort();
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'admin@card.e2e.test', password: 'admin-card-e2e-password' };
const STORE_KEY = 'card-e2e-store-key';
const CLIENT_ID = '600000042';

test.use({ baseURL: base, viewport: { width: 390, height: 844 } });

let server: ChildProcess | undefined;
let simulator: CmiSimulator;
let dataDir: string;
let serverErrors = '';

test.beforeAll(async () => {
  // A fresh data folder is migrated and seeded before the server answers: minutes on a loaded machine.
  test.setTimeout(420_000);
  simulator = await startCmiSimulator({ storeKey: STORE_KEY, clientId: CLIENT_ID });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-e2e-card-'));
  server = spawn(process.execPath, ['--enable-source-maps', path.join('dist', 'server', 'start.js')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      CMI_CLIENT_ID: CLIENT_ID,
      CMI_STORE_KEY: STORE_KEY,
      CMI_GATEWAY_URL: simulator.gatewayUrl,
    },
  });
  server.stderr!.on('data', (chunk: Buffer) => (serverErrors = (serverErrors + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 400_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the card shop stopped (${server.exitCode}): ${serverErrors}`);
    const up = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the card shop did not start: ${serverErrors}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await simulator?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  simulator.holdReturns = false;
});

type Lang = 'fr' | 'ar';
const locale = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(path.join('web', 'src', 'locales', lang, `${ns}.json`), 'utf8')) as Record<string, Record<string, string>>;
const TEXTS = { fr: { place: 'Confirmer la commande' }, ar: { place: 'تأكيد الطلب' } };
const cardTexts = (lang: Lang) => locale(lang, 'payments').card!;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const input = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`);
const shot = (page: Page, name: string, lang: Lang) =>
  page.screenshot({ path: `test-results/screens/card-${name}-${lang}.png`, fullPage: true });

type ApiProduct = { id: number; stock: number; colors?: { id: number }[]; sizes?: { id: number }[] | null; is_extra?: boolean };

/** A product in stock without sizes (any colour): one unit of it in the page's cart, to the first zone. */
async function fillCart(request: APIRequestContext): Promise<number> {
  const products = (await (await request.get('/api/products?per_page=50')).json()) as { data: ApiProduct[] };
  const product = products.data.find((p) => p.stock > 5 && !p.is_extra && !(p.sizes && p.sizes.length))!;
  const added = await request.post('/api/cart/add', {
    headers: { origin: base },
    data: { product_id: product.id, color_id: product.colors?.[0]?.id ?? null, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const zones = (await (await request.get('/api/delivery-zones')).json()) as { id: number }[];
  const city = await request.post('/api/cart/delivery-city', { headers: { origin: base }, data: { zone_id: zones[0]!.id } });
  expect(city.ok(), await city.text()).toBe(true);
  return product.id;
}

/** The checkout, filled for a guest, with the card chosen; returns once the order is placed (its answer). */
async function checkoutByCard(page: Page, lang: Lang, opts: { gift?: boolean; screenshot?: boolean } = {}) {
  await fillCart(page.request);
  await page.goto('/checkout');
  if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await input(page, 'customer.name').fill('Salma Bennani');
  await input(page, 'customer.email').fill(`card.${unique()}@example.ma`);
  await input(page, 'customer.phone').fill('0612345678');
  if (opts.gift) {
    await input(page, 'recipient_enabled').check();
    await input(page, 'recipient.name').fill('Yasmine Alaoui');
    await input(page, 'recipient.phone').fill('0698765432');
    // Cash for a gift: the recipient pays at the door, and the card is offered so that they pay nothing.
    await expect(input(page, 'payment_method').and(page.locator('[value="cash_on_delivery"]'))).toBeChecked();
    const sentence = page.getByTestId('recipient-pays');
    await expect(sentence).toBeVisible();
    await expect(sentence).toContainText(cardTexts(lang).recipientPaysCashOffer!);
    await expect(sentence).toContainText(cardTexts(lang).recipientPaysCash!.split('{{amount}}')[0]!.trim());
    await shot(page, 'gift-cash', lang);
  }
  const street = input(page, 'address.street');
  await street.fill('12 rue des Roses, Agdal');
  await input(page, 'address.postal_code').fill('10080');
  const fullName = input(page, 'address.full_name');
  if (await fullName.count()) await fullName.fill('Yasmine Alaoui');
  const card = page.locator('input[name="payment_method"][value="card_payment"]');
  await expect(card).toBeEnabled();
  await card.check();
  await expect(page.getByText(cardTexts(lang).available!)).toBeVisible();
  if (opts.gift) await expect(page.getByTestId('recipient-pays')).toHaveCount(0);
  await input(page, 'accept_terms').check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (opts.screenshot) await shot(page, 'checkout', lang);
  // The checkout's answer, read on its way to the page (the page leaves for the gateway at once).
  let placed: { order: { id: number }; tracking_url?: string; payment?: unknown } | undefined;
  await page.route('**/api/checkout', async (route) => {
    const response = await route.fetch();
    placed = (await response.json()) as typeof placed;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: TEXTS[lang].place }).click();
  await page.waitForURL(/\/fim\/est3Dgate$/);
  await page.unroute('**/api/checkout');
  if (!placed) throw new Error('no checkout answer');
  expect(placed.payment, 'a card checkout answers the gateway form').toBeTruthy();
  return { id: placed.order.id, trackingUrl: placed.tracking_url! };
}

/** On the simulator's card page: the card typed and paid. */
async function payOnGateway(page: Page, cardNumber: string, lang?: Lang) {
  await page.waitForURL(/\/fim\/est3Dgate$/);
  await expect(page.locator('input[name="card"]')).toBeVisible();
  if (lang) await shot(page, 'gateway', lang);
  await page.locator('input[name="card"]').fill(cardNumber);
  await page.getByRole('button', { name: 'Pay' }).click();
}

async function expectCardState(page: Page, lang: Lang, state: 'paid' | 'failed') {
  await page.waitForURL(/\/orders\/track\/\d+\?token=/);
  const panel = page.getByTestId('card-payment');
  await expect(panel).toHaveAttribute('data-state', state);
  await expect(panel.getByRole('status')).toHaveText(cardTexts(lang)[`state_${state}`]!);
  if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return panel;
}

for (const lang of ['fr', 'ar'] as const) {
  test.describe(`card payment (${lang})`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('paid by card: the gateway sends the shopper back to the paid order', async ({ page }) => {
      const { id } = await checkoutByCard(page, lang, { screenshot: true });
      await payOnGateway(page, APPROVING_CARD, lang);
      await expectCardState(page, lang, 'paid');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(String(id));
      await shot(page, 'paid', lang);
      expect(simulator.payments.at(-1)!.callbackAnswer).toBe('ACTION=POSTAUTH');
    });

    test('declined, then paid on a retry', async ({ page }) => {
      const { id } = await checkoutByCard(page, lang);
      await payOnGateway(page, DECLINING_CARD);
      const panel = await expectCardState(page, lang, 'failed');
      await expect(panel.getByRole('button', { name: cardTexts(lang).tryAgain })).toBeVisible();
      await expect(panel.getByRole('button', { name: cardTexts(lang).payOnDelivery })).toBeVisible();
      // The order's history says it in the customer's words, not the staff's codes.
      await expect(page.locator('main')).not.toContainText(/card:|payment:/);
      await shot(page, 'failed', lang);
      await panel.getByTestId('card-retry').click();
      await payOnGateway(page, APPROVING_CARD);
      await expectCardState(page, lang, 'paid');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(String(id));
      // Two attempts of the same order at the gateway: the first declined, the second approved.
      const attempts = simulator.payments.slice(-2);
      expect(attempts.map((p) => p.approved)).toEqual([false, true]);
      expect(attempts[0]!.fields.oid).not.toBe(attempts[1]!.fields.oid);
    });

    test('the tab closed right after paying: the callback alone marks the order paid', async ({ page, browser }) => {
      simulator.holdReturns = true;
      const { id, trackingUrl } = await checkoutByCard(page, lang);
      await payOnGateway(page, APPROVING_CARD);
      await expect(page.getByRole('heading', { name: 'Payment done' })).toBeVisible();
      expect(simulator.payments.at(-1)!.callbackAnswer).toBe('ACTION=POSTAUTH');
      await page.close();
      // Later, from the confirmation mail's link, in another window: paid.
      const later = await (await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } })).newPage();
      await useLanguage(later, lang);
      const { pathname, search } = new URL(trackingUrl, base);
      await later.goto(pathname + search);
      await expect(later.locator('html[data-app-ready]')).toBeAttached();
      await expectCardState(later, lang, 'paid');
      await expect(later.getByRole('heading', { level: 1 })).toContainText(String(id));
    });

    test('a gift paid by its sender by card', async ({ page }) => {
      await checkoutByCard(page, lang, { gift: true });
      await payOnGateway(page, APPROVING_CARD);
      await expectCardState(page, lang, 'paid');
    });

    test('a staff order paid through its payment link', async ({ page, browser }) => {
      // The back office, signed in as the shop's admin, on a phone.
      const adminContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
      const admin = await adminContext.newPage();
      await useLanguage(admin, lang);
      const login = await adminContext.request.post('/api/login', { data: ADMIN, headers: { origin: base } });
      expect(login.ok(), await login.text()).toBe(true);
      const { user, expires_in } = (await login.json()) as { user: Record<string, unknown>; expires_in: number };
      await admin.addInitScript(
        ([signedIn, expiresAt]) => {
          localStorage.setItem('user', JSON.stringify(signedIn));
          localStorage.setItem('session_expiry', String(expiresAt));
        },
        [user, Date.now() + expires_in * 1000] as const,
      );
      // The order, taken on the phone, waiting for its payment link.
      const request = adminContext.request;
      const products = (await (await request.get('/api/products?per_page=50')).json()) as { data: ApiProduct[] };
      const product = products.data.find((p) => p.stock > 5 && !p.is_extra && !(p.sizes && p.sizes.length))!;
      const zones = (await (await request.get('/api/delivery-zones')).json()) as { id: number }[];
      const quote = (await (
        await request.get(`/api/admin/orders/quote?lines=${product.id}x1&delivery_zone_id=${zones[0]!.id}`)
      ).json()) as { total_amount: number };
      // No date: the order goes out on the expected day (today until 15:00, a date chosen must be
      // tomorrow or later), and its slot is the first one still open that day (the migration seeds three).
      const day = ((await (await request.get('/api/delivery/closed-dates')).json()) as { expected_without_date: string })
        .expected_without_date;
      const slots = (await (await request.get(`/api/delivery/slots?date=${day}&city=${zones[0]!.id}`)).json()) as {
        key: string;
        available: boolean;
      }[];
      const created = await request.post('/api/admin/orders', {
        headers: { origin: base, 'idempotency-key': `e2e-card-${unique()}`, 'accept-language': lang },
        data: {
          source: 'phone',
          items: [{ product_id: product.id, color_id: product.colors?.[0]?.id ?? null, quantity: 1 }],
          customer: { name: 'Karim Tazi', phone: '0612345678', email: `link.${unique()}@example.ma` },
          address: {
            full_name: 'Karim Tazi',
            street: '5 rue Patrice Lumumba',
            city: 'Rabat',
            postal_code: '10000',
            country: 'Maroc',
            phone: '0612345678',
          },
          delivery_zone_id: zones[0]!.id,
          delivery_slot: slots.find((x) => x.available)?.key,
          payment_method: 'payment_link',
          total_amount: quote.total_amount,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const orderId = ((await created.json()) as { order: { id: number } }).order.id;

      await admin.goto(`/admin/orders/edit/${orderId}`);
      const panel = admin.getByRole('region', { name: locale(lang, 'admin-payment-link').paymentLink!.title });
      await panel.getByTestId('payment-link-create').click();
      const url = await panel.getByTestId('payment-link-url').inputValue();
      // In the customer's language: /ar/pay/… for an Arabic order.
      expect(url).toMatch(new RegExp(`^${base}${lang === 'ar' ? '/ar' : ''}/pay/`));
      await panel.scrollIntoViewIfNeeded();
      await admin.screenshot({ path: `test-results/screens/card-payment-link-panel-${lang}.png` });
      await adminContext.close();

      // The customer opens the link (sent by WhatsApp or mail) and pays.
      await page.goto(new URL(url).pathname);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(cardTexts(lang).payTitle!.replace('{{id}}', String(orderId)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'pay-link', lang);
      await page.getByTestId('pay-by-card').click();
      await payOnGateway(page, APPROVING_CARD);
      // Back on the order's page, paid; no card panel there (the order is paid by link, not by card at checkout).
      await page.waitForURL(new RegExp(`/orders/track/${orderId}\\?token=`));
      await expect(page.getByText(locale(lang, 'common').paymentStatus!.paid!, { exact: true }).first()).toBeVisible();
      await expect(page.locator('main')).not.toContainText('payment:');
      await shot(page, 'pay-link-paid', lang);
      // The link now says the order is paid.
      await page.goto(new URL(url).pathname);
      await expect(page.getByText(cardTexts(lang).linkPaid!)).toBeVisible();
    });
  });
}
