import { APP_SLUG, DEFAULT_HEAD_SIZE_RULE, type ProjectForm } from '@school-portal/domain';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { type Db, prepared } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import { currentSeasonId } from '../access/tree.js';
import type { Access, Decision } from '../access/visibility.js';
import { projectAttachmentReads } from '../attachments/queries.js';
import { projectRequestReads } from '../file-requests/queries.js';
import { keywordPattern } from '../organizations/service.js';
import { projectExportReads } from '../project-exports/queries.js';
import { copyTemplateForProject } from '../project-templates/service.js';
import { projectSubjectReads } from '../subjects/queries.js';
import { projectsWithOrganization } from './queries.js';

export function selectProjects(db: Db) {
  return projectsWithOrganization(db)
    .leftJoin('seasons as s', 's.id', 'p.season_id')
    .select([
      'p.id',
      'p.name',
      'p.short_code',
      'p.organization_id',
      'o.name as organization_name',
      'p.season_id',
      's.name as season_name',
      'p.project_template_id',
      'p.enable_plic_app_whitelist',
      'p.plic_app_whitelist_slugs',
      'p.created_at',
      'p.updated_at',
      projectSubjectReads('p.id').count.as('subjects_count'),
      projectAttachmentReads('p.id').verifiedCount.as('attachments_count'),
      projectRequestReads('p.id').count.as('attachment_requests_count'),
      projectRequestReads('p.id').pendingCount.as('pending_attachment_requests_count'),
      projectExportReads('p.id').count.as('project_exports_count'),
      projectExportReads('p.id').countWithoutHidden.as('project_exports_without_hidden_count'),
      sql<number>`coalesce(p.head_size_share, ${DEFAULT_HEAD_SIZE_RULE.head_size_share}::float8)`.as(
        'head_size_share',
      ),
      sql<number>`coalesce(p.eye_line_from_top, ${DEFAULT_HEAD_SIZE_RULE.eye_line_from_top}::float8)`.as(
        'eye_line_from_top',
      ),
      'p.family_pose_deadline',
      'p.family_opt_outs_apply_at_once',
    ])
    .where('p.deleting_at', 'is', null);
}
export type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['executeTakeFirstOrThrow']>>;

/** Whether a project is enabled for an app: no whitelist, or the app in it. */
export const projectEnabledFor = (
  p: { enable_plic_app_whitelist: boolean; plic_app_whitelist_slugs: string[] },
  slug: string,
) => !p.enable_plic_app_whitelist || p.plic_app_whitelist_slugs.includes(slug);

/** One project with its counts (a prepared statement: read on most project and subject requests). */
export async function projectById(db: Db, id: string): Promise<ProjectRow> {
  const { rows } = await prepared(db, selectProjects(db).where('p.id', '=', id));
  // Found in view a moment ago; missing now only when a concurrent request deleted it.
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** A project in view with its counts, else 404; then the route's action (or `decision`'s) decided. */
export function findProject(access: Access, id: string, decision?: Decision<ProjectRow>) {
  return access.findRow('project', id, selectProjects, 'p.id', decision);
}

/**
 * Checks the ids a project form names, as field errors keyed by the `*_id` field (422, "is invalid" whether
 * the record is missing or out of view, so nothing leaks): the organization must be in view, the template
 * reusable and in view or above, the season of the project's organization or one above it.
 */
export async function checkProjectReferences(
  access: Access,
  refs: { organization_id?: string; project_template_id?: string; season_id?: string | null },
  projectOrganizationId: string,
) {
  const errors: Record<string, string[]> = {};
  const invalid = async (field: string, id: string | null | undefined, ids: ReturnType<Access['ids']>) => {
    if (id === null || id === undefined) return;
    const found = isRecordId(id) && (await ids.where('v.id', '=', id).executeTakeFirst());
    if (!found) errors[field] = ['is invalid'];
  };
  await invalid('organization_id', refs.organization_id, access.ids('organization'));
  await invalid('project_template_id', refs.project_template_id, access.reusableTemplateIds());
  // A project's seasons are those of its organization or one above it.
  await invalid('season_id', refs.season_id, access.seasonIdsFor(projectOrganizationId));
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

const whitelistFor = (allApps: boolean | undefined) =>
  allApps
    ? { enable_plic_app_whitelist: false, plic_app_whitelist_slugs: [] }
    : { enable_plic_app_whitelist: true, plic_app_whitelist_slugs: [APP_SLUG] };

/** Creates a project with its own copy of the template's subject fields, in one transaction. */
export async function createProject(
  ctx: AppContext,
  form: Omit<ProjectForm, 'organization_id' | 'season_id'> & {
    organization_id: string;
    season_id: string | null;
  },
  templateId: string,
): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const project = await trx
      .insertInto('projects')
      .values({
        name: form.name,
        short_code: form.short_code ?? null,
        organization_id: form.organization_id,
        season_id: form.season_id,
        ...whitelistFor(form.enable_for_all_apps),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const copy = await copyTemplateForProject(trx, templateId, project.id);
    await trx
      .updateTable('projects')
      .set({ project_template_id: copy })
      .where('id', '=', project.id)
      .execute();
    return project.id;
  });
}

