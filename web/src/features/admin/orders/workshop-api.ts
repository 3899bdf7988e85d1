/** The workshop sheet's query and its one-tap status changes (through the order edit route, with its rules). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@shared/constants';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import type { WorkshopOrder, WorkshopSheet } from '@shared/schemas/workshop';
import { api } from '@web/lib/api';
import { statsKey } from '../dashboard/api';
import { ordersKey } from './api';

const sheetKey = [...ordersKey, 'workshop'] as const;

/** The workshop sheet of `day` (YYYY-MM-DD; undefined: today in shop time). */
export function useWorkshopSheet(day: string | undefined) {
  return useQuery({
    queryKey: [...sheetKey, day ?? 'today'],
    queryFn: ({ signal }) => api.get<WorkshopSheet>('/admin/orders/workshop', { signal, query: day ? { day } : {} }),
    placeholderData: keepPreviousData,
  });
}

export type StatusMove = { order: Pick<WorkshopOrder, 'id' | 'version' | 'payment_status'>; to: OrderStatus };

/**
 * Moves one order to `to` through PUT /admin/orders/edit/:id, the edit screen's own route: the server
 * keeps its rules (stock, history row, audit row, the customer's mail) and refuses a stale `version`
 * with 409. The payment status is sent unchanged. Answers the order as saved (its new version).
 */
export function useWorkshopStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ order, to }: StatusMove) =>
      api.put<{ message: string; data: AdminOrderDetail }>(`/admin/orders/edit/${order.id}`, {
        order_status: to,
        payment_status: order.payment_status,
        version: order.version,
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ordersKey });
      void client.invalidateQueries({ queryKey: statsKey });
    },
  });
}
