import { DEFAULT_HEAD_SIZE_RULE, type HeadSizeRule } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Access } from '../access/visibility.js';

/** What other areas may read of a season's projects, as SQL over a season id column. */
export const seasonProjectReads = (seasonIdColumn: string) => ({
  count: sql<number>`(SELECT count(*)::int FROM projects p WHERE p.season_id = ${sql.ref(seasonIdColumn)} AND p.deleting_at IS NULL)`,
});

/** Projects (as `p`) with their organization (as `o`), for a query to select from. */
export const projectsWithOrganization = (db: Db) =>
  db.selectFrom('projects as p').innerJoin('organizations as o', 'o.id', 'p.organization_id');

/** Projects in view among `ids`, with their organization's name and contact address (to e-mail it). */
export function projectsToContact(db: Db, access: Access, ids: string[]) {
  return projectsWithOrganization(db)
    .select(['p.id', 'p.name', 'p.organization_id', 'o.name as organization_name', 'o.contact_email'])
    .where('p.id', 'in', ids)
    .where('p.id', 'in', access.projectIds())
    .execute();
}

/** Projects not being deleted, with their organization's name, for other areas to select more of (as `p`). */
export const selectLiveProjects = (db: Db) =>
  projectsWithOrganization(db)
    .select(['p.id', 'p.name', 'p.organization_id', 'o.name as organization_name', 'p.project_template_id'])
    .where('p.deleting_at', 'is', null);

/** The organization a project belongs to. */
export async function projectOrganizationId(db: Db, projectId: string): Promise<string> {
  const project = await db
    .selectFrom('projects')
    .select('organization_id')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return project.organization_id;
}

/** The template a project's subject fields are copied in, if any. */
export async function projectTemplateId(db: Db, projectId: string): Promise<string | null> {
  const project = await db
    .selectFrom('projects')
    .select(['project_template_id'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return project.project_template_id;
}

/** A project's own head-size rule for auto crops (null where it takes the defaults). */
export function headSizeRuleOf(db: Db, projectId: string) {
  return db
    .selectFrom('projects')
    .select(['head_size_share', 'eye_line_from_top'])
    .where('id', '=', projectId)
    .executeTakeFirst();
}

/** The head-size rule in force for a project: its own values, else the defaults. */
export async function projectHeadSizeRule(db: Db, projectId: string): Promise<HeadSizeRule> {
  const project = await headSizeRuleOf(db, projectId);
  return {
    head_size_share: project?.head_size_share ?? DEFAULT_HEAD_SIZE_RULE.head_size_share,
    eye_line_from_top: project?.eye_line_from_top ?? DEFAULT_HEAD_SIZE_RULE.eye_line_from_top,
  };
}

export function saveHeadSizeRule(
  db: Db,
  projectId: string,
  rule: { head_size_share?: number; eye_line_from_top?: number },
) {
  return db.updateTable('projects').set(rule).where('id', '=', projectId).execute();
}
