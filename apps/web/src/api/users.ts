import { type Abilities, APP_SLUG, abilitiesForUser, type User } from '@school-portal/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api';
import { isApiError } from './client';
import { useConfig } from './config';
import { queryKeys } from './keys';
import { clearPrivateQueries, queryClient } from './queryClient';
import { useLinkRecord, WITHOUT_SESSION } from './records';
import { getToken, useToken } from './token';
import type { ApiResponse, SignInResult } from './types';

/** GET /api/users/me?include_accounts=true, checked against the shared userSchema. */
export async function fetchCurrentUser(
  options: { signal?: AbortSignal; token?: string } = {},
): Promise<User> {
  const [body, { parseUser }] = await Promise.all([
    api.get('/api/users/me', {
      query: { include_accounts: true },
      signal: options.signal,
      token: options.token,
      // While signing in (explicit token) the sign-in screen handles failures itself.
      handleAuthFailures: options.token === undefined,
    }),
    import('./parseUser'),
  ]);
  return parseUser(body.user);
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: queryKeys.users.me,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    staleTime: 60_000,
  });

/** The signed-in user with accounts (GET /api/users/me?include_accounts=true). Idle when signed out. */
export function useCurrentUser() {
  const token = useToken();
  return useQuery({ ...currentUserQuery(), enabled: token !== null });
}

/** Abilities of the signed-in user, or null while signed out or loading. */
export function useAbilities(): Abilities | null {
  const { data: user } = useCurrentUser();
  const { data: config } = useConfig();
  const chat = config?.support_chat_enabled ?? false;
  return useMemo(() => (user ? abilitiesForUser(user, chat) : null), [user, chat]);
}

export type SwitchAccountErrorKey =
  | 'switch-accounts.errors.missing-account-id'
  | 'switch-accounts.errors.not-authenticated'
  | 'switch-accounts.errors.missing-user';

/** The spec's "Can't switch account: ..." failures (§8), by translation key. */
export class SwitchAccountError extends Error {
  constructor(readonly translationKey: SwitchAccountErrorKey) {
    super(translationKey);
    this.name = 'SwitchAccountError';
  }
}

/** PATCH /api/users/me {"user": {"current_account_id"}}; then reloads the user and drops old data. */
export function useSwitchAccount() {
  return useMutation({
    mutationFn: async (accountId: string | null | undefined) => {
      if (!accountId) throw new SwitchAccountError('switch-accounts.errors.missing-account-id');
      if (!getToken()) throw new SwitchAccountError('switch-accounts.errors.not-authenticated');
      if (!queryClient.getQueryData(queryKeys.users.me)) {
        throw new SwitchAccountError('switch-accounts.errors.missing-user');
      }
      await api.patch('/api/users/me', {
        body: { user: { current_account_id: accountId } },
      });
      clearPrivateQueries();
      return queryClient.fetchQuery(currentUserQuery());
    },
  });
}

/** Query keys of other users and of invitation links. */

/** GET /api/users/:id?include_accounts=true: a user with the accounts the caller may see (404 otherwise). */
export function useUser(userId: string) {
  return useQuery({
    queryKey: queryKeys.users.detail(userId),
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/users/{id}', {
        path: { id: userId },
        query: { include_accounts: true },
        signal,
      });
      return body.user;
    },
  });
}

export interface NewUserInput {
  organizationId: string;
  name: string;
  email: string;
  enableForAllApps?: boolean;
}

/**
 * POST /api/organizations/:id/users: 201 with the user; 422 with field errors (`email: has already been
 * taken`); 403 when the caller may not add users to that organization.
 */
export function useCreateUser() {
  return useMutation({
    mutationFn: async ({ organizationId, name, email, enableForAllApps }: NewUserInput) => {
      const body = await api.post('/api/organizations/{id}/users', {
        path: { id: organizationId },
        body: {
          user: { name, email, ...(enableForAllApps ? { enable_for_all_apps: true } : {}) },
          plic_app_id: APP_SLUG,
        },
      });
      return body.user;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.users.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
    },
  });
}

/** POST /api/users/:id/invite: 200 with the user (invitation_sent_at now); 409 once accepted. */
export function useSendInvite(userId: string) {
  return useMutation({
    mutationFn: async () => {
      const body = await api.post('/api/users/{id}/invite', {
        path: { id: userId },
        body: { plic_app_id: APP_SLUG },
      });
      return body.user;
    },
    onSuccess: async (user) => {
      // The answer may leave out accounts; keep the ones already shown.
      queryClient.setQueryData<User>(queryKeys.users.detail(userId), (old) =>
        old ? { ...old, ...user, accounts: user.accounts ?? old.accounts } : user,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
    },
  });
}

export type InvitationInfo = ApiResponse<'/api/invitations/{token}', 'get'>['invitation'];

/** GET /api/invitations/:token (public): who the link is for; 404 when unknown, used or expired. */
export function useInvitation(token: string) {
  return useLinkRecord(queryKeys.users.invitation(token), '/api/invitations/{token}', token, 'invitation');
}

/**
 * POST /api/invitations/:token/accept {password}: sets the password and answers a token, then loads
 * the user with it. Like sign-in, the token is not stored here: the screen stores it with its
 * navigation. `user` is null when the server refuses the session as not licensed.
 */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: async (password: string): Promise<SignInResult> => {
      const { access_token: accessToken } = await api.post('/api/invitations/{token}/accept', {
        path: { token },
        body: { password },
        ...WITHOUT_SESSION,
      });
      clearPrivateQueries();
      try {
        return { token: accessToken, user: await fetchCurrentUser({ token: accessToken }) };
      } catch (error) {
        if (isApiError(error, 403) && error.reason === 'not_licensed')
          return { token: accessToken, user: null };
        throw error;
      }
    },
  });
}

/**
 * DELETE /api/users/:id: deactivates the user (sessions end at once, they leave every list); 403 for
 * yourself or a user with an account outside the caller's tree. `leave` takes the screen off the
 * user's page first: a page still showing the user would fetch them again, and get a 404.
 */
export function useDeleteUser(userId: string, leave: () => Promise<void> | void) {
  return useMutation({
    mutationFn: () => api.delete('/api/users/{id}', { path: { id: userId } }),
    onSuccess: async () => {
      await leave();
      queryClient.removeQueries({ queryKey: queryKeys.users.detail(userId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
    },
  });
}
