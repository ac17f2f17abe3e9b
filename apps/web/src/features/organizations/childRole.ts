import { childRoleFor, type OrganizationRole } from '@school-portal/domain';
import { useCan, useOwnOrganization } from '../../app/can';

/**
 * The role of a child organization the current account may add below its own (a studio adds schools, a
 * lab adds studios), or null when the `organization.create-child` policy refuses it.
 */
export function useChildOrganizationRole(): OrganizationRole | null {
  const can = useCan();
  const own = useOwnOrganization();
  return own && can('organization.create-child', own) ? childRoleFor(own.role) : null;
}
