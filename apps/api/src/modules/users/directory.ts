import {
  APP_SLUG,
  type INVITE_STATUS_FILTERS,
  type SCHOOL_PORTAL_PERMISSION_FILTERS,
} from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { Access } from '../access/visibility.js';
import { keywordPattern, organizationIdQuery } from '../organizations/service.js';

export interface DirectoryQuery extends PageRequest {
  traverse_sub_organizations?: boolean;
  keyword?: string;
}

export interface AccountsQuery extends DirectoryQuery {
  include_managed_organization_ids?: boolean;
  include_organizations?: boolean;
  include_users?: boolean;
  'filter[school_portal_permission]'?: (typeof SCHOOL_PORTAL_PERMISSION_FILTERS)[number];
  'filter[invite_status]'?: (typeof INVITE_STATUS_FILTERS)[number];
}

/** One page of the accounts of an organization (or its tree), by user name, with the All Users filters. */
export function listAccounts(db: Db, access: Access, organizationId: string, q: AccountsQuery) {
  // School Portal permission: the account is enabled for this app and the user holds an active license.
  const licensed = sql<boolean>`(
    (NOT a.enable_plic_app_whitelist OR ${APP_SLUG} = ANY(a.plic_app_whitelist_slugs))
    AND EXISTS (SELECT 1 FROM app_licenses l WHERE l.user_id = u.id AND l.plic_app_slug = ${APP_SLUG}
                AND l.active AND (l.expires_at IS NULL OR l.expires_at > now())))`;
  let query = db
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .where('u.deleted_at', 'is', null);
  query = q.traverse_sub_organizations
    ? query.where('a.organization_id', 'in', access.subtreeIds(organizationId))
    : query.where('a.organization_id', '=', organizationId);
  if (q.keyword) {
    const pattern = keywordPattern(q.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('u.name', 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('o.name', 'ilike', pattern),
      ]),
    );
  }
  const permission = q['filter[school_portal_permission]'];
  if (permission) query = query.where(permission === 'allowed' ? licensed : sql<boolean>`NOT ${licensed}`);
  const invite = q['filter[invite_status]'];
  if (invite === 'accepted') query = query.where('u.invitation_accepted_at', 'is not', null);
  if (invite === 'sent') {
    query = query.where('u.invitation_accepted_at', 'is', null).where('u.invitation_sent_at', 'is not', null);
  }
  if (invite === 'not-sent') {
    query = query.where('u.invitation_accepted_at', 'is', null).where('u.invitation_sent_at', 'is', null);
  }
  return pageOf(
    db,
    query.select([
      'a.id',
      'a.user_id',
      'a.organization_id',
      'a.created_at',
      sql<string[]>`a.managed_organization_ids::text[]`.as('managed_organization_ids'),
      sql<boolean>`(NOT a.enable_plic_app_whitelist OR ${APP_SLUG} = ANY(a.plic_app_whitelist_slugs))`.as(
        'enabled',
      ),
      licensed.as('licensed'),
      'u.name as user_name',
      'u.email as user_email',
      'u.invitation_sent_at',
      'u.invitation_accepted_at',
      'u.created_at as user_created_at',
      'o.name as organization_name',
      'o.role as organization_role',
    ]),
    (query) => query.orderBy('u.name').orderBy('a.id'),
    q,
  );
}

/** The organizations a user list is of: those in view, a tree in view, or one organization. */
type OrganizationIds =
  | ReturnType<Access['organizationIds']>
  | ReturnType<Access['subtreeIds']>
  | ReturnType<typeof organizationIdQuery>;

/** Live users (`u`) holding an account in one of `organizations` (a query of their ids). */
export function usersWithAccountIn(db: Db, organizations: OrganizationIds) {
  return db
    .selectFrom('users as u')
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('accounts as a')
          .select('a.id')
          .whereRef('a.user_id', '=', 'u.id')
          .where('a.organization_id', 'in', organizations),
      ),
    );
}

/** One page of the users with an account in an organization (or its tree), by name. */
export function listUsers(db: Db, access: Access, organizationId: string, q: DirectoryQuery) {
  const organizations = q.traverse_sub_organizations
    ? access.subtreeIds(organizationId)
    : organizationIdQuery(db, organizationId);
  let query = usersWithAccountIn(db, organizations);
  if (q.keyword) {
    const pattern = keywordPattern(q.keyword);
    query = query.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  return pageOf(
    db,
    query.select([
      'u.id',
      'u.name',
      'u.email',
      'u.invitation_sent_at',
      'u.invitation_accepted_at',
      'u.created_at',
    ]),
    (query) => query.orderBy('u.name').orderBy('u.id'),
    q,
  );
}

export type AccountListRow = Awaited<ReturnType<typeof listAccounts>>['rows'][number];
export type UserListRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];
