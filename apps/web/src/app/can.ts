import {
  type Abilities,
  type Action,
  can,
  type OrganizationRole,
  type OrganizationTarget,
} from '@school-portal/domain';
import { useMemo } from 'react';
import { useAbilities, useCurrentUser } from '../api/users';

type RecordArgs<A extends Action> =
  Parameters<typeof can<A>> extends [unknown, unknown, ...infer R] ? R : never;

/** `can(action, record?)` for the signed-in user; `ready` is false until the user is loaded. */
export interface Can {
  <A extends Action>(action: A, ...record: RecordArgs<A>): boolean;
  ready: boolean;
}

/**
 * The signed-in user's `can(action, record?)`: screens ask the domain's policies (the same table the
 * API authorizes with) and never read abilities themselves, so the web and the server can't disagree.
 * Before the user is loaded (or when signed out) nothing is allowed; `ready` tells that state apart
 * from a refusal (a screen then waits instead of sending the user home).
 */
export function useCan(): Can {
  const abilities = useAbilities();
  return useMemo(() => {
    const ask = <A extends Action>(action: A, ...record: RecordArgs<A>) =>
      !!abilities &&
      // `can`'s record parameter is typed per action; RecordArgs<A> is that same tuple.
      (can as (a: Abilities, action: Action, ...r: unknown[]) => boolean)(abilities, action, ...record);
    return Object.assign(ask, { ready: abilities !== null });
  }, [abilities]);
}

/** The current account's own organization as the policies see it (record actions on it), or null. */
export function useOwnOrganization(): OrganizationTarget | null {
  const { data: user } = useCurrentUser();
  const account = user?.current_account;
  return useMemo(
    () =>
      account ? { id: account.organization_id, role: account.organization.role, placement: 'own' } : null,
    [account],
  );
}

/** An organization below the caller's own, as the policies see it (list rows carry the role as text). */
export function subOrganization(organization: { id: string; role: string }): OrganizationTarget {
  return { id: organization.id, role: organization.role as OrganizationRole, placement: 'sub' };
}
