import { randomBytes } from 'node:crypto';
import {
  type LayoutDefinition,
  type LayoutSubject,
  layoutDefinitionSchema,
  layoutPages,
  PRINT_LAYOUT_DEFAULTS,
  printsPhotos,
  readsHiddenFields,
  SUBJECT_DIRECTORY_CATEGORY,
  type SubjectGridFilter,
  type SubjectsWithoutPhoto,
} from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import { type Access, type Decision, withTarget } from '../access/visibility.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { anySubjectHasPhoto, selectionCondition, subjectIdsOfProjectInView } from '../subjects/queries.js';
import { loadProjectFields } from '../subjects/service.js';
import type { Session } from '../users/session.js';
import { previewPng } from './draw.js';
import { createMeasure } from './fonts.js';
import { printUsesHiddenField } from './hidden-fields.js';
import { rendersWithLayout } from './queries.js';
import { knownFieldNames, loadLayoutSubjects, photoSourceFor } from './subjects.js';

export const selectLayouts = (db: Db) =>
  db
    .selectFrom('layouts as l')
    .select([
      'l.id',
      'l.name',
      'l.layout_category_id',
      'l.organization_id',
      'l.layout_type',
      'l.definition',
      'l.parent_layout_id',
      'l.flipped_layout_id',
      'l.pose_number',
      sql<string[]>`ARRAY(SELECT c.id::text FROM layouts c WHERE c.parent_layout_id = l.id ORDER BY c.id)`.as(
        'sub_layout_ids',
      ),
    ]);
export type LayoutRow = Awaited<ReturnType<ReturnType<typeof selectLayouts>['executeTakeFirstOrThrow']>>;

export const selectCategories = (db: Db) =>
  db
    .selectFrom('layout_categories as c')
    .select(['c.id', 'c.slug', 'c.name', 'c.organization_id', 'c.position']);
export type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['executeTakeFirstOrThrow']>>;

/** Categories an organization uses: the built-in ones and those of it and the organizations above it. */
export async function categoriesFor(db: Db, access: Access, organizationId: string) {
  const categories = await selectCategories(db)
    .where('c.id', 'in', access.ids('layout_category'))
    .where((eb) =>
      eb.or([
        eb('c.organization_id', 'is', null),
        eb('c.organization_id', 'in', access.selfAndAncestorIds(organizationId)),
      ]),
    )
    .orderBy('c.position')
    .orderBy('c.name')
    .execute();
  return withLayouts(db, access, categories);
}

export async function withLayouts(db: Db, access: Access, categories: CategoryRow[]) {
  const ids = categories.map((c) => c.id);
  const layouts = ids.length
    ? await selectLayouts(db)
        .where('l.layout_category_id', 'in', ids)
        .where('l.id', 'in', access.ids('layout'))
        .orderBy('l.name')
        .orderBy('l.id')
        .execute()
    : [];
  return categories.map((c) => ({
    category: c,
    layouts: layouts.filter((l) => l.layout_category_id === c.id),
  }));
}

/** A category by id, or by its slug (`subject-directory-sheets`): the caller's own first, then built-in. */
export async function findCategory(access: Access, idOrSlug: string) {
  if (isRecordId(idOrSlug)) {
    return access.findRow('layout_category', idOrSlug, selectCategories, 'c.id');
  }
  if (!/^[a-z0-9-]{1,100}$/.test(idOrSlug)) throw notFound();
  return access.findRowWhere('layout_category', (ids, db) =>
    selectCategories(db)
      .where('c.slug', '=', idOrSlug)
      .where('c.id', 'in', ids)
      .orderBy(sql`c.organization_id IS NULL`)
      .orderBy('c.id')
      .limit(1),
  );
}

/** A layout in view, else 404; then the route's action decided (editing reads the layout's organization). */
export function findLayout(access: Access, id: string, decision?: Decision<LayoutRow>) {
  const target = (layout: LayoutRow) => ({ organization_id: layout.organization_id });
  return access.findRow('layout', id, selectLayouts, 'l.id', withTarget(decision, target));
}

/**
 * Copies a layout into the caller's own organization (exports §6: managers edit copies, never the
 * built-in layouts): same category, type and definition, named "Copy of ..." unless a name is given.
 */
