/**
 * The journeys' `test`: Playwright's, with pages that wait for the app to take over a server-drawn page.
 *
 * Storefront pages arrive drawn by the server (server/site/ssr.ts). Until the app's script has hydrated
 * them, a button is only HTML: a click or a typed value lands on nothing and is lost. So `goto` and
 * `reload` return once the app has marked `<html data-app-ready>` (set by AppRouter after its first
 * commit), the moment a shopper's tap starts to count. Non-HTML answers and pages opened with JavaScript
 * off return as soon as they load.
 */
import { test as base, type Page, type Response } from '@playwright/test';

export * from '@playwright/test';

async function appReady(page: Page, response: Response | null): Promise<Response | null> {
  const type = response?.headers()['content-type'] ?? 'text/html';
  if (type.startsWith('text/html')) await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return response;
}

function waitForAppOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => appReady(page, await goto(url, options));
  page.reload = async (options) => appReady(page, await reload(options));
}

export const test = base.extend<{ closeOwnContexts: void }>({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      context.pages().forEach(waitForAppOnLoad);
      context.on('page', waitForAppOnLoad);
    }
    await use(context);
  },
  // Windows a journey opens itself (browser.newContext / newPage: a second person) close with the
  // test. Playwright closes only its own `context`; the others stayed open for the worker's life, their
  // pages still checking the session and redrawing beside the next journeys.
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
