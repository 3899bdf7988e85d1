/**
 * i18next set-up: French (default, bundled), English and Arabic (loaded on demand).
 * Translations live in `web/src/locales/<lang>/<namespace>.json`; every namespace file found there
 * is registered, so a feature adds its texts by adding `<namespace>.json` in the three languages.
 */
import { createInstance, type BackendModule, type PostProcessorModule, type ResourceKey } from 'i18next';
import { startTransition } from 'react';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, toLocale, type Locale } from '@shared/constants';
import { LANGUAGE_COOKIE } from '@shared/locale-address';
import { frenchSpacing } from '@shared/text';
import { STORAGE_KEYS, readString, writeString } from './storage';

export const LANGUAGE_CHANGED_EVENT = 'language-changed';
export type LanguageChangedDetail = { language: Locale; dir: 'ltr' | 'rtl' };

/** The app's own i18next instance (not the package's global one, so tests can start afresh). */
export const i18n = createInstance();

/**
 * French texts get their no-break spaces before ! ? ; : and inside « » when shown (shared/text.ts),
 * so the files keep plain spaces and a new text cannot forget them. Used by the app and the server
 * renderer alike (the same text on both sides of hydration).
 */
export const frenchTypography: PostProcessorModule = {
  type: 'postProcessor',
  name: 'frenchTypography',
  process: (value: string, _key: string | string[], options: { lng?: string }, translator: { language?: string }) =>
    toLocale(options.lng ?? translator.language) === 'fr' ? frenchSpacing(value) : value,
};
export const POST_PROCESS = ['frenchTypography'];

// Only the French `common` texts (header, footer, errors) are in the first download; every other
// namespace and language is a small chunk of its own, loaded before the first page shows (app/lazy.ts).
const eagerFiles = import.meta.glob<ResourceKey>('../locales/fr/common.json', { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<ResourceKey>(['../locales/*/*.json', '!../locales/fr/common.json'], { import: 'default' });

const fileNamespace = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

/** Every namespace that exists (the French files are the reference; a parity test keeps the others equal). */
export const NAMESPACES: string[] = [
  ...new Set([...Object.keys(eagerFiles), ...Object.keys(lazyFiles).filter((p) => p.includes('/fr/'))].map(fileNamespace)),
].sort();
export const DEFAULT_NAMESPACE = 'common';

/**
 * The back office's texts: `admin` (its frame and shared words) and `admin-<area>` files, loaded by
 * admin pages only, never by the storefront.
 */
export const isAdminNamespace = (ns: string): boolean => ns === 'admin' || ns.startsWith('admin-');
export const ADMIN_NAMESPACES: string[] = NAMESPACES.filter(isAdminNamespace);
export const STOREFRONT_NAMESPACES: string[] = NAMESPACES.filter((ns) => !isAdminNamespace(ns));

/** Loads the storefront's namespaces of the current language (storefront pages call it before they render). */
export const loadAllNamespaces = (): Promise<void> => i18n.loadNamespaces(STOREFRONT_NAMESPACES);

/** Loads `common` and the given namespaces of the current language. */
export const loadNamespaces = (namespaces: string[]): Promise<void> => i18n.loadNamespaces([DEFAULT_NAMESPACE, ...namespaces]);

/** Loads the back office's texts (and `common`): admin pages call it before they render. */
export const loadAdminNamespaces = (): Promise<void> => i18n.loadNamespaces([DEFAULT_NAMESPACE, ...ADMIN_NAMESPACES]);

const bundledResources: Record<string, Record<string, ResourceKey>> = {
  fr: Object.fromEntries(Object.entries(eagerFiles).map(([path, data]) => [fileNamespace(path), data])),
};

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const dirOf = (language: Locale): 'ltr' | 'rtl' => (RTL_LOCALES.includes(language) ? 'rtl' : 'ltr');

/** The stored language, always one of the three; anything else is French. */
export function readStoredLanguage(): Locale {
  return toLocale(readString(STORAGE_KEYS.language));
}

/**
 * Remembers the visitor's language: in storage for the app, and in a cookie so the server can send a
 * plain (French) address straight to the language's own address, rather than drawing the French
 * page the app would then drop.
 */
export function rememberLanguage(language: Locale): void {
  writeString(STORAGE_KEYS.language, language);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** On the server, the language of the page being rendered (set by web/src/entry-server.tsx). */
let languageSource: (() => Locale | undefined) | null = null;
export function setLanguageSource(source: () => Locale | undefined): void {
  languageSource = source;
}

/** The language in use now (what the API client sends as Accept-Language). */
export function currentLanguage(): Locale {
  const fromServer = languageSource?.();
  if (fromServer) return fromServer;
  return toLocale(i18n.resolvedLanguage ?? i18n.language ?? readStoredLanguage());
}

/** Sets `<html lang dir>`: the whole page's language and direction. */
export function applyToDocument(language: Locale): void {
  const html = document.documentElement;
  html.lang = language;
  html.dir = dirOf(language);
}

/**
 * While the app is on screen it sets `<html lang dir>` itself, in the commit that shows the new
 * language's texts (app/AppRouter.tsx): set at once, the page would be drawn right to left in the old
 * language for as long as the new one takes to render.
 */
let appSetsDocument = false;
export function letAppSetDocumentLanguage(on: boolean): void {
  appSetsDocument = on;
}

let announced: Locale | null = null;

let initPromise: Promise<typeof i18n> | null = null;

/** Initialises i18next once with the stored language; resolves when its texts are loaded. */
export function initI18n(): Promise<typeof i18n> {
  if (initPromise) return initPromise;
  const language = readStoredLanguage();
  announced = language;
  applyToDocument(language);
  rememberLanguage(language);
  i18n.on('languageChanged', (lng) => {
    const language = toLocale(lng);
    if (language === announced) return;
    announced = language;
    if (!appSetsDocument) applyToDocument(language);
    rememberLanguage(language);
    window.dispatchEvent(new CustomEvent<LanguageChangedDetail>(LANGUAGE_CHANGED_EVENT, { detail: { language, dir: dirOf(language) } }));
  });
  initPromise = i18n
    .use(lazyBackend)
    .use(frenchTypography)
    .use(initReactI18next)
    .init({
      postProcess: POST_PROCESS,
      lng: language,
      supportedLngs: [...LOCALES],
      fallbackLng: DEFAULT_LOCALE,
      load: 'languageOnly',
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      resources: bundledResources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      returnEmptyString: false,
      react: { useSuspense: false },
    })
    .then(() => i18n);
  return initPromise;
}

/** Switches the language: stores it, loads its texts, sets `<html lang dir>` and fires `language-changed`. */
export async function setLanguage(value: unknown): Promise<Locale> {
  const language = toLocale(value);
  await initI18n();
  await i18n.changeLanguage(language);
  return language;
}

/** Resolves after the browser has painted the next frame. */
const afterNextPaint = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * A visitor's tap on a language. Redrawing every page element in another language (and, on the
 * storefront, under another address) is the heaviest thing a tap does: 1.5-2 s on a mid-range phone
 * when done in one go, the screen frozen meanwhile. So the new texts are loaded first, the tap's own
 * frame is painted, and the redraw is a React transition, done in slices between which the browser
 * paints and answers the next tap.
 */
export async function switchLanguage(value: unknown): Promise<void> {
  const language = toLocale(value);
  await initI18n();
  await i18n.loadLanguages(language);
  await afterNextPaint();
  startTransition(() => void i18n.changeLanguage(language));
}
