/**
 * Accessibility, checked: every storefront page scanned with axe (WCAG 2.0/2.1/2.2 A and AA rules) in
 * French and in Arabic (right-to-left), at a phone width and at a desktop width, with real content on
 * screen (no skeletons, no spinners). Each page is opened once per language and scanned at both widths
 * (the window resized under it), its open states too (menus, quick view, field errors). Four tests per
 * language, each in one browser context: the public pages in three parts, then the cart, checkout and
 * account pages (signed in as the seeded admin).
 * Plus the header's category menu used with the keyboard only.
 */
import { expect, test, type Page } from './support/test';
import { WIDTHS, expectNoFailures, scan, waitForContent } from './support/a11y';
import { signIn } from './support/admin';
import { useLanguage } from './support/lang';

type Lang = 'fr' | 'ar';
const TEXTS = {
  fr: {
    add: 'Ajouter au panier',
    colors: 'Couleurs',
    login: 'Se connecter',
    subcategories: /^Sous-catégories/,
    quickView: /^Aperçu rapide/,
    openMenu: 'Ouvrir le menu',
  },
  ar: {
    add: 'أضف إلى السلة',
    colors: 'الألوان',
    login: 'تسجيل الدخول',
    subcategories: /.+/,
    quickView: /^نظرة سريعة/,
    openMenu: 'فتح القائمة',
  },
} as const;

async function firstProduct(page: Page, lang: Lang): Promise<{ id: number; name: string; colors: unknown[] }> {
  const answer = (await (await page.request.get('/api/products?per_page=20', { headers: { 'Accept-Language': lang } })).json()) as {
    data: { id: number; name: string; stock: number; colors: unknown[] }[];
  };
  // The seeded product with the lowest id: the catalogue journey, running alongside, creates a product,
  // moves it first in the shop's order and deletes it, which must not pull the page from under us.
  const product = answer.data.filter((p) => p.stock > 0).sort((a, b) => a.id - b.id)[0];
  expect(product, 'the demo catalogue has a product in stock').toBeTruthy();
  return product!;
}

const PUBLIC_PAGES = [
  ['/', '/shop', '/category/1', '/no-such-page-here'],
  ['product', '/wishlist', '/customize', '/login'],
  ['/signup', '/forgot-password', '/delivery', '/terms', '/information', '/contact', '/occasion/fete-des-meres'],
];

/** Interactive states scanned as well: open menus, the quick view dialog, a form showing its errors. */
async function scanStates(page: Page, path: string, lang: Lang, phone: boolean, failures: string[]) {
  const t = TEXTS[lang];
  const width = phone ? 'phone' : 'desktop';
  if (path === '/') {
    if (phone) {
      await page.getByRole('button', { name: t.openMenu }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.locator('#mobile-menu button[aria-expanded="false"]').first().click();
      await scan(page, '/ (mobile menu open)', failures);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    } else {
      await page.locator('button[aria-controls^="category-menu-"]').first().click();
      await scan(page, '/ (category menu open)', failures);
      await page.keyboard.press('Escape');
    }
  }
  if (path === '/shop') {
    const trigger = page.getByRole('button', { name: t.quickView }).first();
    await trigger.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.add, exact: true })).toBeVisible();
    await scan(page, `/shop (quick view open, ${width})`, failures);
    // Keyboard: focus is inside the dialog, Escape closes it and focus returns to the trigger.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  }
  if (path === '/login' || path === '/signup' || path === '/contact') {
    await page.locator('main form button[type="submit"]').first().click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await scan(page, `${path} (field errors shown, ${width})`, failures);
  }
}

/**
 * Scans the page open now at a phone width and at a desktop width: opened once, the window resized
 * under it (the layout follows the width through CSS alone). Each width's plain page is scanned before
 * any state is shown; then `states` (menus, dialogs, field errors) at desktop width, and at phone width.
 */
async function scanAtWidths(page: Page, label: string, failures: string[], states?: (phone: boolean) => Promise<void>) {
  await page.setViewportSize(WIDTHS.phone);
  await scan(page, `${label} (phone)`, failures);
  await page.setViewportSize(WIDTHS.desktop);
  await scan(page, `${label} (desktop)`, failures);
  if (states) {
    await states(false);
    await page.setViewportSize(WIDTHS.phone);
    await states(true);
  }
}

