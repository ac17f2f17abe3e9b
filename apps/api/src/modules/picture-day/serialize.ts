import { z } from 'zod';
import { isoOrNull, isoTimestamps, recordSchema } from '../../wire.js';
import { photoSchema } from '../photos/serialize.js';
import type { PhotoRow } from '../photos/service.js';
import { REASON_CODES, type ReasonCode, WARNING_CODES, type WarningCode } from './match.js';
import type { BatchRow, ItemCounts, ItemRow } from './queries.js';

export const BATCH_STATES = ['open', 'matching', 'matched', 'applying', 'applied', 'failed'] as const;
export const ITEM_STATES = ['pending', 'card', 'matched', 'unmatched', 'ambiguous', 'ignored'] as const;
// `check_in`: by the station check-ins of a photo session (photo-sessions module); stored, matched later.
export const MATCH_BY = ['camera_card', 'file_name', 'mapping_file', 'check_in'] as const;
export const PRIMARY_RULES = ['if_none', 'newest'] as const;

/** The subject counts a match, review or apply leaves on the batch (`photo_batches.report`). */
export interface SubjectReport {
  subjects_matched: number;
  subjects_without_photos: number;
  subjects_with_several_photos: number;
  subjects_photographed_again: number;
}

const countsSchema = z.object({
  photos: z.number(),
  uploaded: z.number(),
  pending: z.number(),
  not_uploaded: z.number(),
  /** Of the pending, the ones whose bytes arrived and are still being checked (verifying): not "not uploaded". */
  verifying: z.number(),
  cards: z.number(),
  matched: z.number(),
  unmatched: z.number(),
  ambiguous: z.number(),
  ignored: z.number(),
  /** Matched with a warning (`warning_code`): a value read that needed help, such as leading zeros. */
  warned: z.number(),
  subjects_matched: z.number(),
  subjects_without_photos: z.number(),
  subjects_with_several_photos: z.number(),
  subjects_photographed_again: z.number(),
});

export const photoBatchSchema = recordSchema({
  project_id: z.string(),
  name: z.string(),
  match_by: z.enum(MATCH_BY),
  /** The photo session a batch matched by check-in reads; null otherwise. */
  photo_session_id: z.string().nullable(),
  /** The station whose live batch this is (tethered capture); null for a batch uploaded by hand. */
  station_id: z.string().nullable(),
  match_field_key: z.string(),
  match_field_label: z.string().nullable(),
  create_extras: z.boolean(),
  retakes: z.boolean(),
  primary: z.enum(PRIMARY_RULES),
  state: z.enum(BATCH_STATES),
  error: z.string().nullable(),
  mapping_file: z.object({ file_name: z.string(), byte_size: z.number(), uploaded: z.boolean() }).nullable(),
  counts: countsSchema,
  /** The files whose bytes never arrived: `total` (counts.not_uploaded) and the first names by name. */
  not_uploaded_files: z.object({ total: z.number(), file_names: z.array(z.string()) }),
  matched_at: z.string().nullable(),
  applied_at: z.string().nullable(),
  created_by_user_id: z.string().nullable(),
});

/** Thumbnails and verification state as a photo has them. */
const thumbnailsSchema = photoSchema.shape.thumbnails;

export const photoBatchItemSchema = z.object({
  id: z.string(),
  photo_batch_id: z.string(),
  photo_id: z.string(),
  file_name: z.string(),
  byte_size: z.number(),
  last_modified: z.string().nullable(),
  captured_at: z.string().nullable(),
  verification_state: photoSchema.shape.verification_state,
  verified: z.boolean(),
  state: z.enum(ITEM_STATES),
  subject_id: z.string().nullable(),
  candidate_subject_ids: z.array(z.string()),
  card_code: z.string().nullable(),
  reason_code: z.enum(REASON_CODES).nullable(),
  reason: z.string().nullable(),
  value_read: z.string().nullable(),
  warning_code: z.enum(WARNING_CODES).nullable(),
  warning: z.string().nullable(),
  reviewed: z.boolean(),
  applied: z.boolean(),
  thumbnails: thumbnailsSchema,
});

