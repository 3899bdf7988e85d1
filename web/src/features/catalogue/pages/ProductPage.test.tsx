import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { COLORS, makeProduct } from '../test/fixtures';
import ProductPage from './ProductPage';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/product/:id', Component: ProductPage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('product-jsonld')?.remove();
});

describe('product page', () => {
  it('says Product Not Found with a link back to the shop on 404', async () => {
    mockFetch({ '/api/product/999': () => jsonResponse({ message: 'Product not found.' }, 404) });
    renderAt('/product/999');
    expect(await screen.findByRole('heading', { name: 'Produit introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/shop');
  });

  it('shows the product, breadcrumbs, care and delivery texts, and its JSON-LD', async () => {
    mockFetch({
      '/api/product/7': makeProduct({ discount: 10, final_price: 405, colors: COLORS.slice(0, 2) }),
      '/api/product/7/related': { data: [makeProduct({ id: 8, name: 'Pivoines' })] },
    });
    renderAt('/product/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bouquet de roses rouges' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(crumbs).toHaveTextContent('AccueilBouquetsRosesBouquet de roses rouges');
    expect(screen.getByText("Changez l'eau du vase tous les 2 à 3 jours.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zones et tarifs de livraison' })).toHaveAttribute('href', '/delivery');
    expect(await screen.findByRole('link', { name: 'Pivoines' })).toHaveAttribute('href', '/product/8');
    const ld = JSON.parse(document.getElementById('product-jsonld')!.textContent!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Bouquet de roses rouges',
      offers: { priceCurrency: 'MAD', price: '405.00', availability: 'https://schema.org/InStock' },
    });
    expect(document.title).toContain('Bouquet de roses rouges');
  });
});
