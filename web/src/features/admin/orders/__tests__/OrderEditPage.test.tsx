/**
 * The order edit form (held by the form kit): the body sent with the version it was based on, a
 * colleague's save in between (409 with the fresh order) shown in place with its message and the next
 * save based on it, a cancellation that asks first (its dismiss button keeps the order), lines and
 * fields in one save with the new total shown while the lines change, the saved fields glowing, the
 * recipient, notes and substitution editable, a delivery date that cannot be emptied, the time slot
 * shown (a pick-up said as such) and chosen with the date, and a payment recorded in the payments
 * panel moving the payment status field and the version the next save is based on.
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

  it('shows the slot (a pick-up said as such) and lets it change with the date; full slots cannot be chosen', async () => {
    const pickup = {
      ...order,
      delivery_method: 'pickup' as const,
      delivery_zone_id: null,
      delivery_slot: { key: '0900-1200', label: '9:00 – 12:00' },
    };
    const asked: string[] = [];
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      '/api/admin/orders/42': pickup,
      '/api/delivery/slots': (url: URL) => {
        asked.push(url.search);
        const day = url.searchParams.get('date');
        return jsonResponse([
          { key: '0900-1200', label: '9:00 – 12:00', starts: '09:00', ends: '12:00', available: day !== '2030-01-05', reason: 'full' },
          { key: '1500-2000', label: 'Evening', starts: '15:00', ends: '20:00', available: day !== '2030-01-06', reason: 'full' },
        ]);
      },
      '/api/admin/orders/edit/42': (_url: URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
        return jsonResponse({ message: 'Order updated successfully!', data: { ...pickup, version: 3 } });
      },
    });
    renderPage();
    const slotFact = await screen.findByTestId('order-slot');
    expect(slotFact).toHaveTextContent('Pick-up at the shop');
    expect(slotFact).toHaveTextContent('9:00 – 12:00');
    const select = await screen.findByRole('combobox', { name: /Time slot/ });
    // Its own slot on its own day holds its place, even full; a pick-up asks for every slot (no zone).
    await waitFor(() => expect(within(select).getByRole('option', { name: '9:00 – 12:00' })).toBeEnabled());
    expect(select).toHaveValue('0900-1200');
    expect(asked[0]).toBe('?date=2030-01-05');
    expect(screen.getByText('Pick-up at the shop: the slot is when the customer comes.')).toBeVisible();

    const date = screen.getByLabelText(/Delivery date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2030-01-06');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Evening (full)' })).toBeDisabled());
    expect(within(select).getByRole('option', { name: '9:00 – 12:00' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ delivery_date: '2030-01-06', delivery_slot: '0900-1200', version: 2 });
  });

  it('puts the server’s refusal of a slot under the slot field', async () => {
    const withSlot = { ...order, delivery_zone_id: 2, delivery_slot: { key: '0900-1200', label: '9:00 – 12:00' } };
    mockFetch({
      '/api/admin/orders/42': withSlot,
      '/api/delivery/slots': [
        { key: '0900-1200', label: '9:00 – 12:00', starts: '09:00', ends: '12:00', available: true, reason: null },
        { key: '1500-2000', label: 'Evening', starts: '15:00', ends: '20:00', available: true, reason: null },
      ],
      '/api/admin/orders/edit/42': () =>
        jsonResponse(
          { message: 'Validation failed', errors: { delivery_slot: ['This time slot is full that day. Please choose another.'] } },
          422,
        ),
    });
    renderPage();
    const select = await screen.findByRole('combobox', { name: /Time slot/ });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(select, '1500-2000');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('This time slot is full that day. Please choose another.')).toBeVisible();
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('a payment recorded in the payments panel moves the payment status field and the next save’s version', async () => {
    let current: AdminOrderDetail = order;
    const money = (paid: boolean) => ({
      order_id: 42,
      total: 300,
      paid: paid ? 300 : 0,
      refunded: 0,
      due: paid ? 0 : 300,
      payment_status: paid ? 'paid' : 'pending',
      version: paid ? 3 : 2,
      entries: paid
        ? [
            {
              id: 1,
              kind: 'payment',
              method: 'cash',
              amount: 300,
              reference: null,
              reason: null,
              recorded_by: 'Admin',
              created_at: '2030-01-02T11:00:00.000Z',
            },
          ]
        : [],
    });
    const sent: Record<string, unknown>[] = [];
    mockFetch({
      '/api/admin/orders/42': () => jsonResponse(current),
      '/api/admin/orders/42/payments': () => jsonResponse(money(current.payment_status === 'paid')),
      '/api/admin/orders/42/cash-collected': () => {
        current = { ...order, payment_status: 'paid', version: 3 };
        return jsonResponse(money(true));
      },
      '/api/admin/orders/edit/42': (_url: URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
        return jsonResponse({ message: 'Order updated successfully!', data: { ...current, version: 4 } });
      },
    });
    renderPage();
    const status = await screen.findByLabelText(/Payment status/);
    expect(status).toHaveValue('pending');
    // Something typed before the payment stays as typed.
    const gift = screen.getByLabelText(/Gift message/);
    await userEvent.clear(gift);
    await userEvent.type(gift, 'Bonne fête');
    await userEvent.click(await screen.findByTestId('collect-cash-42'));
    await waitFor(() => expect(screen.getByLabelText(/Payment status/)).toHaveValue('paid'));
    expect(screen.getByLabelText(/Payment status/).closest('[data-glow]')).not.toBeNull();
    expect(screen.getByLabelText(/Gift message/)).toHaveValue('Bonne fête');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ payment_status: 'paid', gift_message: 'Bonne fête', version: 3 });
  });
});
