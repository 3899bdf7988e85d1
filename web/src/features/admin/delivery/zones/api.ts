/** Back office delivery zones: every city (active or not), create, edit. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminZone, ZoneInput } from '@shared/schemas/delivery-admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../../api';

const zonesKey = [...ADMIN_KEY, 'delivery-zones'] as const;

export function useZones() {
  return useQuery({ queryKey: zonesKey, queryFn: ({ signal }) => api.get<{ data: AdminZone[] }>('/admin/delivery-zones', { signal }) });
}

export function useSaveZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ZoneInput }) =>
      id === null
        ? api.post<{ zone: AdminZone }>('/admin/delivery-zones', body)
        : api.put<{ zone: AdminZone }>(`/admin/delivery-zones/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: zonesKey }),
  });
}