// The sweep's tests share nothing (each has its own browser context and cart): the two workers split them.
test.describe.configure({ mode: 'parallel' });

for (const lang of ['fr', 'ar'] as const) {
  test.describe(`a11y ${lang}`, () => {
    test.use({ viewport: WIDTHS.phone, reducedMotion: 'reduce' });
    // Each test scans several pages and their states at two widths (up to 18 scans); one axe scan of a
    // full page took 5-10 s on a 2-core machine loaded by another test suite, and more at a load of 30,
    // so the sweep gets more than the journeys' 3 minutes.
    test.describe.configure({ timeout: 600_000 });

    PUBLIC_PAGES.forEach((paths, part) => {
      test(`public pages ${part + 1} have no axe violations (${lang}, phone and desktop)`, async ({ page }) => {
        await useLanguage(page, lang);
        const failures: string[] = [];
        for (const path of paths) {
          await page.goto(path === 'product' ? `/product/${(await firstProduct(page, lang)).id}` : path);
          await scanAtWidths(page, path, failures, (phone) => scanStates(page, path, lang, phone, failures));
        }
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        expectNoFailures(failures);
      });
    });

    test(`cart, checkout and account pages have no axe violations (${lang}, phone and desktop)`, async ({ page }) => {
      await useLanguage(page, lang);
      const t = TEXTS[lang];
      const failures: string[] = [];

      await page.goto('/cart');
      await scanAtWidths(page, '/cart (empty)', failures);

      // One product added through the product page.
      const product = await firstProduct(page, lang);
      await page.goto(`/product/${product.id}`);
      await waitForContent(page);
      if (product.colors.length > 0) await page.getByRole('group', { name: t.colors }).getByRole('button').first().click();
      await page.getByRole('button', { name: t.add, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: product.name })).toBeVisible();
      // Also on the wishlist, so the wishlist page is scanned with a product.
      const heart = page.locator('main button[aria-pressed="false"]').first();
      if (await heart.isVisible()) await heart.click();
      await page.goto('/wishlist');
      await scanAtWidths(page, '/wishlist (one product)', failures);

      for (const [path, label] of [
        ['/cart', '/cart (one line)'],
        ['/checkout', '/checkout (one line)'],
      ] as const) {
        await page.goto(path);
        await scanAtWidths(page, label, failures);
      }

      // Signed in as the seeded admin (the login form itself is scanned above, empty and with errors).
      await signIn(page);
      // The drivers' screens (staff's board of the day and the round, the admin's own, empty), the delivery
      // slots, the day's cash, the occasions and the dashboard's today.
      for (const path of [
        '/profile',
        '/profile/orders',
        '/admin/rounds',
        '/admin/round',
        '/admin/delivery-slots',
        '/admin/cash',
        '/admin/occasions',
        '/admin/dashboard',
      ]) {
        await page.goto(path);
        await scanAtWidths(page, path, failures);
      }
      expectNoFailures(failures);
    });
  });
}

test.describe('keyboard', () => {
  test.use({ viewport: WIDTHS.desktop });

  for (const lang of ['fr', 'ar'] as const) {
    test(`the header category menu works with the keyboard alone (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await page.goto('/');
      await waitForContent(page);
      const nav = page.getByRole('navigation').filter({ has: page.locator('button[aria-controls^="category-menu-"]') });
      const toggle = nav.locator('button[aria-controls^="category-menu-"]').first();
      await expect(toggle).toHaveAccessibleName(TEXTS[lang].subcategories);
      const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);

      // Reach the toggle with Tab from the category link before it.
      await toggle.locator('xpath=preceding-sibling::a[1]').focus();
      await page.keyboard.press('Tab');
      await expect(toggle).toBeFocused();
      // Focus is visible: an outline is drawn.
      const outline = await toggle.evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe('none');

      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();

      // Tab moves into the menu; Escape closes it and gives focus back to the toggle.
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();

      // Space opens it too; Tab out of the whole menu closes it.
      await page.keyboard.press('Space');
      await expect(menu).toBeVisible();
      const links = await menu.getByRole('link').count();
      for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
      await expect(menu).toBeHidden();
    });
  }
});
