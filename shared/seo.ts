/**
 * What search engines and link previews read about a product, built the same way by the server (in
 * the page's HTML) and by the web app (after a client-side navigation).
 */
import type { Product } from './schemas/catalogue.js';

const absolute = (origin: string, url: string | null | undefined): string | undefined => (url ? new URL(url, origin).href : undefined);

/** schema.org Product with its offer in MAD; `origin` makes every address absolute. */
export function productJsonLd(product: Product, brand: string, origin: string, pagePath = `/product/${product.id}`): object {
  const images = product.images.map((i) => absolute(origin, i.url)).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': absolute(origin, pagePath),
    name: product.name,
    description: product.description || undefined,
    sku: String(product.id),
    image: images.length > 0 ? images : absolute(origin, product.image_url ?? product.image_path),
    category: product.subcategory ? `${product.category.name} > ${product.subcategory.name}` : product.category.name,
    brand: { '@type': 'Brand', name: brand },
    color: product.colors.map((c) => c.name).join(', ') || undefined,
    keywords: product.tags.join(', ') || undefined,
    offers: {
      '@type': 'Offer',
      url: absolute(origin, pagePath),
      priceCurrency: 'MAD',
      price: product.final_price.toFixed(2),
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: brand },
    },
  };
}

/** JSON for a `<script type="application/ld+json">`: "</" cannot close the script element early. */
export const jsonLdText = (data: object): string => JSON.stringify(data).replace(/</g, '\\u003c');
