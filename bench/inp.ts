/**
 * Interaction to Next Paint of the storefront's common taps on a slow phone (`npm run inp`; also
 * printed by `npm run lighthouse` after its own table, on the same server).
 *
 * Starts the built shop (bench/shop-server.ts; INP_SKIP_BUILD=1 uses dist/ as it is), opens Debian's
 * Chromium through Playwright with a phone's screen and the CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`, Lighthouse's mobile default), loads web-vitals' `onINP`
 * (`reportAllChanges`) before the page's own scripts, and for each interaction in French and in Arabic
 * opens a fresh page (own cookies), waits until the app has taken the page over, does the
 * interaction, waits for what it shows, and reads INP. Prints a table interaction × language in ms.
 *
 * Each interaction runs on its own page, so the figure is that interaction's (the page's worst one,
 * as INP is). The figures are only as quiet as the machine: `--check` makes any INP ≥ 200 ms a
 * failure (exit 1); without it the table is only printed. INP_RUNS (default 1) repeats each
 * interaction and prints the median.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildWeb, chromePath, root, startShop, type RunningShop } from './shop-server';

type Lang = 'fr' | 'ar';
const LANGS: Lang[] = ['fr', 'ar'];
/** Good INP, as web.dev draws the line. */
export const INP_BUDGET_MS = 200;
const CPU_SLOWDOWN = 4;
const WEB_VITALS = readFileSync(path.join(root, 'node_modules', 'web-vitals', 'dist', 'web-vitals.iife.js'), 'utf8');

