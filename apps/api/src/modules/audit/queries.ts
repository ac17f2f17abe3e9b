import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Access } from '../access/visibility.js';
import type { AuditAction } from './record.js';

/** What a reader of the trail asked for; dates are bounds in UTC (`until` is exclusive). */
export interface AuditFilters {
  actorId?: string;
  action?: AuditAction;
  projectId?: string;
  since?: Date;
  until?: Date;
}

/**
 * Whose trail a caller reads, under one organization of its view:
 * - `tree`: managers. Rows whose owner organization (a project's organization, a user's) or acting
 *   organization (where the actor's account is) is in the tree, so a studio sees what its people did and
 *   what was done to its schools' records.
 * - `projects`: a school's own accounts. Only rows about its projects (owner organization in the tree and
 *   a project named), including which studio user exported or downloaded them.
 */
export type AuditScopeMode = 'tree' | 'projects';

/** The rows of the trail a scope and filters select, joined for names (callers order and page). */
export function selectAuditEvents(
  db: Db,
  organizationIds: ReturnType<Access['subtreeIds']>,
  mode: AuditScopeMode,
  f: AuditFilters,
) {
  let q = db
    .selectFrom('audit_events as e')
    .leftJoin('projects as p', 'p.id', 'e.project_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('organizations as ao', 'ao.id', 'e.acting_organization_id')
    .where((eb) =>
      mode === 'tree'
        ? eb.or([
            eb('e.owner_organization_id', 'in', organizationIds),
            eb('e.acting_organization_id', 'in', organizationIds),
          ])
        : eb.and([eb('e.owner_organization_id', 'in', organizationIds), eb('e.project_id', 'is not', null)]),
    );
  if (f.actorId) q = q.where('e.user_id', '=', f.actorId);
  if (f.action) q = q.where('e.action', '=', f.action);
  if (f.projectId) q = q.where('e.project_id', '=', f.projectId);
  if (f.since) q = q.where('e.created_at', '>=', f.since);
  if (f.until) q = q.where('e.created_at', '<', f.until);
  return q;
}

/** The distinct people in the rows a scope selects, with what `shownUserName` needs. */
export function selectAuditActors(
  db: Db,
  organizationIds: ReturnType<Access['subtreeIds']>,
  mode: AuditScopeMode,
) {
  return selectAuditEvents(db, organizationIds, mode, {})
    .where('e.user_id', 'is not', null)
    .select([sql<string>`e.user_id::text`.as('id'), 'u.name as user_name', 'u.deleted_at as user_deleted_at'])
    .distinct();
}

const DELETED_USER = '(Deleted)';

/** The name the trail shows for its user: "(Deleted)" once the user is gone. */
export const shownUserName = (r: { user_name: string | null; user_deleted_at: Date | null }) =>
  r.user_name === null || r.user_deleted_at ? DELETED_USER : r.user_name;

export type AuditQuery = ReturnType<typeof selectAuditEvents>;

/** The columns a row of the trail is shown with. */
export const auditRowColumns = (q: AuditQuery) =>
  q.select([
    'e.id',
    'e.action',
    'e.record_type',
    'e.record_id',
    'e.project_id',
    'p.name as project_name',
    'e.user_id',
    'u.name as user_name',
    'u.deleted_at as user_deleted_at',
    'e.account_id',
    'e.acting_organization_id',
    'ao.name as acting_organization_name',
    'e.owner_organization_id',
    'e.ip',
    'e.details',
    'e.created_at',
    // Full precision, for the CSV's keyset paging (a Date keeps milliseconds only).
    sql<string>`e.created_at::text`.as('cursor_at'),
  ]);

export type AuditRow = Awaited<ReturnType<ReturnType<typeof auditRowColumns>['executeTakeFirstOrThrow']>>;

/** The people of a scope's trail, as a list to order and page. */
export function selectAuditActorList(
  db: Db,
  organizationIds: ReturnType<Access['subtreeIds']>,
  mode: AuditScopeMode,
) {
  return db.selectFrom(selectAuditActors(db, organizationIds, mode).as('a')).selectAll();
}

/** Up to `limit` rows of the trail, newest first, older than the row `after` (keyset paging). */
export function auditRowsBefore(
  db: Db,
  organizationIds: ReturnType<Access['subtreeIds']>,
  mode: AuditScopeMode,
  filters: AuditFilters,
  after: { at: string; id: string } | null,
  limit: number,
) {
  let page = auditRowColumns(selectAuditEvents(db, organizationIds, mode, filters));
  if (after) {
    const { at, id } = after;
    page = page.where(sql<boolean>`(e.created_at, e.id) < (${at}::timestamptz, ${id}::bigint)`);
  }
  return page.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
}
