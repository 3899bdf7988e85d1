import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wishlist } from '@web/lib/wishlist/store';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import CheckoutPage from '@web/features/checkout/CheckoutPage';
import { cartOf, line, zones } from '@web/test/cart-fixtures';

const closed = {
  dates: ['2099-01-01'],
  today: '2098-12-30',
  earliest: '2098-12-31',
  latest: '2099-03-30',
  expected_without_date: '2098-12-30',
};

function renderCheckout() {
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/', element: <p>home page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const withCity = () => cartOf([line()], { delivery_city: zones[0], shipping: 40, total: 400 });

async function fillGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Salma Guest');
  await user.type(screen.getByLabelText(/^E-mail/), 'salma@example.test');
  await user.type(screen.getByLabelText(/^Phone/), '0600000000');
  await user.type(screen.getByLabelText(/^Street address/), '12 rue des Roses');
  await user.type(screen.getByLabelText(/^Postal code/), '10000');
}

// Typing a whole address is slow in jsdom when other test files run alongside.
describe('CheckoutPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    wishlist.reload();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows inline errors for missing fields and the terms', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ '/api/cart': withCity(), '/api/delivery-zones': zones, '/api/delivery/closed-dates': closed });
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText('You must accept the terms and the privacy policy.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Country/)).toHaveValue('Morocco');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/checkout'))).toBe(false);
  });

  it('keeps card payment disabled', async () => {
    mockFetch({ '/api/cart': withCity(), '/api/delivery-zones': zones, '/api/delivery/closed-dates': closed });
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /Card payment/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
  });

  it('refuses a closed date', async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/cart': withCity(),
      '/api/delivery-zones': zones,
      '/api/delivery/closed-dates': { ...closed, dates: ['2030-06-01'] },
    });
    renderCheckout();
    const date = await screen.findByLabelText(/^Delivery date/);
    await waitFor(() => expect(date).toHaveAttribute('min'));
    await user.type(date, '2030-06-01');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    // Either too far / closed depending on today's date: both are refusals in the field.
    expect(await screen.findByText(/We do not deliver on that day|This date is too far ahead/)).toBeInTheDocument();
  });

  it('places a guest order with an idempotency key, then shows it and keeps the wishlist', async () => {
    const user = userEvent.setup();
    wishlist.add({ id: 10, name: 'Bouquet Aurore' });
    let sent: { body: Record<string, unknown>; key: string | null } | null = null;
    mockFetch({
      '/api/cart': withCity(),
      '/api/delivery-zones': zones,
      '/api/delivery/closed-dates': closed,
      '/api/checkout': (_u: URL, init?: RequestInit) => {
        sent = { body: JSON.parse(String(init?.body)) as Record<string, unknown>, key: new Headers(init?.headers).get('Idempotency-Key') };
        return jsonResponse({ message: 'Order placed', order: { id: 321 }, tracking_url: '/en/orders/track/321?token=mj3k.sig' }, 201);
      },
    });
    const router = renderCheckout();
    await screen.findByRole('button', { name: 'Place order' });
    await fillGuest(user);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('321');
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent!.body).toMatchObject({
      total_amount: 400,
      shipping_cost: 40,
      delivery_zone_id: 1,
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      substitution: 'similar',
      customer: { name: 'Salma Guest', email: 'salma@example.test', phone: '0600000000' },
      address: { full_name: 'Salma Guest', country: 'Morocco', city: 'Rabat' },
    });
    // Favourites are not the order: an order leaves them as they were.
    expect(wishlist.count()).toBe(1);
    // The confirmation stays (no jump home) with its heading focused, so a phone's screen reader and eyes land on it.
    expect(screen.getByRole('heading', { name: 'Order placed' })).toHaveFocus();
    // A guest follows the order by the signed link the checkout answered with, in the page's language.
    expect(screen.getByRole('link', { name: 'Track my order' })).toHaveAttribute('href', '/orders/track/321?token=mj3k.sig');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('shows no delivery fee for a pick-up, the total it sends', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    mockFetch({
      '/api/cart': withCity(),
      '/api/delivery-zones': zones,
      '/api/delivery/closed-dates': closed,
      '/api/checkout': (_u: URL, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return jsonResponse({ message: 'Order placed', order: { id: 322 }, tracking_url: '/en/orders/track/322?token=a.b' }, 201);
      },
    });
    renderCheckout();
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.getByTestId('summary-total')).toHaveTextContent('400');
    await user.click(screen.getByRole('radio', { name: /Pick-up at the shop/ }));
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Pick-up at the shop: free');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('360');
    expect(screen.getByTestId('summary-total')).not.toHaveTextContent('400');
    await user.type(screen.getByLabelText(/^Name/), 'Salma Guest');
    await user.type(screen.getByLabelText(/^E-mail/), 'salma@example.test');
    await user.type(screen.getByLabelText(/^Phone/), '0600000000');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(sent).toMatchObject({ delivery_method: 'pickup', total_amount: 360, shipping_cost: 0, delivery_zone_id: null });
  });

  it('asks each thing once: one name and phone, the city from the cart, billing only when asked', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    mockFetch({
      '/api/cart': withCity(),
      '/api/delivery-zones': zones,
      '/api/delivery/closed-dates': closed,
      '/api/checkout': (_u: URL, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return jsonResponse({ message: 'Order placed', order: { id: 9 } }, 201);
      },
    });
    renderCheckout();
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.getAllByLabelText(/^(Name|Full name)/)).toHaveLength(1);
    expect(screen.getAllByLabelText(/^Phone/)).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: /^City/ })).toBeNull();
    expect(await screen.findByRole('combobox')).toHaveValue('1');
    await fillGuest(user);
    await user.click(screen.getByRole('checkbox', { name: /for someone else/ }));
    await user.type(screen.getByLabelText(/^Recipient’s name/), 'Nadia');
    await user.click(screen.getByRole('checkbox', { name: /Bill to an address/ }));
    await user.type(screen.getByLabelText(/^Full name/), 'Flora SARL');
    const billing = document.querySelector<HTMLInputElement>('input[autocomplete="billing street-address"]')!;
    await user.type(billing, '1 avenue Hassan II');
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Casablanca');
    await user.type(document.querySelector<HTMLInputElement>('input[autocomplete="billing postal-code"]')!, '20000');
    await user.type(document.querySelector<HTMLInputElement>('input[autocomplete="billing tel"]')!, '0522000000');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('9');
    expect(sent).toMatchObject({
      address: { full_name: 'Flora SARL', city: 'Casablanca', phone: '0522000000' },
      shipping_address: { full_name: 'Nadia', city: 'Rabat', phone: '0600000000', street: '12 rue des Roses' },
      recipient: { name: 'Nadia' },
      customer: { name: 'Salma Guest', phone: '0600000000' },
    });
  });

  it('shows the fresh total of a 409 and lets the customer confirm it', async () => {
    const user = userEvent.setup();
    const totals: number[] = [];
    mockFetch({
      '/api/cart': withCity(),
      '/api/delivery-zones': zones,
      '/api/delivery/closed-dates': closed,
      '/api/checkout': (_u: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { total_amount: number };
        totals.push(body.total_amount);
        if (body.total_amount !== 420)
          return jsonResponse({ message: 'Prices changed', totals: { ...withCity().summary, total: 420 } }, 409);
        return jsonResponse({ message: 'Order placed', order: { id: 7 } }, 201);
      },
    });
    renderCheckout();
    await screen.findByRole('button', { name: 'Place order' });
    await fillGuest(user);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('dialog', { name: 'The total has changed' })).toHaveTextContent(/420[.,]00/);
    await user.click(screen.getByRole('button', { name: 'Confirm the new total' }));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(totals).toEqual([400, 420]);
  });
});
