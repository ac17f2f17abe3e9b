import { YEARBOOK_DELIVERY_KINDS, yearbookPublisher } from '@school-portal/domain';
import { z } from 'zod';
import { isoOrNull, namedRef } from '../../wire.js';
import type { DeliveryRow, ManifestRow, TargetRow } from './queries.js';

/** A deadline as answered: its name and date, and how it stands today. */
export const deadlineSchema = z.object({
  name: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  /** Whole days from today (UTC) to the date: 0 on the day, negative once passed. */
  days_left: z.number(),
  passed: z.boolean(),
});

export const yearbookTargetSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  publisher: z.string(),
  publisher_name: z.string(),
  project_export_format_id: z.string().nullable(),
  project_export_format_name: z.string().nullable(),
  /** What the delivery writes: the preset's fixes over the format's own settings. */
  image_width: z.number().nullable(),
  image_height: z.number().nullable(),
  data_encoding: z.string().nullable(),
  header: z.boolean().nullable(),
  master_file: z.boolean().nullable(),
  deadlines: z.array(deadlineSchema),
  notify_days_before: z.number(),
  school_contact_email: z.string().nullable(),
  /** The date until which the school chooses poses (the first deadline), null: open. */
  pose_deadline: z.string().nullable(),
  poses_open: z.boolean(),
  deliveries_count: z.number(),
  last_delivery: z
    .object({
      id: z.string(),
      number: z.number(),
      kind: z.enum(YEARBOOK_DELIVERY_KINDS),
      status: z.enum(['queued', 'working', 'completed', 'failed']),
      created_at: z.string(),
    })
    .nullable(),
  created_by_user: namedRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SerializedYearbookTarget = z.infer<typeof yearbookTargetSchema>;

export const deliveryCountsSchema = z.object({
  /** Rows of MASTER.TXT: everyone in the book. */
  subjects: z.number(),
  /** Images in the archive (a changes delivery: the added and replaced portraits, and corrected rows'). */
  images: z.number(),
  added: z.number(),
  replaced: z.number(),
  corrected: z.number(),
  removed: z.number(),
  unchanged: z.number(),
});
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

export const deliveryDownloadSchema = z.object({
  user: namedRef.nullable(),
  what: z.enum(['archive', 'change_list_pdf', 'change_list_csv']),
  at: z.string(),
});

export const yearbookDeliverySchema = z.object({
  id: z.string(),
  yearbook_target_id: z.string(),
  project_id: z.string(),
  number: z.number(),
  kind: z.enum(YEARBOOK_DELIVERY_KINDS),
  /** The delivery whose state this one's changes are counted from (null: the first). */
  since_delivery_id: z.string().nullable(),
  status: z.enum(['queued', 'working', 'completed', 'failed']),
  status_message: z.string().nullable(),
  format_name: z.string(),
  counts: deliveryCountsSchema,
  archive_bytes: z.number().nullable(),
  created_by_user: namedRef.nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  downloads: z.array(deliveryDownloadSchema),
  download_path: z.string().nullable(),
  change_list_pdf_path: z.string(),
  change_list_csv_path: z.string(),
});
export type SerializedYearbookDelivery = z.infer<typeof yearbookDeliverySchema>;

export const CHANGE_KINDS = ['added', 'replaced', 'corrected', 'removed'] as const;

/** One line of a change list, in plain words ("Replace the portrait of Ava Smith (grade 3, Ms. Lee): ..."). */
export const changeSchema = z.object({
  subject_id: z.string(),
  kind: z.enum(CHANGE_KINDS),
  name: z.string(),
  grade: z.string(),
  teacher: z.string(),
  /** Removals: why (left the school or the project, or opted out of the yearbook). */
  reason: z.enum(['left', 'yearbook_opt_out']).nullable(),
  /** Corrections: each value as delivered before and as it is now. */
  fields: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
  image_file_name: z.string().nullable(),
  text: z.string(),
});
export type DeliveryChange = z.infer<typeof changeSchema>;

export const manifestEntrySchema = z.object({
  subject_id: z.string(),
  change: z.enum(['added', 'replaced', 'corrected', 'unchanged', 'removed']),
  removal_reason: z.enum(['left', 'yearbook_opt_out']).nullable(),
  photo_id: z.string().nullable(),
  content_sha256: z.string().nullable(),
  crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  image_file_name: z.string().nullable(),
  /** The index's columns as written, by label. */
  values: z.record(z.string(), z.string()),
});

export const yearbookDeliveryDetailSchema = yearbookDeliverySchema.extend({
  manifest: z.array(manifestEntrySchema),
  changes: z.array(changeSchema),
});

export const warningSubjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string(),
  teacher: z.string(),
});
export type WarningSubject = z.infer<typeof warningSubjectSchema>;

export const WARNING_CODES = [
  'no_yearbook_photo',
  'pose_not_chosen',
  'image_size',
  'aspect',
  'same_photo_two_subjects',
  'name_twice_in_class',
  'staff_unmarked',
  'yearbook_opt_out',
  'value_has_tab',
  'value_too_long',
  'value_outside_encoding',
  'format_problem',
] as const;