export async function updateProject(
  db: Db,
  id: string,
  changes: {
    name?: string;
    short_code?: string | null;
    season_id?: string | null;
    enable_for_all_apps?: boolean;
    head_size_share?: number | null;
    eye_line_from_top?: number | null;
    family_pose_deadline?: string | null;
    family_opt_outs_apply_at_once?: boolean;
  },
) {
  const { enable_for_all_apps, ...fields } = changes;
  await db
    .updateTable('projects')
    .set({
      ...fields,
      ...(enable_for_all_apps !== undefined ? whitelistFor(enable_for_all_apps) : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Gives a project without a template its own copy of a reusable one (as creating a project does). The
 * project row is locked, so two managers choosing at once cannot both copy: the second one is told the
 * template has already been chosen (422), and nothing is written.
 */
export async function chooseProjectTemplate(
  trx: Transaction<Database>,
  projectId: string,
  templateId: string,
) {
  const project = await trx
    .selectFrom('projects')
    .select('project_template_id')
    .where('id', '=', projectId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (project.project_template_id !== null) {
    throw unprocessable({ project_template_id: ['has already been chosen'] });
  }
  const copy = await copyTemplateForProject(trx, templateId, projectId);
  await trx.updateTable('projects').set({ project_template_id: copy }).where('id', '=', projectId).execute();
}

/** The list's sorts: a `sort` value (or `-value`, descending) and the column it orders by. */
export const PROJECT_SORTS = {
  created_at: 'p.created_at',
  name: 'p.name',
  organization_name: 'o.name',
  season_name: 's.name',
  subjects_count: 'subjects_count',
} as const;
type SortKey = keyof typeof PROJECT_SORTS;

export interface ProjectListQuery {
  page: number;
  limit: number;
  traverse_sub_organizations?: boolean | undefined;
  include_unseasoned?: boolean | undefined;
  keyword?: string | undefined;
  sort: string;
  'filter[plic_app_slug]'?: string | undefined;
  'filter[season_id]'?: string | undefined;
  'filter[organization_id]'?: string | undefined;
}

/**
 * A page of an organization's projects (with `traverse_sub_organizations`, also of those below it) in the
 * caller's view, and the total. `whenEmpty` runs when the page has no rows, before the total is counted
 * (the route's lookup of the organization, which a page with rows makes unneeded).
 */
export async function listProjects(
  db: Db,
  access: Access,
  organizationId: string,
  q: ProjectListQuery,
  whenEmpty: () => Promise<unknown>,
) {
  let query = selectProjects(db);
  query = q.traverse_sub_organizations
    ? query.where('p.organization_id', 'in', access.subtreeIds(organizationId))
    : query
        .where('p.organization_id', '=', organizationId)
        .where('p.organization_id', 'in', access.organizationIds());
  const organizationFilter = q['filter[organization_id]'];
  if (organizationFilter) query = query.where('p.organization_id', '=', organizationFilter);
  if (q.keyword) {
    const pattern = keywordPattern(q.keyword);
    query = query.where((eb) =>
      eb.or([eb('p.name', 'ilike', pattern), eb('p.short_code', 'ilike', pattern)]),
    );
  }
  const slug = q['filter[plic_app_slug]'];
  if (slug) {
    query = query.where((eb) =>
      eb.or([
        eb('p.enable_plic_app_whitelist', '=', false),
        eb(sql.val(slug), '=', sql<string>`ANY(p.plic_app_whitelist_slugs)`),
      ]),
    );
  }
  const seasonFilter = q['filter[season_id]'];
  if (seasonFilter) {
    const seasonId =
      seasonFilter === 'current'
        ? await currentSeasonId(db, organizationId)
        : seasonFilter === 'none'
          ? null
          : seasonFilter;
    const unseasoned = seasonFilter === 'none' || q.include_unseasoned;
    query = query.where((eb) => {
      const conditions = [];
      if (seasonId) conditions.push(eb('p.season_id', '=', seasonId));
      if (unseasoned) conditions.push(eb('p.season_id', 'is', null));
      return conditions.length > 0 ? eb.or(conditions) : eb.lit(false);
    });
  }
  const sortKey = q.sort.replace(/^-/, '') as SortKey;
  const direction = q.sort.startsWith('-') ? 'desc' : 'asc';
  // A prepared statement (a list's shapes are few, and planning them cost more than running), the
  // total riding along as a window count; a page past the end asks for it alone.
  const { rows } = await prepared(
    db,
    query
      .select(sql<number>`(count(*) OVER ())::int`.as('total'))
      .orderBy(PROJECT_SORTS[sortKey], direction)
      .orderBy('p.id', direction)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  );
  if (rows.length === 0) await whenEmpty();
  const total =
    rows[0]?.total ??
    (q.page > 1
      ? ((await prepared(db, query.clearSelect().select(sql<number>`count(*)::int`.as('n')))).rows[0]?.n ?? 0)
      : 0);
  return { rows, total };
}

/**
 * The organizations of the projects listed under an organization and those below it (in the caller's
 * view, not being deleted), once each, by name: the Projects page's organization filter, for callers who
 * may list the projects but not read the organization lists (studio staff).
 */
export function listProjectOrganizations(db: Db, access: Access, organizationId: string, page: PageRequest) {
  return pageOf(
    db,
    projectsWithOrganization(db)
      .select(['o.id', 'o.name'])
      .distinct()
      .where('p.organization_id', 'in', access.subtreeIds(organizationId))
      .where('p.deleting_at', 'is', null),
    (query) => query.orderBy('o.name').orderBy('o.id'),
    page,
  );
}

/**
 * Changes a project, and gives it a copy of a template when it has none, in one transaction; a change of
 * its head-size rule queues its auto crops again in the same transaction.
 */
export async function changeProject(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  projectId: string,
  changes: Parameters<typeof updateProject>[2],
  templateId: string | undefined,
) {
  await ctx.db.transaction().execute(async (trx) => {
    if (templateId) await chooseProjectTemplate(trx, projectId, templateId);
    await updateProject(trx, projectId, changes);
    if (changes.head_size_share !== undefined || changes.eye_line_from_top !== undefined) {
      await ctx.queue.enqueue('photo-checks.auto-crops', { project_id: projectId }, { trx });
    }
  });
}
