import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the i18n module (its own i18next instance), as at page load. */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});
afterEach(() => localStorage.clear());

describe('stored language', () => {
  it.each([
    ['fr', 'fr'],
    ['en', 'en'],
    ['ar', 'ar'],
    ['de', 'fr'],
    ['AR', 'fr'],
    ['', 'fr'],
    ['{"x":1}', 'fr'],
  ])('stored %j is read as %s', async (stored, expected) => {
    localStorage.setItem('language', stored);
    const { readStoredLanguage } = await freshI18n();
    expect(readStoredLanguage()).toBe(expected);
  });

  it('defaults to French when nothing is stored, and starts in French', async () => {
    const { initI18n, readStoredLanguage } = await freshI18n();
    expect(readStoredLanguage()).toBe('fr');
    const i18n = await initI18n();
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('replaces an invalid stored value by fr at start', async () => {
    localStorage.setItem('language', 'es');
    const { initI18n } = await freshI18n();
    const i18n = await initI18n();
    expect(i18n.language).toBe('fr');
    expect(localStorage.getItem('language')).toBe('fr');
  });

  it('starts in Arabic, right-to-left, with Arabic texts when ar is stored', async () => {
    localStorage.setItem('language', 'ar');
    const { initI18n } = await freshI18n();
    const i18n = await initI18n();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('errors.notFoundTitle')).toBe('الصفحة غير موجودة');
  });
});

describe('switching language', () => {
  it('sets html lang and dir, stores the language, fires language-changed', async () => {
    const { initI18n, setLanguage, i18n, LANGUAGE_CHANGED_EVENT } = await freshI18n();
    await initI18n();
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener(LANGUAGE_CHANGED_EVENT, listener);
    try {
      await setLanguage('ar');
      expect(document.documentElement.lang).toBe('ar');
      expect(document.documentElement.dir).toBe('rtl');
      expect(localStorage.getItem('language')).toBe('ar');
      expect(i18n.t('actions.retry')).toBe('إعادة المحاولة');

      await setLanguage('en');
      expect(document.documentElement.lang).toBe('en');
      expect(document.documentElement.dir).toBe('ltr');
      expect(i18n.t('errors.notFoundTitle')).toBe('Page Not Found');

      await setLanguage('klingon');
      expect(i18n.language).toBe('fr');
      expect(localStorage.getItem('language')).toBe('fr');

      expect(events).toEqual([
        { language: 'ar', dir: 'rtl' },
        { language: 'en', dir: 'ltr' },
        { language: 'fr', dir: 'ltr' },
      ]);
    } finally {
      window.removeEventListener(LANGUAGE_CHANGED_EVENT, listener);
    }
  });

  it('does not fire language-changed when the language stays the same', async () => {
    const { initI18n, setLanguage, LANGUAGE_CHANGED_EVENT } = await freshI18n();
    await initI18n();
    const listener = vi.fn();
    window.addEventListener(LANGUAGE_CHANGED_EVENT, listener);
    await setLanguage('fr');
    window.removeEventListener(LANGUAGE_CHANGED_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('a tap on a language', () => {
  it('loads the texts first and switches inside a transition, the page following at once without the app', async () => {
    const { initI18n, switchLanguage, i18n } = await freshI18n();
    await initI18n();
    await switchLanguage('ar');
    expect(i18n.language).toBe('ar');
    expect(i18n.t('actions.retry')).toBe('إعادة المحاولة');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('language')).toBe('ar');
  });

  it('leaves <html lang dir> to the app while it is on screen', async () => {
    const { initI18n, switchLanguage, letAppSetDocumentLanguage, applyToDocument, LANGUAGE_CHANGED_EVENT } = await freshI18n();
    await initI18n();
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(LANGUAGE_CHANGED_EVENT, listener);
    letAppSetDocumentLanguage(true);
    try {
      await switchLanguage('ar');
      expect(seen).toEqual([{ language: 'ar', dir: 'rtl' }]);
      expect(document.documentElement.dir).toBe('ltr');
      applyToDocument('ar');
      expect(document.documentElement.lang).toBe('ar');
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      letAppSetDocumentLanguage(false);
      window.removeEventListener(LANGUAGE_CHANGED_EVENT, listener);
    }
  });
});

describe('texts', () => {
  it('shows the key itself for a missing key', async () => {
    const { initI18n, setLanguage } = await freshI18n();
    const i18n = await initI18n();
    expect(i18n.t('nothing.here.at_all')).toBe('nothing.here.at_all');
    await setLanguage('ar');
    expect(i18n.t('nothing.here.at_all')).toBe('nothing.here.at_all');
  });

  it('starts with common only, then loads every namespace file on demand', async () => {
    const { initI18n, NAMESPACES, loadAllNamespaces } = await freshI18n();
    const i18n = await initI18n();
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'catalogue', 'cart', 'accounts', 'shop', 'custom-bouquet']));
    expect(i18n.hasLoadedNamespace('catalogue')).toBe(false);
    await loadAllNamespaces();
    expect(i18n.t('home.hero.shopNow', { ns: 'catalogue' })).toBe('Découvrir la boutique');
  });
});

describe('French typography', () => {
  it('shows French texts with no-break spaces before : ! ? (a line never starts with the mark), other languages as written', async () => {
    const { initI18n, setLanguage, i18n } = await freshI18n();
    await initI18n();
    expect(i18n.t('nav.viewAll', { name: 'Roses' })).toBe('Tout voir\u00a0: Roses');
    await setLanguage('en');
    expect(i18n.t('nav.viewAll', { name: 'Roses' })).toBe('View all: Roses');
  });
});
