/**
 * Lighthouse of the storefront (`npm run lighthouse`; not part of `npm test`).
 *
 * Builds the web app, starts the shop as in production on a free loopback port with a fresh data
 * folder (PGlite, demo catalogue seeded), then runs Lighthouse with its defaults (mobile, simulated
 * throttling) in Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) on home, shop, a category, a
 * product, the cart, an occasion and a product with sizes, in French and in Arabic. Prints each page's scores (performance,
 * accessibility, best practices, SEO) and LCP, TBT and CLS. Runs one page at a time: the figures are
 * only as quiet as the machine. Each address is opened once before it is measured, as a shared link
 * is by its first visitor (LIGHTHOUSE_COLD=1: measured on its first visit). Then, on the same server,
 * the INP table of bench/inp.ts (common taps at 4× CPU slowdown; LIGHTHOUSE_INP=0 skips it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measureInp } from './inp';
import { buildWeb, chromePath, startShop } from './shop-server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// LIGHTHOUSE_SKIP_BUILD=1 measures the build already in dist/ (when only the server changed).
if (!process.env.LIGHTHOUSE_SKIP_BUILD) buildWeb();
// Each page is measured LIGHTHOUSE_RUNS times (default 3) and the run with the median performance
// score is printed, as Lighthouse's own guidance advises: one run on a shared machine varies a lot.
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

const shop = await startShop();
const base = shop.base;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The LCP element and its phases, FCP, speed index, and the scripts that held the main thread. */
function printDetail(lhr: Lhr): void {
  const seconds = (id: string) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
  console.log(`    FCP ${seconds('first-contentful-paint')}, speed index ${seconds('speed-index')}, TTI ${seconds('interactive')}`);
  // The LCP element and its subparts as observed (unthrottled) in this Lighthouse's insight audit.
  type Part = { subpart?: string; duration?: number; snippet?: string; items?: Part[] };
  const parts = (lhr.audits['lcp-breakdown-insight']?.details as { items?: Part[] } | undefined)?.items ?? [];
  const snippet = parts.find((p) => p.snippet)?.snippet;
  if (snippet) console.log(`    LCP element ${snippet.slice(0, 140)}`);
  for (const part of parts.flatMap((p) => p.items ?? [])) {
    if (part.subpart) console.log(`      ${part.subpart.padEnd(22)} ${Math.round(part.duration ?? 0)} ms (observed)`);
  }
  const bootup = lhr.audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] } | undefined;
  for (const item of (bootup?.items ?? []).slice(0, 4)) console.log(`    script ${Math.round(item.scripting)} ms  ${item.url}`);
}

/**
 * Waits until the machine is quiet: a 1-minute load average under LIGHTHOUSE_MAX_LOAD (default 1),
 * at most 5 minutes. A score taken while something else runs measures that thing as well. Returns the
 * load the page is measured at.
 */
async function quiet(): Promise<number> {
  const max = Number(process.env.LIGHTHOUSE_MAX_LOAD ?? 1);
  const until = Date.now() + 5 * 60_000;
  while (os.loadavg()[0]! >= max && Date.now() < until) await sleep(5_000);
  return os.loadavg()[0]!;
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  const productId = shop.productId;
  // LIGHTHOUSE_PAGES=/shop,/product/1 and LIGHTHOUSE_LANGS=fr narrow a run; LIGHTHOUSE_DETAIL=1 prints
  // where each page's LCP time goes (its element and phases) and its heaviest scripts' main-thread time.
  // `{occasion}` is an occasion's page address word in the page's language (Mother's Day when the shop
  // has it), `{sized}` a product with sizes.
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
    '/',
    '/shop',
    '/category/1',
    `/product/${productId}`,
    '/cart',
    '/occasion/{occasion}',
    '/product/{sized}',
  ];
  const occasions = ((await (await fetch(`${base}/api/occasions`)).json()) as { data: { slugs: Record<'fr' | 'en' | 'ar', string> }[] })
    .data;
  const occasion = occasions.find((o) => o.slugs.fr === 'fete-des-meres') ?? occasions[0];
  const listed = (await (await fetch(`${base}/api/products?per_page=50`)).json()) as { data: { id: number; sizes?: unknown[] }[] };
  const sized = listed.data.find((p) => (p.sizes ?? []).length > 0)?.id ?? productId;
  const pathIn = (page: string, lang: 'fr' | 'en' | 'ar') =>
    page.replace('{occasion}', occasion ? encodeURIComponent(occasion.slugs[lang]) : '').replace('{sized}', String(sized));
  const langs = process.env.LIGHTHOUSE_LANGS?.split(',') ?? ['fr', 'ar'];

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  console.log(`\nLighthouse (mobile, simulated throttling) on ${base}\n`);
  console.log(`${'page'.padEnd(22)} perf  a11y  b.p.  seo     LCP      TBT     CLS`);
  for (const lang of langs) {
    for (const page of pages) {
      const local = pathIn(page, lang as 'fr' | 'en' | 'ar');
      const address = lang === 'fr' ? local : `/${lang}${local}`;
      // A page is opened once before (as by an earlier visitor; LIGHTHOUSE_COLD=1 skips it): the
      // server draws it then and keeps it (server/site/page-cache.ts). That first drawing is printed.
      let drawn = '';
      if (!process.env.LIGHTHOUSE_COLD) {
        const started = performance.now();
        await (await fetch(`${base}${address}`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } })).arrayBuffer();
        drawn = `  (first visit drawn in ${Math.round(performance.now() - started)} ms)`;
      }
      const load = await quiet();
      const port = chrome.port;
      const measure = async () => {
        const result = await lighthouse(`${base}${address}`, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`no Lighthouse result for ${address}`);
        return result.lhr;
      };
      const results: Lhr[] = [];
      for (let run = 0; run < runs; run++) {
        let lhr = await measure();
        // A run whose trace Lighthouse could not record (NO_NAVSTART and the like) has no score and
        // would count as 0 in the median: it is run again, twice at most.
        for (let retry = 0; retry < 2 && lhr.categories.performance?.score == null; retry++) lhr = await measure();
        results.push(lhr);
      }
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)]!;
      const spread = runs > 1 ? `  [perf ${results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join('/')}]` : '';
      const score = (c: (typeof CATEGORIES)[number]) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(4);
      const ms = (id: string) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`.padStart(8);
      const cls = (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(7);
      console.log(
        `${decodeURI(address).padEnd(22)} ${score('performance')}  ${score('accessibility')}  ${score('best-practices')}  ${score('seo')}  ${ms('largest-contentful-paint')} ${ms('total-blocking-time')} ${cls}${drawn}${spread}  load ${load.toFixed(2)}`,
      );
      // A run without a performance score (printed as 0 in the spread) says why: a runtime error or the
      // metric audits that failed.
      for (const r of results.filter((r) => r.categories.performance?.score == null)) {
        const audits = Object.values(r.audits)
          .filter((a) => a.errorMessage)
          .map((a) => `${a.id}: ${a.errorMessage}`);
        const error = r.runtimeError ? `${r.runtimeError.code} ${r.runtimeError.message}; ` : '';
        console.log(`    a run without a performance score: ${error}${audits.slice(0, 3).join('; ')}`);
      }
      if (process.env.LIGHTHOUSE_DETAIL) printDetail(lhr);
      if (process.env.LIGHTHOUSE_JSON_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
        writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, `${address.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
      }
    }
  }
  await chrome.kill();
  chrome = undefined;
  if (process.env.LIGHTHOUSE_INP !== '0') await measureInp(shop);
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await chrome?.kill();
  await shop.stop();
}
process.exit(failed ? 1 : 0);
