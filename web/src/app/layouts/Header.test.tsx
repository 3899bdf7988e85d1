import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCartCount } from '@web/lib/cart/cart-count';
import { wishlist } from '@web/lib/wishlist/store';
import { setLanguage } from '@web/lib/i18n';
import { mockFetch, testQueryClient } from '@web/test/utils';
import { Header } from './Header';

const categories = [
  { id: 1, name: 'Bouquets du jardin', description: '', image_path: null },
  { id: 2, name: 'Tiges choisies', description: '', image_path: null },
  { id: 3, name: 'Séchées de saison', description: '', image_path: null },
  { id: 4, name: 'Plantes vertes', description: '', image_path: null },
  { id: 9, name: 'Hors menu', description: '', image_path: null },
];
const subcategories = [
  { id: 11, name: 'Roses rouges', description: '', category_id: 1, is_active: true, image_path: null },
  { id: 12, name: 'Archivée', description: '', category_id: 1, is_active: false, image_path: null },
  { id: 41, name: 'Cactus', description: '', category_id: 4, is_active: true, image_path: null },
];

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderHeader(path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Header />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch({ '/api/categories': categories, '/api/subcategories': subcategories });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('fr'));
  wishlist.clear();
  setCartCount(0);
});

describe('Header', () => {
  it('shows the four category menus with the names the server gives', async () => {
    renderHeader();
    const nav = screen.getAllByRole('navigation', { name: 'Navigation principale' })[0];
    for (const name of ['Bouquets du jardin', 'Tiges choisies', 'Séchées de saison', 'Plantes vertes']) {
      expect(await within(nav).findByRole('link', { name })).toHaveAttribute(
        'href',
        `/category/${categories.find((c) => c.name === name)!.id}`,
      );
    }
    expect(within(nav).queryByText('Hors menu')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Composer mon bouquet' })).toHaveAttribute('href', '/customize');
    expect(within(nav).getByRole('link', { name: 'À propos' })).toHaveAttribute('href', '/about');
  });

  it('lists only active subcategories under their category', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = await screen.findByRole('button', { name: 'Sous-catégories\u00a0: Bouquets du jardin' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(menu).getByRole('link', { name: 'Roses rouges' })).toHaveAttribute('href', '/category/1/subcategory/11');
    expect(within(menu).queryByText('Archivée')).toBeNull();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Categories without subcategories have no toggle.
    expect(screen.queryByRole('button', { name: 'Sous-catégories : Tiges choisies' })).toBeNull();
  });

  it('sends the language with each call and switches the page to right-to-left in Arabic', async () => {
    const user = userEvent.setup();
    renderHeader();
    await screen.findAllByText('Bouquets du jardin');
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('Accept-Language')).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');

    const switcher = screen.getAllByRole('group', { name: 'Langue' })[0];
    await user.click(within(switcher).getByRole('button', { name: /^AR/ }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(await screen.findByRole('button', { name: 'فتح القائمة' })).toBeInTheDocument();
    expect(within(screen.getAllByRole('group', { name: 'اللغة' })[0]).getByRole('button', { name: /^AR/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('searches: a term goes to /shop?search=term, an empty box goes nowhere', async () => {
    const user = userEvent.setup();
    renderHeader('/about');
    const box = screen.getAllByRole('searchbox', { name: 'Rechercher un produit' })[0];
    await user.type(box, '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/about$/);
    await user.type(box, 'rose rouge{Enter}');
    // The router commits a navigation asynchronously.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shop?search=rose%20rouge'));
  });

  it('shows wishlist and cart counts on their icons', async () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Mes favoris (0)' })).toHaveAttribute('href', '/wishlist');
    act(() => {
      wishlist.add({ id: 7, name: 'Pivoines' });
      wishlist.add({ id: 7, name: 'Pivoines' });
      wishlist.add({ id: 8, name: 'Tulipes' });
      setCartCount(3);
    });
    expect(screen.getByRole('link', { name: 'Mes favoris (2)' })).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Panier (3)' })).toHaveAttribute('href', '/cart');
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toHaveLength(2);
  });

  it('opens a keyboard-usable mobile menu and gives focus back when it closes', async () => {
    const user = userEvent.setup();
    renderHeader();
    const opener = screen.getByRole('button', { name: 'Ouvrir le menu' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(dialog).getByRole('button', { name: 'Fermer le menu' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps the default names when the server cannot answer', async () => {
    vi.unstubAllGlobals();
    mockFetch({ '/api/categories': () => new Response('down', { status: 400 }) });
    renderHeader();
    const nav = screen.getAllByRole('navigation', { name: 'Navigation principale' })[0];
    expect(within(nav).getByRole('link', { name: 'Fleurs séchées' })).toHaveAttribute('href', '/category/3');
  });
});
