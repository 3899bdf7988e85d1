import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { getCartCount } from '@web/lib/cart/cart-count';
import CartPage from '../pages/CartPage';
import { cartOf, line, zones } from '@web/test/cart-fixtures';

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '/checkout', element: <p>checkout page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** An extra as `GET /api/products/extras` lists it (the fields the offer and its add button read). */
const extra = (id: number, name: string, stock = 10) => ({
  id,
  name,
  price: 90,
  discount: 0,
  final_price: 90,
  stock,
  inStock: stock > 0,
  colors: [],
  sizes: [],
  image_path: null,
  category: { id: 3, name: 'Extras' },
  is_extra: true,
});
const vaseLine = line({
  id: 2,
  product_id: 60,
  name: 'Vase',
  color: null,
  is_extra: true,
  quantity: 1,
  line_total: 120,
  unit_price: 120,
  price: 120,
  discount: 0,
});
const chocolatesLine = line({
  id: 3,
  product_id: 61,
  name: 'Chocolates',
  color: null,
  is_extra: true,
  quantity: 1,
  line_total: 90,
  unit_price: 90,
  price: 90,
  discount: 0,
});

describe('CartPage', () => {
  beforeEach(async () => {
    localStorage.clear();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the lines, colour, prices and the server summary; updates the badge count', async () => {
    mockFetch({ '/api/cart': cartOf([line()]), '/api/delivery-zones': zones });
    renderCart();
    const list = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(list).getByText('Bouquet Aurore')).toBeInTheDocument();
    expect(within(list).getByText('Colour: Rouge')).toBeInTheDocument();
    expect(within(list).getByText(/200[.,]00/)).toBeInTheDocument(); // old price struck through
    expect(screen.getByTestId('summary-total')).toHaveTextContent(/360[.,]00/);
    expect(screen.getByText('Included')).toBeInTheDocument();
    expect(getCartCount()).toBe(2);
    // The local copy follows the server cart.
    expect(JSON.parse(localStorage.getItem('cart')!).items).toHaveLength(1);
  });

  it('changes a quantity with the stepper and removes a line', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      '/api/cart': cartOf([line()]),
      '/api/delivery-zones': zones,
      '/api/cart/update': (_u: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { quantity: number };
        return jsonResponse(cartOf([line({ quantity: body.quantity, line_total: 180 * body.quantity })]));
      },
      '/api/cart/remove': cartOf([]),
    });
    renderCart();
    await screen.findByRole('list', { name: 'Cart items' });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(/540[.,]00/));
    expect(await screen.findByText('Cart updated')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => String(u).includes('/cart/update'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ item_id: 1, quantity: 3 });

    await user.click(screen.getByRole('button', { name: 'Remove Bouquet Aurore from cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse bouquets' })).toHaveAttribute('href', '/category/1');
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
  });

  it('says "Invalid Coupon" when the server refuses a code', async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/cart': cartOf([line()]),
      '/api/delivery-zones': zones,
      '/api/cart/coupon': () => jsonResponse({ message: 'Invalid Coupon' }, 422),
    });
    renderCart();
    await user.type(await screen.findByLabelText('Coupon code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Coupon');
  });

  it('requires a city before checkout, then goes to checkout once chosen', async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/cart': cartOf([line()]),
      '/api/delivery-zones': zones,
      '/api/cart/delivery-city': cartOf([line()], { delivery_city: zones[0], shipping: 40, total: 400 }),
    });
    const router = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByText('Select city first')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');

    await user.selectOptions(screen.getByLabelText('Delivery city'), '1');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(/400[.,]00/));
    expect(screen.queryByText('Select city first')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('shows the delivery prices table with ranges and free thresholds', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/cart': cartOf([line()]), '/api/delivery-zones': zones });
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Delivery prices' }));
    const dialog = screen.getByRole('dialog', { name: 'Delivery prices by city' });
    expect(within(dialog).getByText('50-70 MAD depending on the area, confirmed by phone')).toBeInTheDocument();
    expect(within(dialog).getByText(/From 500/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to the local cart when the server cannot be reached, and works offline', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'cart',
      JSON.stringify(cartOf([line(), line({ id: 2, color: { id: 3, name: 'Blanc', hex_code: '#fff' }, quantity: 1, line_total: 180 })])),
    );
    localStorage.setItem('is_customized_order', 'true');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderCart();
    expect(await screen.findByText('Offline mode')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();

    await user.click(screen.getAllByRole('button', { name: 'Decrease quantity' })[0]!);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart')!).items[0].quantity).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Cart cleared (offline mode)')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart')!).items).toEqual([]);
    expect(localStorage.getItem('is_customized_order')).toBeNull();
  });

  it('shows the server message when a quantity is over the stock', async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/cart': cartOf([line({ stock: 10 })]),
      '/api/delivery-zones': zones,
      '/api/cart/update': () => jsonResponse({ message: 'Only 2 left in stock for Bouquet Aurore.' }, 409),
    });
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('Only 2 left in stock for Bouquet Aurore.')).toBeInTheDocument();
  });

  it('offers the extras not yet in the cart once, in stock only; one added joins the cart and leaves the offer', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      '/api/cart': cartOf([line(), vaseLine]),
      '/api/delivery-zones': zones,
      '/api/products/extras': { data: [extra(60, 'Vase'), extra(61, 'Chocolates'), extra(62, 'Balloon', 0)] },
      '/api/cart/add': cartOf([line(), vaseLine, chocolatesLine]),
    });
    renderCart();
    const offer = await screen.findByRole('region', { name: 'Add to your bouquet' });
    expect(
      within(offer)
        .getAllByTestId('extra-offer')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Chocolates')]);
    expect(screen.getAllByRole('region', { name: 'Add to your bouquet' })).toHaveLength(1);

    await user.click(within(offer).getByRole('button', { name: 'Add Chocolates to cart' }));
    const list = screen.getByRole('list', { name: 'Cart items' });
    await waitFor(() => expect(within(list).getByText('Chocolates')).toBeInTheDocument());
    const call = fetch.mock.calls.find(([u]) => String(u).includes('/cart/add'));
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({ product_id: 61, quantity: 1 });
    // Every extra in stock is in the cart now: nothing left to offer.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add to your bouquet' })).toBeNull());
  });

  it('offers no extras under a cart of extras alone', async () => {
    mockFetch({
      '/api/cart': cartOf([vaseLine]),
      '/api/delivery-zones': zones,
      '/api/products/extras': { data: [extra(60, 'Vase'), extra(61, 'Chocolates')] },
    });
    renderCart();
    await screen.findByRole('list', { name: 'Cart items' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Add to your bouquet' })).toBeNull();
  });
});