const EMPTY_REPORT: SubjectReport = {
  subjects_matched: 0,
  subjects_without_photos: 0,
  subjects_with_several_photos: 0,
  subjects_photographed_again: 0,
};

/** At most this many names of files not uploaded on a batch (`not_uploaded_files`); the total is all. */
export const NOT_UPLOADED_NAMES = 200;

export function serializeBatch(
  b: BatchRow,
  counts: ItemCounts,
  fieldLabel: string | null,
  notUploadedNames: string[],
) {
  return {
    id: b.id,
    project_id: b.project_id,
    name: b.name,
    match_by: b.match_by,
    photo_session_id: b.photo_session_id,
    station_id: b.station_id,
    match_field_key: b.match_field_key,
    match_field_label: fieldLabel,
    create_extras: b.create_extras,
    retakes: b.retakes,
    primary: b.primary_rule,
    state: b.state,
    error: b.error,
    mapping_file: b.mapping_file_name
      ? {
          file_name: b.mapping_file_name,
          byte_size: Number(b.mapping_byte_size ?? 0),
          uploaded: b.mapping_uploaded_at !== null,
        }
      : null,
    counts: { ...counts, ...EMPTY_REPORT, ...(b.report as Partial<SubjectReport>) },
    not_uploaded_files: { total: counts.not_uploaded, file_names: notUploadedNames },
    matched_at: isoOrNull(b.matched_at),
    applied_at: isoOrNull(b.applied_at),
    created_by_user_id: b.created_by_user_id,
    ...isoTimestamps(b),
  };
}

/** A reason in English, naming the match field where it speaks of one ("no such Student ID"). */
export function reasonText(code: ReasonCode | null, fieldLabel: string, candidates: number): string | null {
  switch (code) {
    case null:
    case 'card':
      return null;
    case 'no_card_before':
      return 'no card before it';
    case 'unknown_code':
      return 'unknown code';
    case 'new_subject':
      return 'unknown code: a new subject is made on apply';
    case 'no_value':
      return `no ${fieldLabel} in the file name`;
    case 'no_such_value':
      return `no such ${fieldLabel}`;
    case 'several_subjects':
      return `${candidates} subjects have this ${fieldLabel}`;
    case 'not_in_mapping_file':
      return 'not in the mapping file';
    case 'not_verified':
      return 'not uploaded';
    case 'pending_before':
      return 'a photo before it has not been uploaded';
    case 'unreadable_card':
      return 'looks like a card but its code could not be read';
    case 'unreadable_card_before':
      return 'after a frame that looks like a card but could not be read';
    case 'long_pause':
      return 'after a long pause with no card: it may be a child who forgot the card';
    case 'duplicate':
      return 'the project already has this photo (the same file)';
    case 'clock_card':
      return "a station's clock card: it sets its camera's clock";
    case 'no_clock_card':
      return "its camera's clock card (shown at the station) is not in the batch";
    case 'unknown_clock_card':
      return 'a clock card of a station not in this photo session';
    case 'no_capture_time':
      return 'no capture time in the photo';
    case 'no_check_in_before':
      return 'no check-in at its station before it';
    case 'undone_check_in':
      return 'after a check-in that was undone';
    case 'walk_up_pending':
      return 'a walk-up not approved yet';
    case 'long_after_check_in':
      return 'long after the last check-in at its station';
    case 'near_check_in':
      return 'taken within 2 seconds of another student’s check-in: which of them it shows is for a person to say';
  }
}

/** A warning in English: what the match did to find the subject. */
export function warningText(code: WarningCode | null, fieldLabel: string, valueRead: string | null) {
  switch (code) {
    case null:
      return null;
    case 'zeros_restored':
      return `read as ${valueRead ?? ''}: matched the ${fieldLabel} with its leading zeros restored`;
  }
}

