/**
 * Delivery slots and pick-up in a real browser at 390 px, in French and in Arabic: a guest chooses a
 * pick-up at the checkout (the summary drops the delivery fee, the total is the one sent), keeps the
 * first slot offered, and sees the slot on the confirmation and on the tracking page. The back
 * office's slots screen lists the seeded slots.
 */
import { signIn } from './support/admin';
import { useLanguage } from './support/lang';
import { waitForMail } from './support/mail';
import { expect, test } from './support/test';

const TEXTS = {
  fr: {
    pickup: 'Retrait en boutique (sans frais)',
    free: 'Retrait en boutique : gratuit',
    collected: 'Retrait en boutique',
    mailSlot: (slot: string) => `créneau ${slot}`,
    mailIntro: 'confirmer le retrait en boutique',
    slot: 'Créneau',
    place: 'Confirmer la commande',
  },
  ar: {
    pickup: 'الاستلام من المتجر (مجانًا)',
    free: 'الاستلام من المتجر: مجانًا',
    collected: 'الاستلام من المتجر',
    mailSlot: (slot: string) => `الفترة ${slot}`,
    mailIntro: 'لتأكيد الاستلام من المتجر',
    slot: 'الفترة',
    place: 'تأكيد الطلب',
  },
} as const;

const money = (text: string) => Number(text.replace(/[^\d,.]/g, '').replace(',', '.'));

for (const lang of ['fr', 'ar'] as const) {
  test(`a guest collects at the shop in a slot, with no delivery fee (${lang})`, async ({ page, baseURL }) => {
    const t = TEXTS[lang];
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    const origin = { origin: baseURL! };
    const products = (await (await page.request.get('/api/products?per_page=50')).json()) as {
      data: { id: number; stock: number; colors?: { id: number }[]; sizes?: unknown[] }[];
    };
    // One without sizes: a sized bouquet asks its size first.
    const product = products.data.find((p) => p.stock > 5 && (p.sizes ?? []).length === 0)!;
    const added = await page.request.post('/api/cart/add', {
      data: { product_id: product.id, color_id: product.colors?.[0]?.id ?? null, quantity: 1 },
      headers: origin,
    });
    expect(added.ok(), await added.text()).toBe(true);
    const zones = (await (await page.request.get('/api/delivery-zones')).json()) as { id: number }[];
    expect((await page.request.post('/api/cart/delivery-city', { data: { zone_id: zones[0]!.id }, headers: origin })).ok()).toBe(true);
    const cart = (await (await page.request.get('/api/cart')).json()) as { summary: { total: number; shipping: number } };
    expect(cart.summary.shipping, 'the first zone charges a fee').toBeGreaterThan(0);

    await page.goto('/checkout');
    await expect(page.getByTestId('summary-total')).toBeVisible();
    expect(money((await page.getByTestId('summary-total').textContent())!)).toBe(cart.summary.total);
    await page.getByText(t.pickup, { exact: true }).click();
    await expect(page.getByTestId('summary-shipping')).toHaveText(t.free);
    await expect(page.getByTestId('summary-total')).not.toHaveText(String(cart.summary.total));
    expect(money((await page.getByTestId('summary-total').textContent())!)).toBe(cart.summary.total - cart.summary.shipping);
    await page.locator('input[name="customer.name"]').fill('Salma Retrait');
    const email = `pickup-${lang}-${Date.now()}@e2e.test`;
    await page.locator('input[name="customer.email"]').fill(email);
    await page.locator('input[name="customer.phone"]').fill('0612345678');
    const slot = page.locator('select[name="delivery_slot"]');
    await expect(slot).not.toHaveValue('');
    const label = (await slot.locator('option:checked').textContent())!.trim();
    await page.locator('input[name="accept_terms"]').check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/delivery-slots-checkout-${lang}.png`, fullPage: true });

    const placed = page.waitForResponse((r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST');
    await page.getByRole('button', { name: t.place, exact: true }).click();
    const answer = (await (await placed).json()) as { order: { total_amount: number; shipping_cost: number; delivery_method: string } };
    expect(answer.order).toMatchObject({
      total_amount: cart.summary.total - cart.summary.shipping,
      shipping_cost: 0,
      delivery_method: 'pickup',
    });
    const confirmation = page.getByTestId('order-slot');
    await expect(confirmation).toContainText(t.collected);
    await expect(confirmation).toContainText(label);
    await page.screenshot({ path: `test-results/screens/delivery-slots-placed-${lang}.png`, fullPage: true });

    await page.getByTestId('order-tracking').click();
    await expect(page.getByTestId('order-slot')).toContainText(label);
    await expect(page.getByTestId('order-slot')).toContainText(t.collected);

    // The confirmation mail, in the shopper's language: a pick-up in that slot (the shop's address and
    // hours follow when the contact settings have them: the API tests).
    const mail = await waitForMail(email);
    expect(mail.text).toContain(t.collected);
    expect(mail.text).toContain(t.mailSlot(label));
    expect(mail.text).toContain(t.mailIntro);
  });

  test(`the slots screen lists the seeded slots at 390 px (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/admin/delivery-slots');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/delivery-slots-admin-${lang}.png`, fullPage: true });
  });
}