export async function copyLayout(db: Db, layout: LayoutRow, session: Session, name?: string) {
  const organizationId = session.account!.organization_id;
  const row = await db
    .insertInto('layouts')
    .values({
      layout_category_id: layout.layout_category_id,
      organization_id: organizationId,
      name: name ?? `Copy of ${layout.name}`.slice(0, 200),
      layout_type: layout.layout_type,
      definition: JSON.stringify(layout.definition),
      pose_number: layout.pose_number,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sample subjects for a preview without a subject: enough to fill the first page. */
function sampleSubjects(count: number): LayoutSubject[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    values: {
      'First Name': 'First',
      'Last Name': `Name ${i + 1}`,
      'Full Name': `First Name ${i + 1}`,
      Teacher: 'Teacher',
      Grade: '5',
      'Student ID': `10000${i + 1}`,
      School: 'School',
      Season: 'Season',
    },
    photos: { primary: null, latest: null },
  }));
}

/** The layout's first page as a 640x480 PNG, for one subject of the caller's or for sample subjects. */
export async function layoutPreview(
  ctx: AppContext,
  session: Session,
  layout: LayoutRow,
  subjectId: string | undefined,
  access: Access,
) {
  const definition = layoutDefinitionSchema.safeParse(layout.definition);
  if (!definition.success) throw unprocessable({ definition: ['is invalid'] });
  let subjects: LayoutSubject[];
  if (subjectId) {
    const { subject_id: ref } = await access.requireVisible({
      subject_id: { kind: 'subject', id: subjectId },
    });
    const pf = await loadProjectFields(access, session, ref!.project_id!);
    subjects = await loadLayoutSubjects(ctx.db, {
      projectId: pf.project.id,
      subjectIds: [ref!.id],
      fields: pf.fields,
      school: pf.project.organization_name,
      project: pf.project.name,
    });
  } else {
    subjects = sampleSubjects(Math.min(definition.data.grid.width * definition.data.grid.height, 8));
  }
  const measure = createMeasure();
  const pages = layoutPages(definition.data, layout.layout_type, subjects, {
    ...PRINT_LAYOUT_DEFAULTS,
    measure,
  });
  return previewPng(pages[0], await photoSourceFor(ctx.db, ctx.storage, subjects), measure);
}

export interface RenderInput {
  layout_id: string;
  project_id: string;
  pdf_name?: string | undefined;
  batch_name?: string | undefined;
  subject_ids?: string[] | undefined;
  filter?: SubjectGridFilter | null | undefined;
  included_subject_ids?: string[] | undefined;
  excluded_subject_ids?: string[] | undefined;
  group_by: string[];
  sort_by: string[];
  subjects_without_photo: SubjectsWithoutPhoto;
}

/**
 * Creates a render (running) and its job, in one transaction. The layout and project must be in view,
 * every subject must be the project's and in view (422 otherwise), and the group and sort fields must be
 * names of known fields. Without subject_ids, every subject of the project is printed.
 */
