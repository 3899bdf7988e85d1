/**
 * Closing a day through the dialog (held by the form kit): the body sent, a 409 that shows the orders
 * that came in meanwhile with its message, the Keep choice sent with the reason, a 422 on the reason
 * shown under the reason field.
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
const noneDue: DueOrders = { orders: [], total: 0, next_open_day: '2030-01-21' };
const oneDue: DueOrders = {
  orders: [{ id: 41, customer_name: 'Salma', delivery_city: 'Rabat', order_status: 'confirmed' }],
  total: 1,
  next_open_day: '2030-01-21',
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

  it('a close refused because orders came in shows them and says so; Keep then closes with the reason', async () => {
    let due = noneDue;
    const sent: unknown[] = [];
    mockFetch({
      '/api/admin/closed-dates': (_url: URL, init?: RequestInit) => {
        if (init?.method !== 'POST') return jsonResponse({ data: [], today: '2030-01-10' });
        const body = JSON.parse(String(init.body)) as { due_orders?: string };
        sent.push(body);
        if (!body.due_orders) {
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

    expect(await within(dialog).findByText('Orders were placed for this day meanwhile: check the list.')).toBeVisible();
    expect(within(dialog).getByTestId('due-orders')).toHaveTextContent('#41');
    expect(sent[0]).toEqual({ date: DAY, reason: 'Inventory' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close without moving them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toEqual({ date: DAY, reason: 'Inventory', due_orders: 'keep' });
    expect(await screen.findByText('Day closed.')).toBeVisible();
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
