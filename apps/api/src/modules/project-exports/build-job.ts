import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { strandedBy } from '../../jobs/alive.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob, defineSweep } from '../../jobs/queue.js';
import { queueEmail } from '../../mail/outbox.js';
import { projectExportReadyMessage } from '../../mail/templates.js';
import { dueToExpire } from '../../storage/retention.js';
import { scheduleDeletions } from '../../storage/uploads.js';
import { daysAfter } from '../../time.js';
import { selectProjects } from '../projects/service.js';
import { activeUserContact } from '../users/queries.js';
import { buildExportArchive } from './archive/index.js';
import { exportFields, exportKey, imageChoice, loadFormatRow, runOptions } from './service.js';
import { countSelection, exportSubjects } from './subjects.js';

/** A failure the user is told about as it is (job_status_message); anything else is reported generically. */
class ExportFailure extends Error {}
/** Another run owns the export now (a retry started while this run was thought lost): stop, write nothing. */
class Superseded extends Error {}

/** Progress is written at most this often (the archive builder reports about once a second, too). */
const PROGRESS_INTERVAL_MS = 1000;
/** A run may take this long before pg-boss counts its process as lost and runs it again. */
export const EXPORT_JOB_EXPIRY_SECONDS = 4 * 60 * 60;

type BuildDeps = Pick<JobDeps, 'db' | 'storage' | 'log' | 'config' | 'enqueueEmail'>;

/**
 * Builds one export's archive (exports-contract.md): resolves the selection, streams the subjects a page at a
 * time into the archive builder, writes progress, and ends the export completed (with its expiry, and an
 * e-mail to its creator) or failed with a message.
 *
 * Retry-safe: a run that finds the export still working (its process was killed, or it was stopped) starts
 * over, resetting the progress and writing the same storage key again, so there is one archive with the
 * right counts. A completed or failed export is left alone. When `signal` aborts (the worker stops), the run
 * ends without marking the export, so that its retry picks it up. Each run takes the export with a token of its
 * own; a run that finds another token on it (pg-boss counted it lost and started a retry) stops quietly.
 */
export async function runExport(exportId: string, deps: BuildDeps, signal?: AbortSignal): Promise<void> {
  const { db, storage, log, config } = deps;
  const token = randomBytes(12).toString('hex');
  const started = await db
    .updateTable('project_exports')
    .set({
      job_status: 'working',
      job_status_at: 0,
      job_status_total: null,
      job_status_message: null,
      export_started_at: new Date(),
      export_completed_at: null,
      job_run_token: token,
      updated_at: new Date(),
    })
    .where('id', '=', exportId)
    .where((eb) => eb.or([eb('job_status', 'is', null), eb('job_status', '=', 'working')]))
    .returningAll()
    .executeTakeFirst();
  if (!started) return;
  /** Writes progress or the outcome only while this run still owns the export. */
  const owned = () =>
    db.updateTable('project_exports').where('id', '=', started.id).where('job_run_token', '=', token);
  const project = await selectProjects(db).where('p.id', '=', started.project_id).executeTakeFirstOrThrow();
  const key = exportKey(project.organization_id, project.id, started.id);
  try {
    const format = started.project_export_format_id
      ? await loadFormatRow(db, started.project_export_format_id)
      : null;
    if (!format) throw new ExportFailure('The export format was deleted.');
    const selection = {
      project_id: project.id,
      included_subject_ids: started.included_subject_ids.map(String),
      excluded_subject_ids: started.excluded_subject_ids.map(String),
      include_subjects_without_images: started.include_subjects_without_images,
      leave_out_yearbook_opt_outs: format.yearbook,
    };
    const settings = {
      custom_directory_group_field_key: started.custom_directory_group_field_key,
      use_photo_crop_name: started.use_photo_crop_name,
      include_subjects_without_images: started.include_subjects_without_images,
      selected_pose: started.selected_pose,
      selected_background: started.selected_background,
      use_default_photo_crops: started.use_default_photo_crops,
    };
    const total = await countSelection(db, selection);
    if (total === 0) throw new ExportFailure('There are no subjects to export.');
    // The selection is resolved now: subjects added or removed since the export was made count as they are.
    const counted = await owned()
      .set({ job_status_total: total, subjects_count: total, updated_at: new Date() })
      .executeTakeFirst();
    if (counted.numUpdatedRows === 0n) throw new Superseded();
    // Hidden fields are read only for an export marked as holding them (and so out of customers' view).
    const fields = await exportFields(db, project, started.holds_hidden_fields);

    let lastWrite = 0;
    const result = await buildExportArchive({
      storage,
      key,
      format,
      subjects: exportSubjects(db, selection, fields, imageChoice(format, settings)),
      total,
      options: runOptions(format, settings, project.name, fields),
      signal,
      onProgress: async (done, of, message) => {
        signal?.throwIfAborted();
        // The end is written with the outcome; in between, at most once a second.
        const now = Date.now();
        if (done >= of || now - lastWrite < PROGRESS_INTERVAL_MS) return;
        lastWrite = now;
        const written = await owned()
          .set({
            job_status_at: done,
            job_status_total: of,
            job_status_message: message || null,
            updated_at: new Date(),
          })
          .executeTakeFirst();
        if (written.numUpdatedRows === 0n) throw new Superseded();
      },
    });
    signal?.throwIfAborted();

    await db.transaction().execute(async (trx) => {
      const completedAt = new Date();
      const done = await trx
        .updateTable('project_exports')
        .set({
          job_status: 'completed',
          job_status_at: total,
          job_status_total: total,
          job_status_message: null,
          export_completed_at: completedAt,
          expires_at: daysAfter(completedAt, config.exportRetentionDays),
          expired_at: null,
          storage_key: key,
          archive_entries: result.entries,
          archive_images: result.images,
          archive_bytes: result.bytes,
          updated_at: completedAt,
        })
        .where('id', '=', started.id)
        .where('job_run_token', '=', token)
        .returning('id')
        .executeTakeFirst();
      if (!done || !started.created_by_user_id) return;
      const creator = await activeUserContact(trx, started.created_by_user_id);
      if (!creator) return;
      await queueEmail(
        trx,
        deps.enqueueEmail,
        projectExportReadyMessage({
          to: creator.email,
          name: creator.name,
          projectName: project.name,
          formatName: started.project_export_format_name,
          link: `${config.publicUrl}/projects/${project.id}/project-exports/${started.id}`,
          days: config.exportRetentionDays,
        }),
      );
    });
  } catch (error) {
    // Stopped, not failed: the row stays working and the job's retry starts it over.
    if (signal?.aborted) throw error;
    if (error instanceof Superseded) return;
    const message = error instanceof ExportFailure ? error.message : 'The export could not be made.';
    // Ids only: subjects' values never go to the log.
    if (!(error instanceof ExportFailure))
      log.error({ err: error, project_export_id: started.id }, 'project export failed');
    await db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('project_exports')
        .set({ job_status: 'failed', job_status_message: message, updated_at: new Date() })
        .where('id', '=', started.id)
        .where('job_run_token', '=', token)
        .executeTakeFirst();
      // Whatever part of an archive was written goes (unless another run owns the export now).
      if (failed.numUpdatedRows > 0n) await scheduleDeletions(trx, [{ key }]);
    });
  }
}

