/**
 * The built web app (dist/web) as the server hands it out:
 * - hashed files under /assets: `public, max-age=31536000, immutable`, the build's brotli or gzip copy
 *   when the client accepts it (`preCompressed`);
 * - other files of the build (favicon, robots of the build, ...): revalidated every time;
 * - page paths: the HTML of the page, `no-cache` with an ETag, so a returning visitor gets a 304;
 *   pages drawn for everyone are kept per address (page-cache.ts; `x-page-cache: hit|miss`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../modules/catalogue/http-cache.js';
import { catalogueReads } from '../modules/catalogue/read/catalogue-reads.js';
import { sessionCookie } from '../modules/accounts/auth.js';
import { CART_COOKIE } from '../modules/cart/cart-owner.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/constants.js';
import { isBackOfficePath, LANGUAGE_COOKIE, localePath, splitLocalePath } from '../../shared/locale-address.js';
import { CURRENCY_COOKIE, toCurrency } from '../../shared/currency.js';
import type { App } from '../types.js';
import { BUSY_RETRY_AFTER_S, databaseBusy, databaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/unavailable.js';
import { safeError } from '../lib/log-redaction.js';
import { busyPage } from './busy-page.js';
import { fontsFor, renderPage } from './page-html.js';
import { canonicalQuery } from './page-address.js';
import { HtmlPage, type PageCache } from './page-cache.js';
import { resolvePage } from './site-pages.js';
import type { VisitorState } from '../../shared/server-render.js';
import type { PageRenderer } from './ssr.js';
import { webText } from './web-texts.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerWebAssets(app: App, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // The ETag of a hashed file is its name; Last-Modified adds nothing a browser would use.
    lastModified: false,
    // Our own Cache-Control below; the library's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
}

/** Sends an HTML page that is revalidated on every visit: ETag from its bytes, 304 when unchanged. */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  reply.code(page.status).header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
  if (page.status === 200 && matchesEtag(req.headers['if-none-match'], page.etag)) return reply.code(304).send('');
  // Pages are answered from the not-found handler, which @fastify/compress's per-route hooks do not
  // reach (and `reply.compress` is not set there): the page's own brotli or gzip bytes.
  if (Buffer.byteLength(page.html) < 1024) return reply.send(page.html);
  reply.header('vary', 'accept-encoding');
  const encoding = (['br', 'gzip'] as const).find((name) => accepted(req.headers['accept-encoding'], name));
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(page.encode(encoding));
}

/** Whether the client accepts an encoding (listed, and not with `q=0`). */
function accepted(header: string | string[] | undefined, encoding: string): boolean {
  return String(header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, ...params]) => name?.trim() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)));
}

/** What the server needs to send the storefront's pages. */
export interface Site {
  /** dist/web/index.html */
  shell: string;
  /** The app's server renderer, null without its build (pages then carry a readable `<noscript>`). */
  renderer: PageRenderer | null;
  pages: PageCache;
}

/** The built shell as pages start from it, and the CSP hashes of the inline scripts it holds. */
export interface Shell {
  html: string;
  scriptHashes: string[];
}

/**
 * dist/web/index.html made to paint first (docs/DECISIONS.md, "Paint first, then start the app"):
 * - its stylesheet is written into the page (`<style>`), so a phone on a slow link paints the
 *   server-drawn page as soon as the HTML is in, not after one more request that competes with the
 *   scripts and pictures (about 11 KB more per page, brotli);
 * - the app's scripts are fetched and run only after the page's first paint is shown (a small inline
 *   script, allowed by its CSP hash, adds the entry script and preloads its imports then): run
 *   before it, their evaluation held the first paint of a page that was already drawn, and fetched
 *   before it (Vite's `modulepreload` links), ~150 KB of scripts shared a phone's link with the
 *   fonts and the largest picture (Lighthouse counted them before the first paint: FCP 2.4 s).
 */
