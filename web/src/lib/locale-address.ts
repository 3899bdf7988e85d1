/**
 * Each language has its own address: French at the root (`/product/12`), English and Arabic under
 * their code (`/en/product/12`, `/ar/product/12`). The router runs with the language's prefix as its
 * basename, so every link of the app keeps the language without naming it. The back office stays at
 * /admin (no language in its address).
 */
import { DEFAULT_LOCALE, type Locale } from '@shared/constants';
import { basenameFor, isBackOfficePath, localePath, splitLocalePath } from '@shared/locale-address';
import { readStoredLanguage, rememberLanguage } from './i18n';

/**
 * Before the app starts: a language in the address wins (and is remembered); a plain address opened
 * by a visitor who chose another language earlier moves to that language's address (the server does
 * it first when the language cookie is there; this covers a visitor without it). Returns the
 * router's basename.
 */
export function settleAddressLanguage(): string {
  const { pathname, search, hash } = window.location;
  if (isBackOfficePath(pathname)) return '/';
  const address = splitLocalePath(pathname);
  if (address.prefixed) {
    rememberLanguage(address.locale);
    return basenameFor(address.locale);
  }
  const stored = readStoredLanguage();
  if (stored !== DEFAULT_LOCALE)
    window.history.replaceState(window.history.state, '', `${localePath(stored, address.path)}${search}${hash}`);
  return basenameFor(stored);
}

/**
 * A site address the server gives in some language (`/ar/orders/track/12?token=...`) as a link of
 * this app: without its language prefix, since the router's basename puts the page's own language
 * in front (the shopper stays in the language they are reading).
 */
export function appLinkOf(address: string): string {
  const query = address.search(/[?#]/);
  const pathname = query < 0 ? address : address.slice(0, query);
  return `${splitLocalePath(pathname).path}${query < 0 ? '' : address.slice(query)}`;
}

/**
 * After a language switch on the storefront: the same page's address in the new language (the URL is
 * replaced, no reload). Returns the new basename, or null on an admin path (no language prefix there).
 */
export function moveToLanguageAddress(language: Locale): string | null {
  const { pathname, search, hash } = window.location;
  if (isBackOfficePath(pathname)) return null;
  const { path } = splitLocalePath(pathname);
  window.history.replaceState(window.history.state, '', `${localePath(language, path)}${search}${hash}`);
  return basenameFor(language);
}
