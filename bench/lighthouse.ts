/**
 * Lighthouse of the storefront (`npm run lighthouse`; not part of `npm test`).
 *
 * Builds the web app, starts the shop as in production on a free loopback port with a fresh data
 * folder (PGlite, demo catalogue seeded), then runs Lighthouse with its defaults (mobile, simulated
 * throttling) in Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) on home, shop, a category, a
 * product and the cart, in French and in Arabic. Prints each page's scores (performance,
 * accessibility, best practices, SEO) and LCP, TBT and CLS. Runs one page at a time: the figures are
 * only as quiet as the machine. Each address is opened once before it is measured, as a shared link
 * is by its first visitor (LIGHTHOUSE_COLD=1: measured on its first visit).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

// LIGHTHOUSE_SKIP_BUILD=1 measures the build already in dist/ (when only the server changed).
if (!process.env.LIGHTHOUSE_SKIP_BUILD) {
  console.log('Building the web app and its server renderer...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const viteArgs = ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'];
  execFileSync(process.execPath, [vite, ...viteArgs], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [vite, ...viteArgs, '--ssr', 'src/entry-server.tsx'], { cwd: root, stdio: 'inherit' });
}
// Each page is measured LIGHTHOUSE_RUNS times (default 3) and the run with the median performance
// score is printed, as Lighthouse's own guidance advises: one run on a shared machine varies a lot.
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'false',
  },
});

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The LCP element and its phases, FCP, speed index, and the scripts that held the main thread. */
function printDetail(lhr: Lhr): void {
  const seconds = (id: string) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
  console.log(`    FCP ${seconds('first-contentful-paint')}, speed index ${seconds('speed-index')}, TTI ${seconds('interactive')}`);
  // The LCP element and its subparts as observed (unthrottled) in this Lighthouse's insight audit.
  type Part = { subpart?: string; duration?: number; snippet?: string; items?: Part[] };
  const parts = ((lhr.audits['lcp-breakdown-insight']?.details as { items?: Part[] } | undefined)?.items ?? []);
  const snippet = parts.find((p) => p.snippet)?.snippet;
  if (snippet) console.log(`    LCP element ${snippet.slice(0, 140)}`);
  for (const part of parts.flatMap((p) => p.items ?? [])) {
    if (part.subpart) console.log(`      ${part.subpart.padEnd(22)} ${Math.round(part.duration ?? 0)} ms (observed)`);
  }
  const bootup = lhr.audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] } | undefined;
  for (const item of (bootup?.items ?? []).slice(0, 4)) console.log(`    script ${Math.round(item.scripting)} ms  ${item.url}`);
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitFor(`${base}/api/health`);
  const products = (await (await fetch(`${base}/api/products?per_page=1`)).json()) as { data: { id: number }[] };
  const productId = products.data[0]?.id ?? 1;
  // LIGHTHOUSE_PAGES=/shop,/product/1 and LIGHTHOUSE_LANGS=fr narrow a run; LIGHTHOUSE_DETAIL=1 prints
  // where each page's LCP time goes (its element and phases) and its heaviest scripts' main-thread time.
  const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/shop', '/category/1', `/product/${productId}`, '/cart'];
  const langs = process.env.LIGHTHOUSE_LANGS?.split(',') ?? ['fr', 'ar'];

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  console.log(`\nLighthouse (mobile, simulated throttling) on ${base}\n`);
  console.log(`${'page'.padEnd(22)} perf  a11y  b.p.  seo     LCP      TBT     CLS`);
  for (const lang of langs) {
    for (const page of pages) {
      const address = lang === 'fr' ? page : `/${lang}${page}`;
      // A page is opened once before (as by an earlier visitor; LIGHTHOUSE_COLD=1 skips it): the
      // server draws it then and keeps it (server/site/page-cache.ts). That first drawing is printed.
      let drawn = '';
      if (!process.env.LIGHTHOUSE_COLD) {
        const started = performance.now();
        await (await fetch(`${base}${address}`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } })).arrayBuffer();
        drawn = `  (first visit drawn in ${Math.round(performance.now() - started)} ms)`;
      }
      const results: Lhr[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${base}${address}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`no Lighthouse result for ${address}`);
        results.push(result.lhr);
      }
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)]!;
      const spread = runs > 1 ? `  [perf ${results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join('/')}]` : '';
      const score = (c: (typeof CATEGORIES)[number]) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(4);
      const ms = (id: string) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`.padStart(8);
      const cls = (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(7);
      console.log(
        `${address.padEnd(22)} ${score('performance')}  ${score('accessibility')}  ${score('best-practices')}  ${score('seo')}  ${ms('largest-contentful-paint')} ${ms('total-blocking-time')} ${cls}${drawn}${spread}`,
      );
      // A run without a performance score (printed as 0 in the spread) says why: a runtime error or the
      // metric audits that failed.
      for (const r of results.filter((r) => r.categories.performance?.score == null)) {
        const audits = Object.values(r.audits).filter((a) => a.errorMessage).map((a) => `${a.id}: ${a.errorMessage}`);
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
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