export function serializeItem(
  i: ItemRow,
  photo: Pick<PhotoRow, 'verification_state' | 'upload_verified_at'> | undefined,
  thumbnails: z.infer<typeof thumbnailsSchema>,
  fieldLabel: string,
) {
  const reason = (REASON_CODES as readonly string[]).includes(i.reason_code ?? '')
    ? (i.reason_code as ReasonCode)
    : null;
  const warning = (WARNING_CODES as readonly string[]).includes(i.warning_code ?? '')
    ? (i.warning_code as WarningCode)
    : null;
  return {
    id: i.id,
    photo_batch_id: i.photo_batch_id,
    photo_id: i.photo_id,
    file_name: i.file_name,
    byte_size: Number(i.byte_size),
    last_modified: isoOrNull(i.last_modified),
    captured_at: isoOrNull(i.captured_at),
    verification_state: photo?.verification_state ?? 'uploaded',
    verified: !!photo?.upload_verified_at,
    state: i.state,
    subject_id: i.subject_id,
    candidate_subject_ids: i.candidate_subject_ids,
    card_code: i.card_code,
    reason_code: reason,
    // Its bytes arrived: "not uploaded" would send the user to upload it again.
    reason:
      reason === 'not_verified' && photo?.verification_state === 'verifying'
        ? 'uploaded, still being verified'
        : reasonText(reason, fieldLabel, i.candidate_subject_ids.length),
    value_read: i.value_read,
    warning_code: warning,
    warning: warningText(warning, fieldLabel, i.value_read),
    reviewed: i.reviewed,
    applied: i.applied_at !== null,
    thumbnails,
  };
}

// ---------- A station's "now" view (tethered capture) ----------

const rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const checkSchema = z.object({ code: z.string(), message: z.string() });

/**
 * One frame of the station's current student: its item's state in the live batch, its signed thumbnails,
 * its checks (empty when it passed; `checked` false while they run) and its portrait auto crop (fractions
 * of the image), whether it is the photographer's pick and whether it has been applied.
 */
export const stationFrameSchema = z.object({
  photo_id: z.string(),
  photo_batch_item_id: z.string(),
  file_name: z.string(),
  captured_at: z.string().nullable(),
  state: z.enum(ITEM_STATES),
  reason_code: z.enum(REASON_CODES).nullable(),
  reason: z.string().nullable(),
  verification_state: photoSchema.shape.verification_state,
  thumbnails: thumbnailsSchema,
  checked: z.boolean(),
  checks: z.array(checkSchema),
  face: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  auto_crop: rect.nullable(),
  picked: z.boolean(),
  applied: z.boolean(),
  is_primary: z.boolean(),
});
export type StationFrame = z.infer<typeof stationFrameSchema>;

/** The station's current student: whom its last check-in (photographed or retake) names. */
export const stationStudentSchema = z.object({
  check_in_id: z.string(),
  /** The subject, or null for a walk-up not approved yet (`walk_up_id`). */
  subject_id: z.string().nullable(),
  walk_up_id: z.string().nullable(),
  status: z.enum(['photographed', 'retake']),
  /** The device's time of the check-in. */
  checked_in_at: z.string(),
  name: z.string(),
  card_code: z.string().nullable(),
});

export const stationNowSchema = z.object({
  station_id: z.string(),
  photo_session_id: z.string(),
  /** The station's live batch, or null before its uploader's first call. */
  photo_batch_id: z.string().nullable(),
  /** The session's choice: matched frames applied as they come (true) or held for review (false). */
  live_apply: z.boolean(),
  /** Null before the station's first check-in (or after an undo took back its last). */
  student: stationStudentSchema.nullable(),
  /** The student's frames in this live batch, in capture order (matched, or offered to them for review). */
  frames: z.array(stationFrameSchema),
  /** The last frame failed a check: take another now. */
  retake_now: z.boolean(),
  /** The codes of the last frame's checks that failed (empty unless retake_now). */
  retake_reasons: z.array(z.string()),
  /** Frames of the batch still being verified, checked or matched (not placed yet). */
  processing: z.number(),
});
export type StationNow = z.infer<typeof stationNowSchema>;
