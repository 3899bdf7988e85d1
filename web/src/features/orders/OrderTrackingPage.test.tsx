import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedOrder } from '@shared/schemas/orders';
import { trackedOrderSchema } from '@shared/schemas/orders';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import OrderTrackingPage from './pages/OrderTrackingPage';

const address = {
  full_name: 'Salma Invitée',
  street: '12 rue des Roses',
  city: 'Rabat',
  state: null,
  postal_code: '10080',
  country: 'Maroc',
  phone: '0612345678',
};

const order: TrackedOrder = trackedOrderSchema.parse({
  id: 42,
  customer_email: 'salma.invitee@example.com',
  created_at: '2025-05-02T10:15:00.000Z',
  total_amount: 400,
  subtotal: 400,
  shipping_cost: 0,
  coupon_code: null,
  coupon_discount: 0,
  payment_method: 'cash_on_delivery',
  payment_status: 'pending',
  order_status: 'confirmed',
  is_customized: false,
  delivery_date: '2025-05-03',
  delivery_city: 'Rabat',
  gift_message: 'Joyeux anniversaire !',
  recipient: null,
  items_count: 3,
  address,
  billing_address: address,
  shipping_address: address,
  custom_instructions: null,
  order_notes: null,
  substitution: 'similar',
  order_items: [
    {
      id: 1,
      product_id: 5,
      product: { name: 'Bouquet Printemps', image_url: null },
      quantity: 2,
      unit_price: 150,
      original_unit_price: 150,
      discount: 0,
      line_total: 300,
      color: { id: 1, name: 'Red', hex_code: '#C0392B' },
      color_name: 'Red',
    },
    {
      id: 2,
      product_id: 5,
      product: { name: 'Bouquet Printemps', image_url: null },
      quantity: 1,
      unit_price: 100,
      original_unit_price: 100,
      discount: 0,
      line_total: 100,
      color: { id: 2, name: 'White', hex_code: '#FFFFFF' },
      color_name: 'White',
    },
  ],
  status_history: [
    { order_status: 'pending', payment_status: 'pending', note: null, created_at: '2025-05-02T10:15:00.000Z' },
    { order_status: 'confirmed', payment_status: 'pending', note: 'Confirmed by phone', created_at: '2025-05-02T11:00:00.000Z' },
  ],
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/orders/track/:id', element: <OrderTrackingPage /> },
      { path: '*', element: <p>elsewhere</p> },
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

const robots = () => document.head.querySelector('meta[name="robots"]');

describe('OrderTrackingPage', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the order of a signed link: status, history, lines with colours, totals, delivery, addresses, gift message', async () => {
    const fetch = mockFetch({
      '/api/orders/track/42': (url: URL) =>
        url.searchParams.get('token') === 'good-token' ? jsonResponse(order) : jsonResponse({ message: 'Not found' }, 404),
    });
    renderAt('/orders/track/42?token=good-token');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order no. 42' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/orders/track/42?token=good-token');
    expect(robots()).toHaveAttribute('content', 'noindex');
    expect(document.title).toMatch(/^Order tracking/);

    const items = (await screen.findByRole('heading', { level: 2, name: 'Items' })).parentElement!;
    const lines = within(items).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Bouquet Printemps');
    expect(lines[0]).toHaveTextContent('Colour: Red');
    expect(lines[0]).toHaveTextContent(/2 × 150\.00/);
    expect(lines[1]).toHaveTextContent('Colour: White');
    expect(items).toHaveTextContent(/Total\s*400\.00/);

    const history = screen.getByRole('heading', { name: 'Order tracking' }).parentElement!;
    const events = within(history).getAllByRole('listitem');
    expect(events.map((e) => e.textContent)).toEqual([expect.stringContaining('Pending'), expect.stringContaining('Confirmed')]);
    expect(events[1]).toHaveTextContent('Confirmed by phone');

    expect(screen.getByText('Delivery city').nextElementSibling).toHaveTextContent('Rabat');
    expect(screen.getByText('Delivery date').nextElementSibling).toHaveTextContent(/2025/);
    expect(screen.getByText(/Joyeux anniversaire/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shipping address' }).nextElementSibling).toHaveTextContent('12 rue des Roses');
  });

  it('prints the e-mail the order was placed with on the receipt', async () => {
    mockFetch({ '/api/orders/track/42': () => jsonResponse(order) });
    renderAt('/orders/track/42?token=good-token');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View Receipt' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Email').nextElementSibling).toHaveTextContent('salma.invitee@example.com');
  });

  it('says "Order not found." with a link to the shop when the token is wrong', async () => {
    mockFetch({ '/api/orders/track/42': () => jsonResponse({ message: 'Not found' }, 404) });
    renderAt('/orders/track/42?token=bad');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
    expect(robots()).toHaveAttribute('content', 'noindex');
  });

  it('does not call the server for a link without a token', async () => {
    const fetch = mockFetch({});
    renderAt('/orders/track/42');
    expect(await screen.findByRole('heading', { name: 'Order not found.' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('removes the noindex tag when leaving the page', async () => {
    mockFetch({ '/api/orders/track/42': order });
    const router = renderAt('/orders/track/42?token=good-token');
    await screen.findByRole('heading', { level: 1, name: 'Order no. 42' });
    await router.navigate('/elsewhere');
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(robots()).toBeNull();
  });

  it('shows the order in Arabic', async () => {
    await setLanguage('ar');
    mockFetch({ '/api/orders/track/42': order });
    renderAt('/orders/track/42?token=good-token');
    expect(await screen.findByRole('heading', { level: 2, name: 'تتبع الطلب' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('42');
    expect(screen.getByText('مؤكد', { selector: 'li span' })).toBeInTheDocument();
  });

  it('says an expired link has expired and mails a fresh one on request (order number prefilled)', async () => {
    const fetch = mockFetch({
      '/api/orders/track/42': () => jsonResponse({ message: 'This tracking link has expired.' }, 410),
      '/api/orders/track/resend': () =>
        jsonResponse({ message: 'If this order number matches this e-mail address, we have just sent a new tracking link to it.' }, 202),
    });
    renderAt('/orders/track/42?token=old');
    expect(await screen.findByRole('heading', { level: 1, name: 'This tracking link has expired.' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Order number/ })).toHaveValue('42');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(screen.getByText('Enter the order number and a valid e-mail address.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'salma@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText(/we have just sent a new tracking link/)).toBeInTheDocument();
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('/resend'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ order_id: 42, email: 'salma@example.com' });
  });

  it('offers the form in Arabic on a wrong link', async () => {
    await setLanguage('ar');
    mockFetch({ '/api/orders/track/42': () => jsonResponse({ message: 'x' }, 404) });
    renderAt('/orders/track/42?token=bad');
    expect(await screen.findByRole('heading', { level: 2, name: 'أرسلوا لي رابط التتبع' })).toBeInTheDocument();
  });
});
