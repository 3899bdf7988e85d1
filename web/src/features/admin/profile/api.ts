/** The admin's own profile and two-factor login and, for super admins, admin management (list, create, delete, reset 2FA). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile, TwoFactorEnabled, TwoFactorSetup, UpdateAdminProfileBody } from '@shared/schemas/accounts';
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

/** The admin's own two-factor login: setup (secret + QR), enable (gives the recovery codes), disable. */
export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/admin/profile/two-factor/setup') });
}

export function useTwoFactorEnable() {
  return useMutation({ mutationFn: (code: string) => api.post<TwoFactorEnabled>('/admin/profile/two-factor/enable', { code }) });
}

export function useTwoFactorDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (current_password: string) => api.post<{ message: string }>('/admin/profile/two-factor/disable', { current_password }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminMeKey }),
  });
}

/** A super admin resets another admin's two-factor login (lost phone). */
export function useResetTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/admin/admins/${id}/two-factor/reset`),
    onSettled: () => client.invalidateQueries({ queryKey: adminsKey }),
  });
}