export const warningSchema = z.object({
  code: z.enum(WARNING_CODES),
  message: z.string(),
  count: z.number(),
  /** The subjects it names (at most 200). */
  subjects: z.array(warningSubjectSchema),
});
export type DeliveryWarning = z.infer<typeof warningSchema>;

export const deliveryCheckSchema = z.object({
  kind: z.enum(YEARBOOK_DELIVERY_KINDS),
  /** The delivery this one would count its changes from (null: none yet, so everything is added). */
  since_delivery_id: z.string().nullable(),
  would_hold: deliveryCountsSchema,
  changes: z.array(changeSchema),
  warnings: z.array(warningSchema),
  /** In the book without a portrait (the list most books print). */
  not_pictured: z.array(warningSubjectSchema),
});
export type DeliveryCheck = z.infer<typeof deliveryCheckSchema>;

export const yearbookDeadlineStatusSchema = z.object({
  yearbook_target_id: z.string(),
  publisher_name: z.string(),
  name: z.string(),
  date: z.string(),
  days_left: z.number(),
  missing: z.object({
    /** Subjects in the book without a portrait. */
    without_photo: z.number(),
    /** Subjects with several photos and no yearbook pose chosen. */
    pose_not_chosen: z.number(),
    /** Subjects in the book (yearbook opt-outs left out). */
    subjects: z.number(),
  }),
});

/** Whole days from `today` to `date` (both YYYY-MM-DD). */
export const daysBetween = (today: string, date: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export function serializeDeadlines(deadlines: { name: string; date: string }[], today: string) {
  return [...deadlines]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => {
      const left = daysBetween(today, d.date);
      return { name: d.name, date: d.date, days_left: left, passed: left < 0 };
    });
}

export function serializeTarget(row: TargetRow, today = todayUtc()): SerializedYearbookTarget {
  const preset = yearbookPublisher(row.publisher);
  const deadlines = serializeDeadlines(row.deadlines, today);
  const poseUntil = deadlines[0]?.date ?? null;
  return {
    id: row.id,
    project_id: row.project_id,
    publisher: row.publisher,
    publisher_name: preset.name,
    project_export_format_id: row.project_export_format_id,
    project_export_format_name: row.format_name,
    image_width: preset.image_width ?? row.format_width,
    image_height: preset.image_height ?? row.format_height,
    data_encoding: preset.data_encoding ?? row.format_encoding,
    header: preset.header ?? row.format_header,
    master_file: preset.master_file ?? row.format_master,
    deadlines,
    notify_days_before: row.notify_days_before,
    school_contact_email: row.school_contact_email,
    pose_deadline: poseUntil,
    poses_open: poseUntil === null || today <= poseUntil,
    deliveries_count: row.deliveries_count,
    last_delivery:
      row.last_delivery_id && row.last_delivery_number !== null && row.last_delivery_kind
        ? {
            id: row.last_delivery_id,
            number: row.last_delivery_number,
            kind: row.last_delivery_kind,
            status: row.last_delivery_status ?? 'queued',
            created_at: (row.last_delivery_created_at ?? new Date(0)).toISOString(),
          }
        : null,
    created_by_user:
      row.created_by_user_id && row.created_by_user_name
        ? { id: row.created_by_user_id, name: row.created_by_user_name }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const ZERO_COUNTS: DeliveryCounts = {
  subjects: 0,
  images: 0,
  added: 0,
  replaced: 0,
  corrected: 0,
  removed: 0,
  unchanged: 0,
};

export function serializeDelivery(
  row: DeliveryRow,
  downloads: { user_id: string | null; user_name: string | null; what: string; created_at: Date }[],
): SerializedYearbookDelivery {
  return {
    id: row.id,
    yearbook_target_id: row.yearbook_target_id,
    project_id: row.project_id,
    number: row.number,
    kind: row.kind,
    since_delivery_id: row.since_delivery_id,
    status: row.status,
    status_message: row.status_message,
    format_name: row.format_name,
    counts: { ...ZERO_COUNTS, ...row.counts },
    archive_bytes: row.archive_bytes === null ? null : Number(row.archive_bytes),
    created_by_user:
      row.created_by_user_id && row.created_by_user_name
        ? { id: row.created_by_user_id, name: row.created_by_user_name }
        : null,
    created_at: row.created_at.toISOString(),
    completed_at: isoOrNull(row.completed_at),
    downloads: downloads.map((d) => ({
      user: d.user_id && d.user_name ? { id: d.user_id, name: d.user_name } : null,
      what: d.what as 'archive',
      at: d.created_at.toISOString(),
    })),
    download_path:
      row.status === 'completed' && row.storage_key ? `/api/yearbook-deliveries/${row.id}/download` : null,
    change_list_pdf_path: `/api/yearbook-deliveries/${row.id}/changes.pdf`,
    change_list_csv_path: `/api/yearbook-deliveries/${row.id}/changes.csv`,
  };
}

export function serializeManifestRow(row: ManifestRow) {
  return {
    subject_id: row.subject_id,
    change: row.change,
    removal_reason: row.removal_reason,
    photo_id: row.photo_id,
    content_sha256: row.content_sha256,
    crop: row.crop,
    image_file_name: row.image_file_name,
    values: row.values,
  };
}
