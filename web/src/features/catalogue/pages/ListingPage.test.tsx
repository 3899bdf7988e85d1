import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { COLORS, makeProduct, page } from '../test/fixtures';
import ListingPage from './ListingPage';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/shop', Component: ListingPage },
      { path: '/category/:id', Component: ListingPage },
      { path: '/category/:id/subcategory/:subcategoryId', Component: ListingPage },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const productCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/products' && u.searchParams.get('sort') !== 'popular');

const baseRoutes = {
  '/api/categories': [{ id: 1, name: 'Bouquets', description: 'Composés chaque matin.', image_path: null }],
  '/api/categories/1/subcategories': [
    { id: 1, name: 'Roses', description: 'Des roses.', category_id: 1, is_active: true, image_path: null },
    { id: 2, name: 'Mariage', description: 'Pour le grand jour.', category_id: 1, is_active: true, image_path: null },
  ],
  '/api/colors': COLORS,
};

afterEach(() => vi.unstubAllGlobals());

describe('listing page', () => {
  it("reads colour, an older address's price band, sort and page from the URL and asks the server for them", async () => {
    const fetchMock = mockFetch({
      ...baseRoutes,
      '/api/products': page([makeProduct()], { page: 2, total: 21, last_page: 2 }),
    });
    renderAt('/category/1/subcategory/2?color=2&price=300-500&sort=price_asc&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mariage' })).toBeInTheDocument();
    const call = productCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      page: '2',
      per_page: '20',
      category_id: '1',
      subcategory_id: '2',
      color_id: '2',
      min_price: '300',
      max_price: '500',
      sort: 'price_asc',
    });
    expect(await screen.findByRole('button', { name: 'Rose', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '300 à 500 MAD', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue('price_asc');
    expect(screen.getByText('Affichage de 21 à 21 sur 21')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'À partir de (MAD)' })).toHaveValue('300');
    expect(screen.getByRole('textbox', { name: 'Moins de (MAD)' })).toHaveValue('500');
    expect(screen.getByRole('link', { name: 'Tout' })).toHaveAttribute('href', '/category/1?color=2&price=300-500&sort=price_asc');
    expect(screen.getByRole('link', { name: 'Mariage' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes a filter change to the URL and goes back to page 1', async () => {
    const fetchMock = mockFetch({ ...baseRoutes, '/api/products': page([makeProduct()], { page: 3, total: 60, last_page: 3 }) });
    const router = renderAt('/shop?search=rose&page=3');
    await screen.findByRole('heading', { level: 1, name: 'Résultats pour «\u00a0rose\u00a0»' });
    await userEvent.click(await screen.findByRole('button', { name: 'Plus de 1 000 MAD' }));
    // A filter is a navigation, which the router commits asynchronously.
    await waitFor(() =>
      expect(
        Object.fromEntries(
          router.state.location.search
            .slice(1)
            .split('&')
            .map((p) => p.split('=')),
        ),
      ).toEqual({
        search: 'rose',
        min_price: '1000',
      }),
    );
    await waitFor(() => {
      const last = productCalls(fetchMock).at(-1)!;
      expect(last.searchParams.get('min_price')).toBe('1000');
      expect(last.searchParams.get('max_price')).toBeNull();
      expect(last.searchParams.get('page')).toBe('1');
      expect(last.searchParams.get('search')).toBe('rose');
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'price_desc');
    await waitFor(() => expect(router.state.location.search).toBe('?search=rose&min_price=1000&sort=price_desc'));
    // The back button restores the previous state.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Plus de 1 000 MAD', pressed: true })).toBeInTheDocument();
  });

  it('takes a budget as a free range: "under 400 MAD" asks for max_price=400 and keeps it in the URL', async () => {
    const fetchMock = mockFetch({ ...baseRoutes, '/api/products': page([makeProduct()], { page: 1, total: 1, last_page: 1 }) });
    const router = renderAt('/shop?price=300-500&color=1');
    const under = await screen.findByRole('textbox', { name: 'Moins de (MAD)' });
    const from = screen.getByRole('textbox', { name: 'À partir de (MAD)' });
    await userEvent.clear(from);
    await userEvent.clear(under);
    await userEvent.type(under, '400{Enter}');
    // The range replaces the older address's band.
    await waitFor(() => expect(router.state.location.search).toBe('?color=1&max_price=400'));
    await waitFor(() => {
      const last = productCalls(fetchMock).at(-1)!;
      expect(last.searchParams.get('max_price')).toBe('400');
      expect(last.searchParams.get('min_price')).toBeNull();
      expect(last.searchParams.get('color_id')).toBe('1');
    });
    // No preset is exactly this range.
    for (const band of ['Moins de 300 MAD', '300 à 500 MAD'])
      expect(screen.getByRole('button', { name: band, pressed: false })).toBeInTheDocument();

    // A decimal comma is read; a preset fills both fields.
    await userEvent.type(screen.getByRole('textbox', { name: 'À partir de (MAD)' }), '150,5{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?color=1&max_price=400&min_price=150.5'));
    await userEvent.click(screen.getByRole('button', { name: '500 à 1 000 MAD' }));
    await waitFor(() => expect(router.state.location.search).toBe('?color=1&max_price=1000&min_price=500'));
    expect(screen.getByRole('textbox', { name: 'À partir de (MAD)' })).toHaveValue('500');
    expect(screen.getByRole('button', { name: '500 à 1 000 MAD', pressed: true })).toBeInTheDocument();
  });

  it('says what is wrong with a range it cannot use, and asks nothing of the server', async () => {
    const fetchMock = mockFetch({ ...baseRoutes, '/api/products': page([makeProduct()], { page: 1, total: 1, last_page: 1 }) });
    const router = renderAt('/shop');
    const from = await screen.findByRole('textbox', { name: 'À partir de (MAD)' });
    await userEvent.type(from, '600');
    await userEvent.type(screen.getByRole('textbox', { name: 'Moins de (MAD)' }), '300');
    const calls = productCalls(fetchMock).length;
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Le premier montant doit être inférieur au second.')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(from);
    await userEvent.type(from, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Saisissez un montant en MAD, par exemple 400.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(productCalls(fetchMock)).toHaveLength(calls);
  });

  it('reads a bad range in the address as no range (never a refused request)', async () => {
    const fetchMock = mockFetch({ ...baseRoutes, '/api/products': page([makeProduct()], { page: 1, total: 1, last_page: 1 }) });
    renderAt('/shop?min_price=500&max_price=300');
    await screen.findByRole('textbox', { name: 'À partir de (MAD)' });
    await waitFor(() => expect(productCalls(fetchMock).length).toBeGreaterThan(0));
    const last = productCalls(fetchMock).at(-1)!;
    expect(last.searchParams.get('min_price')).toBeNull();
    expect(last.searchParams.get('max_price')).toBeNull();
  });

  it('page links carry the filters', async () => {
    mockFetch({ ...baseRoutes, '/api/products': page([makeProduct()], { page: 1, total: 45, last_page: 3 }) });
    renderAt('/shop?color=1');
    expect(await screen.findByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/shop?color=1&page=2');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('says "more than" when the server counted a search only up to its cap, and pages through what it shows', async () => {
    mockFetch({ ...baseRoutes, '/api/products': page([makeProduct()], { page: 1, total: 1000, last_page: 50, total_capped: true }) });
    renderAt('/shop?search=bouquet');
    expect(await screen.findByText('Affichage de 1 à 20 sur plus de 1000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 50' })).toHaveAttribute('href', '/shop?search=bouquet&page=50');
  });

  it('offers a way forward when nothing matches', async () => {
    mockFetch({ ...baseRoutes, '/api/products': page([]) });
    const router = renderAt('/shop?color=3');
    expect(await screen.findByText('Aucun produit ne correspond à votre recherche.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir la boutique' })).toHaveAttribute('href', '/shop');
    await userEvent.click(screen.getAllByRole('button', { name: 'Effacer les filtres' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('answers a page past the last one as a page that does not exist, with a link to the first page', async () => {
    mockFetch({
      ...baseRoutes,
      '/api/products': (url: URL) =>
        url.searchParams.get('page') === '100005'
          ? jsonResponse({ message: 'Cette page n’existe pas : la dernière est la page 3.' }, 404)
          : jsonResponse(page([makeProduct()])),
    });
    renderAt('/shop?sort=price_asc&page=100005');
    expect(await screen.findByText('Cette page n’existe pas : la dernière est la page 3.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir la boutique' })).toHaveAttribute('href', '/shop?sort=price_asc');
  });

  it('shows the error with a Retry', async () => {
    let calls = 0;
    mockFetch({
      ...baseRoutes,
      '/api/products': (url: URL) =>
        url.searchParams.get('sort') === 'popular'
          ? jsonResponse(page([]))
          : ++calls === 1
            ? jsonResponse({ message: 'down' }, 500)
            : jsonResponse(page([makeProduct()])),
    });
    renderAt('/shop');
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les produits ou les catégories.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Bouquet de roses rouges' })).toBeInTheDocument();
  });
});