export const projectExportBuildJob = defineJob('project-exports.build', {
  // Failures are recorded on the export and not retried; a run whose process died is run again.
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: EXPORT_JOB_EXPIRY_SECONDS,
  handle: ({ project_export_id }, deps: JobDeps) => runExport(project_export_id, deps),
});

/** Why an export whose job is gone ended failed (stranded-records sweep, and the daily stuck-export check). */
export const EXPORT_STOPPED = 'The export stopped before it was finished.';

/**
 * Exports queued or working whose job will never end them (it failed for good, or is gone from the
 * queue): failed with a reason, and so deletable (a running export is not). One whose job waits or is
 * retried (its process died: the retry starts it over) is left as it is.
 */
export async function failStrandedExports(db: Db): Promise<number> {
  const ended = await db
    .updateTable('project_exports as e')
    .set({ job_status: 'failed', job_status_message: EXPORT_STOPPED, updated_at: new Date() })
    .where((eb) => eb.or([eb('e.job_status', 'is', null), eb('e.job_status', '=', 'working')]))
    .where(strandedBy('project-exports.build', 'project_export_id', 'e.id', 'e.updated_at'))
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

/** An export still working this long after its last progress has lost its job (retries spent). */
const STUCK_AFTER_MS = 3 * EXPORT_JOB_EXPIRY_SECONDS * 1000;

/**
 * Retention (EXPORT_RETENTION_DAYS): deletes the archives of completed exports past their expiry and marks
 * them expired (the record stays, without a download). Also ends as failed the exports whose job was lost
 * for good, so that they can be deleted. Answers how many archives went.
 */
export async function expireExports(
  deps: Pick<JobDeps, 'db' | 'storage'>,
  now = new Date(),
): Promise<number> {
  const { db, storage } = deps;
  let expired = 0;
  for (;;) {
    const due = await dueToExpire(db, 'project_exports', now, 100).execute();
    for (const row of due) {
      if (row.storage_key) await storage.delete(row.storage_key);
      await db
        .updateTable('project_exports')
        .set({ expired_at: now, updated_at: now })
        .where('id', '=', row.id)
        .execute();
    }
    expired += due.length;
    if (due.length < 100) break;
  }
  await db
    .updateTable('project_exports')
    .set({
      job_status: 'failed',
      job_status_message: EXPORT_STOPPED,
      updated_at: now,
    })
    .where('job_status', '=', 'working')
    .where('updated_at', '<', new Date(now.getTime() - STUCK_AFTER_MS))
    .execute();
  return expired;
}

export const projectExportExpireJob = defineSweep(
  'project-exports.expire',
  {
    retryLimit: 3,
    retryDelaySeconds: 60,
    schedule: '37 3 * * *',
    log: 'when-any',
    message: 'expired project exports removed',
  },
  async (deps: JobDeps) => ({ expired: await expireExports(deps) }),
);
