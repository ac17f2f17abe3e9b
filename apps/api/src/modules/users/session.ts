import {
  type Abilities,
  APP_SLUG,
  defineAbilities,
  isAccountEnabledFor,
  type OrganizationRole,
} from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface SessionAccount {
  id: string;
  user_id: string;
  organization_id: string;
  managed_organization_ids: string[];
  enable_plic_app_whitelist: boolean;
  plic_app_whitelist_slugs: string[];
  created_at: Date;
  organization: {
    id: string;
    name: string;
    role: OrganizationRole;
    short_code: string | null;
    parent_organization_id: string | null;
    parent_organization_name: string | null;
  };
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  roles: string[];
  enable_plic_app_whitelist: boolean;
  plic_app_whitelist_slugs: string[];
  default_account_id: string | null;
  current_account_id: string | null;
  invitation_sent_at: Date | null;
  invitation_accepted_at: Date | null;
  created_at: Date;
}

/** A user with their accounts, the account this request acts as, licenses and abilities. */
export interface Session {
  user: SessionUser;
  accounts: SessionAccount[];
  account: SessionAccount | null;
  activeSlugs: string[];
  abilities: Abilities;
  /**
   * Set when the route's action is refused to this caller but its record is named in the path: the refusal
   * (403) comes once the record is found in view, so that records out of view still answer 404.
   */
  refusedUntilFound?: boolean;
}

export async function loadAccounts(db: Db, userIds: string[]): Promise<SessionAccount[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('accounts as a')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .leftJoin('organizations as p', 'p.id', 'o.parent_organization_id')
    .select([
      'a.id',
      'a.user_id',
      'a.organization_id',
      sql<string[]>`a.managed_organization_ids::text[]`.as('managed_organization_ids'),
      'a.enable_plic_app_whitelist',
      'a.plic_app_whitelist_slugs',
      'a.created_at',
      'o.name as organization_name',
      'o.role as organization_role',
      'o.short_code as organization_short_code',
      'o.parent_organization_id',
      'p.name as parent_organization_name',
    ])
    .where('a.user_id', 'in', userIds)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    organization_id: r.organization_id,
    managed_organization_ids: r.managed_organization_ids,
    enable_plic_app_whitelist: r.enable_plic_app_whitelist,
    plic_app_whitelist_slugs: r.plic_app_whitelist_slugs,
    created_at: r.created_at,
    organization: {
      id: r.organization_id,
      name: r.organization_name,
      role: r.organization_role as OrganizationRole,
      short_code: r.organization_short_code,
      parent_organization_id: r.parent_organization_id,
      parent_organization_name: r.parent_organization_name,
    },
  }));
}

export async function loadActiveSlugs(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('app_licenses')
    .select('plic_app_slug')
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('plic_app_slug')
    .execute();
  return rows.map((r) => r.plic_app_slug);
}

/**
 * The account a request acts as: the one named by X-Current-Account-Id (which must be the user's),
 * else the user's current account, else the default, else the first one enabled for this app.
 */
export function chooseAccount(
  user: SessionUser,
  accounts: SessionAccount[],
  requestedAccountId: string | undefined,
): SessionAccount | null | 'not_owned' {
  if (requestedAccountId !== undefined) {
    return accounts.find((a) => a.id === requestedAccountId) ?? 'not_owned';
  }
  return (
    accounts.find((a) => a.id === user.current_account_id) ??
    accounts.find((a) => a.id === user.default_account_id) ??
    accounts.find((a) => isAccountEnabledFor(a, APP_SLUG)) ??
    accounts[0] ??
    null
  );
}

export function buildAbilities(
  user: SessionUser,
  accounts: SessionAccount[],
  account: SessionAccount | null,
  activeSlugs: string[],
  supportChatEnabled: boolean,
): Abilities {
  return defineAbilities({
    user: {
      id: user.id,
      roles: user.roles,
      active_plic_app_slugs: activeSlugs,
      accounts_count: accounts.length,
    },
    account,
    organization: account ? { id: account.organization.id, role: account.organization.role } : null,
    supportChatEnabled,
  });
}
