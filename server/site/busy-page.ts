/**
 * The page sent while the database cannot be reached (or gives up under load): "busy, try again" in
 * the address's language, laid out with the shop's own stylesheet (the shell's), 503 with Retry-After.
 * It is a page of its own, not the app: the shell's start script is left out, so the app does not
 * replace the message with a page whose every read would fail the same way. "Try again" reloads the
 * same address.
 */
import type { Locale } from '../../shared/constants.js';
import { localePath } from '../../shared/locale-address.js';
import { renderPage } from './page-html.js';
import { HtmlPage } from './page-cache.js';
import { webText } from './web-texts.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Same look as the app's error page (ServerError.tsx) and its primary button. */
const BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors duration-150 min-h-11 px-6 text-sm bg-primary text-white hover:bg-primary-hover';

export function busyPage(shell: string, address: { locale: Locale; path: string; origin: string; search: string }): HtmlPage {
  const { locale, path, origin, search } = address;
  const t = (key: string) => escapeHtml(webText(locale, key));
  const body =
    `<section role="alert" class="container-shop flex flex-col items-center py-20 text-center sm:py-28">` +
    `<p class="mb-2 text-sm font-medium tracking-widest text-muted">${t('brand')}</p>` +
    `<h1 class="mb-4 text-3xl text-ink sm:text-4xl">${t('errors.busyTitle')}</h1>` +
    `<p class="mb-8 max-w-md text-muted">${t('errors.busyText')}</p>` +
    `<a class="${BUTTON}" href="${escapeHtml(localePath(locale, path) + search)}">${t('actions.retry')}</a>` +
    `</section>`;
  const view = {
    status: 200 as const,
    title: `${webText(locale, 'errors.busyTitle')} · ${webText(locale, 'brand')}`,
    description: webText(locale, 'errors.busyText'),
    type: 'website' as const,
    jsonLd: [],
    body,
    indexable: false,
    alternates: false,
  };
  const html = renderPage(shell, view, { locale, path, origin })
    // Without the app: its start script (readShell) would draw the page over the message.
    .replace(/<script>\(function\(\)\{var started=false;[\s\S]*?<\/script>/, '')
    .replace(`<div id="root"></div><noscript><main>${body}</main></noscript>`, `<div id="root"><main>${body}</main></div>`);
  return new HtmlPage(html, 503);
}
