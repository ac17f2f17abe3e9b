import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isoTimestamps } from '../../wire.js';
import type { Access } from '../access/visibility.js';
import { projectAttachmentReads } from '../attachments/queries.js';
import { countAll } from '../organizations/service.js';
import { projectsWithOrganization } from '../projects/queries.js';

/** SQL: the request has no verified upload for the project yet. */
export const pendingFor = (requestId: string, projectId: string) =>
  sql<boolean>`NOT ${projectAttachmentReads(projectId).answers(requestId)}`;

/** What other areas may read of a project's file requests, as SQL over a project id column. */
export const projectRequestReads = (projectIdColumn: string) => ({
  count: sql<number>`(SELECT count(*)::int FROM attachment_request_projects x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
  /** Requests for the project still waiting for a verified file. */
  pendingCount: sql<number>`(SELECT count(*)::int FROM attachment_request_projects x WHERE x.project_id = ${sql.ref(projectIdColumn)} AND ${pendingFor('x.attachment_request_id', 'x.project_id')})`,
});

/** A request the caller may see: made in an organization in view, or asking for a project in view. */
export async function loadRequests(
  db: Db,
  access: Access,
  where: { id?: string; organizationId?: string; projectId?: string },
  page?: { page: number; limit: number },
) {
  let query = db
    .selectFrom('attachment_requests as r')
    .leftJoin('users as u', 'u.id', 'r.created_by_user_id')
    .select([
      'r.id',
      'r.organization_id',
      'r.name',
      'r.description',
      'r.created_at',
      'r.updated_at',
      'u.id as user_id',
      'u.name as user_name',
    ])
    .where('r.id', 'in', access.ids('file_request'));
  if (where.id) query = query.where('r.id', '=', where.id);
  if (where.organizationId) query = query.where('r.organization_id', '=', where.organizationId);
  if (where.projectId) {
    query = query.where(
      'r.id',
      'in',
      db
        .selectFrom('attachment_request_projects')
        .select('attachment_request_id')
        .where('project_id', '=', where.projectId),
    );
  }
  const total = page ? (await query.clearSelect().select(countAll.as('n')).executeTakeFirstOrThrow()).n : 0;
  const rows = await query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .$if(!!page, (q) => q.limit(page!.limit).offset((page!.page - 1) * page!.limit))
    .execute();
  const ids = rows.map((r) => r.id);
  // The requested projects the caller can see, with whether each still waits for a file.
  const projects = ids.length
    ? await projectsWithOrganization(db)
        .innerJoin('attachment_request_projects as rp', 'rp.project_id', 'p.id')
        .select([
          'rp.attachment_request_id',
          'p.id',
          'p.name',
          'o.name as organization_name',
          pendingFor('rp.attachment_request_id', 'rp.project_id').as('pending'),
        ])
        .where('rp.attachment_request_id', 'in', ids)
        .where('p.id', 'in', access.projectIds())
        .orderBy('p.name')
        .execute()
    : [];
  const requests = rows.map((r) => ({
    id: r.id,
    organization_id: r.organization_id,
    name: r.name,
    description: r.description,
    ...isoTimestamps(r),
    created_by_user: r.user_id ? { id: r.user_id, name: r.user_name! } : null,
    projects: projects
      .filter((p) => p.attachment_request_id === r.id)
      .map(({ id, name, organization_name, pending }) => ({ id, name, organization_name, pending })),
  }));
  return { requests, total };
}