const texts = (lang: Lang, namespace: string) =>
  JSON.parse(readFileSync(path.join(root, 'web', 'src', 'locales', lang, `${namespace}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

/** What each interaction needs to know about the shop. */
interface Fixture {
  base: string;
  /** A product in stock without colours or sizes when the demo catalogue has one (one tap adds it). */
  product: { id: number; final_price: number; colors: unknown[]; sizes: { id: number }[] };
}

interface Interaction {
  name: string;
  /** Opens the page and gets it ready (not measured: INP counts only what `act` does). */
  prepare(page: Page, lang: Lang, fixture: Fixture): Promise<void>;
  /** The interaction, and waiting for what it shows. */
  act(page: Page, lang: Lang, fixture: Fixture): Promise<void>;
}

const address = (lang: Lang, pathname: string) => (lang === 'fr' ? pathname : `/${lang}${pathname === '/' ? '' : pathname}`);

async function open(page: Page, lang: Lang, pathname: string): Promise<void> {
  await page.goto(address(lang, pathname));
  // The app marks the document once hydration is done (app/AppRouter.tsx): from then on a tap counts.
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 });
}

/** Fills the visitor's cart through the API (the context's cookies), enough for the coupon's minimum. */
async function fillCart(context: BrowserContext, fixture: Fixture): Promise<void> {
  const quantity = Math.max(2, Math.ceil(300 / fixture.product.final_price));
  const answer = await context.request.post(`${fixture.base}/api/cart/add`, {
    headers: { origin: fixture.base },
    data: { product_id: fixture.product.id, quantity, color_id: null, size_id: fixture.product.sizes[0]?.id ?? null },
  });
  if (!answer.ok()) throw new Error(`cart/add answered ${answer.status()}: ${await answer.text()}`);
}

const INTERACTIONS: Interaction[] = [
  {
    name: 'open the menu',
    prepare: (page, lang) => open(page, lang, '/'),
    async act(page, lang) {
      await page.getByRole('button', { name: texts(lang, 'common').nav!.openMenu!, exact: true }).click();
      await page.getByRole('dialog', { name: texts(lang, 'common').nav!.menu!, exact: true }).waitFor();
    },
  },
  {
    // On a phone the language buttons are in the menu: it is opened first (not measured).
    name: 'switch language',
    async prepare(page, lang) {
      await open(page, lang, '/');
      await page.getByRole('button', { name: texts(lang, 'common').nav!.openMenu!, exact: true }).click();
      await page.getByRole('dialog', { name: texts(lang, 'common').nav!.menu!, exact: true }).waitFor();
    },
    async act(page, lang) {
      const to = lang === 'fr' ? 'ar' : 'fr';
      await page.locator(`[role="dialog"] button[lang="${to}"]`).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, to);
      await page.locator(`button[lang="${to}"][aria-pressed="true"]`).first().waitFor({ state: 'attached' });
    },
  },
  {
    name: 'add to cart',
    prepare: (page, lang, fixture) => open(page, lang, `/product/${fixture.product.id}`),
    async act(page, lang, fixture) {
      const cart = texts(lang, 'cart');
      if (fixture.product.colors.length > 0) {
        await page.getByRole('group', { name: cart.add!.colors! }).getByRole('button').first().click();
      }
      await page.locator('main').getByRole('button', { name: cart.add!.button!, exact: true }).click();
      await page.getByRole('status').filter({ hasText: /\S/ }).first().waitFor();
    },
  },
  {
    name: 'cart quantity +1',
    async prepare(page, lang, fixture) {
      await fillCart(page.context(), fixture);
      await open(page, lang, '/cart');
    },
    async act(page, lang) {
      const field = page.locator('main input[type="number"]').first();
      const before = Number(await field.inputValue());
      await page
        .getByRole('button', { name: texts(lang, 'cart').quantity!.increase! })
        .first()
        .click();
      await page.waitForFunction(
        (n) => Number(document.querySelector<HTMLInputElement>('main input[type="number"]')?.value) === n,
        before + 1,
      );
    },
  },
  {
    name: 'apply coupon',
    async prepare(page, lang, fixture) {
      await fillCart(page.context(), fixture);
      await open(page, lang, '/cart');
      await page.getByLabel(texts(lang, 'cart').coupon!.label!).fill('BIENVENUE10');
    },
    async act(page, lang) {
      const coupon = texts(lang, 'cart').coupon!;
      await page.getByRole('button', { name: coupon.apply!, exact: true }).click();
      await page.getByText(coupon.current!.replace('{{code}}', 'BIENVENUE10')).waitFor();
    },
  },
  {
    name: 'open a product (shop)',
    prepare: (page, lang) => open(page, lang, '/shop'),
    async act(page) {
      await page.locator('main article h3 a').first().click();
      await page.waitForURL(/\/product\/\d+/);
      await page.locator('main h1').waitFor();
    },
  },
];

declare global {
  interface Window {
    webVitals: typeof import('web-vitals');
    __inp?: number;
    __inpWatching?: boolean;
  }
}

/** One interaction on a fresh page: its INP in ms, or 0 when no interaction reached 16 ms. */
async function measureOnce(browser: Browser, interaction: Interaction, lang: Lang, fixture: Fixture): Promise<number> {
  const context = await browser.newContext({
    baseURL: fixture.base,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'ar' ? 'ar-MA' : 'fr-MA',
  });
  try {
    // The IIFE's `var webVitals` is made global explicitly: Playwright may run an init script in its own scope.
    await context.addInitScript({ content: `${WEB_VITALS};\nwindow.webVitals = webVitals;` });
    await context.addInitScript(() => {
      // Every interaction of 16 ms or more (the lowest threshold Event Timing allows), each new worst
      // one reported at once.
      window.webVitals.onINP((metric) => (window.__inp = metric.value), { reportAllChanges: true, durationThreshold: 16 });
      window.__inpWatching = true;
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await interaction.prepare(page, lang, fixture);
    await page.evaluate(() => delete window.__inp);
    await interaction.act(page, lang, fixture);
    // No figure at all must mean a fast interaction, not web-vitals missing from the page.
    if (!(await page.evaluate(() => window.__inpWatching === true))) throw new Error('web-vitals did not start in the page');
    // web-vitals reads the Event Timing entries when the page is idle: wait for it (a page whose
    // interactions all stayed under 16 ms reports nothing).
    return await page
      .waitForFunction(() => window.__inp, undefined, { timeout: 5_000 })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => 0);
  } finally {
    await context.close();
  }
}

export interface InpRow {
  interaction: string;
  ms: Record<Lang, number | null>;
}

/** Measures every interaction in each language on a running shop; prints and returns the table. */
export async function measureInp(shop: RunningShop, runs = Math.max(1, Number(process.env.INP_RUNS ?? 1))): Promise<InpRow[]> {
  const products = (await (await fetch(`${shop.base}/api/products?per_page=50`)).json()) as {
    data: (Fixture['product'] & { stock: number })[];
  };
  const inStock = products.data.filter((p) => p.stock >= 20);
  const product = inStock.find((p) => p.colors.length === 0 && p.sizes.length === 0) ?? inStock[0] ?? products.data[0];
  if (!product) throw new Error('the demo catalogue has no product');
  const fixture: Fixture = { base: shop.base, product };

  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows: InpRow[] = [];
  try {
    console.log(
      `\nINP at ${CPU_SLOWDOWN}× CPU slowdown, 412×823 phone screen, ${runs === 1 ? 'one run' : `median of ${runs} runs`} (uptime: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
    );
    console.log(`${'interaction'.padEnd(24)} ${LANGS.map((l) => l.padStart(8)).join('')}`);
    for (const interaction of INTERACTIONS) {
      const row: InpRow = { interaction: interaction.name, ms: { fr: null, ar: null } };
      for (const lang of LANGS) {
        const values: number[] = [];
        for (let run = 0; run < runs; run++) {
          try {
            values.push(await measureOnce(browser, interaction, lang, fixture));
          } catch (error) {
            console.error(`  ${interaction.name} (${lang}) failed: ${(error as Error).message.split('\n')[0]}`);
          }
        }
        values.sort((a, b) => a - b);
        row.ms[lang] = values.length ? values[Math.floor(values.length / 2)]! : null;
      }
      const cell = (v: number | null) => (v === null ? 'failed' : v === 0 ? '<16' : String(Math.round(v))).padStart(8);
      console.log(`${interaction.name.padEnd(24)} ${LANGS.map((l) => cell(row.ms[l])).join('')}`);
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Rows over the budget or that failed to run. */
export const inpFailures = (rows: InpRow[]) =>
  rows.flatMap((row) => LANGS.filter((l) => row.ms[l] === null || row.ms[l]! >= INP_BUDGET_MS).map((l) => `${row.interaction} (${l})`));

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const check = process.argv.includes('--check');
  if (!process.env.INP_SKIP_BUILD) buildWeb();
  const shop = await startShop();
  let failed = false;
  try {
    const failures = inpFailures(await measureInp(shop));
    if (failures.length) {
      console.log(`\n${check ? 'Over' : 'Over (not checked; --check fails on it)'} ${INP_BUDGET_MS} ms or failed: ${failures.join(', ')}`);
      failed = check;
    }
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await shop.stop();
  }
  process.exit(failed ? 1 : 0);
}
