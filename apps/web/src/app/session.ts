import { isLicensed, type User } from '@school-portal/domain';
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
