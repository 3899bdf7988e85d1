/**
 * Account data: profile query, and the writes of the account pages. Login and logout live in
 * session.tsx (`useSession()`).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChangePasswordBody, Profile, RegisterBody, ResetPasswordBody, UpdateProfileBody } from '@shared/schemas/accounts';
import { api, isApiError } from '@web/lib/api';
import { ACCOUNT_QUERY_KEY, session } from '@web/lib/session';

type Message = { message: string };

export const profileQuery = queryOptions({
  queryKey: [...ACCOUNT_QUERY_KEY, 'profile'],
  queryFn: ({ signal }) => api.get<Profile>('/profile', { signal }),
  // The account pages always show what the server has now.
  staleTime: 0,
  refetchOnWindowFocus: false,
});

/** GET /profile for a page; a 401 ends the session (RequireAuth then goes to /login). */
export function useProfile() {
  const query = useQuery(profileQuery);
  const unauthorized = isApiError(query.error) && query.error.status === 401;
  useEffect(() => {
    if (unauthorized) session.end('unauthorized');
  }, [unauthorized]);
  useEffect(() => {
    if (query.data) session.setUser(query.data);
  }, [query.data]);
  return query;
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<Message & { user: Profile }>('/profile', body),
    onSuccess: (answer) => {
      client.setQueryData(profileQuery.queryKey, answer.user);
      session.setUser(answer.user);
    },
  });
}

export const useRegister = () => useMutation({ mutationFn: (body: RegisterBody) => api.post<Message>('/register', body) });

export const confirmEmail = (token: string) => api.post<Message>('/email/confirm', { token });

export const confirmEmailChange = (token: string) => api.post<Message>('/profile/email/confirm', { token });

export const useResendConfirmation = () =>
  useMutation({ mutationFn: (email: string) => api.post<Message>('/email/resend-confirmation', { email }) });

export const useForgotPassword = () => useMutation({ mutationFn: (email: string) => api.post<Message>('/password/forgot', { email }) });

export const useResetPassword = () => useMutation({ mutationFn: (body: ResetPasswordBody) => api.post<Message>('/password/reset', body) });

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => api.post<Message>('/password/change', body) });
