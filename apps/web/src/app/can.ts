import { type Abilities, type Action, can } from '@school-portal/domain';
import { useCallback } from 'react';
import { useAbilities } from '../api/users';

type RecordArgs<A extends Action> =
  Parameters<typeof can<A>> extends [unknown, unknown, ...infer R] ? R : never;

/**
 * The signed-in user's `can(action, record?)`: screens ask the domain's policies (the same table the
 * API authorizes with) and never read abilities themselves, so the web and the server can't disagree.
 * Before the user is loaded (or when signed out) nothing is allowed.
 */
export function useCan(): <A extends Action>(action: A, ...record: RecordArgs<A>) => boolean {
  const abilities = useAbilities();
  return useCallback(
    <A extends Action>(action: A, ...record: RecordArgs<A>) =>
      !!abilities &&
      // `can`'s record parameter is typed per action; RecordArgs<A> is that same tuple.
      (can as (a: Abilities, action: Action, ...r: unknown[]) => boolean)(abilities, action, ...record),
    [abilities],
  );
}
