/**
 * The revenue screen walks Day → Week → Month → Year with delivered orders without breaking (each
 * period's buckets are labelled from the data on screen, never from the period just asked for), and
 * says what each figure is made of: products, discounts, delivery.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Revenue, RevenuePeriod } from '@shared/schemas/dashboard';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import RevenuePage from '../RevenuePage';

const buckets: Record<RevenuePeriod, string[]> = {
  day: Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
  week: ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
  month: ['2026-11-01', '2026-11-08', '2026-11-15', '2026-11-22'],
  year: Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}`),
};

/** 420 MAD of delivered orders in every period: 380 of products, 40 of delivery. */
const revenue = (period: RevenuePeriod): Revenue => ({
  period,
  revenue: 420,
  revenue_parts: { products: 380, discounts: 0, delivery: 40 },
  previous_revenue: 300,
  percent_change: 40,
  revenue_over_time: buckets[period].map((p, i) => ({ period: p, total: i === buckets[period].length - 1 ? 420 : 0 })),
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/revenue', element: <RevenuePage /> }], { initialEntries: ['/admin/revenue'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('revenue page', () => {
  beforeEach(async () => {
    await setLanguage('fr');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes Day → Week → Month → Year with delivered orders, each with its figure taken apart', async () => {
    const fetch = mockFetch({
      '/api/admin/revenue': (url: URL) => jsonResponse(revenue((url.searchParams.get('period') ?? 'month') as RevenuePeriod)),
    });
    const router = renderPage();
    const user = userEvent.setup();
    for (const [name, period] of [
      ['Jour', 'day'],
      ['Semaine', 'week'],
      ['Mois', 'month'],
      ['Année', 'year'],
    ] as const) {
      await user.click(screen.getByRole('button', { name }));
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
      expect(await screen.findByTestId('revenue-total')).toHaveTextContent(/420,00/);
      const parts = screen.getByTestId('revenue-parts');
      expect(within(parts).getByText('Produits').nextElementSibling).toHaveTextContent(/380,00/);
      expect(within(parts).getByText('Livraison').nextElementSibling).toHaveTextContent(/\+ 40,00/);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(fetch.mock.calls.some((c) => String(c[0]).includes(`period=${period}`))).toBe(true);
      if (period !== 'month') expect(router.state.location.search).toBe(`?period=${period}`);
    }
  });
});