export function readShell(webDistDir: string): Shell {
  const scripts: string[] = [];
  const imports: string[] = [];
  const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8')
    .replace(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g, (_, href: string) => {
      imports.push(href);
      return '';
    })
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_, file: string) => {
      const css = readFileSync(path.join(webDistDir, file), 'utf8');
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/, (_, src: string) => {
      // A server-drawn page starts once the browser reports its first contentful paint as shown
      // (Paint Timing), or, where that is not reported, after the first frame (requestAnimationFrame,
      // then a task); the shell once parsed; any page at the latest after 1.5 s. The app itself
      // waits for the whole page to be parsed before it reads the state (web/src/lib/document-parsed.ts).
      const start = [
        `(function(){var started=false;function start(){if(started)return;started=true;`,
        // The entry's imports are preloaded with it (one round trip, not one per level of imports).
        `${JSON.stringify(imports)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="anonymous";l.href=h;document.head.appendChild(l)});`,
        `var s=document.createElement("script");s.type="module";s.crossOrigin="anonymous";s.src=${JSON.stringify(src)};document.head.appendChild(s)}`,
        `var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];`,
        // A server-drawn page waits for its first contentful paint.
        `if(types.indexOf("paint")>=0)new PerformanceObserver(function(list){list.getEntries().forEach(function(e){`,
        `if(e.name==="first-contentful-paint")start()})}).observe({type:"paint",buffered:true});`,
        `else requestAnimationFrame(function(){setTimeout(start)});`,
        // A page the browser draws (the empty shell, without hydration state) starts once the HTML is
        // parsed: only then does a missing state mean a shell. A large page paints while its end, where
        // the state is, is still on its way; taken for a shell, its server render was thrown away and
        // every catalogue read made again (a busy run of the storefront journey, 27 Nov).
        `function parsed(){if(!document.getElementById("flora-ssr"))start()}`,
        `if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",parsed);else parsed();`,
        // A page the browser does not paint (a tab opened in the background) still starts.
        `setTimeout(start,1500)})()`,
      ].join('');
      scripts.push(start);
      return `<script>${start}</script>`;
    });
  return { html, scriptHashes: scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`) };
}

/** The app's render of the page; when it fails, the shell (the browser draws the page) and a log line. */
async function renderOrShell(req: FastifyRequest, renderer: PageRenderer, address: string, locale: Locale, visitor: VisitorState) {
  try {
    return await renderer(address, locale, visitor);
  } catch (err) {
    req.log.error({ err }, 'server render failed; sending the shell');
    return null;
  }
}

/**
 * A page path: its language from the address (`/en/...`, `/ar/...`, French at the root), the page's
 * own head and status from the catalogue (404 for an unknown page, 500 when the server fails). The
 * back office (/admin) gets the plain shell: it is a client-side app.
 */
export async function sendPage(app: App, req: FastifyRequest, reply: FastifyReply, site: Site) {
  const url = new URL(req.url, 'http://local');
  const { locale, path: pagePath, prefixed } = splitLocalePath(url.pathname.replace(/(.)\/+$/, '$1'));
  if (isBackOfficePath(pagePath)) return sendHtml(req, reply, new HtmlPage(fontsFor(site.shell, DEFAULT_LOCALE), 200));
  // French has one address, at the root.
  if (prefixed && locale === DEFAULT_LOCALE) return reply.redirect(`${localePath(locale, pagePath)}${url.search}`, 301);
  // A visitor who chose English or Arabic (the app's language cookie) and opens a plain address goes to
  // the page in their language at once, instead of getting the French page for the app to drop.
  // Visitors without it (search engines, link previews, first visits) get the address's language.
  const chosen = req.cookies?.[LANGUAGE_COOKIE];
  if (!prefixed && chosen !== DEFAULT_LOCALE && LOCALES.some((l) => l === chosen)) {
    return reply.header('cache-control', 'no-store').redirect(`${localePath(chosen as Locale, pagePath)}${url.search}`, 302);
  }
  const origin = app.config.publicUrl.replace(/\/+$/, '');
  const db = app.database.db;
  // The cart of a visitor with neither a cart nor a session is the empty one: the server draws it so
  // (one kept page for all of them), not a skeleton the browser replaces once it has read the cart.
  const visitor: VisitorState = {
    newVisitor: pagePath === '/cart' && !req.cookies?.[CART_COOKIE] && !req.cookies?.[sessionCookie(app.config.publicUrl).name],
    // Catalogue prices are drawn with their approximation in the chosen currency, so the page never
    // shows the dirham alone first; one kept page per currency.
    currency: toCurrency(req.cookies?.[CURRENCY_COOKIE]),
  };
  // Drawn and kept under the page's own address: a query parameter the page does not read changes
  // nothing it says, so it neither draws the page again nor takes room in the cache (page-address.ts).
  const canonical = `${localePath(locale, pagePath)}${canonicalQuery(pagePath, url.searchParams)}`;
  try {
    const address = `${visitor.newVisitor ? `${canonical}#new-visitor` : canonical}${visitor.currency === 'MAD' ? '' : `#${visitor.currency}`}`;
    const { page, hit } = await site.pages.get(address, catalogueReads(db).version(), async () => {
      const canonicalUrl = new URL(canonical, 'http://local');
      const view = await resolvePage(db, locale, pagePath, canonicalUrl.searchParams, origin);
      const forEveryone = view.status === 200 && view.serverRendered === true;
      const rendered = site.renderer && forEveryone ? await renderOrShell(req, site.renderer, canonical, locale, visitor) : null;
      const html = renderPage(site.shell, view, { locale, path: pagePath, origin }, rendered);
      // A render that failed sent the shell: drawn again on the next visit rather than kept.
      return { page: new HtmlPage(html, view.status), keep: forEveryone && (rendered !== null || !site.renderer) };
    });
    reply.header('x-page-cache', hit ? 'hit' : 'miss');
    return sendHtml(req, reply, page);
  } catch (err) {
    // The database out of reach or giving up under load: "busy, try again", like the API's 503.
    const busy = databaseUnavailable(err) ? UNAVAILABLE_RETRY_AFTER_S : databaseBusy(err) ? BUSY_RETRY_AFTER_S : null;
    if (busy !== null) {
      req.log.warn({ err: safeError(err) }, 'database unavailable: page answered 503');
      reply.header('retry-after', String(busy));
      return sendHtml(req, reply, busyPage(site.shell, { locale, path: pagePath, origin, search: url.search }));
    }
    req.log.error({ err: safeError(err) }, 'page failed');
    const t = (key: string) => webText(locale, key);
    const view = {
      status: 200 as const,
      title: `${t('errors.serverErrorTitle')} · ${t('brand')}`,
      description: t('errors.serverErrorText'),
      type: 'website' as const,
      jsonLd: [],
      body: `<h1>${t('errors.serverErrorTitle')}</h1><p>${t('errors.serverErrorText')}</p>`,
      indexable: false,
      alternates: false,
    };
    return sendHtml(req, reply, new HtmlPage(renderPage(site.shell, view, { locale, path: pagePath, origin }), 500));
  }
}
