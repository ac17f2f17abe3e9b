import { APP_SLUG } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './keys';

/** POST /api/password-resets: always 202, whether or not the address exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('/api/password-resets', {
        body: { email, plic_app_id: APP_SLUG },
        auth: false,
        handleAuthFailures: false,
      }),
  });
}

/** GET /api/password-resets/:token: 200 while the link is usable, 404 when invalid, expired or used. */
export function usePasswordReset(token: string) {
  return useQuery({
    queryKey: queryKeys.passwordReset(token),
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/password-resets/{token}', {
        path: { token },
        auth: false,
        handleAuthFailures: false,
        signal,
      });
      return body.password_reset;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** PATCH /api/password-resets/:token {password}: 200, 422 with field errors, or 404. */
export function useCompletePasswordReset(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api.patch('/api/password-resets/{token}', {
        path: { token },
        body: { password },
        auth: false,
        handleAuthFailures: false,
      }),
  });
}
