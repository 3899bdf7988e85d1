/**
 * Closing a day through the dialog (held by the form kit): the body sent, a 409 that shows the orders
 * that came in meanwhile with its message, each due order shown with its slot and notes and its own
 * choice (move, in its slot or another with room, or keep) sent with the reason, a slot that filled
 * up meanwhile said with the server's message, a 422 on the reason shown under the reason field.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DueOrders } from '@shared/schemas/delivery-admin';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import ClosedDatesPage from './ClosedDatesPage';

const DAY = '2030-01-20';
const noneDue: DueOrders = { orders: [], total: 0, next_open_day: '2030-01-21', next_day_slots: [] };
const order = (id: number, more: Partial<DueOrders['orders'][number]> = {}): DueOrders['orders'][number] => ({
  id,
  customer_name: 'Salma',
  recipient_name: null,
  delivery_city: 'Rabat',
  delivery_method: 'delivery',
  delivery_zone_id: 1,
  order_status: 'confirmed',
  delivery_slot: null,
  order_notes: null,
  gift_message: null,
  ...more,
});
const oneDue: DueOrders = { orders: [order(41)], total: 1, next_open_day: '2030-01-21', next_day_slots: [] };
const morning = { key: '0900-1200', label: '9:00 – 12:00' };
/** Two orders in the morning; the morning of the 21st has one place left, the evening no limit. */
const twoDue: DueOrders = {
  orders: [
    order(41, { delivery_slot: morning, recipient_name: 'Yasmine', order_notes: 'Ring twice', gift_message: 'Happy birthday Mum' }),
    order(42, { customer_name: 'Karim', delivery_slot: morning }),
  ],
  total: 2,
  next_open_day: '2030-01-21',
  next_day_slots: [
    { key: morning.key, label: morning.label, left: 1, zone_ids: [] },
    { key: '1500-2000', label: 'Evening', left: null, zone_ids: [] },
  ],
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/closed-dates', element: <ClosedDatesPage /> }], {
    initialEntries: ['/admin/closed-dates'],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Opens the close dialog of the 20th (the calendar shows today's month, January 2030). */
async function openDialog() {
  const days = await screen.findAllByRole('button', { name: /, open$/ });
  await userEvent.click(days.find((b) => b.textContent === '20')!);
  return screen.findByRole('dialog');
}

describe('closing a day', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a close refused because orders came in shows them and says so; keeping the order then closes with the reason', async () => {
    let due = noneDue;
    const sent: unknown[] = [];
    mockFetch({
      '/api/admin/closed-dates': (_url: URL, init?: RequestInit) => {
        if (init?.method !== 'POST') return jsonResponse({ data: [], today: '2030-01-10' });
        const body = JSON.parse(String(init.body)) as { due_orders?: string; decisions?: unknown[] };
        sent.push(body);
        if (!body.due_orders && !body.decisions) {
          due = oneDue;
          return jsonResponse({ message: 'Orders are due that day.', ...oneDue }, 409);
        }
        return jsonResponse({ message: 'Day closed.', closed_date: { date: DAY, reason: 'Inventory' }, moved: [] });
      },
      [`/api/admin/closed-dates/${DAY}/due`]: () => jsonResponse(due),
    });
    renderPage();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Inventory ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this day' }));

    expect(await within(dialog).findByText('The list of that day’s orders changed meanwhile: check it.')).toBeVisible();
    expect(within(dialog).getByTestId('due-orders')).toHaveTextContent('#41');
    expect(sent[0]).toEqual({ date: DAY, reason: 'Inventory' });

    const choice = within(dialog).getByRole('group', { name: 'What to do with order #41?' });
    expect(within(choice).getByRole('radio', { name: 'Move to Jan 21, 2030' })).toBeChecked();
    await userEvent.click(within(choice).getByRole('radio', { name: 'Keep on Jan 20, 2030 (by hand)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this day' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toEqual({ date: DAY, reason: 'Inventory', decisions: [{ id: 41, action: 'keep' }] });
    expect(await screen.findByText('Day closed.')).toBeVisible();
  });

  it('shows each order with its slot and notes, moves one into the slot with room and keeps the other', async () => {
    const sent: unknown[] = [];
    let full = true;
    mockFetch({
      '/api/admin/closed-dates': (_url: URL, init?: RequestInit) => {
        if (init?.method !== 'POST') return jsonResponse({ data: [], today: '2030-01-10' });
        sent.push(JSON.parse(String(init.body)));
        if (full) {
          full = false;
          return jsonResponse(
            { message: 'The 9:00 – 12:00 time slot on Jan 21, 2030 is full: order #41 no longer fits in it.', order_id: 41 },
            409,
          );
        }
        return jsonResponse({
          message: 'Day closed. Orders moved: 1. Kept: 1.',
          closed_date: { date: DAY, reason: null },
          moved: [],
          kept: [],
        });
      },
      [`/api/admin/closed-dates/${DAY}/due`]: twoDue,
    });
    renderPage();
    const dialog = await openDialog();
    const first = await within(dialog).findByTestId('due-order-41');
    expect(first).toHaveTextContent('#41 · Salma · for Yasmine · Rabat');
    expect(first).toHaveTextContent('Time slot: 9:00 – 12:00');
    expect(first).toHaveTextContent('Note: Ring twice');
    expect(first).toHaveTextContent('Card: Happy birthday Mum');
    // The morning has one place on the 21st: the first order keeps it, the second is offered the evening.
    const second = within(dialog).getByTestId('due-order-42');
    expect(within(first).getByRole('combobox', { name: 'Time slot on Jan 21, 2030' })).toHaveValue(morning.key);
    expect(within(second).getByRole('combobox', { name: 'Time slot on Jan 21, 2030' })).toHaveValue('1500-2000');
    expect(within(dialog).getByText('To move: 2 · To keep: 0')).toBeVisible();

    // Both in the morning: the second is said full and nothing is sent.
    await userEvent.selectOptions(within(second).getByRole('combobox'), morning.key);
    expect(within(second).getByText('This time slot is full on Jan 21, 2030: choose another or keep the order.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this day' }));
    expect(await within(dialog).findByText('A chosen time slot is full: change it or keep the order.')).toBeVisible();
    expect(sent).toEqual([]);

    await userEvent.click(within(second).getByRole('radio', { name: 'Keep on Jan 20, 2030 (by hand)' }));
    expect(within(dialog).getByText('To move: 1 · To keep: 1')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this day' }));
    // The slot filled up meanwhile: the server's message, naming the order, and the dialog stays.
    expect(await within(dialog).findByText(/is full: order #41 no longer fits/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this day' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const decisions = [
      { id: 41, action: 'move' },
      { id: 42, action: 'keep' },
    ];
    expect(sent).toEqual([
      { date: DAY, reason: null, decisions },
      { date: DAY, reason: null, decisions },
    ]);
  });

  it('a refused reason is said under the reason field and the dialog stays open', async () => {
    mockFetch({
      '/api/admin/closed-dates': (_url: URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse({ message: 'Check the fields.', errors: { reason: ['The reason is not allowed.'] } }, 422)
          : jsonResponse({ data: [], today: '2030-01-10' }),
      [`/api/admin/closed-dates/${DAY}/due`]: noneDue,
    });
    renderPage();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this day' }));
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('The reason is not allowed.'));
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
