/** Back office closed dates: list (from today), the orders due on a day, close a day (moving or keeping them), reopen it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClosedDate, CloseDayAnswer, ClosedDateInput, DueOrders } from '@shared/schemas/delivery-admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../../api';
import { ordersKey } from '../../orders/api';

const closedKey = [...ADMIN_KEY, 'closed-dates'] as const;

export function useClosedDates() {
  return useQuery({
    queryKey: closedKey,
    queryFn: ({ signal }) => api.get<{ data: AdminClosedDate[]; today: string }>('/admin/closed-dates', { signal }),
  });
}

/** Orders still to deliver on a day (not cancelled, not delivered) and the next open day they would move to. */
export function useOrdersDue(date: string) {
  return useQuery({
    queryKey: [...closedKey, 'due', date],
    queryFn: ({ signal }) => api.get<DueOrders>(`/admin/closed-dates/${date}/due`, { signal }),
  });
}

export function useCloseDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClosedDateInput) => api.post<CloseDayAnswer>('/admin/closed-dates', body),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: closedKey });
      // Moved orders show their new day in the orders list and the workshop's view.
      void client.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

export function useReopenDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.delete(`/admin/closed-dates/${date}`),
    onSettled: () => client.invalidateQueries({ queryKey: closedKey }),
  });
}
