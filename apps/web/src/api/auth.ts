import { useMutation } from '@tanstack/react-query';
import { api } from './api';
import { isApiError } from './client';
import { clearPrivateQueries } from './queryClient';
import { WITHOUT_SESSION } from './records';
import { type ClearReason, clearToken, getToken } from './token';
import type { SignInResult } from './types';
import { fetchCurrentUser } from './users';

export interface SignInInput {
  username: string;
  password: string;
}

/**
 * How sign-in ended. The token is not stored yet: the sign-in screen stores it (or revokes it, for an
 * unlicensed user) together with its navigation, so no guard sees a half-finished sign-in.
 * `user` is null when the server refused the session as not licensed.
 */
/**
 * POST /oauth/token (password grant), then GET /api/users/me with the new token. Rejects with
 * ApiError: 400 invalid_grant for wrong credentials, 429 when rate limited, status 0 without network.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async ({ username, password }: SignInInput): Promise<SignInResult> => {
      const { access_token: token } = await api.post('/oauth/token', {
        body: { grant_type: 'password', username, password },
        ...WITHOUT_SESSION,
      });
      clearPrivateQueries();
      try {
        return { token, user: await fetchCurrentUser({ token }) };
      } catch (error) {
        if (isApiError(error, 403) && error.reason === 'not_licensed') return { token, user: null };
        throw error;
      }
    },
  });
}

/** POST /oauth/revoke; failures are ignored (the token expires on the server anyway). */
export async function revokeToken(token: string): Promise<void> {
  try {
    await api.post('/oauth/revoke', { body: { token }, token, handleAuthFailures: false });
  } catch {
    // ignore
  }
}

/** Revoke the token on the server (best effort) and forget the session here. */
export async function signOut(reason: ClearReason = 'sign-out'): Promise<void> {
  const token = getToken();
  if (token) await revokeToken(token);
  clearToken(reason);
  clearPrivateQueries();
}

export function useSignOut() {
  return useMutation({ mutationFn: () => signOut('sign-out') });
}
