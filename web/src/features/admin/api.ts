/**
 * The back office's shared queries. Every admin query key starts with ADMIN_KEY, so a write can
 * refresh what it touched with `invalidateQueries({ queryKey: [...ADMIN_KEY, 'orders'] })`, and a
 * logout drops them all.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '@shared/schemas/accounts';
import { api, isApiError } from '@web/lib/api';
import { session } from '@web/lib/session';

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

/**
 * POST /api/admin/session/extend ("Stay signed in"): activity, so the session's end moves (up to its
 * absolute cap). A 401 means it has already ended: the session ends here too and the frame goes to
 * the login page.
 */
export function useExtendSession() {
  return useMutation({
    mutationFn: () => api.post<{ expires_in: number }>('/admin/session/extend'),
    onSuccess: (answer) => session.extend(answer.expires_in),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) session.end('unauthorized');
    },
  });
}
