import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@web/lib/api';
import { setLanguage } from '@web/lib/i18n';
import { session } from '@web/lib/session';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { zones } from '@web/test/cart-fixtures';
import CustomCheckoutPage from './CustomCheckoutPage';

const user = {
  id: 7,
  name: 'Salma Bennani',
  email: 'salma@example.ma',
  phone: '0612345678',
  address: '4 avenue Mohammed V',
  role: 'customer' as const,
};
const ZONE_FIRST = 'Select city first';
const closed = { dates: [], today: '2098-12-30', earliest: '2098-12-31', latest: '2099-03-30', expected_without_date: '2098-12-30' };
const selection = [
  {
    id: '11-1',
    product_id: 11,
    name: 'Rose',
    price: 10,
    quantity: 3,
    category: 'Single Stems',
    selectedColor: { id: 1, name: 'Rouge', hex_code: '#c00' },
  },
];
const quote = {
  items: [
    {
      product_id: 11,
      color_id: 1,
      name: 'Rose',
      color: { id: 1, name: 'Rouge', hex_code: '#c00' },
      unit_price: 10,
      quantity: 3,
      line_total: 30,
      stock: 50,
    },
  ],
  summary: { subtotal: 30, discount: 0, coupon: null, delivery_city: null, shipping: 40, tax: 'included', total: 70, count: 3 },
};

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/custom-checkout', element: <CustomCheckoutPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/custom-checkout'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/**
 * A server that keeps its promise: one order per idempotency key (a key seen again answers with its
 * order). `hangFirst`: the first request places its order but never answers, as when the answer is lost.
 */
function orderServer({ hangFirst }: { hangFirst: boolean }) {
  const orders = new Map<string, number>();
  const keys: string[] = [];
  const create = (_url: URL, init?: RequestInit) => {
    const key = new Headers(init?.headers).get('Idempotency-Key')!;
    keys.push(key);
    const existing = orders.get(key);
    const id = existing ?? 500 + orders.size;
    orders.set(key, id);
    if (hangFirst && keys.length === 1) {
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
      );
    }
    return jsonResponse({ message: 'Order placed', order: { id } }, existing === undefined ? 201 : 200);
  };
  return { orders, keys, create };
}

describe('CustomCheckoutPage', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('session_expiry', String(Date.now() + 3_600_000));
    localStorage.setItem('custom_products', JSON.stringify(selection));
    session.reload();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
    session.reload();
  });

  async function fillAndPlace(userEvents: ReturnType<typeof userEvent.setup>) {
    const street = await screen.findByLabelText(/^Street/);
    await userEvents.clear(street);
    await userEvents.type(street, '4 avenue Mohammed V');
    await userEvents.type(screen.getByLabelText(/^Postal code/), '10000');
    const zone = screen.getByLabelText(/^Delivery city/);
    await waitFor(() => expect(zone.querySelectorAll('option').length).toBeGreaterThan(1));
    await userEvents.selectOptions(zone, '1');
    const place = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvents.click(place);
  }

  it('a submit that timed out, retried, places ONE order: the retry sends the same idempotency key', async () => {
    // Only the request's timeout clock is faked (and it also runs on its own), so the test need not wait 15 s.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const server = orderServer({ hangFirst: true });
    mockFetch({
      '/api/delivery-zones': zones,
      '/api/delivery/closed-dates': closed,
      '/api/custom-bouquet/quote': quote,
      '/api/custom-bouquet/create': server.create,
    });
    const userEvents = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await fillAndPlace(userEvents);
    await waitFor(() => expect(server.keys).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1));
    // The attempt is over (the button is back): the customer tries again.
    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvents.click(place);
    expect(await screen.findByTestId('order-number')).toHaveTextContent('500');
    expect(server.keys).toHaveLength(2);
    expect(server.keys[1]).toBe(server.keys[0]);
    expect(server.orders.size).toBe(1);
  });

  it('sends the shared order details with the stems and the quoted total', async () => {
    const server = orderServer({ hangFirst: false });
    let body: Record<string, unknown> | null = null;
    mockFetch({
      '/api/delivery-zones': zones,
      '/api/delivery/closed-dates': closed,
      '/api/custom-bouquet/quote': quote,
      '/api/custom-bouquet/create': (url: URL, init?: RequestInit) => {
        body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return server.create(url, init);
      },
    });
    const userEvents = userEvent.setup();
    renderPage();
    await fillAndPlace(userEvents);
    expect(await screen.findByTestId('order-number')).toHaveTextContent('500');
    expect(body).toEqual({
      address: {
        full_name: 'Salma Bennani',
        street: '4 avenue Mohammed V',
        city: 'Rabat',
        postal_code: '10000',
        country: 'Morocco',
        phone: '0612345678',
      },
      recipient: null,
      substitution: 'similar',
      delivery_zone_id: 1,
      delivery_date: null,
      delivery_method: 'delivery',
      delivery_slot: null,
      gift_message: null,
      payment_method: 'cash_on_delivery',
      total_amount: 70,
      shipping_cost: 40,
      flowers: [{ product_id: 11, color_id: 1, quantity: 3 }],
      custom_instructions: null,
    });
  });

  it('names the missing address fields and sends nothing', async () => {
    const fetch = mockFetch({ '/api/delivery-zones': zones, '/api/delivery/closed-dates': closed, '/api/custom-bouquet/quote': quote });
    const userEvents = userEvent.setup();
    renderPage();
    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvents.click(place);
    expect(await screen.findByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Postal code/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/custom-bouquet/create'))).toBe(false);
  });

  it('without a delivery city, says so under the select and sends nothing', async () => {
    const fetch = mockFetch({ '/api/delivery-zones': zones, '/api/delivery/closed-dates': closed, '/api/custom-bouquet/quote': quote });
    const userEvents = userEvent.setup();
    renderPage();
    await userEvents.type(await screen.findByLabelText(/^Postal code/), '10000');
    const place = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvents.click(place);
    const select = screen.getByLabelText(/^Delivery city/);
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(select.getAttribute('aria-describedby')!)).toHaveTextContent(ZONE_FIRST);
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/custom-bouquet/create'))).toBe(false);
  });
});
