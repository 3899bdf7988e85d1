/**
 * The new-order screen: the form's own checks before anything is sent, the server's quote as the total
 * shown and sent back, the body of POST /api/admin/orders, and the order's page after saving.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import NewOrderPage from '../NewOrderPage';

const zones = {
  data: [
    {
      id: 1,
      name: 'Rabat',
      name_en: 'Rabat',
      name_ar: 'الرباط',
      fee: 40,
      fee_max: null,
      free_threshold: 500,
      is_active: true,
      sort_order: 1,
    },
  ],
};
const product = {
  id: 7,
  name: 'Rose bouquet',
  category: { id: 1, name: 'Bouquets' },
  subcategory: null,
  price: 200,
  discount: 10,
  final_price: 180,
  stock: 5,
  is_featured: false,
  image_path: null,
  colors: [
    { id: 2, name: 'White', hex_code: '#FFFFFF' },
    { id: 1, name: 'Red', hex_code: '#C0392B' },
  ],
  sizes: [
    { id: 3, name: 'Classic', final_price: 180 },
    { id: 4, name: 'Prestige', final_price: 360 },
  ],
  sort_order: 1,
  archived: false,
};
const products = { data: [product], meta: { page: 1, per_page: 6, total: 1, last_page: 1 } };
const closed = { dates: [], earliest: '2026-11-28', latest: '2027-02-28', expected_without_date: '2026-11-28' };

/** The server's quote: a rose bouquet 180 in Classic (size 3), 360 in Prestige (size 4); 40 delivery in Rabat. */
function quote(url: URL) {
  const [line] = (url.searchParams.get('lines') ?? '').split(',');
  const [, colour, size, qty] = /^7(?:-(\d+))?(?:s(\d+))?x(\d+)$/.exec(line ?? '') ?? [];
  const n = Number(qty ?? 0);
  const unit = size === '4' ? 360 : 180;
  const zone = url.searchParams.get('delivery_zone_id') ? 40 : 0;
  return jsonResponse({
    lines: [
      {
        product_id: 7,
        color_id: Number(colour ?? 2),
        size_id: size ? Number(size) : null,
        name: 'Rose bouquet',
        color: 'White',
        size: size === '4' ? 'Prestige' : 'Classic',
        quantity: n,
        unit_price: unit,
        line_total: unit * n,
        stock: 5,
      },
    ],
    subtotal: unit * n,
    shipping_cost: zone,
    total_amount: unit * n + zone,
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/orders/new', element: <NewOrderPage /> },
      { path: '/admin/orders/edit/:id', element: <p>order page</p> },
    ],
    { initialEntries: ['/admin/orders/new'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('new order taken by staff', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form first, shows the server’s total, sends it with the lines and source, then opens the order', async () => {
    const placed: { body: unknown; key: string | null }[] = [];
    mockFetch({
      '/api/admin/delivery-zones': zones,
      '/api/admin/products': products,
      '/api/delivery/closed-dates': closed,
      '/api/admin/orders/quote': quote,
      '/api/admin/orders': (_url: URL, init?: RequestInit) => {
        placed.push({ body: JSON.parse(String(init!.body)), key: new Headers(init!.headers).get('idempotency-key') });
        return jsonResponse({ message: 'ok', order: { id: 42 } }, 201);
      },
    });
    const router = renderPage();
    const user = userEvent.setup();

    // Nothing typed: the save stays off (no lines, no total), nothing is sent.
    const save = await screen.findByRole('button', { name: 'Save the order' });
    expect(save).toBeDisabled();

    await user.click(await screen.findByRole('button', { name: 'Add Rose bouquet' }));
    await user.click(screen.getByRole('button', { name: 'One more: Rose bouquet' }));
    await user.selectOptions(screen.getByLabelText(/Delivery zone/), '1');
    await waitFor(() => expect(screen.getByTestId('new-order-total')).toHaveTextContent('400'));
    // Added in its first size; the Prestige size is priced at its own price by the quote.
    expect(screen.getByLabelText('Size')).toHaveValue('3');
    await user.selectOptions(screen.getByLabelText('Size'), '4');
    await waitFor(() => expect(screen.getByTestId('new-order-total')).toHaveTextContent('760'));

    // Saved without a buyer: the form says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findAllByText(/required/i)).not.toHaveLength(0);
    expect(placed).toHaveLength(0);

    await user.click(screen.getByLabelText('WhatsApp'));
    await user.type(screen.getByLabelText(/Customer name/), 'Khadija Bennani');
    await user.type(screen.getByLabelText(/Customer phone/), '0661122334');
    // Asked once: the delivery address takes the buyer's name and phone, and the zone's city.
    expect(screen.queryByLabelText(/Full name/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^City/ })).toBeNull();
    await user.type(screen.getByLabelText(/Street/), '12 rue des Fleurs');
    await user.type(screen.getByLabelText(/Postal code/), '10000');
    await user.click(screen.getByRole('button', { name: 'Save the order' }));

    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(placed[0]!.body).toMatchObject({
      source: 'whatsapp',
      payment_method: 'cash_on_delivery',
      delivery_zone_id: 1,
      total_amount: 760,
      customer: { name: 'Khadija Bennani', phone: '0661122334', email: null },
      address: { full_name: 'Khadija Bennani', phone: '0661122334', city: 'Rabat', street: '12 rue des Fleurs' },
      items: [{ product_id: 7, color_id: 2, size_id: 4, quantity: 2 }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/edit/42'));
  });
});
