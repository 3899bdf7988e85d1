/**
 * Search-engine helpers of the catalogue pages: the meta description and JSON-LD in the page head.
 * (The title comes from `useDocumentTitle` in web/src/lib/head.ts.)
 */
import { useEffect } from 'react';
import type { Product } from '@shared/schemas/catalogue';
import { localePath } from '@shared/locale-address';
import { jsonLdText, productJsonLd as sharedProductJsonLd } from '@shared/seo';
import { setDescription } from '@web/lib/head';
import { currentLanguage } from '@web/lib/i18n';

/** Sets the description while the page is shown (and its Open Graph and Twitter twins). */
export function useMetaDescription(text: string | undefined): void {
  useEffect(() => {
    if (text) setDescription(text);
  }, [text]);
}

/** Puts one JSON-LD block in the head while the page is shown. */
export function useJsonLd(id: string, data: object | null): void {
  const json = data ? jsonLdText(data) : null;
  useEffect(() => {
    if (!json) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = id;
    script.textContent = json;
    document.getElementById(id)?.remove();
    document.head.appendChild(script);
    return () => script.remove();
  }, [id, json]);
}

/**
 * schema.org Product with its offer in MAD (shared with the server, which puts it in the page's HTML).
 * During a server render (no window) the value is not used: the head's block comes from site-pages.ts.
 */
export const productJsonLd = (product: Product, brand: string): object =>
  sharedProductJsonLd(
    product,
    brand,
    typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
    localePath(currentLanguage(), `/product/${product.id}`),
  );
