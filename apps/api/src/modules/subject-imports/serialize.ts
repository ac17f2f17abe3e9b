import { z } from 'zod';
import { isoOrNull, isoTimestamps, recordSchema } from '../../wire.js';
import type { SubjectImportRow } from './queries.js';

const lineErrors = z.object({ line: z.number(), messages: z.array(z.string()) });
/** A warning by line: of the row's file unless `file` names another (OneRoster), naming the student. */
const lineWarning = lineErrors.extend({ file: z.string().optional(), name: z.string().optional() });
const change = z.object({ field_id: z.string(), label: z.string(), from: z.string(), to: z.string() });

export const checkReportSchema = z.object({
  total_rows: z.number(),
  create_count: z.number(),
  update_count: z.number(),
  unchanged_count: z.number(),
  existing_skipped_count: z.number(),
  error_count: z.number(),
  /** The first rows of each kind (the counts are exact). */
  creates: z.array(z.object({ line: z.number(), name: z.string() })),
  updates: z.array(
    z.object({ line: z.number(), subject_id: z.string(), name: z.string(), changes: z.array(change) }),
  ),
  errors: z.array(lineErrors),
  /** Subjects a OneRoster delta removes (its students `tobedeleted`). */
  delete_count: z.number(),
  deletes: z.array(z.object({ line: z.number(), subject_id: z.string(), name: z.string() })),
  /**
   * Warnings by line: rows that are exact copies of an earlier row (one entry at the first), dates that
   * can't be read, students without an identifier, deletions that can't be made.
   */
  warning_count: z.number(),
  warnings: z.array(lineWarning),
  /** Warnings about the file as a whole: columns ignored, Social Security numbers, a delta's meaning. */
  notices: z.array(z.string()),
});
export type CheckReport = z.infer<typeof checkReportSchema>;

export const applyReportSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  deleted: z.number(),
  skipped: z.number(),
  /** Why each skipped row was skipped (first rows; `skipped` is exact). */
  skipped_rows: z.array(lineErrors),
});
export type ApplyReport = z.infer<typeof applyReportSchema>;

export const subjectImportSchema = recordSchema({
  project_id: z.string(),
  attachment_id: z.string().nullable(),
  created_by_user_id: z.string().nullable(),
  upload_file_name: z.string(),
  upload_file_size: z.number(),
  status: z.enum(['uploading', 'ready', 'checked', 'applying', 'applied', 'failed', 'expired']),
  file_format: z.enum(['csv', 'xlsx', 'oneroster']).nullable(),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  sheet_name: z.string().nullable(),
  sheet_names: z.array(z.string()),
  /** OneRoster: the users' column that gives the Student ID. */
  oneroster_student_id: z.enum(['identifier', 'sourced_id']),
  columns: z.array(z.string()),
  sample_rows: z.array(z.array(z.string())),
  row_count: z.number(),
  mapping: z.record(z.string(), z.string().nullable()),
  match_by: z.enum(['auto', 'student_id', 'name_and_grade']),
  mode: z.enum(['add_only', 'add_and_update']),
  skip_invalid_rows: z.boolean(),
  check: checkReportSchema.nullable(),
  report: applyReportSchema.nullable(),
  progress: z.object({ done: z.number(), total: z.number() }),
  failure: z.string().nullable(),
  applied_at: z.string().nullable(),
});

export const serializeImport = (r: SubjectImportRow) => ({
  id: r.id,
  project_id: r.project_id,
  attachment_id: r.attachment_id,
  created_by_user_id: r.created_by_user_id,
  upload_file_name: r.upload_file_name,
  upload_file_size: Number(r.upload_file_size),
  status: r.status,
  file_format: r.file_format,
  encoding: r.encoding,
  delimiter: r.delimiter,
  sheet_name: r.sheet_name,
  sheet_names: r.sheet_names,
  oneroster_student_id: r.oneroster_student_id,
  columns: r.columns,
  sample_rows: r.sample_rows,
  row_count: r.row_count,
  mapping: r.mapping,
  match_by: r.match_by,
  mode: r.mode,
  skip_invalid_rows: r.skip_invalid_rows,
  // A check stored before warnings (or deletions, notices) existed has none.
  check: r.check_report
    ? {
        warning_count: 0,
        warnings: [],
        delete_count: 0,
        deletes: [],
        notices: [],
        ...(r.check_report as Omit<
          CheckReport,
          'warning_count' | 'warnings' | 'delete_count' | 'deletes' | 'notices'
        >),
      }
    : null,
  report: r.report
    ? {
        deleted: 0,
        ...(r.report as Omit<ApplyReport, 'deleted'>),
        skipped_rows: (r.report as ApplyReport).skipped_rows.slice(0, 1000),
      }
    : null,
  progress: { done: r.progress_done, total: r.progress_total },
  failure: r.failure,
  applied_at: isoOrNull(r.applied_at),
  ...isoTimestamps(r),
});
