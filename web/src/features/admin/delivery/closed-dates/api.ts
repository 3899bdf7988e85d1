/** Back office closed dates: list (from today), close a day with a reason, reopen it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClosedDate } from '@shared/schemas/delivery-admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../../api';

const closedKey = [...ADMIN_KEY, 'closed-dates'] as const;

export function useClosedDates() {
  return useQuery({ queryKey: closedKey, queryFn: ({ signal }) => api.get<{ data: AdminClosedDate[]; today: string }>('/admin/closed-dates', { signal }) });
}

export function useCloseDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; reason: string | null }) => api.post('/admin/closed-dates', body),
    onSuccess: () => client.invalidateQueries({ queryKey: closedKey }),
  });
}

export function useReopenDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.delete(`/admin/closed-dates/${date}`),
    onSettled: () => client.invalidateQueries({ queryKey: closedKey }),
  });
}
