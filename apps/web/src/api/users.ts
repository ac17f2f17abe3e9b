import { type Abilities, defineAbilities, type User } from '@school-portal/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiFetch } from './client';
import { useConfig } from './config';
import { queryKeys } from './keys';
import { clearPrivateQueries, queryClient } from './queryClient';
import { getToken, useToken } from './token';

/** GET /api/users/me?include_accounts=true, checked against the shared userSchema. */
export async function fetchCurrentUser(
  options: { signal?: AbortSignal; token?: string } = {},
): Promise<User> {
  const [body, { parseUser }] = await Promise.all([
    apiFetch<{ user: unknown }>('/api/users/me', {
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
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    staleTime: 60_000,
  });

/** The signed-in user with accounts (GET /api/users/me?include_accounts=true). Idle when signed out. */
export function useCurrentUser() {
  const token = useToken();
  return useQuery({ ...currentUserQuery(), enabled: token !== null });
}

/** The permission rules of packages/domain, applied to the signed-in user and current account. */
export function abilitiesFor(user: User, supportChatEnabled = false): Abilities {
  const account = user.current_account;
  return defineAbilities({
    user: {
      id: user.id,
      roles: user.roles,
      active_plic_app_slugs: user.active_plic_app_slugs,
      accounts_count: user.accounts_count ?? user.accounts?.length ?? 0,
    },
    account: account
      ? {
          id: account.id,
          organization_id: account.organization_id,
          managed_organization_ids: account.managed_organization_ids,
          enable_plic_app_whitelist: account.enable_plic_app_whitelist,
          plic_app_whitelist_slugs: account.plic_app_whitelist_slugs,
        }
      : null,
    organization: account?.organization
      ? { id: account.organization.id, role: account.organization.role }
      : null,
    supportChatEnabled,
  });
}

/** Abilities of the signed-in user, or null while signed out or loading. */
export function useAbilities(): Abilities | null {
  const { data: user } = useCurrentUser();
  const { data: config } = useConfig();
  const chat = config?.support_chat_enabled ?? false;
  return useMemo(() => (user ? abilitiesFor(user, chat) : null), [user, chat]);
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
      if (!queryClient.getQueryData(queryKeys.currentUser)) {
        throw new SwitchAccountError('switch-accounts.errors.missing-user');
      }
      await apiFetch<{ user: unknown }>('/api/users/me', {
        method: 'PATCH',
        body: { user: { current_account_id: accountId } },
      });
      clearPrivateQueries();
      return queryClient.fetchQuery(currentUserQuery());
    },
  });
}
