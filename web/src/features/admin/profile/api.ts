/** The admin's own profile and, for super admins, admin management (list, create, delete). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile, UpdateAdminProfileBody } from '@shared/schemas/accounts';
import type { AdminAccount, NewAdminBody } from '@shared/schemas/people';
import { api } from '@web/lib/api';
import { ADMIN_KEY, adminMeKey } from '../api';

const adminsKey = [...ADMIN_KEY, 'admins'] as const;

export function useUpdateAdminProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminProfileBody) => api.put<{ message: string; user: AdminProfile }>('/admin/profile', body),
    onSuccess: (answer) => {
      client.setQueryData(adminMeKey, answer.user);
      void client.invalidateQueries({ queryKey: adminsKey });
    },
  });
}

export function useAdmins(enabled: boolean) {
  return useQuery({
    queryKey: adminsKey,
    queryFn: ({ signal }) => api.get<{ data: AdminAccount[] }>('/admin/admins', { signal }),
    enabled,
  });
}

export function useDeleteAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/admin/admins/${id}/delete`),
    onSettled: () => client.invalidateQueries({ queryKey: adminsKey }),
  });
}

export function useCreateAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAdminBody) => api.post<{ message: string; admin: AdminAccount }>('/admin/admins/new', body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminsKey }),
  });
}
