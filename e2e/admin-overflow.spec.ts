/**
 * The back office through a florist's day, on every screen size she uses: every admin route (the
 * admin route table, with a real order, product, category, subcategory and customer for the detail
 * and edit routes) at 390, 768, 1024, 1280 and 1440 px, in French and in Arabic (right to left),
 * never makes the page wider than the window. One signed-in page per language: each route is opened
 * once and the window resized under it (no sign-in or reload per route or width). On the lists a
 * florist works from (orders, products, colours, customers, coupons), the row's figure (the total, the
 * price, the order count...) and every one of its buttons are in sight at 768 and 1280 px, without
 * scrolling the table sideways.
 *
 * Plus two journeys of that day: the revenue screen switches Day -> Week -> Month -> Year with
 * delivered orders and never falls on the error page; and a session the server no longer knows (or
 * none at all) on a bookmarked admin page lands on the login page carrying the page in `next`.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { waitForContent } from './support/a11y';
import { logInAsAdmin, signIn } from './support/admin';
import { useLanguage } from './support/lang';
import { placeGuestOrder } from './support/orders';

const WIDTHS = [390, 768, 1024, 1280, 1440] as const;
const HEIGHT = 900;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Two units to a long street: the screens must hold a long line and a quantity. */
const longOrder = (lang: 'fr' | 'ar') => ({ lang, quantity: 2, street: '12 avenue Mohammed V, résidence Les Orangers, appartement 14' });

/** Sets an order delivered and paid through the admin API (the signed-in page's cookies). */
async function deliver(api: APIRequestContext, baseURL: string, id: number) {
  const saved = await api.put(`/api/admin/orders/edit/${id}`, {
    headers: { origin: baseURL },
    data: { order_status: 'delivered', payment_status: 'paid' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function firstId(api: APIRequestContext, path: string): Promise<number> {
  const answer = await api.get(path);
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  const body = (await answer.json()) as { data: { id: number }[] };
  expect(body.data.length, `${path} lists something`).toBeGreaterThan(0);
  return body.data[0]!.id;
}

/** The window is at its new width once the page has been laid out for it (two frames). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** How much wider than the window the page is, and the outermost elements that stick out. */
async function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const by = document.documentElement.scrollWidth - width;
    if (by <= 0) return { by, culprits: [] };
    const rtl = document.documentElement.dir === 'rtl';
    const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0) return false;
      return rtl ? box.left < -0.5 : box.right > width + 0.5;
    });
    // Only the outermost: an element whose parent already sticks out says nothing new.
    const outer = out.filter((el) => !out.includes(el.parentElement!));
    const describe = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(/\s+/).slice(0, 4).join('.')} [${Math.round(el.getBoundingClientRect().width)}px] "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    return { by, culprits: outer.slice(0, 5).map(describe) };
  });
}

/** Every path of the admin route table, with real ids for the detail and edit routes. */
function adminPaths(ids: { order: number; product: number; category: number; subcategory: number; customer: number }): string[] {
  return [
    '/admin',
    '/admin/dashboard',
    '/admin/dashboard/revenue',
    '/admin/revenue?period=day',
    '/admin/revenue?period=week',
    '/admin/revenue?period=year',
    '/admin/orders',
    '/admin/orders/today',
    '/admin/rounds',
    '/admin/round',
    '/admin/cash',
    `/admin/orders/edit/${ids.order}`,
    // A new staff order repeating one: its notice, lines and the returning customer's choices.
    `/admin/orders/new?repeat=${ids.order}`,
    '/admin/products',
    '/admin/products?status=archived',
    '/admin/products/reorder',
    '/admin/products/add',
    '/admin/products/new',
    `/admin/products/edit/${ids.product}`,
    '/admin/categories',
    '/admin/categories/new',
    `/admin/categories/edit/${ids.category}`,
    '/admin/subcategories',
    '/admin/subcategories/new',
    `/admin/subcategories/edit/${ids.subcategory}`,
    '/admin/colors',
    '/admin/occasions',
    '/admin/customers',
    `/admin/customers/${ids.customer}`,
    '/admin/testimonials',
    '/admin/profile',
    '/admin/profile/new-admin',
    '/admin/add-admin',
    '/admin/coupons',
    '/admin/delivery-zones',
    '/admin/delivery-slots',
    '/admin/closed-dates',
    '/admin/settings',
    '/admin/audit',
    '/admin/no-such-page',
  ];
}

