import type { ColumnType, Generated } from 'kysely';
import type { DetectedFace } from '../images/faces.js';

/** Kysely's view of the tables in migrations/. Ids are bigint, read as strings. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface OrganizationsTable {
  id: Generated<string>;
  parent_organization_id: string | null;
  name: string;
  role: string;
  short_code: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  logo_url: string | null;
  logo_thumb_url: string | null;
  support_url: string | null;
  current_season_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SupportLinksTable {
  id: Generated<string>;
  organization_id: string;
  label: string;
  external_url: string;
  plic_app_slug: Generated<string>;
  position: Generated<number>;
}

export interface SupportContactsTable {
  id: Generated<string>;
  organization_id: string;
  label: string;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  plic_app_slug: Generated<string>;
  position: Generated<number>;
}

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  password_hash: string | null;
  roles: Generated<string[]>;
  enable_plic_app_whitelist: Generated<boolean>;
  plic_app_whitelist_slugs: Generated<string[]>;
  default_account_id: string | null;
  current_account_id: string | null;
  invitation_sent_at: NullableTimestamp;
  invitation_accepted_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface AccountsTable {
  id: Generated<string>;
  user_id: string;
  organization_id: string;
  managed_organization_ids: Generated<string[]>;
  enable_plic_app_whitelist: Generated<boolean>;
  plic_app_whitelist_slugs: Generated<string[]>;
  created_at: Generated<Date>;
}

export interface AppLicensesTable {
  id: Generated<string>;
  user_id: string;
  plic_app_slug: string;
  active: Generated<boolean>;
  expires_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AccessTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_used_at: Generated<Date>;
  revoked_at: NullableTimestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SignInFailuresTable {
  id: Generated<string>;
  email_key: string;
  address: string;
  created_at: Generated<Date>;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** The one-click unsubscribe address (RFC 8058) sent as List-Unsubscribe, or null. */
  list_unsubscribe: string | null;
  status: Generated<'pending' | 'sent' | 'stored' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

export interface SeasonsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  period_start: string | null;
  period_end: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ProjectsTable {
  id: Generated<string>;
  organization_id: string;
  season_id: string | null;
  name: string;
  short_code: string | null;
  enable_plic_app_whitelist: Generated<boolean>;
  plic_app_whitelist_slugs: Generated<string[]>;
  project_template_id: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Set when deletion starts (0016): the project is hidden, the projects.delete job removes it. */
  deleting_at: NullableTimestamp;
  /** The head-size rule of auto crops (0028); null takes packages/domain's defaults. */
  head_size_share: number | null;
  eye_line_from_top: number | null;
  /** Families (0061): until when a guardian may choose the yearbook pose; null, no choice. */
  family_pose_deadline: NullableTimestamp;
  /** Families (0061): a guardian's opt-out request sets the consent flags at once (the school's choice). */
  family_opt_outs_apply_at_once: Generated<boolean>;
}

export interface ProjectTemplatesTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string | null;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SubjectFieldsTable {
  id: Generated<string>;
  project_template_id: string;
  field_key: string | null;
  label: string | null;
  arrangement_position: Generated<number>;
  auto_suggest_enabled: Generated<boolean>;
  visible_to_customers: Generated<boolean>;
}

export interface InvitationsTable {
  id: Generated<string>;
  user_id: string;
  invited_by_user_id: string | null;
  token_hash: Buffer;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  replaced_at: NullableTimestamp;
}

