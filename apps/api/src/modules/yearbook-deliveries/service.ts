import {
  poseDeadline,
  posesOpen,
  type YearbookTargetInput,
  yearbookTargetInputSchema,
  type yearbookTargetPatchSchema,
} from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound, requireWritten, unprocessable } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import type { Access } from '../access/visibility.js';
import { actorOf } from '../audit/record.js';
import { isPhotoOfSubject } from '../photos/queries.js';
import { type ProjectRow, selectProjects } from '../projects/service.js';
import { updateSubjectAndConsent } from '../subjects/consent.js';
import { countSubjectsOfProject } from '../subjects/queries.js';
import type { Session } from '../users/session.js';
import { type DeliveryRow, selectDeliveries, selectTargets, type TargetRow } from './queries.js';
import { type SerializedYearbookTarget, serializeTarget, todayUtc } from './serialize.js';

/** A target in view (its project is), else 404; then the route's action decided. */
export function findTarget(access: Access, id: string): Promise<TargetRow> {
  if (!isRecordId(id)) throw notFound();
  return access.findRowWhere('project', (ids, db) =>
    selectTargets(db).where('t.id', '=', id).where('t.project_id', 'in', ids),
  );
}

/** A delivery in view (its project is), else 404; then the route's action decided. */
export function findDelivery(access: Access, id: string): Promise<DeliveryRow> {
  if (!isRecordId(id)) throw notFound();
  return access.findRowWhere('project', (ids, db) =>
    selectDeliveries(db).where('d.id', '=', id).where('d.project_id', 'in', ids),
  );
}

export async function listTargets(db: Db, projectId: string): Promise<SerializedYearbookTarget[]> {
  const rows = await selectTargets(db).where('t.project_id', '=', projectId).orderBy('t.id').execute();
  const today = todayUtc();
  return rows.map((r) => serializeTarget(r, today));
}

export async function showTarget(db: Db, id: string): Promise<SerializedYearbookTarget> {
  return serializeTarget(await selectTargets(db).where('t.id', '=', id).executeTakeFirstOrThrow());
}

/** The format must be one the project may use (built-in, its organization's, shared from above) and in view. */
async function checkFormat(
  request: FastifyRequest,
  project: Pick<ProjectRow, 'organization_id'>,
  id: string,
) {
  const usable = await request.access
    .exportFormatIdsFor(project.organization_id)
    .where('f.id', '=', id)
    .where('f.id', 'in', request.access.ids('export_format'))
    .executeTakeFirst();
  if (!usable) throw unprocessable({ project_export_format_id: ['is invalid'] });
}

const sortDeadlines = (deadlines: { name: string; date: string }[]) =>
  [...deadlines].sort((a, b) => a.date.localeCompare(b.date));

export async function createTarget(
  ctx: AppContext,
  request: FastifyRequest,
  session: Session,
  project: ProjectRow,
  input: YearbookTargetInput,
): Promise<SerializedYearbookTarget> {
  const values = yearbookTargetInputSchema.parse(input);
  await checkFormat(request, project, values.project_export_format_id);
  const row = await ctx.db
    .insertInto('yearbook_targets')
    .values({
      project_id: project.id,
      publisher: values.publisher,
      project_export_format_id: values.project_export_format_id,
      deadlines: JSON.stringify(sortDeadlines(values.deadlines)),
      notify_days_before: values.notify_days_before,
      school_contact_email: values.school_contact_email,
      created_by_user_id: session.user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return showTarget(ctx.db, row.id);
}

export async function updateTarget(
  ctx: AppContext,
  request: FastifyRequest,
  row: TargetRow,
  input: z.infer<typeof yearbookTargetPatchSchema>,
): Promise<SerializedYearbookTarget> {
  if (input.project_export_format_id !== undefined) {
    const project = await projectOfTarget(ctx.db, row.project_id);
    await checkFormat(request, project, input.project_export_format_id);
  }
  const updated = await ctx.db
    .updateTable('yearbook_targets')
    .set({
      ...(input.publisher !== undefined ? { publisher: input.publisher } : {}),
      ...(input.project_export_format_id !== undefined
        ? { project_export_format_id: input.project_export_format_id }
        : {}),
      ...(input.deadlines !== undefined ? { deadlines: JSON.stringify(sortDeadlines(input.deadlines)) } : {}),
      ...(input.notify_days_before !== undefined ? { notify_days_before: input.notify_days_before } : {}),
      ...(input.school_contact_email !== undefined
        ? { school_contact_email: input.school_contact_email }
        : {}),
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .executeTakeFirst();
  // Deleted by another request after this one found it: 404, as a moment later.
  requireWritten(updated);
  return showTarget(ctx.db, row.id);
}

/** The project's organization, for the format check (the target was found through its project in view). */
async function projectOfTarget(db: Db, projectId: string) {
  return selectProjects(db).where('p.id', '=', projectId).executeTakeFirstOrThrow();
}

/** A target without deliveries may go; once it has one, its ledger stays (409). */
export async function deleteTarget(ctx: AppContext, _request: FastifyRequest, row: TargetRow) {
  const gone = await ctx.db
    .deleteFrom('yearbook_targets')
    .where('id', '=', row.id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('yearbook_deliveries').select('id').where('yearbook_target_id', '=', row.id))),
    )
    .executeTakeFirst();
  if (gone.numDeletedRows === 0n) {
    // Gone already (another request deleted it after this one found it): 404; else it has deliveries.
    const still = await ctx.db
      .selectFrom('yearbook_targets')
      .select('id')
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (!still) throw notFound();
    throw conflict({ base: ['This target has deliveries: its ledger is kept.'] });
  }
}

/** A yearbook photo changed after its pose deadline: 422 on `field`. */
export const poseDeadlinePassed = (deadline: string | null, field: string) =>
  unprocessable({ [field]: [`The pose deadline (${deadline}) has passed.`] });

/**
 * The school's choice of a student's yearbook photo (the yearbook flag), until the target's pose deadline
 * (its first deadline, through that day, UTC).
 */
export async function choosePose(
  ctx: AppContext,
  request: FastifyRequest,
  row: TargetRow,
  pose: { subject_id: string; photo_id: string },
) {
  if (!posesOpen(row.deadlines, todayUtc())) throw poseDeadlinePassed(poseDeadline(row.deadlines), 'base');
  if ((await countSubjectsOfProject(ctx.db, row.project_id, [pose.subject_id])) !== 1) {
    throw unprocessable({ subject_id: ['is invalid'] });
  }
  if (!(await isPhotoOfSubject(ctx.db, pose.subject_id, pose.photo_id))) {
    throw unprocessable({ photo_id: ['is not a photo of this subject'] });
  }
  const project = await projectOfTarget(ctx.db, row.project_id);
  await updateSubjectAndConsent(ctx.db, actorOf(request), project, pose.subject_id, {
    changes: {},
    yearbook: pose.photo_id,
    consent: {},
  });
  return { subject_id: pose.subject_id, photo_id: pose.photo_id };
}
