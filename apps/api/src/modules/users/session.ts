import {
  type Abilities,
  APP_SLUG,
  defineAbilities,
  isAccountEnabledFor,
  type OrganizationRole,
} from '@school-portal/domain';
import { sql } from 'kysely';
import { type Db, prepared } from '../../db/database.js';

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
}

/** An account's organization, from the row's `organization_*` columns. */
const organizationOf = (r: {
  organization_id: string;
  organization_name: string;
  organization_role: string;
  organization_short_code: string | null;
  parent_organization_id: string | null;
  parent_organization_name: string | null;
}): SessionAccount['organization'] => ({
  id: r.organization_id,
  name: r.organization_name,
  role: r.organization_role as OrganizationRole,
  short_code: r.organization_short_code,
  parent_organization_id: r.parent_organization_id,
  parent_organization_name: r.parent_organization_name,
});

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
    organization: organizationOf(r),
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

/** A signed-in token with its user, the user's accounts and active licences. */
export interface TokenSession {
  token_id: string;
  last_used_at: Date;
  user: SessionUser;
  accounts: SessionAccount[];
  activeSlugs: string[];
}

interface AccountJson {
  id: string;
  user_id: string;
  organization_id: string;
  managed_organization_ids: string[] | null;
  enable_plic_app_whitelist: boolean;
  plic_app_whitelist_slugs: string[] | null;
  created_at: string;
  organization_name: string;
  organization_role: string;
  organization_short_code: string | null;
  parent_organization_id: string | null;
  parent_organization_name: string | null;
}

/**
 * (Ids are cast to text inside the JSON: bigint ids stay strings, as pg gives them elsewhere.)
 *
 * The session behind a token hash in ONE round trip: the live token, its user (not deleted), the user's
 * accounts with their organizations, and the active licences. Nothing is cached, so a revoked token, a
 * reset password (which revokes tokens), a role change or a deleted user take effect on the next request,
 * whichever API process answers it. A prepared statement: PostgreSQL plans it once per connection.
 */
export async function loadTokenSession(
  db: Db,
  tokenHash: Buffer,
  idleSeconds: number,
): Promise<TokenSession | null> {
  const result = await prepared(
    db,
    sql<
      SessionUser & {
        token_id: string;
        last_used_at: Date;
        accounts: AccountJson[] | null;
        active_slugs: string[] | null;
      }
    >`
    select t.id as token_id, t.last_used_at,
      u.id, u.name, u.email, u.roles, u.enable_plic_app_whitelist, u.plic_app_whitelist_slugs,
      u.default_account_id, u.current_account_id, u.invitation_sent_at, u.invitation_accepted_at, u.created_at,
      (select json_agg(json_build_object(
          'id', a.id::text, 'user_id', a.user_id::text, 'organization_id', a.organization_id::text,
          'managed_organization_ids', a.managed_organization_ids::text[],
          'enable_plic_app_whitelist', a.enable_plic_app_whitelist,
          'plic_app_whitelist_slugs', a.plic_app_whitelist_slugs,
          'created_at', a.created_at,
          'organization_name', o.name, 'organization_role', o.role,
          'organization_short_code', o.short_code,
          'parent_organization_id', o.parent_organization_id::text,
          'parent_organization_name', p.name
        ) order by a.created_at, a.id)
        from accounts a
        join organizations o on o.id = a.organization_id
        left join organizations p on p.id = o.parent_organization_id
        where a.user_id = u.id) as accounts,
      array(select l.plic_app_slug from app_licenses l
        where l.user_id = u.id and l.active and (l.expires_at is null or l.expires_at > now())
        order by l.plic_app_slug) as active_slugs
    from access_tokens t
    join users u on u.id = t.user_id
    where t.token_hash = ${tokenHash}
      and t.revoked_at is null
      and t.expires_at > now()
      and t.last_used_at > now() - make_interval(secs => ${idleSeconds})
      and u.deleted_at is null
  `.compile(db),
  );
  const row = result.rows[0];
  if (!row) return null;
  const { token_id, last_used_at, accounts, active_slugs, ...user } = row;
  return {
    token_id,
    last_used_at,
    user,
    activeSlugs: active_slugs ?? [],
    accounts: (accounts ?? []).map((r) => ({
      id: r.id,
      user_id: r.user_id,
      organization_id: r.organization_id,
      managed_organization_ids: r.managed_organization_ids ?? [],
      enable_plic_app_whitelist: r.enable_plic_app_whitelist,
      plic_app_whitelist_slugs: r.plic_app_whitelist_slugs ?? [],
      created_at: new Date(r.created_at),
      organization: organizationOf(r),
    })),
  };
}
