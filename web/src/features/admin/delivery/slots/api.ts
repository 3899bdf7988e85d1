/** Back office delivery slots: every slot (active or not), add, edit (and so deactivate), delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSlot, SlotInput } from '@shared/schemas/delivery-slots';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../../api';

const slotsKey = [...ADMIN_KEY, 'delivery-slots'] as const;

export function useSlots() {
  return useQuery({ queryKey: slotsKey, queryFn: ({ signal }) => api.get<{ data: AdminSlot[] }>('/admin/delivery-slots', { signal }) });
}

export function useSaveSlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SlotInput }) =>
      id === null
        ? api.post<{ slot: AdminSlot }>('/admin/delivery-slots', body)
        : api.put<{ slot: AdminSlot }>(`/admin/delivery-slots/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: slotsKey }),
  });
}

export function useDeleteSlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/admin/delivery-slots/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: slotsKey }),
  });
}

/** A slot as the edit body: what it is now, to change one thing (its active flag). */
export const slotBody = (s: AdminSlot): SlotInput => ({
  starts: s.starts,
  ends: s.ends,
  name_fr: s.name_fr,
  name_en: s.name_en,
  name_ar: s.name_ar,
  capacity: s.capacity,
  is_active: s.is_active,
  sort_order: s.sort_order,
  zone_ids: s.zone_ids,
});
