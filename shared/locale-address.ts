/**
 * Each storefront language has its own address: French at the root (`/product/12`), English and Arabic
 * under their code (`/en/product/12`, `/ar/product/12`); the back office stays at /admin, without a
 * language. A visitor's chosen language is remembered in the `lang` cookie, which the server reads to
 * send a plain address to the chosen language's page. The server (pages, redirects, sitemap) and the
 * web app (router basename, links, the language switch) read the rule from here.
 */
import { DEFAULT_LOCALE, type Locale } from './constants.js';

/** The cookie holding the language a visitor chose (written by the web app, read by the server). */
export const LANGUAGE_COOKIE = 'lang';

/** The back office's addresses (`/admin`, `/admin/...`): no language in them. */
export const isBackOfficePath = (pathname: string): boolean => /^\/admin(?:[/?#]|$)/.test(pathname);

/**
 * The address of a storefront page in a language: French at the root (`/product/12`), the other
 * languages under their code (`/en/product/12`, `/ar/product/12`).
 */
export function localePath(locale: string, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/** Splits `/ar/product/12` into its language and the path inside it (`ar`, `/product/12`); no prefix: French. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string; prefixed: boolean } {
  const match = /^\/(en|ar|fr)(\/.*)?$/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname || '/', prefixed: false };
  return { locale: match[1] as Locale, path: match[2] || '/', prefixed: true };
}

/** The router's basename in a language: the prefix every link of the app keeps. */
export const basenameFor = (language: Locale): string => (language === DEFAULT_LOCALE ? '/' : `/${language}`);
