/** The orders screens' queries and writes (list, detail, edit, bulk cancel, notify, the day's deliveries). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBulkCancel,
  AdminBulkCancelAnswer,
  AdminOrderDetail,
  AdminOrderEdit,
  AdminOrderList,
} from '@shared/schemas/orders-admin';
import type { PlacedOrder } from '@shared/schemas/checkout';
import { linesText, type StaffOrderBody, type StaffOrderLine, type StaffOrderQuote } from '@shared/schemas/staff-orders';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';
import { statsKey } from '../dashboard/api';

export const ordersKey = [...ADMIN_KEY, 'orders'] as const;

export type OrdersFilters = { search: string; status: string; type: string; sort: string; from: string; to: string; source?: string };

export function useAdminOrders(filters: OrdersFilters & { page: number }) {
  return useQuery({
    queryKey: [...ordersKey, 'list', filters],
    queryFn: ({ signal }) => api.get<AdminOrderList>('/admin/orders', { signal, query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: [...ordersKey, 'one', id],
    queryFn: ({ signal }) => api.get<AdminOrderDetail>(`/admin/orders/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useSaveOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminOrderEdit) => api.put<{ message: string; data: AdminOrderDetail }>(`/admin/orders/edit/${id}`, body),
    onSuccess: (answer) => {
      client.setQueryData([...ordersKey, 'one', id], answer.data);
      // Lists, revenue and dashboard all move with a status change.
      void client.invalidateQueries({ queryKey: ordersKey });
      void client.invalidateQueries({ queryKey: statsKey });
    },
  });
}

/** Cancels guest orders never accepted (chosen ids, or older than N hours); lists and stats move. */
export function useBulkCancel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBulkCancel) => api.post<AdminBulkCancelAnswer>('/admin/orders/bulk-cancel', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ordersKey });
      void client.invalidateQueries({ queryKey: statsKey });
    },
  });
}

export function useNotifyAdmins() {
  return useMutation({
    mutationFn: (order: AdminOrderDetail) =>
      api.post<{ admins_notified: number; message: string }>('/admin/notify-new-order', {
        order_id: order.id,
        order_data: {
          id: order.id,
          customer_name: order.customer_name,
          customer_email: order.customer_email,
          total_amount: order.total_amount,
          items_count: order.items_count,
          order_date: order.created_at,
          status: order.order_status,
        },
      }),
  });
}

/** The server's price of lines in a zone (the new-order screen's live total). */
export function useStaffOrderQuote(lines: StaffOrderLine[], zoneId: number | null) {
  const text = linesText(lines);
  return useQuery({
    queryKey: [...ordersKey, 'quote', text, zoneId],
    queryFn: ({ signal }) =>
      api.get<StaffOrderQuote>('/admin/orders/quote', {
        signal,
        query: { lines: text, ...(zoneId ? { delivery_zone_id: String(zoneId) } : {}) },
      }),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Places an order taken by staff; the key makes a retried save the same order. */
export function usePlaceStaffOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: StaffOrderBody; key: string }) =>
      api.post<{ message: string; order: PlacedOrder }>('/admin/orders', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ordersKey });
      void client.invalidateQueries({ queryKey: statsKey });
    },
  });
}
