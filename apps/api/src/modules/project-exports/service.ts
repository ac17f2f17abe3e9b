import type { ProjectExportValues } from '@school-portal/domain';
import { readsHiddenFields } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { scheduleDeletions } from '../../storage/uploads.js';
import { type Access, type Decision, withTarget } from '../access/visibility.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { formatRowById, loadMappings } from '../export-formats/queries.js';
import { isNewCropAspect } from '../photos/checks/queries.js';
import { loadFields, type SubjectFieldRow } from '../project-templates/service.js';
import type { ProjectRow } from '../projects/service.js';
import { countSubjectsOfProject } from '../subjects/queries.js';
import type { Session } from '../users/session.js';
import { fieldsWritten } from './archive/fields.js';
import {
  checkExport,
  type ExportCheckReport,
  type ExportFormatRow,
  type ExportRunOptions,
  storedReport,
} from './archive/index.js';
import { type ExportRow, selectExports } from './queries.js';
import {
  allExportSubjects,
  type ExportSelection,
  type ImageChoice,
  yearbookOptOutIssue,
} from './subjects.js';

/** Where an export's archive lives: under its project, like the project's other files; one key per export,
 *  so that a retried job replaces the archive rather than adding a second one. */
export const exportKey = (organizationId: string, projectId: string, exportId: string) =>
  `org-${organizationId}/projects/${projectId}/project-exports/${exportId}.zip`;

/** The format as the archive builder takes it: its row and its ordered field mappings. */
export async function loadFormatRow(db: Db, formatId: string): Promise<ExportFormatRow | null> {
  const row = await formatRowById(db, formatId);
  if (!row) return null;
  const mappings = await loadMappings(db, [row.id]);
  return {
    ...row,
    field_mappings: (mappings.get(row.id) ?? []).map((m) => ({
      field_key: m.field_key,
      custom_label: m.custom_label,
      position: m.position,
    })),
  };
}

/** The project's template fields whose values an export may hold (hidden ones only when allowed). */
export async function exportFields(
  db: Db,
  project: Pick<ProjectRow, 'project_template_id'>,
  includeHidden: boolean,
): Promise<SubjectFieldRow[]> {
  if (!project.project_template_id) return [];
  return loadFields(db, [project.project_template_id], includeHidden);
}

/** The run options an export keeps (as sent, or as stored on its row). */
interface RunSettings {
  custom_directory_group_field_key: string | null;
  use_photo_crop_name: boolean;
  include_subjects_without_images: boolean;
  selected_pose: string;
  selected_background: 'default' | 'ordered';
  use_default_photo_crops: boolean;
}

export function runOptions(
  format: ExportFormatRow,
  settings: RunSettings,
  projectName: string,
  fields: ExportRunOptions['fields'],
): ExportRunOptions {
  return {
    groupFieldKey: settings.custom_directory_group_field_key ?? format.directory_group_field_key,
    usePhotoCropName: settings.use_photo_crop_name,
    includeSubjectsWithoutImages: settings.include_subjects_without_images,
    fields,
    projectName,
  };
}

export function imageChoice(format: ExportFormatRow, settings: RunSettings): ImageChoice {
  return {
    selected_pose: settings.selected_pose,
    selected_background: settings.selected_background,
    use_default_photo_crops: settings.use_default_photo_crops,
    portrait: format.images_crop_height_pixels >= format.images_crop_width_pixels,
    // The crop of the format's own aspect first (photo checks' auto crops).
    ...(format.images_crop_width_pixels > 0 && format.images_crop_height_pixels > 0
      ? { aspect: format.images_crop_width_pixels / format.images_crop_height_pixels }
      : {}),
  };
}

/**
 * Checks a run's options against the project: the format must be one the project may use (built-in, its
 * organization's own, or shared from above) and in the caller's view; a custom group field only where the
 * format allows one. Answers the format, or 422.
 */
async function formatFor(request: FastifyRequest, db: Db, project: ProjectRow, input: ProjectExportValues) {
  const usable = await request.access
    .exportFormatIdsFor(project.organization_id)
    .where('f.id', '=', input.project_export_format_id)
    .where('f.id', 'in', request.access.ids('export_format'))
    .executeTakeFirst();
  const format = usable ? await loadFormatRow(db, usable.id) : null;
  if (!format) throw unprocessable({ project_export_format_id: ['is invalid'] });
  if (input.custom_directory_group_field_key && !format.allow_custom_directory_group_field) {
    throw unprocessable({ custom_directory_group_field_key: ['is not allowed by this format'] });
  }
  return format;
}

const selectionOf = (
  projectId: string,
  input: ProjectExportValues,
  format: Pick<ExportFormatRow, 'yearbook'>,
): ExportSelection => ({
  project_id: projectId,
  included_subject_ids: [...new Set(input.included_subject_ids)],
  excluded_subject_ids: [...new Set(input.excluded_subject_ids)],
  include_subjects_without_images: input.include_subjects_without_images,
  leave_out_yearbook_opt_outs: format.yearbook,
});