export async function createRender(
  ctx: AppContext,
  request: FastifyRequest,
  session: Session,
  input: RenderInput,
) {
  const found = await request.access.requireVisible({
    layout_id: { kind: 'layout', id: input.layout_id },
    project_id: { kind: 'project', id: input.project_id },
  });
  const layout = await selectLayouts(ctx.db)
    .where('l.id', '=', found.layout_id!.id)
    .executeTakeFirstOrThrow();
  const pf = await loadProjectFields(request.access, session, found.project_id!.id);
  const errors: Record<string, string[]> = {};
  const known = knownFieldNames(pf.fields);
  if (input.group_by.some((f) => !known.has(f))) errors.group_by = ['must match known field keys'];
  if (input.sort_by.some((f) => !known.has(f))) errors.sort_by = ['must match known field keys'];
  let subjectIds: string[];
  const inProject = subjectIdsOfProjectInView(ctx.db, request.access, pf.project.id);
  const hasSelection =
    !!input.filter || input.included_subject_ids !== undefined || input.excluded_subject_ids !== undefined;
  if (input.subject_ids && hasSelection) {
    errors.subject_ids = ['cannot be given with a selection'];
    subjectIds = [];
  } else if (input.subject_ids) {
    const wanted = [...new Set(input.subject_ids)];
    const rows = wanted.length ? await inProject.where('s.id', 'in', wanted).execute() : [];
    if (rows.length !== wanted.length) errors.subject_ids = ['is invalid'];
    subjectIds = rows.map((r) => r.id);
  } else if (hasSelection) {
    // Resolved as the grid's selection count resolves it, in the caller's view, in print order later.
    const condition = selectionCondition(pf, {
      filter: input.filter ?? null,
      included_subject_ids: input.included_subject_ids ?? [],
      excluded_subject_ids: input.excluded_subject_ids ?? [],
    });
    subjectIds = (await inProject.where(condition).orderBy('s.id').execute()).map((r) => r.id);
  } else {
    subjectIds = (await inProject.execute()).map((r) => r.id);
  }
  if (subjectIds.length === 0 && !errors.subject_ids) errors.subject_ids = ['has no subjects'];
  const definition = layoutDefinitionSchema.safeParse(layout.definition);
  // Left out, subjects without a photo would leave nothing to print: said now rather than by a failed render.
  if (
    subjectIds.length > 0 &&
    input.subjects_without_photo === 'leave_out' &&
    definition.success &&
    printsPhotos(definition.data) &&
    !(await anySubjectHasPhoto(ctx.db, pf.project.id, subjectIds))
  )
    errors.subjects_without_photo = ['leaves out every chosen subject, since none has a photo'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const name = input.pdf_name?.trim() || `${layout.name} - ${pf.project.name}`.slice(0, 200);
  // A print that shows a hidden field's values (printed, grouped or sorted by) is marked, and then seen
  // only by callers who read hidden fields; an unmarked one is rendered without hidden values at all.
  const holdsHiddenFields =
    readsHiddenFields(session.abilities) &&
    (!definition.success ||
      printUsesHiddenField(definition.data, input.group_by, input.sort_by, pf.allFields));
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('layout_renders')
      .values({
        project_id: pf.project.id,
        layout_id: layout.id,
        render_type: layout.layout_type,
        created_by_user_id: session.user.id,
        render_name: name,
        batch_name: input.batch_name?.trim() || null,
        subject_ids: subjectIds,
        group_by: input.group_by,
        sort_by: input.sort_by,
        subjects_without_photo: input.subjects_without_photo,
        include_hidden_fields: readsHiddenFields(session.abilities),
        holds_hidden_fields: holdsHiddenFields,
        worker_token: randomBytes(16).toString('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.queue.enqueue('layouts.render', { render_id: row.id }, { trx });
    await recordAudit(trx, actorOf(request), {
      action: 'layout_render.create',
      recordType: 'layout_render',
      recordId: row.id,
      projectId: pf.project.id,
      ownerOrganizationId: pf.project.organization_id,
      details: { layout_id: layout.id, subjects_count: subjectIds.length },
    });
    return row.id;
  });
  return id;
}

export const selectRenders = (db: Db) =>
  rendersWithLayout(db).select([
    'r.id',
    'r.project_id',
    'r.layout_id',
    'l.name as layout_name',
    'r.render_type',
    'r.render_name',
    'r.batch_name',
    'r.format',
    sql<number>`cardinality(r.subject_ids)`.as('subjects_count'),
    'r.group_by',
    'r.sort_by',
    'r.subjects_without_photo',
    'r.worker_token',
    'r.worker_status',
    'r.failure_reason',
    'r.storage_key',
    'r.page_count',
    'r.created_at',
    'r.completed_at',
    'r.expires_at',
    'r.expired_at',
  ]);
export type RenderRow = Awaited<ReturnType<ReturnType<typeof selectRenders>['executeTakeFirstOrThrow']>>;

/** One layout as its routes answer it (found in view already). */
export const layoutById = (db: Db, id: string) =>
  selectLayouts(db).where('l.id', '=', id).executeTakeFirstOrThrow();

/** One render as its routes answer it (found in view already). */
export const renderById = (db: Db, id: string) =>
  selectRenders(db).where('r.id', '=', id).executeTakeFirstOrThrow();

export { SUBJECT_DIRECTORY_CATEGORY };

/** A project's renders in view (of these types, when given), newest first, a page at a time. */
export function listRenders(
  db: Db,
  access: Access,
  projectId: string,
  types: ('Basic' | 'Sheet')[],
  page: PageRequest,
) {
  let query = selectRenders(db)
    .where('r.project_id', '=', projectId)
    .where('r.id', 'in', access.ids('layout_render'));
  if (types.length) query = query.where('r.render_type', 'in', types);
  return pageOf(db, query, (q) => q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'), page);
}

/** Changes a layout's name (when given) and definition. */
export async function updateLayout(
  db: Db,
  id: string,
  changes: { name?: string | undefined; definition: LayoutDefinition },
) {
  await db
    .updateTable('layouts')
    .set({
      ...(changes.name ? { name: changes.name } : {}),
      definition: JSON.stringify(changes.definition),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}
