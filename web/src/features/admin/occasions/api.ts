/**
 * The occasions screen's query and writes. Occasions are part of the catalogue (product lists filter
 * by them), so every write refreshes the catalogue like the other catalogue writes.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminOccasion } from '@shared/schemas/occasions';
import { api } from '@web/lib/api';
import { CATALOGUE_KEY, sendForm, useCatalogueWrite } from '../catalogue/api';

type Message = { message: string };

export function useAdminOccasions() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'occasions'],
    queryFn: ({ signal }) => api.get<{ data: AdminOccasion[] }>('/admin/occasions', { signal }),
  });
}

/** An occasion's form (multipart, with its picture), created (`id` null) or replaced. */
export function useSaveOccasion() {
  return useCatalogueWrite(({ id, body }: { id: number | null; body: FormData }) =>
    sendForm<Message>('POST', id === null ? '/admin/occasions' : `/admin/occasions/${id}`, body),
  );
}

export function useDeleteOccasion() {
  return useCatalogueWrite((id: number) => api.delete<Message>(`/admin/occasions/${id}`));
}