/** Per list: the columns (DataTable's `data-column`) whose cells must be in sight on a tablet and a laptop. */
const KEY_CELLS: Record<string, string[]> = {
  '/admin/orders': ['total', '__actions'],
  '/admin/products': ['name', 'price', '__actions'],
  '/admin/colors': ['name', '__actions'],
  '/admin/occasions': ['name', '__actions'],
  // A customer's row opens by its name (a link): no buttons.
  '/admin/customers': ['name', 'orders'],
  '/admin/coupons': ['code', 'discount', '__actions'],
};
const KEY_WIDTHS: readonly number[] = [768, 1280];

/** The key cells of the list's first row (and each button in them) that are not wholly in sight, as the table first shows. */
async function keyCellsOutOfSight(page: Page, keys: string[]): Promise<string[]> {
  return page.evaluate((keys) => {
    const row = document.querySelector('main tbody tr');
    if (!row) return ['no row listed'];
    const region = row.closest('[role="region"]')!.getBoundingClientRect();
    const left = Math.max(0, region.left);
    const right = Math.min(window.innerWidth, region.right);
    const out: string[] = [];
    for (const key of keys) {
      const cell = row.querySelector<HTMLElement>(`[data-column="${key}"]`);
      const parts = cell ? [cell, ...cell.querySelectorAll<HTMLElement>('a, button')] : [];
      if (!cell || cell.getBoundingClientRect().width === 0) out.push(`${key}: not shown`);
      for (const el of parts) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && (box.left < left - 1 || box.right > right + 1)) {
          out.push(
            `${key} ${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}": ${Math.round(box.left)}-${Math.round(box.right)} px, table shows ${Math.round(left)}-${Math.round(right)}`,
          );
        }
      }
    }
    return out;
  }, keys);
}

async function switchLanguage(page: Page, lang: 'fr' | 'ar') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
}

// Independent tests (each signs in on its own): the two workers share them.
test.describe.configure({ mode: 'parallel' });

for (const lang of ['fr', 'ar'] as const) {
  test(`no admin screen is wider than the window, at 390 to 1440 px (${lang})`, async ({ page, baseURL }) => {
    test.setTimeout(600_000);
    await useLanguage(page, lang);
    const long = `salma.benjelloun-el-idrissi.${unique()}@entreprise-marocaine.test`;
    const name = lang === 'ar' ? 'سلمى بنجلون الإدريسي' : 'Salma Benjelloun El Idrissi';
    const order = await placeGuestOrder(baseURL!, { name, email: long, phone: '0612345678' }, longOrder(lang));
    await signIn(page);
    const api = page.request;
    const ids = {
      order: order.id,
      product: await firstId(api, '/api/admin/products'),
      category: await firstId(api, '/api/admin/categories'),
      subcategory: await firstId(api, '/api/admin/subcategories'),
      customer: await firstId(api, '/api/admin/customers'),
    };
    await deliver(api, baseURL!, order.id);

    const failures: string[] = [];
    for (const path of adminPaths(ids)) {
      // Opened at the width the window has (the last route's widest); then every width in turn.
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await waitForContent(page);
      // A real route draws its page, not the admin's not-found page.
      if (!path.includes('no-such-page')) await expect(page.getByText('404', { exact: true }), path).toHaveCount(0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await settle(page);
        // Charts follow their box a moment after a resize: wait for the page to fit, within reason.
        const found = await expect
          .poll(async () => (await overflow(page)).by, { timeout: 2_000 })
          .toBeLessThanOrEqual(0)
          .then(
            () => null,
            async () => overflow(page),
          );
        if (found && found.by > 0)
          failures.push(`${path} (${lang}, ${width}px): ${found.by}px too wide\n    ${found.culprits.join('\n    ')}`);
        const keys = KEY_CELLS[path];
        if (keys && KEY_WIDTHS.includes(width)) {
          const hidden = await keyCellsOutOfSight(page, keys);
          if (hidden.length) failures.push(`${path} (${lang}, ${width}px): out of sight\n    ${hidden.join('\n    ')}`);
        }
      }
    }
    expect(failures, `pages wider than the window, or a list's key cells out of sight:\n${failures.join('\n')}`).toHaveLength(0);
  });
}

