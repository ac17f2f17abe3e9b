import { createHash, randomBytes } from 'node:crypto';
import {
  csvLine,
  effectiveLabel,
  type FieldRef,
  ROSTER_MAX_BYTES,
  ROSTER_SAMPLE_ROWS,
  type RosterMatchBy,
  type RosterMode,
  ssnLikeColumns,
  suggestMapping,
} from '@school-portal/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { conflict, HttpError, unprocessable } from '../../http/errors.js';
import { strandedBy } from '../../jobs/alive.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import type { Storage } from '../../storage/storage.js';
import { scheduleDeletions, takeUpload, uploadKeyFor } from '../../storage/uploads.js';
import { DAY_MS } from '../../time.js';
import { attachmentById } from '../attachments/queries.js';
import { type AuditActor, recordAudit, recordAudits } from '../audit/record.js';
import { subjectsWithAssignedPhotos } from '../photos/queries.js';
import { loadFields } from '../project-templates/service.js';
import { projectOrganizationId, projectTemplateId, selectLiveProjects } from '../projects/queries.js';
import {
  deleteSubjectsOfProject,
  insertSubjects,
  projectSubjectProperties,
  subjectsWithYearbookPhoto,
  updateSubjectProperties,
} from '../subjects/bulk.js';
import type { OneRosterStudentId } from './oneroster.js';
import { type ParsedRoster, type RosterEncoding, readRoster } from './parse.js';
import { mappingProblems, type Plan, planImport, rowName } from './plan.js';
import { findImport, markApplying, type SubjectImportRow, savedMapping } from './queries.js';
import type { ApplyReport, CheckReport } from './serialize.js';

/** How many rows of each kind a report lists (its counts are always exact). */
const REPORT_LIST_MAX = 1000;

export const ROSTER_CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** A zip is read as a OneRoster roster by the import, not by other readers of rosters. */
const ONEROSTER_CONTENT_TYPE = 'application/zip';
const READABLE_ATTACHMENT_TYPES = new Set([...Object.values(ROSTER_CONTENT_TYPES), ONEROSTER_CONTENT_TYPE]);

export function rosterContentType(fileName: string): string {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const type = ROSTER_CONTENT_TYPES[ext];
  if (!type) throw unprocessable({ upload_file_name: ['must be a CSV, TSV or XLSX file'] });
  return type;
}

/** The content type of a file to import: a roster file's, or a OneRoster zip's. */
export function importContentType(fileName: string): string {
  if (/\.zip$/i.test(fileName)) return ONEROSTER_CONTENT_TYPE;
  try {
    return rosterContentType(fileName);
  } catch {
    throw unprocessable({ upload_file_name: ['must be a CSV, TSV or XLSX file, or a OneRoster zip'] });
  }
}

export const importStorageKey = (organizationId: string, projectId: string) =>
  `org-${organizationId}/projects/${projectId}/subject-imports/${randomBytes(16).toString('hex')}`;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The bytes of an import's file; a file changed since it was read is refused. */
async function importBytes(storage: Storage, row: SubjectImportRow): Promise<Buffer> {
  const bytes = await storage.read(row.storage_key);
  if (row.content_sha256 && sha256(bytes) !== row.content_sha256)
    throw unprocessable({ file: ['has changed since it was read; upload it again'] });
  return bytes;
}

export const parseImportFile = async (storage: Storage, row: SubjectImportRow) =>
  readRoster(await importBytes(storage, row), {
    encoding: row.encoding as RosterEncoding | null,
    sheetName: row.sheet_name,
    studentId: row.oneroster_student_id,
  });

/** Every field of the project (hidden ones included), from its template copy. */
export async function projectFields(db: Db, projectId: string): Promise<FieldRef[]> {
  const templateId = await projectTemplateId(db, projectId);
  return templateId ? loadFields(db, [templateId], true) : [];
}

