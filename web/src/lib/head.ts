import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOCALES, DEFAULT_LOCALE } from '@shared/constants';
import { localePath } from '@shared/locale-address';

/**
 * The server writes each page's head (title, description, canonical, hreflang, Open Graph): that is
 * what link previews and crawlers read. After an in-app navigation these keep the head true for the
 * page now shown, so a link copied or shared from the browser's own tools names the right page.
 */
function setContent(selector: string, value: string): void {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', value);
}

/** Sets the page title as "<title> · <brand>" (or the brand alone), and the Open Graph title with it. */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : `${brand} · ${t('tagline')}`;
    setContent('meta[property="og:title"]', document.title);
    setContent('meta[name="twitter:title"]', document.title);
  }, [title, brand, t]);
}

/** Sets the description (and its Open Graph and Twitter twins) while the page is shown. */
export function setDescription(text: string): void {
  const clean = text.replace(/\s+/g, ' ').trim().slice(0, 160);
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = clean;
  setContent('meta[property="og:description"]', clean);
  setContent('meta[name="twitter:description"]', clean);
}

/**
 * Storefront layout: canonical, hreflang alternates and og:url follow the address after each in-app
 * navigation (`pathname` is the path inside the language: the router's basename holds the prefix).
 */
export function useHeadAddress(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LOCALE;
  useEffect(() => {
    const url = (l: string) => `${window.location.origin}${localePath(l, pathname)}`;
    document.head.querySelector('link[rel="canonical"]')?.setAttribute('href', url(language));
    for (const l of LOCALES) document.head.querySelector(`link[rel="alternate"][hreflang="${l}"]`)?.setAttribute('href', url(l));
    document.head.querySelector('link[rel="alternate"][hreflang="x-default"]')?.setAttribute('href', url(DEFAULT_LOCALE));
    setContent('meta[property="og:url"]', url(language));
  }, [pathname, language]);
}
