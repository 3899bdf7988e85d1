import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@web/lib/session';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
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
    '/api/shop-info': {
      phone: '+212 600 000 000',
      whatsapp: '+212600000000',
      email: 'bonjour@flora.ma',
      instagram: 'https://www.instagram.com/floramaroc',
      facebook: null,
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.end('logout');
  localStorage.clear();
  session.reload();
});

describe('router', () => {
  it('renders home inside the storefront layout', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Des fleurs fraîches, composées avec soin' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // The footer links only the social pages saved in the shop settings.
    expect(await screen.findByRole('link', { name: /^Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/floramaroc');
    expect(screen.queryByRole('link', { name: /^Facebook/ })).toBeNull();
    expect(await screen.findByRole('link', { name: /Pour toutes les occasions/ })).toHaveAttribute('href', '/category/1');
    expect(await screen.findByRole('link', { name: /bonjour@flora\.ma/ })).toHaveAttribute('href', 'mailto:bonjour@flora.ma');
  });

  it.each(['/nowhere', '/shop/nothing/here'])('shows the not-found page for %s, with header and footer', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText("La page que vous cherchez n'existe pas.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it.each(['/admin', '/admin/products/edit/3', '/admin/unknown'])(
    'shows %s to a visitor as the not-found page, without any header, footer or admin menu',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('searchbox')).toBeNull();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Menu du back-office' })).toBeNull();
    },
  );

  it('shows a customer (403 from the server) the not-found page under /admin', async () => {
    session.start({ id: 5, name: 'Nadia', email: 'nadia@example.ma', phone: null, address: null, role: 'customer' }, 3600);
    mockFetch({ '/api/admin/profile': () => jsonResponse({ message: 'Forbidden' }, 403) });
    renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu du back-office' })).toBeNull();
  });

  it('gives an admin the back-office frame: menu, breadcrumb from Dashboard, language switch', async () => {
    session.start({ id: 1, name: 'Amina Admin', email: 'amina@flora.ma', phone: null, address: null, role: 'admin' }, 3600);
    mockFetch({ '/api/admin/profile': { id: 1, name: 'Amina Admin', email: 'amina@flora.ma', phone: null, role: 'admin' } });
    renderAt('/admin/products/edit/3');
    const menus = await screen.findAllByRole('navigation', { name: 'Menu du back-office' });
    const menu = menus[0]!;
    for (const name of [
      'Tableau de bord',
      'Produits',
      'Ordonner les produits',
      'Catégories',
      'Couleurs',
      'Clients',
      'Commandes',
      'Témoignages',
      'Profil',
      'Retour à la boutique',
    ]) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    // An admin who is not a super admin does not see the audit log.
    expect(within(menu).queryByRole('link', { name: 'Journal d’audit' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Produits' })).toHaveAttribute('aria-current', 'page');
    const trail = screen.getAllByRole('navigation', { name: 'Fil d’Ariane' })[0]!;
    expect(within(trail).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(trail).getByRole('link', { name: 'Produits' })).toHaveAttribute('href', '/admin/products');
    expect(within(trail).getByText('Modifier n° 3')).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('group', { name: 'Langue' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('shows an admin the admin not-found page for an unknown admin path, inside the frame', async () => {
    session.start({ id: 1, name: 'Amina Admin', email: 'amina@flora.ma', phone: null, address: null, role: 'super_admin' }, 3600);
    mockFetch({ '/api/admin/profile': { id: 1, name: 'Amina Admin', email: 'amina@flora.ma', phone: null, role: 'super_admin' } });
    renderAt('/admin/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/admin/dashboard');
    const menu = screen.getAllByRole('navigation', { name: 'Menu du back-office' })[0]!;
    expect(within(menu).getByRole('link', { name: 'Journal d’audit' })).toBeInTheDocument();
  });

  it('recognises admin paths only', () => {
    expect(['/admin', '/admin/', '/admin/orders', '/admin?x=1'].every(isAdminPath)).toBe(true);
    expect(['/', '/administration', '/shop', '/product/admin'].some(isAdminPath)).toBe(false);
  });
});
