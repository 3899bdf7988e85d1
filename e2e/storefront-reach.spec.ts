/**
 * Storefront reach: each language at its own address, the app starting on the server-made page
 * without a console error or warning (French and Arabic), language switches that move the address,
 * and catalogue pages readable with JavaScript turned off.
 */
import { expect, test, type Page } from './support/test';
import { formatMAD } from '../shared/money';
import { logInThroughForm } from './support/admin';
import { startLateEndProxy } from './support/late-end-proxy';

type Product = { id: number; name: string; colors: { name: string }[] };

async function firstProduct(page: Page, lang: string): Promise<Product> {
  const res = await page.request.get('/api/products?per_page=1', { headers: { 'accept-language': lang } });
  return ((await res.json()) as { data: Product[] }).data[0]!;
}

/** Console errors and warnings of the page, and failed page-level requests. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** The catalogue reads the page makes from now on (a server-drawn page taken over makes none). */
function watchCatalogueReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (r) => {
    // The extras offered under a bouquet ("add to your bouquet") are asked for once the page runs,
    // below its first screen: the server draws the product, not them.
    if (/\/api\/products\/extras/.test(r.url())) return;
    if (/\/api\/(products|product\/|categories|subcategories|colors|testimonials|shop-info)/.test(r.url())) reads.push(r.url());
  });
  return reads;
}

for (const lang of ['fr', 'ar'] as const) {
  const prefix = lang === 'fr' ? '' : `/${lang}`;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';

  test(`storefront pages start without a console error or warning (${lang})`, async ({ page }) => {
    const product = await firstProduct(page, lang);
    const problems = watchConsole(page);
    // Server-rendered pages are hydrated with the server's data: the browser does not ask for it again.
    const catalogueReads = watchCatalogueReads(page);
    for (const path of ['/', '/shop', '/category/1', `/product/${product.id}`, '/cart', '/about']) {
      catalogueReads.length = 0;
      await page.goto(`${prefix}${path}`);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (path !== '/cart') expect(catalogueReads, path).toEqual([]);
    }
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('a page whose end arrives late is taken over by the app, not drawn again (fr, ar)', async ({ page, baseURL }) => {
  // The hydration state sits at the end of the page; the first part paints, and the app's script can
  // load, while the end is still on its way (a busy run drew a category page twice this way).
  const proxy = await startLateEndProxy(baseURL!, 2_000);
  try {
    const catalogueReads = watchCatalogueReads(page);
    for (const prefix of ['', '/ar']) {
      catalogueReads.length = 0;
      await page.goto(`${proxy.origin}${prefix}/category/1`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(catalogueReads, prefix || '/').toEqual([]);
    }
  } finally {
    await proxy.close();
  }
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

for (const lang of ['fr', 'en', 'ar'] as const) {
  test(`a product page's HTML holds the page itself before any script runs (${lang})`, async ({ request }) => {
    const list = await request.get('/api/products?per_page=1', { headers: { 'accept-language': lang } });
    const product = ((await list.json()) as { data: (Product & { final_price: number })[] }).data[0]!;
    const res = await request.get(`${lang === 'fr' ? '' : `/${lang}`}/product/${product.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
    // Drawn by the app on the server, inside #root (not only in <noscript>), with its hydration state.
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="flora-ssr">'));
    expect(root).toContain(`${escapeHtml(product.name)}</h1>`);
    expect(root).toContain(escapeHtml(formatMAD(product.final_price, lang)));
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.webp">/);
    const jsonLd = /<script type="application\/ld\+json" id="product-jsonld">([^<]+)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(jsonLd!) as { '@type': string; name: string; offers: { price: number | string; priceCurrency: string } };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(product.name);
    expect(Number(data.offers.price)).toBe(product.final_price);
    expect(data.offers.priceCurrency).toBe('MAD');
  });
}

test("a new visitor's cart arrives drawn empty; a visitor with a cart or a session gets the cart's frame", async ({ request }) => {
  const rootOf = (html: string) =>
    html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="flora-ssr">'));
  // Neither a cart nor a session cookie: the server knows the cart is empty and draws it so.
  expect(rootOf(await (await request.get('/cart')).text())).toContain('Votre panier est vide</h2>');
  expect(rootOf(await (await request.get('/ar/cart')).text())).toContain('سلتك فارغة</h2>');
  // A cart cookie or a session: the cart is the browser's to read; the server draws its loading frame.
  for (const cookie of ['cart_id=00000000-0000-4000-8000-000000000000', 'session=some-session']) {
    const root = rootOf(await (await request.get('/cart', { headers: { cookie } })).text());
    expect(root, cookie).toContain('Mon panier</h1>');
    expect(root, cookie).not.toContain('Votre panier est vide');
  }
});

test('a signed-in visitor with a wishlist and a cart opens server-rendered pages without a console error', async ({ page }) => {
  const problems = watchConsole(page);
  const product = await firstProduct(page, 'fr');
  // A demo customer no other journey uses (server/seed/catalogue-data.ts).
  await logInThroughForm(page, { email: 'emma.clarke@example.com', password: 'fleurs2024' });
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Ajouter aux envies' }).click();
  // A product with colours asks for one before it goes in the cart.
  if (product.colors.length > 0)
    await page.getByRole('group', { name: 'Couleurs' }).getByRole('button', { name: product.colors[0]!.name }).click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('link', { name: 'Mes favoris (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Panier (1)' })).toBeVisible();
  for (const path of ['/', `/product/${product.id}`, '/ar/shop']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});

test('a language keeps its address through links and moves with a language switch', async ({ page }) => {
  const product = await firstProduct(page, 'ar');
  await page.goto(`/ar/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.locator('header').getByRole('link', { name: 'باقات', exact: true }).first().click();
  await expect(page).toHaveURL(/\/ar\/category\/1$/);
  await page.locator('header').getByRole('button', { name: /^FR/ }).first().click();
  await expect(page).toHaveURL(/:\d+\/category\/1$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Bouquets' })).toBeVisible();
  // The choice is remembered: a plain address opens in French now, /en/ in English.
  await page.goto('/en/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/en\/shop$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the shop and a product page are readable and their links work (Arabic)', async ({ page }) => {
    await page.goto('/ar/shop');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const link = page.locator('main a[href^="/ar/product/"]').first();
    const name = (await link.textContent())!;
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/\d+,\d\d\sMAD/).first()).toBeVisible();
    await expect(page.locator('main img').first()).toHaveAttribute('width', /\d+/);
  });

  test('an unknown product answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/product/999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });
});
