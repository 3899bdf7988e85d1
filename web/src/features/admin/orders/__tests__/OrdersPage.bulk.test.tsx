import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderRow } from '@shared/schemas/orders-admin';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import OrdersPage from '../OrdersPage';

const row = (id: number, extra: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id,
  created_at: '2026-11-20T10:00:00.000Z',
  customer_name: `Client ${id}`,
  customer_email: `c${id}@example.com`,
  customer_phone: '0600000000',
  source: 'storefront',
  total_amount: 220,
  order_status: 'pending',
  payment_status: 'pending',
  payment_method: 'cash_on_delivery',
  is_customized: false,
  guest: true,
  delivery_date: null,
  delivery_city: 'Rabat',
  items_count: 1,
  ...extra,
});

const list = {
  data: [row(1), row(2, { order_status: 'not_confirmed' }), row(3, { order_status: 'confirmed' }), row(4, { guest: false })],
  meta: { page: 1, per_page: 10, total: 4, last_page: 1 },
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/orders', element: <OrdersPage /> }], { initialEntries: ['/admin/orders'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('orders list: bulk cancel of guest orders never accepted', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers a box only on cancellable rows, confirms, then sends the chosen ids', async () => {
    const fetch = mockFetch({
      '/api/admin/orders': { ...list, orders: list.data },
      '/api/admin/orders/bulk-cancel': () => jsonResponse({ message: 'Orders cancelled: 2; skipped: 0', cancelled: [1, 2], skipped: [] }),
    });
    renderPage();
    const user = userEvent.setup();
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(['Select order #1 for cancelling', 'Select order #2 for cancelling']);
    const button = screen.getByRole('button', { name: 'Cancel selected (0)' });
    expect(button).toBeDisabled();
    for (const box of boxes) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Cancel selected (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel the 2 selected guest orders that the shop never accepted?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the orders' }));
    expect(await screen.findByText('Orders cancelled: 2; skipped: 0')).toBeInTheDocument();
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('/bulk-cancel'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ order_ids: [1, 2] });
  });

  it('cancels the stale ones by age after a confirmation, in Arabic too', async () => {
    await setLanguage('ar');
    const fetch = mockFetch({
      '/api/admin/orders': { ...list, orders: list.data },
      '/api/admin/orders/bulk-cancel': () => jsonResponse({ message: 'ok', cancelled: [], skipped: [] }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'إلغاء طلبات الزوار الأقدم من 48 ساعة' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء الطلبات' }));
    await screen.findByText('ok');
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('/bulk-cancel'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ older_than_hours: 48 });
  });
});
