import { APP_SLUG } from '@school-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './keys';
import { useLinkRecord, WITHOUT_SESSION } from './records';

/** POST /api/password-resets: always 202, whether or not the address exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('/api/password-resets', { body: { email, plic_app_id: APP_SLUG }, ...WITHOUT_SESSION }),
  });
}

/** GET /api/password-resets/:token: 200 while the link is usable, 404 when invalid, expired or used. */
export function usePasswordReset(token: string) {
  return useLinkRecord(
    queryKeys.passwordReset(token),
    '/api/password-resets/{token}',
    token,
    'password_reset',
  );
}

/** PATCH /api/password-resets/:token {password}: 200, 422 with field errors, or 404. */
export function useCompletePasswordReset(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api.patch('/api/password-resets/{token}', { path: { token }, body: { password }, ...WITHOUT_SESSION }),
  });
}
