/** Back office testimonials: the moderation list, confirm, delete. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TestimonialAdmin } from '@shared/schemas/testimonials';
import type { PageMeta } from '@shared/schemas/common';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';

const testimonialsKey = [...ADMIN_KEY, 'testimonials'] as const;

export function useAdminTestimonials(params: { page: number; search: string; status: string }) {
  return useQuery({
    queryKey: [...testimonialsKey, params],
    queryFn: ({ signal }) =>
      api.get<{ data: TestimonialAdmin[]; meta: PageMeta }>('/admin/testimonials', {
        signal,
        query: { page: params.page, search: params.search || undefined, status: params.status || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTestimonialActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: testimonialsKey });
  const confirm = useMutation({ mutationFn: (id: number) => api.put(`/admin/testimonials/${id}/confirm`), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/admin/testimonials/${id}`), onSettled: refresh });
  return { confirm, remove };
}
