import { type Abilities, can, type User } from '@school-portal/domain';

/**
 * Whether the signed-in account reads its organization's activity trail (policy `audit-event.list`:
 * managers, and a school's own accounts for its projects). The sidebar and the page ask the same.
 */
export function canReadActivity(user: User, abilities: Abilities): boolean {
  const account = user.current_account;
  if (!account) return false;
  return can(abilities, 'audit-event.list', {
    id: account.organization_id,
    role: account.organization.role,
    placement: 'own',
  });
}
