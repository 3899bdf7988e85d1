/**
 * The order edit form (held by the form kit): the body sent with the version it was based on, a
 * colleague's save in between (409 with the fresh order) shown in place with its message and the next
 * save based on it, a cancellation that asks first (its dismiss button keeps the order), lines and
 * fields in one save with the new total shown while the lines change, the saved fields glowing, the
 * recipient, notes and substitution editable, and a delivery date that cannot be emptied.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminOrderDetailSchema, type AdminOrderDetail } from '@shared/schemas/orders-admin';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import OrderEditPage from '../OrderEditPage';

const address = {
  full_name: 'Salma Berrada',
  street: '8 rue Oum Errabia',
  city: 'Rabat',
  state: null,
  postal_code: '10000',
  country: 'Maroc',
  phone: '0612345678',
};

const order: AdminOrderDetail = adminOrderDetailSchema.parse({
  id: 42,
  user_id: null,
  customer_name: 'Salma Berrada',
  customer_email: 'salma@example.com',
  customer_phone: '0612345678',
  language: 'fr',
  version: 2,
  updated_at: '2030-01-02T10:00:00.000Z',
  created_at: '2030-01-02T10:00:00.000Z',
  total_amount: 300,
  subtotal: 300,
  shipping_cost: 0,
  coupon_code: null,
  coupon_discount: 0,
  payment_method: 'cash_on_delivery',
  payment_status: 'pending',
  order_status: 'confirmed',
  is_customized: false,
  delivery_date: '2030-01-05',
  delivery_city: 'Rabat',
  gift_message: 'Happy birthday',
  recipient: null,
  items_count: 1,
  address,
  billing_address: address,
  shipping_address: address,
  custom_instructions: null,
  order_notes: null,
  substitution: 'similar',
  order_items: [],
  status_history: [],
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/orders/edit/:id', element: <OrderEditPage /> },
      { path: '/admin/orders', element: <p>orders list</p> },
    ],
    { initialEntries: ['/admin/orders/edit/42'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('order edit', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("a colleague's save in between shows their order and its message; the next save is based on it", async () => {
    const fresh = { ...order, version: 3, gift_message: 'Joyeux anniversaire' };
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      '/api/admin/orders/42': order,
      '/api/admin/orders/edit/42': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
        sent.push(body);
        return body.version === 2
          ? jsonResponse({ message: 'Someone else saved this order meanwhile.', order: fresh }, 409)
          : jsonResponse({ message: 'Order #42 saved.', data: { ...fresh, version: 4 } });
      },
    });
    const router = renderPage();
    await userEvent.selectOptions(await screen.findByLabelText(/Payment status/), 'paid');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Someone else saved this order meanwhile.')).toBeVisible();
    expect(sent[0]).toEqual({
      order_status: 'confirmed',
      payment_status: 'paid',
      delivery_date: '2030-01-05',
      gift_message: 'Happy birthday',
      address: '8 rue Oum Errabia',
      recipient: null,
      order_notes: null,
      substitution: 'similar',
      version: 2,
    });
    expect(screen.getByLabelText(/Gift message/)).toHaveValue('Joyeux anniversaire');
    expect(screen.getByLabelText(/Payment status/)).toHaveValue('pending');

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ gift_message: 'Joyeux anniversaire', version: 3 });
    // The order stays on screen after a save.
    expect(router.state.location.pathname).toBe('/admin/orders/edit/42');
  });

  it('cancelling asks first and saves only once confirmed', async () => {
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      '/api/admin/orders/42': order,
      '/api/admin/orders/edit/42': (_url: URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
        return jsonResponse({ message: 'Order #42 cancelled.', data: { ...order, order_status: 'cancelled', version: 3 } });
      },
    });
    const router = renderPage();
    await userEvent.selectOptions(await screen.findByLabelText(/Order status/), 'cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    expect(sent).toEqual([]);
    // Its two buttons say two different things: nothing called "Cancel" that keeps the order.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order and tell the customer' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ order_status: 'cancelled', version: 2 })]));
    expect(router.state.location.pathname).toBe('/admin/orders/edit/42');
  });

  it('sends the changed lines with the fields in one save, shows the new total meanwhile, and the saved parts glow', async () => {
    const line = {
      id: 7,
      product_id: 5,
      product: { name: 'Roses rouges', image_url: null },
      quantity: 2,
      unit_price: 150,
      original_unit_price: 150,
      discount: 0,
      line_total: 300,
      color: null,
      color_name: null,
      description: null,
      tags: [],
      stock: 9,
    };
    const withLine = { ...order, order_items: [line], items_count: 2 };
    const saved = {
      ...withLine,
      version: 3,
      gift_message: 'Bonne fête',
      total_amount: 450,
      subtotal: 450,
      order_items: [{ ...line, id: 8, quantity: 3, line_total: 450 }],
    };
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      '/api/admin/orders/42': withLine,
      '/api/admin/orders/edit/42': (_url: URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
        return jsonResponse({ message: 'Order updated successfully!', data: saved });
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'One more: Roses rouges' }));
    expect(screen.getByTestId('new-total')).toHaveTextContent(/New total:\s*450[.,]00/);
    const gift = screen.getByLabelText(/Gift message/);
    await userEvent.clear(gift);
    await userEvent.type(gift, 'Bonne fête');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      gift_message: 'Bonne fête',
      items: [{ id: 7, product_id: 5, color_id: null, quantity: 3 }],
      version: 2,
    });
    // The saved order is shown: its lines, no pending total, and what changed glows.
    await waitFor(() => expect(screen.queryByTestId('new-total')).toBeNull());
    expect(screen.getByLabelText('Quantity of Roses rouges')).toHaveValue(3);
    expect(screen.getByLabelText(/Gift message/).closest('[data-glow]')).not.toBeNull();
    expect(screen.getByRole('list', { name: 'Order items' }).closest('[data-glow]')).not.toBeNull();
    expect(screen.getByLabelText(/Order status/).closest('[data-glow]')).toBeNull();
  });

  it('edits the recipient, the notes and the substitution, and refuses an emptied delivery date', async () => {
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      '/api/admin/orders/42': { ...order, recipient: { name: 'Khadija', phone: null, anonymous: true } },
      '/api/admin/orders/edit/42': (_url: URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
        return jsonResponse({ message: 'Order updated successfully!', data: { ...order, version: 3 } });
      },
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Recipient’s phone/), '0698765432');
    await userEvent.type(screen.getByLabelText(/Customer’s notes/), 'Sonner deux fois');
    await userEvent.selectOptions(screen.getByLabelText(/If a flower is missing/), 'call_first');
    await userEvent.clear(screen.getByLabelText(/Delivery date/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Choose a delivery date.')).toBeVisible();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText(/Delivery date/), '2030-01-06');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      delivery_date: '2030-01-06',
      recipient: { name: 'Khadija', phone: '0698765432', anonymous: true },
      order_notes: 'Sonner deux fois',
      substitution: 'call_first',
    });
    expect(sent[0]).not.toHaveProperty('items');
  });
});