test('the order edit, the orders list, the order dialog and the revenue screen, as the florist sees them', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const dir = test.info().outputPath('screens');
  mkdirSync(dir, { recursive: true });
  await useLanguage(page, 'fr');
  const email = `nour.alaoui-bensouda.${unique()}@entreprise-marocaine.test`;
  const order = await placeGuestOrder(baseURL!, { name: 'نور العلوي بنسودة', email, phone: '0661234567' }, longOrder('ar'));
  await signIn(page);
  await deliver(page.request, baseURL!, order.id);
  for (const [lang, width] of [
    ['fr', 1280],
    ['ar', 390],
  ] as const) {
    // French from the first page on (useLanguage); Arabic switched to on the page then open.
    if (lang !== 'fr') await switchLanguage(page, lang);
    await page.setViewportSize({ width, height: HEIGHT });
    const shot = async (name: string) => page.screenshot({ path: `${dir}/${name}-${lang}-${width}.png`, fullPage: true });

    await page.goto(`/admin/orders/edit/${order.id}`);
    await waitForContent(page);
    const save = page.locator('main form button[type="submit"]');
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await expect(
      page
        .locator('main')
        .getByRole('link', { name: /0661234567/ })
        .first(),
    ).toHaveAttribute('href', 'tel:+212661234567');
    await shot('order-edit');

    await page
      .locator('main')
      .getByRole('button', { name: /reçu|الإيصال/ })
      .click();
    const receipt = page.getByRole('dialog');
    await expect(receipt).toContainText(email);
    const download = receipt.getByRole('button', { name: /PDF/ });
    await download.scrollIntoViewIfNeeded();
    await expect(download).toBeInViewport();
    await shot('receipt');
    await page.keyboard.press('Escape');

    await page.goto('/admin/orders');
    await waitForContent(page);
    await shot('orders');
    await page.locator('tbody tr', { hasText: email }).locator('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('12 avenue Mohammed V');
    if (width >= 1280) expect((await dialog.boundingBox())!.width).toBeGreaterThan(800);
    await shot('order-dialog');
    await page.keyboard.press('Escape');

    await page.goto('/admin/revenue?period=month');
    await waitForContent(page);
    await expect(page.getByTestId('revenue-total')).toBeVisible();
    await shot('revenue');
  }
});

test('revenue switches Day, Week, Month and Year with delivered orders and never falls on the error page', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'fr');
  const order = await placeGuestOrder(
    baseURL!,
    { name: 'Yasmine Tazi', email: `yasmine.${unique()}@guest.test`, phone: '0677889900' },
    longOrder('fr'),
  );
  await signIn(page);
  await deliver(page.request, baseURL!, order.id);
  // Slow answers keep the previous period's figures on screen while the next one loads: the moment
  // that used to break the page.
  await page.route('**/api/admin/revenue?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto('/admin/revenue');
  await expect(page.getByTestId('revenue-total')).not.toHaveText(/^\s*0/);
  for (const [name, period] of [
    ['Jour', 'day'],
    ['Semaine', 'week'],
    ['Mois', 'month'],
    ['Année', 'year'],
  ] as const) {
    await page.getByRole('button', { name, exact: true }).click();
    // The month is the screen's default: its address carries no period.
    await expect(page).toHaveURL(period === 'month' ? /\/admin\/revenue$/ : new RegExp(`period=${period}`));
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('revenue-total')).toBeVisible();
    await expect(page.getByText('Erreur du serveur')).toHaveCount(0);
  }
  // The year's chart is labelled by month.
  await expect(page.locator('main svg').first()).toBeVisible();
});

test('an admin page opened without a live session goes to the login page with the page in next', async ({ page, context }) => {
  await useLanguage(page, 'fr');
  // No session at all: a bookmarked page of the day.
  await page.goto('/admin/orders/today');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders%2Ftoday$/);

  // A session the server has ended (sessions last a few hours): the next admin page goes to the login.
  await logInAsAdmin(page);
  await context.clearCookies();
  await page.goto('/admin/orders?status=pending');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders%3Fstatus%3Dpending$/);
  await expect(page.locator('main input[name="password"]')).toBeVisible();
});
