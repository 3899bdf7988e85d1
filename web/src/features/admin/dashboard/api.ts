/** The dashboard's and revenue page's queries: figures of delivered orders. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardToday, Revenue, RevenuePeriod } from '@shared/schemas/dashboard';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';

/** Every figure of the dashboard and revenue screens: a status change moves them. */
export const statsKey = [...ADMIN_KEY, 'stats'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: [...statsKey, 'dashboard'],
    queryFn: ({ signal }) => api.get<Dashboard>('/admin/dashboard', { signal, query: { revenue_status: 'delivered' } }),
  });
}

export function useRevenue(period: RevenuePeriod) {
  return useQuery({
    queryKey: [...statsKey, 'revenue', period],
    queryFn: ({ signal }) => api.get<Revenue>('/admin/revenue', { signal, query: { period, status: 'delivered' } }),
    placeholderData: keepPreviousData,
  });
}

/** What today asks of the shop: deliveries today and tomorrow, orders to confirm, cash to collect. */
export function useDashboardToday() {
  return useQuery({
    queryKey: [...statsKey, 'today'],
    queryFn: ({ signal }) => api.get<DashboardToday>('/admin/dashboard/today', { signal }),
  });
}