/** The organizations whose saved mapping applies: the project's, then the caller's. */
export async function mappingOrganizations(
  db: Db,
  projectId: string,
  callerOrganizationId: string | undefined,
) {
  const organizationId = await projectOrganizationId(db, projectId);
  return [organizationId, ...(callerOrganizationId ? [callerOrganizationId] : [])];
}

/**
 * The mapping suggested for the file's columns; a column that looks like Social Security numbers (by
 * its header or its values, `rows`) is never suggested: only a mapping made by hand imports it.
 */
export async function suggestedMappingFor(
  db: Db,
  row: Pick<SubjectImportRow, 'project_id' | 'columns'>,
  fields: FieldRef[],
  callerOrganizationId: string | undefined,
  rows: readonly (readonly string[])[],
) {
  const saved = await savedMapping(db, await mappingOrganizations(db, row.project_id, callerOrganizationId));
  const ssn = new Set(ssnLikeColumns(row.columns, rows));
  // Left out before suggesting, so the field such a column would have taken goes to the right one.
  const mapping = suggestMapping(
    row.columns.filter((c) => !ssn.has(c)),
    fields,
    saved,
  );
  return Object.fromEntries(row.columns.map((c) => [c, mapping[c] ?? null]));
}

/** How a file is read: its encoding, sheet (a OneRoster zip's school), a OneRoster's Student ID column. */
export interface ReadChoices {
  encoding?: RosterEncoding | null;
  sheetName?: string | null;
  studentId?: OneRosterStudentId | null;
  callerOrganizationId?: string;
}

/**
 * Reads the file and keeps what the mapping step needs on the import (columns, sample rows, how it was
 * read), with the suggested mapping as its first mapping. 422 for anything wrong with the file.
 */