/** Included and excluded subjects must be this project's: another's ids are "is invalid", not ignored. */
async function checkSubjectsOfProject(db: Db, projectId: string, input: ProjectExportValues) {
  const errors: Record<string, string[]> = {};
  for (const key of ['included_subject_ids', 'excluded_subject_ids'] as const) {
    const wanted = [...new Set(input[key])];
    if (wanted.length === 0) continue;
    if ((await countSubjectsOfProject(db, projectId, wanted)) !== wanted.length) errors[key] = ['is invalid'];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** The pre-export check (exports-contract.md): what would go wrong for the selected subjects; no writes. */
export async function checkRun(
  request: FastifyRequest,
  db: Db,
  session: Session,
  project: ProjectRow,
  input: ProjectExportValues,
): Promise<{ format: ExportFormatRow; report: ExportCheckReport; holdsHiddenFields: boolean }> {
  const format = await formatFor(request, db, project, input);
  await checkSubjectsOfProject(db, project.id, input);
  const fields = await exportFields(db, project, readsHiddenFields(session.abilities));
  const selection = selectionOf(project.id, input, format);
  const subjects = await allExportSubjects(db, selection, fields, imageChoice(format, input));
  const options = runOptions(format, input, project.name, fields);
  // Whether the archive will hold a hidden field's values: then only callers who read hidden fields see it.
  const holdsHiddenFields = fieldsWritten(format, options, fields).some((f) => !f.visible_to_customers);
  const report = checkExport(format, subjects, options);
  // Consent: a yearbook format names the subjects it leaves out at their family's request.
  const optedOut = await yearbookOptOutIssue(db, selection);
  if (optedOut) report.issues.unshift(optedOut);
  return { format, report, holdsHiddenFields };
}

/**
 * Creates an export: checks it (the report is part of its record), then in one transaction writes the row,
 * queues the build job and records `project_export.create` in the audit trail.
 */
export async function createExport(
  ctx: AppContext,
  request: FastifyRequest,
  session: Session,
  project: ProjectRow,
  input: ProjectExportValues,
): Promise<string> {
  const { format, report, holdsHiddenFields } = await checkRun(request, ctx.db, session, project, input);
  if (report.subjects_count === 0) throw unprocessable({ included_subject_ids: ['selects no subjects'] });
  const selection = selectionOf(project.id, input, format);
  return ctx.db.transaction().execute(async (trx) => {
    const newAspect = await isNewCropAspect(
      trx,
      project.id,
      format.images_crop_width_pixels,
      format.images_crop_height_pixels,
    );
    const row = await trx
      .insertInto('project_exports')
      .values({
        project_id: project.id,
        project_export_format_id: format.id,
        project_export_format_name: format.name,
        created_by_user_id: session.user.id,
        subjects_count: report.subjects_count,
        included_subject_ids: selection.included_subject_ids,
        excluded_subject_ids: selection.excluded_subject_ids,
        include_subjects_without_images: input.include_subjects_without_images,
        use_default_photo_crops: input.use_default_photo_crops,
        use_photo_crop_name: input.use_photo_crop_name,
        duplicate_search_fields: input.duplicate_search_fields,
        custom_directory_group_field_key: input.custom_directory_group_field_key,
        selected_pose: input.selected_pose,
        selected_background: input.selected_background,
        include_hidden_fields: readsHiddenFields(session.abilities),
        holds_hidden_fields: holdsHiddenFields,
        check_report: JSON.stringify(storedReport(report)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobId = await ctx.queue.enqueueWithId(
      'project-exports.build',
      { project_export_id: row.id },
      { trx },
    );
    await trx.updateTable('project_exports').set({ job_id: jobId }).where('id', '=', row.id).execute();
    // A format of a new aspect: the project's photos get auto crops of it (photo checks).
    if (newAspect) await ctx.queue.enqueue('photo-checks.auto-crops', { project_id: project.id }, { trx });
    await recordAudit(trx, actorOf(request), {
      action: 'project_export.create',
      recordType: 'project_export',
      recordId: row.id,
      projectId: project.id,
      ownerOrganizationId: project.organization_id,
      details: { project_export_format_id: format.id, subjects_count: report.subjects_count },
    });
    return row.id;
  });
}

/** An export in view, else 404; then the route's action decided (deleting reads who made it). */
export function findProjectExport(access: Access, id: string, decision?: Decision<ExportRow>) {
  const target = (row: ExportRow) => ({ created_by_user_id: row.created_by_user_id });
  return access.findRow('project_export', id, selectExports, 'e.id', withTarget(decision, target));
}

export async function findExport(db: Db, id: string): Promise<ExportRow> {
  const row = await selectExports(db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Deletes a done or stalled export and its archive (a running one is a 409). */
export async function deleteExport(ctx: AppContext, row: ExportRow) {
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('project_exports')
      .where('id', '=', row.id)
      // Only done (completed or failed) or stalled exports (queries.ts isDone / isStalled), decided in the
      // statement itself so that a job starting meanwhile can't lose its row.
      .where((eb) =>
        eb.or([
          eb('job_status', 'in', ['completed', 'failed']),
          eb.and([
            eb('export_started_at', 'is not', null),
            eb('export_completed_at', 'is', null),
            eb('job_id', 'is', null),
            eb('job_status', 'is', null),
          ]),
        ]),
      )
      .returning('storage_key')
      .executeTakeFirst();
    if (!gone) {
      // Not deleted: running, or already deleted by a concurrent request (404, as a moment later).
      const running = await trx
        .selectFrom('project_exports')
        .select('id')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (!running) throw notFound();
      throw conflict({ base: ['This export is still running.'] });
    }
    if (gone.storage_key) {
      await scheduleDeletions(trx, [{ key: gone.storage_key }]);
      await ctx.queue.enqueue('storage.deletions', {}, { trx });
    }
  });
}
