/**
 * The built app's HTML shell with a page's own head and language: `lang`/`dir` on <html>, title,
 * description, canonical and hreflang addresses, Open Graph and Twitter tags, JSON-LD, and the
 * readable body in <noscript> (the app draws the page itself when JavaScript runs, so nothing shifts).
 */
import { LOCALES, RTL_LOCALES, type Locale } from '../../shared/constants.js';
import { localePath } from '../../shared/locale-address.js';
import { jsonLdText } from '../../shared/seo.js';
import type { PageView } from './site-pages.js';
import type { RenderOutput } from '../../shared/server-render.js';

const OG_LOCALES: Record<Locale, string> = { fr: 'fr_MA', en: 'en_US', ar: 'ar_MA' };

const attr = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

const LATIN_FONTS = /\s*<link rel="preload" as="font"[^>]*href="[^"]*\/(?:inter|playfair-display)-latin-[^"]*"[^>]*>/g;
const ARABIC_FONTS = /\s*<link rel="preload" as="font"[^>]*href="[^"]*\/noto-naskh-arabic-[^"]*"[^>]*>/g;

/**
 * Only the fonts a language paints first are preloaded: Arabic pages the Arabic face (headings and
 * text are Noto Naskh Arabic there), the others Inter and Playfair Display (Latin). The @font-face
 * unicode ranges keep the rest from downloading unless a page uses them.
 */
export function fontsFor(shell: string, locale: Locale): string {
  return shell.replace(RTL_LOCALES.includes(locale) ? LATIN_FONTS : ARABIC_FONTS, '');
}

export interface PageAddress {
  locale: Locale;
  /** The path inside the language (`/product/12`). */
  path: string;
  /** The shop's public address, without a trailing slash. */
  origin: string;
}

/**
 * `rendered`: the app's own render of the page (server/site/ssr.ts), put in #root with its hydration
 * state; without it, the readable body goes in `<noscript>` and the browser draws the page.
 */
export function renderPage(shell: string, view: PageView, { locale, path, origin }: PageAddress, rendered?: RenderOutput | null): string {
  // A page whose address differs by language (an occasion's slug) names each; addresses percent-encoded.
  const url = (l: Locale) => `${origin}${encodeURI(localePath(l, view.paths?.[l] ?? path))}`;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${attr(String(content))}">`;
  const head: string[] = [];
  if (view.alternates) {
    head.push(`<link rel="canonical" href="${attr(url(locale))}">`);
    for (const l of LOCALES) head.push(`<link rel="alternate" hreflang="${l}" href="${attr(url(l))}">`);
    head.push(`<link rel="alternate" hreflang="x-default" href="${attr(url('fr'))}">`);
  }
  if (!view.indexable) head.push(meta('name', 'robots', 'noindex'));
  head.push(
    meta('property', 'og:type', view.type),
    meta('property', 'og:site_name', 'Flora Maroc'),
    meta('property', 'og:title', view.title),
    meta('property', 'og:description', view.description),
    meta('property', 'og:url', url(locale)),
    meta('property', 'og:locale', OG_LOCALES[locale]),
    meta('name', 'twitter:card', view.picture ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', view.title),
    meta('name', 'twitter:description', view.description),
  );
  // The page's largest picture starts downloading with the HTML, ahead of the fonts and scripts the
  // head asks for (it goes first in the head), not after the app has drawn it.
  const preload = view.picture?.preload
    ? `\n    <link rel="preload" as="image" imagesrcset="${attr(view.picture.preload.srcset)}" imagesizes="${attr(view.picture.preload.sizes)}" fetchpriority="high">`
    : '';
  if (view.picture) {
    head.push(
      meta('property', 'og:image', view.picture.url),
      meta('property', 'og:image:width', view.picture.width),
      meta('property', 'og:image:height', view.picture.height),
      meta('property', 'og:image:alt', view.picture.alt),
      meta('name', 'twitter:image', view.picture.url),
    );
  }
  view.jsonLd.forEach((data, i) =>
    head.push(`<script type="application/ld+json" id="${i === 0 ? 'product-jsonld' : `jsonld-${i}`}">${jsonLdText(data)}</script>`),
  );

  const dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  return fontsFor(shell, locale)
    .replace(/<html[^>]*>/, `<html lang="${locale}" dir="${dir}">`)
    .replace(/<meta charset[^>]*>/i, (charset) => charset + preload)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${attr(view.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, meta('name', 'description', view.description.replace(/\s+/g, ' ').trim().slice(0, 160)))
    .replace('</head>', `${head.join('\n    ')}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      rendered
        ? `<div id="root">${rendered.html}</div><script type="application/json" id="flora-ssr">${rendered.state}</script>`
        : `<div id="root"></div>${view.body ? `<noscript><main>${view.body}</main></noscript>` : ''}`,
    );
}
