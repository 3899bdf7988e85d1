/** The slots screen: the list with labels, zones and capacity; a new slot's body; deactivating sends the slot as it is, inactive; delete asks first. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSlot } from '@shared/schemas/delivery-slots';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import DeliverySlotsPage from './DeliverySlotsPage';

const morning: AdminSlot = {
  id: 1,
  key: '0900-1200',
  starts: '09:00',
  ends: '12:00',
  name_fr: '',
  name_en: '',
  name_ar: '',
  label: '9:00 – 12:00',
  capacity: 8,
  is_active: true,
  sort_order: 0,
  zone_ids: [2],
};
const zones = [
  { id: 1, name: 'Rabat', name_en: null, name_ar: 'الرباط', fee: 30, fee_max: null, free_threshold: null, sort_order: 0, is_active: true },
  { id: 2, name: 'Salé', name_en: null, name_ar: 'سلا', fee: 40, fee_max: null, free_threshold: null, sort_order: 1, is_active: true },
];

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/delivery-slots', element: <DeliverySlotsPage /> }], {
    initialEntries: ['/admin/delivery-slots'],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('delivery slots screen', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the slots, adds one with its zones and capacity, deactivates and deletes', async () => {
    const user = userEvent.setup();
    const calls: { method: string; url: string; body: unknown }[] = [];
    const slots = (url: URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return jsonResponse({ data: [morning] });
      calls.push({ method, url: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'DELETE') return jsonResponse({ message: 'Saved.' });
      return jsonResponse({ message: 'Saved.', slot: morning }, method === 'POST' ? 201 : 200);
    };
    mockFetch({ '/api/admin/delivery-zones': { data: zones }, '/api/admin/delivery-slots': slots, '/api/admin/delivery-slots/1': slots });
    renderPage();
    const row = (await screen.findByText('9:00 – 12:00')).closest('tr')!;
    expect(within(row).getByText('Salé')).toBeInTheDocument();
    expect(within(row).getByText('8')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New slot' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Starts/), '15:00');
    await user.type(within(dialog).getByLabelText(/^Ends/), '20:00');
    await user.type(within(dialog).getByLabelText(/^Name \(French\)/), 'Soirée');
    await user.type(within(dialog).getByLabelText(/^Orders per day/), '5');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Rabat' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { starts: '15:00', ends: '20:00', name_fr: 'Soirée', capacity: 5, zone_ids: [1], is_active: true },
    });

    await user.click(screen.getByRole('button', { name: 'Deactivate the slot 9:00 – 12:00' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/delivery-slots/1',
      body: { starts: '09:00', ends: '12:00', capacity: 8, zone_ids: [2], is_active: false },
    });

    await user.click(screen.getByRole('button', { name: 'Delete the slot 9:00 – 12:00' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Orders already placed keep their slot.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ method: 'DELETE', url: '/api/admin/delivery-slots/1' });
  });

  it('refuses an end before the start without sending', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({ '/api/admin/delivery-zones': { data: zones }, '/api/admin/delivery-slots': { data: [] } });
    renderPage();
    expect(await screen.findByText('No slot: customers do not choose a time.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New slot' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Starts/), '15:00');
    await user.type(within(dialog).getByLabelText(/^Ends/), '12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/invalid|not valid/i)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });
});
