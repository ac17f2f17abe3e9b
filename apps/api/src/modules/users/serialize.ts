import { APP_SLUG, COMPANION_APP_SLUG, isAccountEnabledFor, type User } from '@school-portal/domain';
import { isoOrNull } from '../../wire.js';
import type { AccountListRow, AccountsQuery, UserListRow } from './directory.js';
import type { SessionAccount, SessionUser } from './session.js';

export function serializeAccount(
  account: SessionAccount,
  user: SessionUser,
  currentAccountId: string | null,
) {
  return {
    id: account.id,
    user_id: account.user_id,
    organization_id: account.organization_id,
    created_at: account.created_at.toISOString(),
    managed_organization_ids: account.managed_organization_ids,
    enabled_for_school_portal: isAccountEnabledFor(account, APP_SLUG),
    enabled_for_plic_io: isAccountEnabledFor(account, COMPANION_APP_SLUG),
    enable_plic_app_whitelist: account.enable_plic_app_whitelist,
    plic_app_whitelist_slugs: account.plic_app_whitelist_slugs,
    is_default: account.id === user.default_account_id,
    is_current: account.id === currentAccountId,
    organization: account.organization,
  };
}

export function serializeUser(
  args: {
    user: SessionUser;
    accounts: SessionAccount[];
    account: SessionAccount | null;
    activeSlugs: string[];
    adminUrl: string | null;
  },
  includeAccounts: boolean,
): User {
  const { user, accounts, account, activeSlugs } = args;
  const currentId = account?.id ?? null;
  const managed = account?.managed_organization_ids ?? [];
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    organization_id: account?.organization_id ?? null,
    organization_name: account?.organization.name ?? null,
    roles: user.roles,
    current_account_id: currentId,
    default_account_id: user.default_account_id,
    accounts_count: accounts.length,
    active_plic_app_slugs: activeSlugs,
    manages_own_organization: !!account && managed.includes(account.organization_id),
    managed_sub_organization_ids: managed.filter((id) => id !== account?.organization_id),
    enable_plic_app_whitelist: user.enable_plic_app_whitelist,
    plic_app_whitelist_slugs: user.plic_app_whitelist_slugs,
    invitation_sent_at: isoOrNull(user.invitation_sent_at),
    invitation_accepted_at: isoOrNull(user.invitation_accepted_at),
    invitation_sent: !!user.invitation_sent_at,
    invitation_accepted: !!user.invitation_accepted_at,
    plic_user_admin_url: args.adminUrl,
    created_at: user.created_at.toISOString(),
    current_account: account ? serializeAccount(account, user, currentId) : null,
    ...(includeAccounts ? { accounts: accounts.map((a) => serializeAccount(a, user, currentId)) } : {}),
  };
}

/** A licence as the API answers it: active only while not expired at `now` (epoch ms). */
export const serializeLicense = (
  r: { id: string; plic_app_slug: string; active: boolean; expires_at: Date | null },
  now: number,
) => ({
  id: r.id,
  plic_app_slug: r.plic_app_slug,
  active: r.active && (!r.expires_at || r.expires_at.getTime() > now),
  expires_at: isoOrNull(r.expires_at),
});

/** An All Users row: its user, organization and managed organizations only when asked for. */
export const serializeAccountRow = (
  r: AccountListRow,
  q: Pick<AccountsQuery, 'include_managed_organization_ids' | 'include_users' | 'include_organizations'>,
) => ({
  id: r.id,
  user_id: r.user_id,
  organization_id: r.organization_id,
  created_at: r.created_at.toISOString(),
  enabled_for_school_portal: r.enabled,
  school_portal_permission: r.licensed ? ('allowed' as const) : ('not-allowed' as const),
  ...(q.include_managed_organization_ids ? { managed_organization_ids: r.managed_organization_ids } : {}),
  ...(q.include_users
    ? {
        user: {
          id: r.user_id,
          name: r.user_name,
          email: r.user_email,
          invitation_sent_at: isoOrNull(r.invitation_sent_at),
          invitation_accepted_at: isoOrNull(r.invitation_accepted_at),
          created_at: r.user_created_at.toISOString(),
        },
      }
    : {}),
  ...(q.include_organizations
    ? { organization: { id: r.organization_id, name: r.organization_name, role: r.organization_role } }
    : {}),
});

export const serializeUserSummary = (u: UserListRow) => ({
  ...u,
  invitation_sent_at: isoOrNull(u.invitation_sent_at),
  invitation_accepted_at: isoOrNull(u.invitation_accepted_at),
  created_at: u.created_at.toISOString(),
});
