import { EXPORT_BACKGROUNDS } from '@school-portal/domain';
import { z } from 'zod';
import { isoOrNull, isoTimestamps, timestampsShape } from '../../wire.js';
import { type ExportRow, isStalled } from './queries.js';

export const checkReportSchema = z.object({
  subjects_count: z.number(),
  issues: z.array(
    z.object({
      code: z.enum([
        'missing_image',
        'missing_value',
        'duplicate_value',
        'name_collision',
        'forbidden_characters',
        'leading_zeros',
        'upscaled',
        'no_crop',
        'auto_cropped',
        'missing_field',
        'transliterated',
        'left_out_of_index',
        'yearbook_opt_out',
        'leading_zeros_collide',
        'leading_zeros_in_csv',
        'not_a_number',
        'pspa_row_without_image',
        'pspa_name_not_unique',
        'pspa_unsafe_name',
        'pspa_image_size',
        'pspa_aspect',
        'pspa_staff_unmarked',
      ]),
      message: z.string(),
      field_key: z.string().nullable(),
      count: z.number(),
      subject_ids: z.array(z.string()),
      /** A value the archive writes otherwise, and what it becomes (the check's answer only). */
      changes: z
        .array(z.object({ subject_id: z.string(), field: z.string(), from: z.string(), to: z.string() }))
        .optional(),
    }),
  ),
});

export const projectExportSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_export_format_id: z.string().nullable(),
  project_export_format_name: z.string(),
  created_by_user: z
    .object({ id: z.string(), name: z.string(), email: z.string(), deleted_at: z.string().nullable() })
    .nullable(),
  subjects_count: z.number(),
  included_subject_ids: z.array(z.string()),
  excluded_subject_ids: z.array(z.string()),
  include_subjects_without_images: z.boolean(),
  use_default_photo_crops: z.boolean(),
  use_photo_crop_name: z.boolean(),
  duplicate_search_fields: z.array(z.string()),
  custom_directory_group_field_key: z.string().nullable(),
  selected_pose: z.string(),
  selected_background: z.enum(EXPORT_BACKGROUNDS),
  job_id: z.string().nullable(),
  job_status: z.enum(['working', 'completed', 'failed']).nullable(),
  job_status_at: z.number().nullable(),
  job_status_total: z.number().nullable(),
  job_status_message: z.string().nullable(),
  ...timestampsShape,
  export_started_at: z.string().nullable(),
  export_completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  stalled: z.boolean(),
  check_report: checkReportSchema.nullable(),
  download_path: z.string().nullable(),
});
export type SerializedProjectExport = z.infer<typeof projectExportSchema>;

/** An archive is downloadable once completed, until the retention job removes it. */
export const isDownloadable = (row: Pick<ExportRow, 'job_status' | 'storage_key' | 'expired_at'>) =>
  row.job_status === 'completed' && row.storage_key !== null && row.expired_at === null;

export function serializeExport(row: ExportRow): SerializedProjectExport {
  return {
    id: row.id,
    project_id: row.project_id,
    project_export_format_id: row.project_export_format_id,
    project_export_format_name: row.project_export_format_name,
    created_by_user:
      row.created_by_user_id && row.created_by_user_name !== null && row.created_by_user_email !== null
        ? {
            id: row.created_by_user_id,
            name: row.created_by_user_name,
            email: row.created_by_user_email,
            deleted_at: isoOrNull(row.created_by_user_deleted_at),
          }
        : null,
    subjects_count: row.subjects_count,
    included_subject_ids: row.included_subject_ids.map(String),
    excluded_subject_ids: row.excluded_subject_ids.map(String),
    include_subjects_without_images: row.include_subjects_without_images,
    use_default_photo_crops: row.use_default_photo_crops,
    use_photo_crop_name: row.use_photo_crop_name,
    duplicate_search_fields: row.duplicate_search_fields,
    custom_directory_group_field_key: row.custom_directory_group_field_key,
    selected_pose: row.selected_pose,
    selected_background: row.selected_background,
    job_id: row.job_id,
    job_status: row.job_status,
    job_status_at: row.job_status_at,
    job_status_total: row.job_status_total,
    job_status_message: row.job_status_message,
    ...isoTimestamps(row),
    export_started_at: isoOrNull(row.export_started_at),
    export_completed_at: isoOrNull(row.export_completed_at),
    expires_at: isoOrNull(row.expires_at),
    expired_at: isoOrNull(row.expired_at),
    stalled: isStalled(row),
    check_report: row.check_report ?? null,
    download_path: isDownloadable(row) ? `/api/project-exports/${row.id}/download` : null,
  };
}
