/**
 * The delivery day on phones (390 px): staff, in French, give two orders to a driver from the rounds
 * board and put the second stop first; the driver, signed in on its phone in Arabic (right to left),
 * finds its stops in that order with call, WhatsApp and map links, collects the cash and marks the
 * first stop delivered with a photo; the customer's tracking page then shows the photo.
 */
import { expect, test } from './support/test';
import { signIn } from './support/admin';
import { useLanguage } from './support/lang';
import { waitForMail } from './support/mail';
import { firstChoosableDay, placeGuestOrder } from './support/orders';

const PHONE = { width: 390, height: 844 };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
/** A 2×2 PNG: the photo a phone's camera would give. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ viewport: PHONE });

test('staff assign and order a round; the driver delivers in Arabic with a photo and cash; the customer sees the photo', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = `lina.${unique()}@example.test`;
  // Both orders on one day the shoppers chose (the day without a choice depends on the hour).
  const day = await firstChoosableDay(baseURL!);
  const first = await placeGuestOrder(baseURL!, { name: 'Lina Tazi', email, phone: '0612345678' }, { deliveryDate: day });
  const second = await placeGuestOrder(
    baseURL!,
    { name: 'Omar Idrissi', email: `omar.${unique()}@example.test`, phone: '0698765432' },
    { deliveryDate: day },
  );
  expect([first.delivery_date, second.delivery_date]).toEqual([day, day]);

  // Staff, in French: a new driver, then the board of the orders' day.
  await useLanguage(page, 'fr');
  await signIn(page);
  const driver = { email: `karim.${unique()}@example.test`, password: 'Livraisons-2026!' };
  const created = await page.request.post('/api/admin/admins/new', {
    headers: { origin: baseURL! },
    data: { name: 'Karim Livreur', email: driver.email, password: driver.password, password_confirmation: driver.password, role: 'driver' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/admin/rounds');
  await page.getByLabel('Jour', { exact: true }).fill(day);
  await page.getByLabel(`N°${first.id} · Lina Tazi`).check();
  await page.getByLabel(`N°${second.id} · Omar Idrissi`).check();
  await page.getByLabel('Livreur', { exact: true }).selectOption({ label: 'Karim Livreur' });
  await page.getByRole('button', { name: 'Attribuer (2)' }).click();
  const round = page.getByRole('region', { name: /^Karim Livreur : 2 arrêts/ });
  await expect(round.getByTestId(`stop-${first.id}`)).toBeVisible();
  // On a phone the stops move with the buttons: Omar's stop first.
  await round.getByRole('button', { name: `Monter la commande n°${second.id}` }).click();
  await round.getByRole('button', { name: 'Enregistrer l’ordre' }).click();
  await expect(round.getByRole('button', { name: 'Enregistrer l’ordre' })).toHaveCount(0);
  await expect(round.locator('li').first()).toHaveAttribute('data-testid', `stop-${second.id}`);

  // The driver, on its own phone, in Arabic.
  const phone = await browser.newContext({ viewport: PHONE, baseURL });
  const driverPage = await phone.newPage();
  await useLanguage(driverPage, 'ar');
  await signIn(driverPage, driver);
  await driverPage.goto('/admin/orders');
  // Anything but its round takes the driver to its round.
  await expect(driverPage).toHaveURL(/\/admin\/round$/);
  await expect(driverPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await driverPage.getByLabel('اليوم').fill(day);
  const stops = driverPage.locator('main ol > li');
  await expect(stops).toHaveCount(2);
  await expect(stops.first()).toContainText(`الطلب رقم ${second.id}`);
  const stop = stops.nth(1);
  await expect(stop).toContainText(`الطلب رقم ${first.id}`);
  await expect(stop.getByRole('link', { name: 'اتصال' })).toHaveAttribute('href', 'tel:0612345678');
  await expect(stop.getByRole('link', { name: 'واتساب' })).toHaveAttribute('href', 'https://wa.me/212612345678');
  await expect(stop.getByRole('link', { name: 'الخريطة' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  );

  await stop.getByRole('button', { name: 'تم تحصيل المبلغ نقدًا' }).click();
  await expect(stop).toContainText('لا شيء (مدفوع)');
  await stop.getByLabel('صورة التوصيل (اختيارية)').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PHOTO });
  await stop.getByRole('button', { name: 'تم التوصيل' }).click();
  await expect(stop.getByRole('img', { name: `صورة توصيل الطلب رقم ${first.id}` })).toBeVisible();

  // The customer follows the link of the confirmation mail: the photo is on the tracking page.
  const mail = await waitForMail(email, { subject: /track/ });
  const link = mail.links.find((l) => l.includes('track'))!;
  const customer = await browser.newPage({ viewport: PHONE });
  await customer.goto(link);
  await expect(customer.locator('figure img')).toBeVisible();
  expect(await customer.locator('figure img').getAttribute('src')).toMatch(/^\/uploads\/deliveries\/.+\.webp$/);
});
