/**
 * The back office's shared queries. Every admin query key starts with ADMIN_KEY, so a write can
 * refresh what it touched with `invalidateQueries({ queryKey: [...ADMIN_KEY, 'orders'] })`, and a
 * logout drops them all.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '@shared/schemas/accounts';
import { api } from '@web/lib/api';

export const ADMIN_KEY = ['admin'] as const;
export const adminMeKey = [...ADMIN_KEY, 'me'] as const;

/** GET /api/admin/profile: who is using the back office (also the shell's access check). */
export function useAdminMe(enabled = true) {
  return useQuery({
    queryKey: adminMeKey,
    queryFn: ({ signal }) => api.get<AdminProfile>('/admin/profile', { signal }),
    enabled,
    staleTime: 60_000,
  });
}