export interface SubjectsTable {
  id: Generated<string>;
  project_id: string;
  properties: ColumnType<Record<string, string>, string, string>;
  search_text: ColumnType<string | null, never, never>;
  yearbook_photo_id: string | null;
  created_by_plic_app_id: string | null;
  /** The camera card's code (0026): the database default gives it; it is never changed after. */
  card_code: ColumnType<string, string | undefined, never>;
  /** Consent (0030): set by the school's staff; directory opt-outs are left off composites and directories. */
  directory_opt_out: Generated<boolean>;
  /** Consent (0030): left out of yearbook formats' archives. */
  yearbook_opt_out: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AlbumsTable {
  id: Generated<string>;
  parent_resource_type: string;
  parent_resource_id: string;
  name: string;
  tags: Generated<string[]>;
  created_at: Generated<Date>;
}

/**
 * A record's uploaded file (photos, attachments): its key, what the form declared, when the bytes came,
 * when they were verified and their SHA-256 then.
 */
interface UploadColumns {
  storage_key: string;
  upload_file_name: string;
  upload_file_size: ColumnType<string, number | string, number | string>;
  upload_content_type: string;
  uploaded_at: NullableTimestamp;
  upload_verified_at: NullableTimestamp;
  content_sha256: string | null;
}

export interface PhotosTable extends UploadColumns {
  id: Generated<string>;
  album_id: string;
  width: number | null;
  height: number | null;
  orientation: number | null;
  category: string | null;
  chroma_key: string | null;
  tags: Generated<string[]>;
  merge_duplicate: Generated<boolean>;
  created_by_plic_app_id: string | null;
  renditions_ready_at: NullableTimestamp;
  /** The working master's size (upright, <= 2400 px long edge); null when the photo has none. */
  master_width: number | null;
  master_height: number | null;
  /** When the original was found to differ from the verified bytes: no master is made (migration 0022). */
  master_refused_at: Date | null;
  /** uploaded -> verifying (the photos.verify job) -> verified | refused | merged. */
  verification_state: Generated<'uploaded' | 'verifying' | 'verified' | 'refused' | 'merged'>;
  verification_error: string | null;
  /** The photos.verify job last sent for it (0051): "verify again" starts another when it is no longer live. */
  verify_job_id: ColumnType<string | null, string | null | undefined, string | null>;
  merged_into_photo_id: string | null;
  /** The one face found (0028): fractions of the upright image; null when none or several. */
  face: ColumnType<PhotoFace | null, string | null, string | null>;
  /**
   * The faces verification found in the large rendition (0065), fractions of the image, for photos.checks
   * to take instead of detecting again; null when verification did not look.
   */
  detected_faces: ColumnType<DetectedFace[] | null, string | null, string | null>;
  /** Quality flags (0028) of the photos.checks job; empty when none or not checked yet. */
  checks: ColumnType<PhotoCheck[], string | undefined, string>;
  checked_at: NullableTimestamp;
  retake_needed: Generated<boolean>;
  /** When and by whom a person accepted the photo's flags on the review screen (0029); null: open. */
  checks_accepted_at: NullableTimestamp;
  checks_accepted_by: string | null;
  created_at: Generated<Date>;
}

/** A photo's face (0028): the head from crown to chin and the eye line, as fractions of the image. */
export interface PhotoFace {
  x: number;
  y: number;
  width: number;
  height: number;
  eye_y: number;
}

export interface PhotoCheck {
  code: string;
  message: string;
}

export interface SubjectPhotoAssignmentsTable {
  id: Generated<string>;
  subject_id: string;
  photo_id: string;
  is_primary: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface PhotoCropsTable {
  id: Generated<string>;
  photo_id: string;
  name: string;
  is_default: Generated<boolean>;
  x: number;
  y: number;
  width: number;
  height: number;
  /** manual (a person's: never replaced) or auto (the photos.checks job's, one per aspect), 0028. */
  source: Generated<'manual' | 'auto'>;
  /** width:height of an auto crop's frame; null for manual crops. */
  aspect: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Roster imports (0010_subject_imports.sql). */
export interface SubjectImportsTable {
  id: Generated<string>;
  project_id: string;
  attachment_id: string | null;
  created_by_user_id: string | null;
  storage_key: string;
  upload_file_name: string;
  upload_file_size: ColumnType<string, string | number, string | number>;
  upload_verified_at: NullableTimestamp;
  content_sha256: string | null;
  file_format: 'csv' | 'xlsx' | 'oneroster' | null;
  encoding: string | null;
  delimiter: string | null;
  sheet_name: string | null;
  sheet_names: Generated<string[]>;
  columns: Generated<string[]>;
  sample_rows: ColumnType<string[][], string | undefined, string>;
  row_count: Generated<number>;
  mapping: ColumnType<Record<string, string | null>, string | undefined, string>;
  match_by: Generated<'auto' | 'student_id' | 'name_and_grade'>;
  mode: Generated<'add_only' | 'add_and_update'>;
  skip_invalid_rows: Generated<boolean>;
  status: Generated<'uploading' | 'ready' | 'checked' | 'applying' | 'applied' | 'failed' | 'expired'>;
  /** OneRoster: the users' column that gives the Student ID (0042). */
  oneroster_student_id: Generated<'identifier' | 'sourced_id'>;
  // biome-ignore lint/suspicious/noExplicitAny: the reports' shapes live in the subject-imports module
  check_report: ColumnType<any | null, string | null | undefined, string | null>;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  report: ColumnType<any | null, string | null | undefined, string | null>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  failure: string | null;
  applied_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SubjectImportMappingsTable {
  organization_id: string;
  mapping: ColumnType<Record<string, string | null>, string, string>;
  updated_at: Generated<Date>;
}

export interface ProjectImportsTable {
  id: Generated<string>;
  project_id: string;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

export interface AttachmentRequestsTable {
  id: Generated<string>;
  organization_id: string;
  created_by_user_id: string | null;
  name: string;
  description: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AttachmentRequestProjectsTable {
  attachment_request_id: string;
  project_id: string;
}

export interface AttachmentsTable extends UploadColumns {
  id: Generated<string>;
  project_id: string;
  attachment_request_id: string | null;
  name: string;
  description: string | null;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** When the request's creator was e-mailed about this file (0017); null: not yet, or no request. */
  requester_notified_at: NullableTimestamp;
}

export interface StorageDeletionsTable {
  storage_key: string;
  is_prefix: Generated<boolean>;
  delete_after: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: Generated<Date>;
}

export interface AuditEventsTable {
  id: Generated<string>;
  user_id: string | null;
  account_id: string | null;
  acting_organization_id: string | null;
  owner_organization_id: string | null;
  action: string;
  record_type: string;
  record_id: string | null;
  project_id: string | null;
  ip: string | null;
  details: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, never>;
  created_at: Generated<Date>;
}

export interface ProjectExportFormatsTable {
  id: Generated<string>;
  organization_id: string | null;
  standard_key: string | null;
  created_by_user_id: string | null;
  name: string;
  available_to_suborganizations: Generated<boolean>;
  restrict_to_orgs_managed_by_creator: Generated<boolean>;
  output_directory_name: string | null;
  include_data: Generated<boolean>;
  include_images: Generated<boolean>;
  include_readme: Generated<boolean>;
  allow_custom_directory_group_field: Generated<boolean>;
  directory_group_field_key: string | null;
  duplicate_search_fields: Generated<string[]>;
  data_directory_name: string | null;
  data_directory_group_enabled: Generated<boolean>;
  data_delimiter_format: Generated<string>;
  data_newline_format: Generated<string>;
  data_file_name: Generated<string>;
  data_file_extension: Generated<string>;
  data_allow_custom_file_name: Generated<boolean>;
  data_downcase_field_names: Generated<boolean>;
  data_include_headers: Generated<boolean>;
  data_quote_fields: Generated<boolean>;
  data_include_unmapped_fields: Generated<boolean>;
  data_zero_pad_field_key: string | null;
  data_zero_pad_field_length: number | null;
  data_escape_formulas: Generated<boolean>;
  /** 'utf-8' | 'utf-8-bom' | 'windows-1252' (0024) | 'ascii' (0044). */
  data_encoding: Generated<string>;
  /** A MASTER file lists every subject; the index only those with an image (0024). */
  data_master_file: Generated<boolean>;
  data_image_rows_only: Generated<boolean>;
  /** A yearbook format (0030): leaves subjects out of the yearbook at their family's request. */
  yearbook: Generated<boolean>;
  images_directory_name: string | null;
  images_directory_group_enabled: Generated<boolean>;
  images_content_type: Generated<string>;
  images_crop_width_pixels: Generated<number>;
  images_crop_height_pixels: Generated<number>;
  images_pixels_per_inch: number | null;
  images_name_primary_field_first_key: string | null;
  images_name_primary_field_second_key: string | null;
  images_name_primary_separator: string | null;
  images_name_zero_pad_enabled: Generated<boolean>;
  images_name_zero_pad_length: Generated<number>;
  images_name_append_sequential_number: Generated<boolean>;
  /** Images in ZIPs of their own of at most this many bytes (migration 0031). */
  images_zip_part_max_bytes: number | null;
  /** The archive's files at its root, no output folder (migration 0044). */
  files_at_root: Generated<boolean>;
  /** Written as COPYRIGHT.TXT when set (migration 0044). */
  copyright_statement: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ProjectExportFormatFieldMappingsTable {
  id: Generated<string>;
  project_export_format_id: string;
  /** A catalogue field, or null for a custom field named by custom_label (0024). */
  field_key: string | null;
  custom_label: string | null;
  position: number;
}

export interface LayoutCategoriesTable {
  id: Generated<string>;
  slug: string;
  organization_id: string | null;
  name: string;
  position: Generated<number>;
  /** Its sheets publish faces with names (0030): directory opt-outs are left off. */
  leaves_out_directory_opt_outs: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface LayoutsTable {
  id: Generated<string>;
  layout_category_id: string;
  organization_id: string | null;
  name: string;
  layout_type: 'Basic' | 'Sheet';
  definition: ColumnType<unknown, string, string>;
  parent_layout_id: string | null;
  flipped_layout_id: string | null;
  pose_number: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LayoutRendersTable {
  id: Generated<string>;
  project_id: string;
  layout_id: string;
  render_type: 'Basic' | 'Sheet';
  created_by_user_id: string | null;
  render_name: string;
  batch_name: string | null;
  format: Generated<string>;
  subject_ids: string[];
  group_by: Generated<string[]>;
  sort_by: Generated<string[]>;
  /** Subjects without a photo: left out, or printed as a placeholder with the name (0025). */
  subjects_without_photo: Generated<'leave_out' | 'placeholder'>;
  include_hidden_fields: Generated<boolean>;
  /** Holds values of fields hidden from customers (0023): out of view for callers who may not read them. */
  holds_hidden_fields: Generated<boolean>;
  worker_token: string;
  worker_status: Generated<'running' | 'complete' | 'failed'>;
  failure_reason: string | null;
  storage_key: string | null;
  page_count: number | null;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
  /** completed_at + EXPORT_RETENTION_DAYS (0016); the retention sweep deletes the PDF after it. */
  expires_at: NullableTimestamp;
  expired_at: NullableTimestamp;
}

/** Project exports (0014_project_exports.sql). */
export interface ProjectExportsTable {
  id: Generated<string>;
  project_id: string;
  project_export_format_id: string | null;
  project_export_format_name: string;
  created_by_user_id: string | null;
  subjects_count: Generated<number>;
  included_subject_ids: Generated<string[]>;
  excluded_subject_ids: Generated<string[]>;
  include_subjects_without_images: Generated<boolean>;
  use_default_photo_crops: Generated<boolean>;
  use_photo_crop_name: Generated<boolean>;
  duplicate_search_fields: Generated<string[]>;
  custom_directory_group_field_key: string | null;
  selected_pose: Generated<string>;
  selected_background: Generated<'default' | 'ordered'>;
  include_hidden_fields: Generated<boolean>;
  /** Holds values of fields hidden from customers (0023): out of view for callers who may not read them. */
  holds_hidden_fields: Generated<boolean>;
  job_id: string | null;
  job_status: 'working' | 'completed' | 'failed' | null;
  job_status_at: number | null;
  job_status_total: number | null;
  job_status_message: string | null;
  job_run_token: string | null;
  export_started_at: NullableTimestamp;
  export_completed_at: NullableTimestamp;
  storage_key: string | null;
  archive_entries: number | null;
  archive_images: number | null;
  archive_bytes: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  expires_at: NullableTimestamp;
  expired_at: NullableTimestamp;
  // biome-ignore lint/suspicious/noExplicitAny: the report's shape is the archive module's ExportCheckReport
  check_report: ColumnType<any | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Kept by triggers on subjects (migration 0018); read through projectSubjectReads. */
export interface ProjectSubjectCountsTable {
  project_id: string;
  subjects_count: ColumnType<number, never, never>;
}

export interface ProjectGridVersionsTable {
  project_id: string;
  version: ColumnType<string, never, never>;
}

/** Picture day (0027): a shoot uploaded as a batch, matched to subjects, reviewed and applied. */
export interface PhotoBatchesTable {
  id: Generated<string>;
  project_id: string;
  album_id: string;
  name: string;
  match_by: 'camera_card' | 'file_name' | 'mapping_file';
  /** The photo session a batch matched by check-in reads (0053). */
  photo_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The station whose live batch this is (tethered capture, 0056); null for a batch uploaded by hand. */
  station_id: ColumnType<string | null, string | null | undefined, string | null>;
  match_field_key: Generated<string>;
  create_extras: Generated<boolean>;
  primary_rule: Generated<'if_none' | 'newest'>;
  /** A batch of retakes: its newest photos become primary by default (migration 0040). */
  retakes: Generated<boolean>;
  state: Generated<'open' | 'matching' | 'matched' | 'applying' | 'applied' | 'failed'>;
  error: string | null;
  mapping_storage_key: string | null;
  mapping_file_name: string | null;
  mapping_byte_size: ColumnType<string | null, number | string | null, number | string | null>;
  mapping_file_column: string | null;
  mapping_value_column: string | null;
  mapping_uploaded_at: NullableTimestamp;
  report: ColumnType<Record<string, number>, string | undefined, string>;
  matched_at: NullableTimestamp;
  applied_at: NullableTimestamp;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PhotoBatchItemsTable {
  id: Generated<string>;
  photo_batch_id: string;
  photo_id: string;
  file_name: string;
  byte_size: ColumnType<string, number | string, number | string>;
  last_modified: NullableTimestamp;
  captured_at: NullableTimestamp;
  code_read_at: NullableTimestamp;
  card_code: string | null;
  /** The camera in the photo's EXIF (0038): make, model and body serial; null when none. */
  camera_key: string | null;
  /** A sharp face found by the match when the photo's checks had not run (0038): 1, else 0; null when not looked. */
  face_count: number | null;
  /** When a faceless frame without a code was read again at full resolution (0038). */
  card_read_thoroughly_at: NullableTimestamp;
  /** The match field's value as the file name or mapping file gave it (0039). */
  value_read: string | null;
  /** A match that needed help (0039): `zeros_restored`. */
  warning_code: string | null;
  state: Generated<'pending' | 'card' | 'matched' | 'unmatched' | 'ambiguous' | 'ignored'>;
  subject_id: string | null;
  candidate_subject_ids: ColumnType<string[], string[] | undefined, string[]>;
  reason_code: string | null;
  sequence: number | null;
  reviewed: Generated<boolean>;
  applied_at: NullableTimestamp;
  /** Applied while its subject's frames were not all checked: the primary is chosen when they are (0040). */
  primary_pending: Generated<boolean>;
  /** The photographer's pick among its subject's frames at the station (0058): one per subject and batch. */
  picked_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface RequestLimitsTable {
  bucket: string;
  address_digest: string;
  window_start: Date;
  count: number;
}

export interface JobInstancesTable {
  id: string;
  started_at: Generated<Date>;
  seen_at: Generated<Date>;
}

export interface JobRunsTable {
  job_id: string;
  queue: string;
  instance_id: string;
  started_at: Generated<Date>;
}

export interface PhotoSessionsTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  /** The day of the session, as 'YYYY-MM-DD' (a date column, read as text: no time zone moves it). */
  date: ColumnType<string, string, string>;
  /** Whether its live batches' matched frames are applied as they come (0058); else held for review. */
  live_apply: Generated<boolean>;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface StationsTable {
  id: Generated<string>;
  photo_session_id: string;
  name: string;
  link_token_hash: Buffer | null;
  link_expires_at: NullableTimestamp;
  link_revoked_at: NullableTimestamp;
  clock_station_at: NullableTimestamp;
  clock_received_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WalkUpsTable {
  id: Generated<string>;
  photo_session_id: string;
  project_id: string;
  station_id: string | null;
  client_id: string;
  fields: ColumnType<Record<string, string>, string, string>;
  /** Drawn by the table's trigger when left out (0052). */
  card_code: ColumnType<string, string | undefined, string>;
  subject_id: string | null;
  approved_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CheckInsTable {
  id: Generated<string>;
  photo_session_id: string;
  station_id: string;
  client_id: string;
  subject_id: string | null;
  walk_up_id: string | null;
  status: 'photographed' | 'absent' | 'retake' | 'undo';
  at: Timestamp;
  note: string | null;
  received_at: Generated<Date>;
  created_by_user_id: string | null;
}

/** Yearbook deliveries (0059): a project's publisher targets, with their deadlines. */
export interface YearbookTargetsTable {
  id: Generated<string>;
  project_id: string;
  publisher: string;
  project_export_format_id: string | null;
  deadlines: ColumnType<{ name: string; date: string }[], string | undefined, string>;
  notify_days_before: Generated<number>;
  school_contact_email: string | null;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Yearbook deliveries (0059): each delivery to a target, full or the changes since the last one. */
export interface YearbookDeliveriesTable {
  id: Generated<string>;
  yearbook_target_id: string;
  project_id: string;
  number: number;
  kind: 'full' | 'changes';
  since_delivery_id: string | null;
  status: Generated<'queued' | 'working' | 'completed' | 'failed'>;
  status_message: string | null;
  job_id: string | null;
  format_name: string;
  counts: ColumnType<Record<string, number>, string | undefined, string>;
  storage_key: string | null;
  archive_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  created_by_user_id: string | null;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

/** Yearbook deliveries (0059): a delivery's manifest, one row per subject it holds or removes. */
export interface YearbookDeliverySubjectsTable {
  yearbook_delivery_id: string;
  subject_id: string;
  change: 'added' | 'replaced' | 'corrected' | 'unchanged' | 'removed';
  removal_reason: 'left' | 'yearbook_opt_out' | null;
  photo_id: string | null;
  content_sha256: string | null;
  crop: ColumnType<
    { x: number; y: number; width: number; height: number } | null,
    string | null | undefined,
    string | null
  >;
  image_file_name: string | null;
  photo_taken_at: NullableTimestamp;
  values: ColumnType<Record<string, string>, string | undefined, string>;
  who: ColumnType<{ name: string; grade: string; teacher: string }, string | undefined, string>;
  corrected: ColumnType<
    { field: string; from: string; to: string }[] | null,
    string | null | undefined,
    string | null
  >;
  change_text: string | null;
}

/** Yearbook deliveries (0059): who downloaded what of a delivery, when. */
export interface YearbookDeliveryDownloadsTable {
  id: Generated<string>;
  yearbook_delivery_id: string;
  user_id: string | null;
  what: 'archive' | 'change_list_pdf' | 'change_list_csv';
  created_at: Generated<Date>;
}

/** Yearbook deliveries (0060): the deadline warnings sent, one per target, deadline and date. */
export interface YearbookDeadlineNoticesTable {
  yearbook_target_id: string;
  deadline_name: string;
  deadline_date: ColumnType<string, string, string>;
  sent_at: Generated<Date>;
}

/** Families (0061): see migrations/0061_families.sql. */
export interface FamilyAccessCodesTable {
  id: Generated<string>;
  subject_id: string;
  code: string;
  revoked_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface GuardiansTable {
  id: Generated<string>;
  email: string;
  notify_photos_ready: Generated<boolean>;
  last_signed_in_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface GuardianLinksTable {
  id: Generated<string>;
  guardian_id: string;
  subject_id: string;
  access_code_id: string;
  created_at: Generated<Date>;
}

export interface FamilySignInLinksTable {
  id: Generated<string>;
  email: string;
  access_code_id: string;
  token_hash: Buffer;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface FamilyTokensTable {
  id: Generated<string>;
  guardian_id: string;
  token_hash: Buffer;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface FamilyGalleryGrantsTable {
  id: Generated<string>;
  guardian_id: string;
  subject_id: string;
  photo_ids: ColumnType<string[], string[], string[]>;
  token_hash: Buffer;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface FamilyPoseChoicesTable {
  subject_id: string;
  photo_id: string;
  guardian_id: string | null;
  chosen_at: Generated<Date>;
}

export interface OptOutRequestsTable {
  id: Generated<string>;
  subject_id: string;
  project_id: string;
  guardian_id: string | null;
  directory_opt_out: boolean | null;
  yearbook_opt_out: boolean | null;
  state: Generated<'pending' | 'approved' | 'declined'>;
  decided_by_user_id: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface GuardianUnsubscribesTable {
  token_hash: Buffer;
  guardian_id: string;
  created_at: Generated<Date>;
}

export interface Database {
  layout_categories: LayoutCategoriesTable;
  layouts: LayoutsTable;
  layout_renders: LayoutRendersTable;
  attachment_requests: AttachmentRequestsTable;
  attachment_request_projects: AttachmentRequestProjectsTable;
  attachments: AttachmentsTable;
  audit_events: AuditEventsTable;
  storage_deletions: StorageDeletionsTable;
  subjects: SubjectsTable;
  albums: AlbumsTable;
  photos: PhotosTable;
  subject_photo_assignments: SubjectPhotoAssignmentsTable;
  photo_crops: PhotoCropsTable;
  project_imports: ProjectImportsTable;
  invitations: InvitationsTable;
  project_templates: ProjectTemplatesTable;
  subject_fields: SubjectFieldsTable;
  organizations: OrganizationsTable;
  organization_support_links: SupportLinksTable;
  organization_support_contacts: SupportContactsTable;
  users: UsersTable;
  accounts: AccountsTable;
  app_licenses: AppLicensesTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  sign_in_failures: SignInFailuresTable;
  request_limits: RequestLimitsTable;
  job_instances: JobInstancesTable;
  job_runs: JobRunsTable;
  email_outbox: EmailOutboxTable;
  seasons: SeasonsTable;
  projects: ProjectsTable;
  project_export_formats: ProjectExportFormatsTable;
  project_export_format_field_mappings: ProjectExportFormatFieldMappingsTable;
  project_exports: ProjectExportsTable;
  subject_imports: SubjectImportsTable;
  subject_import_mappings: SubjectImportMappingsTable;
  project_subject_counts: ProjectSubjectCountsTable;
  project_grid_versions: ProjectGridVersionsTable;
  photo_batches: PhotoBatchesTable;
  photo_batch_items: PhotoBatchItemsTable;
  photo_sessions: PhotoSessionsTable;
  stations: StationsTable;
  walk_ups: WalkUpsTable;
  check_ins: CheckInsTable;
  family_access_codes: FamilyAccessCodesTable;
  guardians: GuardiansTable;
  guardian_links: GuardianLinksTable;
  family_sign_in_links: FamilySignInLinksTable;
  family_tokens: FamilyTokensTable;
  family_gallery_grants: FamilyGalleryGrantsTable;
  family_pose_choices: FamilyPoseChoicesTable;
  opt_out_requests: OptOutRequestsTable;
  guardian_unsubscribes: GuardianUnsubscribesTable;
  yearbook_targets: YearbookTargetsTable;
  yearbook_deliveries: YearbookDeliveriesTable;
  yearbook_delivery_subjects: YearbookDeliverySubjectsTable;
  yearbook_delivery_downloads: YearbookDeliveryDownloadsTable;
  yearbook_deadline_notices: YearbookDeadlineNoticesTable;
}
