/**
 * Search-engine helpers of the catalogue pages: the meta description and JSON-LD in the page head.
 * (The title comes from `useDocumentTitle` in web/src/lib/head.ts.)
 */
import { useEffect } from 'react';
import type { Product } from '@shared/schemas/catalogue';

/** Sets `<meta name="description">` while the page is shown. */
export function useMetaDescription(text: string | undefined): void {
  useEffect(() => {
    if (!text) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = text.replace(/\s+/g, ' ').trim().slice(0, 160);
  }, [text]);
}

/** Puts one JSON-LD block in the head while the page is shown. */
export function useJsonLd(id: string, data: object | null): void {
  const json = data ? JSON.stringify(data) : null;
  useEffect(() => {
    if (!json) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = id;
    // "</" cannot close the script element early.
    script.textContent = json.replace(/</g, '\\u003c');
    document.getElementById(id)?.remove();
    document.head.appendChild(script);
    return () => script.remove();
  }, [id, json]);
}

const absolute = (url: string | null | undefined): string | undefined =>
  url ? new URL(url, window.location.origin).href : undefined;

/** schema.org Product with its offer in MAD. */
export function productJsonLd(product: Product, brand: string): object {
  const images = product.images.map((i) => absolute(i.url)).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': absolute(`/product/${product.id}`),
    name: product.name,
    description: product.description || undefined,
    sku: String(product.id),
    image: images.length > 0 ? images : absolute(product.image_url ?? product.image_path),
    category: product.subcategory ? `${product.category.name} > ${product.subcategory.name}` : product.category.name,
    brand: { '@type': 'Brand', name: brand },
    color: product.colors.map((c) => c.name).join(', ') || undefined,
    keywords: product.tags.join(', ') || undefined,
    offers: {
      '@type': 'Offer',
      url: absolute(`/product/${product.id}`),
      priceCurrency: 'MAD',
      price: product.final_price.toFixed(2),
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: brand },
    },
  };
}
