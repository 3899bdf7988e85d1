/** The customer's orders (signed in) and a guest's order through its tracking link. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MyOrders, OrderDetail, TrackedOrder } from '@shared/schemas/orders';
import { api } from '@web/lib/api';
import { isRetryable } from '@web/lib/query-client';

export const ordersKeys = {
  orders: (page: number) => ['profile', 'orders', page] as const,
  order: (id: number) => ['profile', 'orders', 'detail', id] as const,
  tracked: (id: number, token: string) => ['orders', 'track', id, token] as const,
};

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ordersKeys.orders(page),
    queryFn: ({ signal }) => api.get<MyOrders>('/profile/orders', { signal, query: { page } }),
    staleTime: 30_000,
  });

export const useMyOrders = (page: number, enabled = true) => useQuery({ ...myOrdersQueryOptions(page), enabled });

export const orderDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ordersKeys.order(id),
    queryFn: async ({ signal }) => {
      const answer = await api.get<OrderDetail | { data: OrderDetail }>(`/profile/orders/${id}`, { signal });
      return 'data' in answer && answer.data && typeof answer.data === 'object' ? answer.data : (answer as OrderDetail);
    },
    staleTime: 30_000,
  });

export const useOrderDetail = (id: number | null) => useQuery({ ...orderDetailQueryOptions(id ?? 0), enabled: id != null });

/** A guest's order through the signed link of the confirmation mail (404 for a wrong token: not retried). */
export const trackedOrderQueryOptions = (id: number, token: string) =>
  queryOptions({
    queryKey: ordersKeys.tracked(id, token),
    queryFn: ({ signal }) => api.get<TrackedOrder>(`/orders/track/${id}`, { signal, query: { token } }),
    staleTime: 30_000,
    retry: (failures, error) => isRetryable(error) && failures < 2,
  });

/** "Send me my tracking link" (the same answer whether or not the order and address match). */
export const useResendTrackingLink = () =>
  useMutation({ mutationFn: (body: { order_id: number; email: string }) => api.post<{ message: string }>('/orders/track/resend', body) });

export const useTrackedOrder = (id: number, token: string) =>
  useQuery({ ...trackedOrderQueryOptions(id, token), enabled: Number.isInteger(id) && id > 0 && token !== '' });
