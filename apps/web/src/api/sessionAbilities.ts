import type { Abilities } from '@school-portal/domain';
import { useAbilities } from './users';

/**
 * The signed-in user's abilities (the same `defineAbilities` result the sidebar uses), for screens
 * behind RequireAuth, which renders them only once the user is loaded.
 */
export function useSessionAbilities(): Abilities {
  const abilities = useAbilities();
  if (!abilities)
    throw new Error('useSessionAbilities needs a signed-in user (render it inside RequireAuth)');
  return abilities;
}
