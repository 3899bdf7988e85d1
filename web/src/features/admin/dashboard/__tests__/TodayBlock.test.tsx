/**
 * The dashboard's today block shows what the server counted: each day's orders per time slot (the
 * slot as the server named it in the reader's language, deliveries and pick-ups apart and each said
 * only when there are some, orders without a slot last),
 * today's bench marks, in French and in Arabic, each day opening its sheet; the low-stock block
 * under the dashboard links each product to its edit page.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardToday } from '@shared/schemas/dashboard';
import { setLanguage } from '@web/lib/i18n';
import { mockFetch, testQueryClient } from '@web/test/utils';
import { LowStockBlock } from '../../low-stock/LowStockBlock';
import { TodayBlock } from '../TodayBlock';

const today = (label: (fr: string, ar: string) => string): DashboardToday => ({
  today: '2026-05-21',
  tomorrow: '2026-05-22',
  deliveries: {
    today: {
      total: 5,
      to_deliver: 2,
      slots: [
        { key: '0900-1200', label: label('9h – 12h', '9:00 – 12:00'), starts: '09:00', deliveries: 3, pickups: 1 },
        { key: '1500-2000', label: label('Soirée', 'مساء'), starts: '15:00', deliveries: 0, pickups: 2 },
        { key: null, label: null, starts: null, deliveries: 1, pickups: 0 },
      ],
    },
    tomorrow: {
      total: 2,
      to_deliver: 2,
      slots: [{ key: '1500-2000', label: label('Soirée', 'مساء'), starts: '15:00', deliveries: 2, pickups: 0 }],
    },
  },
  to_confirm: 4,
  cash_to_collect: { orders: 1, amount: 250 },
  workshop: { not_started: 2, in_preparation: 1, ready: 2 },
});

function renderBlock(element = <TodayBlock />) {
  const router = createMemoryRouter([{ path: '/admin', element }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Each row's text, French typography's narrow spaces read as spaces. */
const rows = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/[\u00a0\u202f]/g, ' '));

describe('today block', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('in French: slots per day with pick-ups apart, no slot last, and the bench', async () => {
    await setLanguage('fr');
    mockFetch({ '/api/admin/dashboard/today': today((fr) => fr) });
    renderBlock();
    const slots = await screen.findByTestId('today-slots');
    expect(rows(slots)).toEqual(['9h – 12hLivraisons : 3 · Retraits : 1', 'SoiréeRetraits : 2', 'Sans créneauLivraisons : 1']);
    expect(rows(screen.getByTestId('tomorrow-slots'))).toEqual(['SoiréeLivraisons : 2']);
    const bench = screen.getByTestId('today-workshop');
    expect(bench).toHaveAttribute('href', '/admin/orders/today');
    expect(within(bench).getByText('En préparation').nextSibling).toHaveTextContent('1');
    expect(within(bench).getByText('Prêtes').nextSibling).toHaveTextContent('2');
    expect(within(bench).getByText('Pas commencées').nextSibling).toHaveTextContent('2');
    // Each day's figure opens its sheet; the slot list sits outside the link.
    const todayLink = within(screen.getByTestId('today-deliveries')).getByRole('link');
    expect(todayLink).toHaveAttribute('href', '/admin/orders/today');
    expect(todayLink).not.toContainElement(slots);
    expect(within(screen.getByTestId('tomorrow-deliveries')).getByRole('link')).toHaveAttribute('href', '/admin/orders/today?day=tomorrow');
  });

  it('in Arabic: the labels the server gave, the words in Arabic', async () => {
    await setLanguage('ar');
    mockFetch({ '/api/admin/dashboard/today': today((_fr, ar) => ar) });
    renderBlock();
    const slots = await screen.findByTestId('today-slots');
    expect(rows(slots)).toEqual(['9:00 – 12:00التوصيلات: 3 · الاستلام: 1', 'مساءالاستلام: 2', 'بدون فترةالتوصيلات: 1']);
    expect(rows(screen.getByTestId('tomorrow-slots'))).toEqual(['مساءالتوصيلات: 2']);
    expect(within(screen.getByTestId('today-workshop')).getByText('قيد التحضير')).toBeVisible();
  });

  it('links each low-stock product to its edit page', async () => {
    await setLanguage('fr');
    mockFetch({
      '/api/admin/low-stock': {
        threshold: 5,
        data: [
          { id: 12, name: 'Renoncule à la tige', stock: 0 },
          { id: 7, name: 'Olivier en pot', stock: 4 },
        ],
      },
    });
    renderBlock(<LowStockBlock />);
    expect(await screen.findByRole('link', { name: 'Renoncule à la tige' })).toHaveAttribute('href', '/admin/products/edit/12');
    expect(screen.getByRole('link', { name: 'Olivier en pot' })).toHaveAttribute('href', '/admin/products/edit/7');
  });
});
