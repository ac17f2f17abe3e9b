import {
  APP_SLUG,
  childRoleFor,
  type OrganizationTarget,
  type UserCreationTarget,
} from '@school-portal/domain';
import { type Can, subOrganization, useCan, useOwnOrganization } from '../../app/can';

/** A New User request as the `user.create` policy sees it: for this app, or for every app when asked. */
export function newUserTarget(organization: OrganizationTarget, allApps = false): UserCreationTarget {
  return { ...organization, plic_app_id: APP_SLUG, enable_for_all_apps: allApps };
}

/**
 * Whether New User leads somewhere: the policy allows a user in the own organization, or in the kind of
 * organization the own one has below it (studios and labs have some, a school has none).
 */
export function mayCreateUsers(can: Can, own: OrganizationTarget | null): boolean {
  if (!own) return false;
  const child = childRoleFor(own.role);
  return (
    can('user.create', newUserTarget(own)) ||
    (child !== null && can('user.create', newUserTarget(subOrganization({ id: own.id, role: child }))))
  );
}

/** `mayCreateUsers` for the signed-in user. */
export function useMayCreateUsers(): boolean {
  return mayCreateUsers(useCan(), useOwnOrganization());
}
