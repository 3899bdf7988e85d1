import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, testQueryClient } from '@web/test/utils';
import { createTestRouter, isAdminPath } from './router';

function renderAt(path: string) {
  const router = createTestRouter([path]);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  mockFetch({
    '/api/categories': [{ id: 1, name: 'Bouquets', description: 'Pour toutes les occasions', image_path: null }],
    '/api/subcategories': [],
    '/api/shop-info': { phone: '+212 600 000 000', whatsapp: '+212600000000', email: 'bonjour@flora.ma' },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('router', () => {
  it('renders home inside the storefront layout', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Des fleurs fraîches, composées avec soin' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Pour toutes les occasions/ })).toHaveAttribute('href', '/category/1');
    expect(await screen.findByRole('link', { name: /bonjour@flora\.ma/ })).toHaveAttribute('href', 'mailto:bonjour@flora.ma');
  });

  it.each(['/nowhere', '/shop/nothing/here'])(
    'shows the not-found page for %s, with header and footer',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
      expect(screen.getByText("La page que vous cherchez n'existe pas.")).toBeInTheDocument();
      expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
      expect(screen.getByRole('banner')).toBeInTheDocument();
    },
  );

  it.each(['/admin', '/admin/products/edit/3', '/admin/unknown'])(
    'shows %s in the admin layout, without the public header and footer',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('searchbox')).toBeNull();
      expect(screen.queryByRole('contentinfo')).toBeNull();
    },
  );

  it('recognises admin paths only', () => {
    expect(['/admin', '/admin/', '/admin/orders', '/admin?x=1'].every(isAdminPath)).toBe(true);
    expect(['/', '/administration', '/shop', '/product/admin'].some(isAdminPath)).toBe(false);
  });
});