export async function readIntoImport(
  ctx: AppContext,
  row: SubjectImportRow,
  bytes: Buffer,
  options: ReadChoices,
): Promise<SubjectImportRow> {
  if (bytes.length > ROSTER_MAX_BYTES) throw unprocessable({ file: ['is larger than 20 MB'] });
  const studentId = options.studentId ?? row.oneroster_student_id;
  const parsed: ParsedRoster = await readRoster(bytes, {
    encoding: options.encoding ?? null,
    sheetName: options.sheetName ?? null,
    studentId,
    // A OneRoster zip of several schools is read for the project's school when none is chosen.
    defaultSchool: (await selectLiveProjects(ctx.db).where('p.id', '=', row.project_id).executeTakeFirst())
      ?.organization_name,
  });
  const fields = await projectFields(ctx.db, row.project_id);
  const mapping = await suggestedMappingFor(
    ctx.db,
    { ...row, columns: parsed.columns },
    fields,
    options.callerOrganizationId,
    parsed.rows.map((r) => r.cells),
  );
  return ctx.db
    .updateTable('subject_imports')
    .set({
      status: 'ready',
      upload_verified_at: row.upload_verified_at ?? new Date(),
      upload_file_size: bytes.length,
      content_sha256: sha256(bytes),
      file_format: parsed.format,
      encoding: parsed.encoding,
      delimiter: parsed.delimiter,
      sheet_name: parsed.sheetName,
      sheet_names: parsed.sheetNames,
      oneroster_student_id: studentId,
      columns: parsed.columns,
      sample_rows: JSON.stringify(parsed.rows.slice(0, ROSTER_SAMPLE_ROWS).map((r) => r.cells)),
      row_count: parsed.rows.length,
      mapping: JSON.stringify(mapping),
      check_report: null,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Verify for the import's own upload: takes the bytes from the form's key, then reads them. */
export async function verifyImportUpload(ctx: AppContext, row: SubjectImportRow, options: ReadChoices) {
  if (row.attachment_id)
    throw conflict({ base: ['reads a file request upload; there is nothing to verify'] });
  const stored = await takeUpload(ctx.storage, row.storage_key);
  // Nothing uploaded yet keeps the import waiting: its form may still be posted.
  if (!stored) throw unprocessable({ file: ['has not been uploaded'] });
  try {
    if (stored.size > ROSTER_MAX_BYTES) throw unprocessable({ file: ['is larger than 20 MB'] });
    return await readIntoImport(ctx, row, await ctx.storage.read(row.storage_key), options);
  } catch (error) {
    // A file that can't be read is a failed import in the history, with why, not one left uploading.
    await ctx.db
      .updateTable('subject_imports')
      .set({ status: 'failed', failure: readFailure(error), updated_at: new Date() })
      .where('id', '=', row.id)
      .where('status', '=', 'uploading')
      .execute();
    throw error;
  }
}

const FAILURE_SUBJECTS: Record<string, string> = {
  file: 'the file',
  encoding: 'the file’s encoding',
  sheet_name: 'the sheet',
};

/** Why a file could not be read, in words for the import's history (its 422 messages, or a general one). */
export function readFailure(error: unknown): string {
  const errors =
    error instanceof HttpError && error.statusCode === 422
      ? (error.body.errors as Record<string, string[]> | undefined)
      : undefined;
  if (!errors) return 'the file could not be read';
  return Object.entries(errors)
    .map(([key, messages]) => `${FAILURE_SUBJECTS[key] ?? key} ${messages.join('; ')}`)
    .join('; ');
}

/** An import whose file was never read (still uploading, or its read failed): nothing to map, check or apply. */
export const neverRead = (row: SubjectImportRow) =>
  row.status === 'uploading' || (row.status === 'failed' && row.upload_verified_at === null);

/** 409 for an import that can't go on: expired (its file gone), or never read. */
export function requireOpen(row: SubjectImportRow) {
  if (row.status === 'expired')
    throw conflict({ base: ['this import expired and its file was deleted: upload the file again'] });
  if (neverRead(row)) throw conflict({ base: ['the file has not been read yet'] });
}

/** An attachment's file may be read as a roster: verified, of this project, a CSV/TSV/TXT/XLSX. */
export async function attachmentForImport(db: Db, attachmentId: string, projectId: string) {
  const a = await attachmentById(db, attachmentId);
  if (!a || a.project_id !== projectId) throw unprocessable({ attachment_id: ['is invalid'] });
  if (!a.upload_verified_at) throw unprocessable({ attachment_id: ['has not been uploaded'] });
  if (!READABLE_ATTACHMENT_TYPES.has(a.upload_content_type))
    throw unprocessable({
      attachment_id: ['is not a CSV, TSV or XLSX file (save an XLS file as XLSX or CSV)'],
    });
  return a;
}

// ---------- Check and apply ----------

interface Planned {
  plan: Plan;
  fields: FieldRef[];
  parsed: ParsedRoster;
}

export async function planFor(
  db: Db,
  storage: Storage,
  row: SubjectImportRow,
  canWriteHidden: boolean,
): Promise<Planned> {
  const fields = await projectFields(db, row.project_id);
  const problems = mappingProblems(row.columns, row.mapping, fields, row.match_by as RosterMatchBy);
  if (problems) throw unprocessable(problems);
  const parsed = await parseImportFile(storage, row);
  const plan = planImport({
    columns: parsed.columns,
    rows: parsed.rows,
    mapping: row.mapping,
    fields,
    writable: new Set(fields.filter((f) => canWriteHidden || f.visible_to_customers).map((f) => f.id)),
    matchBy: row.match_by as RosterMatchBy,
    mode: row.mode as RosterMode,
    existing: await projectSubjectProperties(db, row.project_id),
    deletions: parsed.deletions,
  });
  await keepSubjectsWithPhotos(db, plan, fields);
  return { plan, fields, parsed };
}

/** Subjects with photos that have any photo (assigned, or a yearbook photo), of these. */
async function subjectsWithPhotos(db: Db, ids: string[]): Promise<Set<string>> {
  const [assigned, yearbook] = await Promise.all([
    subjectsWithAssignedPhotos(db, ids),
    subjectsWithYearbookPhoto(db, ids),
  ]);
  return new Set([...assigned, ...yearbook]);
}

/** A deletion never takes a child's portraits: a subject with photos is kept, and the check says so. */
async function keepSubjectsWithPhotos(db: Db, plan: Plan, fields: FieldRef[]) {
  const withPhotos = await subjectsWithPhotos(
    db,
    plan.deletes.map((d) => d.id),
  );
  if (withPhotos.size === 0) return;
  for (const d of plan.deletes.filter((x) => withPhotos.has(x.id)))
    plan.warnings.push({
      line: d.line,
      name: rowName(fields, d.properties),
      messages: [
        'is to be deleted, but the subject has photos: kept (delete it by hand if the student left)',
      ],
    });
  plan.deletes = plan.deletes.filter((d) => !withPhotos.has(d.id));
  plan.warnings.sort((a, b) => a.line - b.line);
}

/** File-wide warnings of the check: the reader's, and columns that look like Social Security numbers. */
function checkNotices(row: SubjectImportRow, parsed: ParsedRoster, fields: FieldRef[]): string[] {
  const labels = new Map(fields.map((f) => [f.id, effectiveLabel(f)]));
  const ssn = ssnLikeColumns(
    parsed.columns,
    parsed.rows.map((r) => r.cells),
  ).map((column) => {
    const fieldId = row.mapping[column];
    return fieldId
      ? `column “${column}” looks like Social Security numbers, and is imported into ${labels.get(fieldId) ?? 'a field'} as mapped by hand`
      : `column “${column}” looks like Social Security numbers: it is not imported (map it by hand to import it)`;
  });
  return [...parsed.notices, ...ssn];
}

export function checkReport(row: SubjectImportRow, { plan, fields, parsed }: Planned): CheckReport {
  const warnings = [...parsed.warnings, ...plan.warnings];
  return {
    total_rows: parsed.rows.length,
    create_count: plan.creates.length,
    update_count: plan.updates.length,
    unchanged_count: plan.unchanged.length,
    existing_skipped_count: plan.existingSkipped.length,
    error_count: plan.errors.length,
    creates: plan.creates
      .slice(0, REPORT_LIST_MAX)
      .map((c) => ({ line: c.line, name: rowName(fields, c.properties) })),
    updates: plan.updates.slice(0, REPORT_LIST_MAX).map((u) => ({
      line: u.line,
      subject_id: u.id,
      name: rowName(fields, u.properties),
      changes: u.changes,
    })),
    errors: plan.errors.slice(0, REPORT_LIST_MAX),
    delete_count: plan.deletes.length,
    deletes: plan.deletes
      .slice(0, REPORT_LIST_MAX)
      .map((d) => ({ line: d.line, subject_id: d.id, name: rowName(fields, d.properties) })),
    warning_count: warnings.length,
    warnings: warnings.slice(0, REPORT_LIST_MAX),
    notices: checkNotices(row, parsed, fields),
  };
}

export async function runCheck(ctx: AppContext, row: SubjectImportRow, canWriteHidden: boolean) {
  requireOpen(row);
  if (row.status === 'applying' || row.status === 'applied')
    throw conflict({ base: ['this import has already been applied'] });
  const report = checkReport(row, await planFor(ctx.db, ctx.storage, row, canWriteHidden));
  return ctx.db
    .updateTable('subject_imports')
    .set({ status: 'checked', check_report: JSON.stringify(report), updated_at: new Date() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The skipped rows (errors, and existing rows in add-new-only mode) with their reasons. */
function skippedRows(plan: Plan) {
  return [
    ...plan.errors,
    ...plan.existingSkipped.map((s) => ({ line: s.line, messages: ['already exists (add new only)'] })),
  ].sort((a, b) => a.line - b.line);
}

/**
 * Applies the import: re-plans from the file and the subjects as they are now, then writes creates and
 * updates in batches, in one transaction (all or nothing), with progress on the import. Refuses to
 * write anything when rows have errors, unless the user chose to skip them.
 */
export async function applyImport(db: Db, storage: Storage, importId: string, canWriteHidden: boolean) {
  const row = await findImport(db, importId);
  if (row.status !== 'applying') return;
  try {
    const { plan } = await planFor(db, storage, row, canWriteHidden);
    if (plan.errors.length > 0 && !row.skip_invalid_rows) {
      await db
        .updateTable('subject_imports')
        .set({
          status: 'failed',
          failure: `${plan.errors.length} rows have errors: fix the file or choose to skip them`,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const total = plan.creates.length + plan.updates.length + plan.deletes.length;
    await db
      .updateTable('subject_imports')
      .set({ progress_total: total, progress_done: 0 })
      .where('id', '=', row.id)
      .execute();
    const progress = (base: number) => async (done: number) => {
      await db
        .updateTable('subject_imports')
        .set({ progress_done: base + done })
        .where('id', '=', row.id)
        .execute();
    };
    const skipped = skippedRows(plan);
    const report: ApplyReport = {
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged.length,
      deleted: 0,
      skipped: skipped.length,
      // All of them: the skipped-rows download needs every reason (the wire shows the first ones).
      skipped_rows: skipped,
    };
    await db.transaction().execute(async (trx) => {
      await insertSubjects(
        trx,
        row.project_id,
        plan.creates.map((c) => c.properties),
        progress(0),
      );
      await updateSubjectProperties(
        trx,
        row.project_id,
        plan.updates.map((u) => ({ id: u.id, properties: u.properties })),
        progress(plan.creates.length),
      );
      if (plan.deletes.length > 0) {
        const ids = plan.deletes.map((d) => d.id);
        // Photos assigned since the check keep their subject (the plan left out those it saw).
        const withPhotos = await subjectsWithPhotos(trx, ids);
        const gone = ids.filter((id) => !withPhotos.has(id));
        if (gone.length > 0) {
          report.deleted = await deleteSubjectsOfProject(trx, row.project_id, gone);
          // In the trail as every subject deletion is (ids only); the person who applied is on the
          // import's own subject_import.apply entry.
          const ownerOrganizationId = await projectOrganizationId(trx, row.project_id);
          await recordAudits(
            trx,
            { userId: null, accountId: null, actingOrganizationId: null, ip: null },
            gone.map((id) => ({
              action: 'subject.delete',
              recordType: 'subject',
              recordId: id,
              projectId: row.project_id,
              ownerOrganizationId,
              details: { subject_import_id: row.id },
            })),
          );
        }
        await progress(plan.creates.length + plan.updates.length)(plan.deletes.length);
      }
      await trx
        .updateTable('subject_imports')
        .set({
          status: 'applied',
          report: JSON.stringify(report),
          applied_at: new Date(),
          failure: null,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
    });
  } catch (error) {
    const message =
      error &&
      typeof error === 'object' &&
      'statusCode' in error &&
      (error as { statusCode: number }).statusCode === 422
        ? 'the file or its mapping can no longer be read; check it again'
        : 'the import could not be applied; nothing was written';
    await db
      .updateTable('subject_imports')
      .set({ status: 'failed', failure: message, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    if (message.startsWith('the import could not')) throw error;
  }
}

/** Why an apply whose job is gone ended failed (stranded-records sweep); its one transaction never committed. */
export const APPLY_STOPPED = 'the import stopped before it finished; nothing was written: apply it again';

/**
 * Imports still applying whose job will never end them (it failed for good, or is gone from the queue):
 * failed with a reason, so they can be applied again. One whose job waits or is retried is left applying.
 */
export async function failStrandedApplies(db: Db): Promise<number> {
  const ended = await db
    .updateTable('subject_imports as si')
    .set({ status: 'failed', failure: APPLY_STOPPED, updated_at: new Date() })
    .where('si.status', '=', 'applying')
    .where(strandedBy('subject-imports.apply', 'import_id', 'si.id', 'si.updated_at'))
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

export const subjectImportApplyJob = defineJob('subject-imports.apply', {
  // A run ends its import itself, applied or failed; a retry only runs one whose process died mid-run.
  retryLimit: 1,
  retryDelaySeconds: 10,
  async handle({ import_id, can_write_hidden }, { db, storage }: JobDeps) {
    await applyImport(db, storage, import_id, can_write_hidden);
  },
});

/** The skipped rows as CSV: the file's columns, then Row and Reason; cells neutralized. */
export async function skippedRowsCsv(storage: Storage, row: SubjectImportRow): Promise<string> {
  const report = row.report as ApplyReport | null;
  const reasons = new Map((report?.skipped_rows ?? []).map((s) => [s.line, s.messages.join('; ')]));
  const parsed = await parseImportFile(storage, row);
  const lines = [csvLine(['Row', ...parsed.columns, 'Reason'])];
  for (const r of parsed.rows) {
    const reason = reasons.get(r.line);
    if (reason !== undefined) lines.push(csvLine([String(r.line), ...r.cells, reason]));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Starts applying a checked import, in one transaction: marks it applying (409 when another request got
 * there first), queues the apply job and records it in the trail.
 */
export async function startApply(
  ctx: AppContext,
  actor: AuditActor,
  row: SubjectImportRow,
  options: { skip: boolean; canWriteHidden: boolean; ownerOrganizationId: string },
) {
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await markApplying(trx, row.id, options.skip);
    if (!updated) throw conflict({ base: ['this import is already being applied'] });
    await ctx.queue.enqueue(
      'subject-imports.apply',
      { import_id: row.id, can_write_hidden: options.canWriteHidden },
      { trx },
    );
    await recordAudit(trx, actor, {
      action: 'subject_import.apply',
      recordType: 'subject_import',
      recordId: row.id,
      projectId: row.project_id,
      ownerOrganizationId: options.ownerOrganizationId,
      details: { skip_invalid_rows: options.skip },
    });
    return updated;
  });
}

// ---------- Abandoned imports ----------

/** An import whose file was never uploaded is abandoned after a day (as every unverified upload). */
export const IMPORT_UPLOAD_ABANDONED_MS = DAY_MS;
/** An import read but not checked, or checked and never applied, is abandoned after a week. */
export const IMPORT_ABANDONED_MS = 7 * DAY_MS;

/**
 * Ends abandoned imports (cleanup job): each becomes 'expired' with why, its sample rows dropped and
 * its own file deleted (a file request's attachment stays, as it belongs to the request). An expired
 * import can't be mapped, checked or applied. Answers how many ended.
 */
export async function expireAbandonedImports(db: Db, now = new Date()): Promise<number> {
  const since = (ms: number) => new Date(now.getTime() - ms);
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('subject_imports')
      .set({
        status: 'expired',
        failure: sql<string>`case when status = 'uploading'
          then 'abandoned: the file was not uploaded within a day'
          else 'abandoned: not checked and applied within 7 days; its file was deleted (upload it again)' end`,
        sample_rows: '[]',
        check_report: null,
        updated_at: now,
      })
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'uploading'), eb('updated_at', '<', since(IMPORT_UPLOAD_ABANDONED_MS))]),
          eb.and([
            eb('status', 'in', ['ready', 'checked']),
            eb('updated_at', '<', since(IMPORT_ABANDONED_MS)),
          ]),
        ]),
      )
      .returning(['storage_key', 'attachment_id'])
      .execute();
    await scheduleDeletions(
      trx,
      ended
        .filter((r) => r.attachment_id === null)
        .flatMap((r) => [{ key: r.storage_key }, { key: uploadKeyFor(r.storage_key) }]),
    );
    return ended.length;
  });
}
