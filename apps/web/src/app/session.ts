import { isLicensed, type User } from '@school-portal/domain';
import { revokeToken } from '../api/auth';
import { queryKeys } from '../api/keys';
import { queryClient } from '../api/queryClient';
import { setToken } from '../api/token';
import type { SignInResult } from '../api/types';
import { useCurrentUser } from '../api/users';

/** The signed-in user, for screens behind RequireAuth (which renders them only once it is loaded). */
export function useSessionUser(): User {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSessionUser needs a signed-in user (render it inside RequireAuth)');
  return data;
}

export function isUserLicensed(user: User): boolean {
  return isLicensed(user, user.current_account);
}

/**
 * Spec §4: an authenticated user without a license goes to not-licensed while keeping the session when
 * another account enabled for this app exists (not-licensed may then send them on to switch-accounts);
 * otherwise the session is invalidated first.
 */
export function hasOtherEnabledAccount(user: User): boolean {
  return (user.accounts ?? []).some((a) => a.id !== user.current_account_id && a.enabled_for_school_portal);
}

/**
 * Starts the session a sign-in (or an accepted invitation) answered with, and says where it leads. A
 * licensed user is signed in. Without a license (spec §4) the session is kept for not-licensed when
 * another account enabled for this app exists (or the server could not read the user), and invalidated
 * otherwise.
 */
export async function startSession(result: SignInResult): Promise<'signed-in' | 'not-licensed'> {
  const { user, token } = result;
  if (user === null) {
    setToken(token);
    return 'not-licensed';
  }
  const licensed = isUserLicensed(user);
  if (!licensed && !hasOtherEnabledAccount(user)) {
    await revokeToken(token);
    return 'not-licensed';
  }
  queryClient.setQueryData(queryKeys.users.me, user);
  setToken(token);
  return licensed ? 'signed-in' : 'not-licensed';
}
