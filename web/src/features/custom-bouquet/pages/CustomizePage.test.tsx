import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import CustomizePage from './CustomizePage';

const stem = (id: number, name: string, colors: { id: number; name: string; hex_code: string }[] = []) => ({
  id,
  name,
  price: 20,
  discount: 0,
  final_price: 20,
  image_url: null,
  srcset: null,
  image_width: null,
  image_height: null,
  stock: 10,
  in_stock: true,
  colors,
});
const red = { id: 1, name: 'Rouge', hex_code: '#C0392B' };
const white = { id: 2, name: 'Blanc', hex_code: '#FFFFFF' };

function renderPage() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={['/customize']}>
        <CustomizePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/customize', () => {
  it('shows no pagination for a single page; adds stems with the default colour hint; stores the selection', async () => {
    mockFetch({
      '/api/custom-bouquet/single-stems': {
        data: [stem(10, 'Rose', [red, white]), stem(11, 'Tulipe')],
        meta: { page: 1, per_page: 6, total: 2, last_page: 1 },
      },
      '/api/shop-info': { phone: '+212600000000', whatsapp: '212600000000', email: 'shop@flora.ma' },
    });
    renderPage();
    const cards = await screen.findAllByTestId('stem-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pages des fleurs à l’unité' })).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('Couleur par défaut : Rouge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Passer à la commande' })).toBeDisabled();

    const user = userEvent.setup();
    const addRose = within(cards[0]!).getByRole('button', { name: 'Ajouter Rose (Rouge) à la sélection' });
    await user.click(addRose);
    await user.click(addRose);
    await user.click(within(cards[0]!).getByRole('radio', { name: 'Blanc' }));
    await user.click(within(cards[0]!).getByRole('button', { name: 'Ajouter Rose (Blanc) à la sélection' }));
    const lines = screen.getAllByTestId('selection-line');
    expect(lines).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Bouquet de 3 tiges\u00a0: 2 × Rose (Rouge), 1 × Rose (Blanc)' })).toBeInTheDocument();
    expect(screen.getByTestId('selection-total')).toHaveTextContent('60,00');
    expect(JSON.parse(localStorage.getItem('custom_products')!)).toMatchObject([
      { id: '10-1', quantity: 2 },
      { id: '10-2', quantity: 1 },
    ]);

    // Minus down to 0 removes the line.
    await user.click(screen.getByRole('button', { name: 'Retirer une tige de Rose (Blanc)' }));
    expect(screen.getAllByTestId('selection-line')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Passer à la commande' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/212600000000');
  });

  it('pages with first, previous, numbered, next and last when there is more than one page', async () => {
    const fetch = mockFetch({
      '/api/custom-bouquet/single-stems': (url: URL) =>
        jsonResponse(
          url.searchParams.get('page') === '2'
            ? { data: [stem(17, 'Anémone')], meta: { page: 2, per_page: 6, total: 7, last_page: 2 } }
            : { data: [1, 2, 3, 4, 5, 6].map((i) => stem(i, `Fleur ${i}`)), meta: { page: 1, per_page: 6, total: 7, last_page: 2 } },
        ),
    });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Pages des fleurs à l’unité' });
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Dernière page' })).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Anémone')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('page=2'))).toBe(true);
  });

  it('shows the error with Retry, and the empty message', async () => {
    mockFetch({ '/api/custom-bouquet/single-stems': () => jsonResponse({ message: 'boom' }, 500) });
    renderPage();
    expect(
      await screen.findByText('Impossible de charger les fleurs à l’unité. Veuillez réessayer.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  }, 20_000);
});
