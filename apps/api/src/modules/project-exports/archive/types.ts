import type { Selectable } from 'kysely';
import type { ProjectExportFormatsTable } from '../../../db/schema.js';
import type { Storage } from '../../../storage/storage.js';

/** The format as exportruns loads it: the project_export_formats row (snake_case columns as in schema.ts)
 *  plus its ordered field mappings. */
export type ExportFormatRow = Selectable<ProjectExportFormatsTable> & {
  /** A catalogue field by key, or (field_key null) a template's custom field by its label. */
  field_mappings: { field_key: string | null; custom_label?: string | null; position: number }[];
};

/** A project template field as the export sees it (those the run may read; in the template's order). */
export interface ProjectField {
  id: string;
  field_key: string | null;
  /** Its own label; a keyed field without one shows its catalogue label. */
  label?: string | null;
}

export interface ExportImageSource {
  photoId: string;
  /** The original's key in Storage. */
  storageKey: string;
  /** Of the original as stored (before EXIF orientation). */
  width: number;
  height: number;
  /** EXIF orientation 1..8 when known. */
  orientation: number | null;
  /** Crop rectangle in the *oriented* image's pixel space (after EXIF rotation), or null: centred crop
   *  of the output's aspect ratio. */
  crop: { x: number; y: number; width: number; height: number } | null;
  /** For use_photo_crop_name. */
  cropName: string | null;
  /** Who made the crop: a person (manual) or the head-size rule (auto); absent when there is none. */
  cropSource?: 'manual' | 'auto';
  /** The photo's working master (upright), read instead of the original when it has pixels enough. */
  master: { storageKey: string; width: number; height: number } | null;
}

export interface ExportSubject {
  id: string;
  /** Export field key -> value, already resolved from the subject's properties by exportruns. */
  values: Record<string, string>;
  /** Template field id -> trimmed value, for the columns of custom and unmapped fields. */
  fieldValues?: Record<string, string>;
  /** 0..n (pose "all" gives several; others give at most one). */
  images: ExportImageSource[];
}

export interface ExportRunOptions {
  /** custom_directory_group_field_key ?? format.directory_group_field_key */
  groupFieldKey: string | null;
  usePhotoCropName: boolean;
  includeSubjectsWithoutImages: boolean;
  /** The project's template fields the run reads: custom labels match these, unmapped fields are these. */
  fields: ProjectField[];
  /** For the readme. */
  projectName: string;
}

export type ExportCheckIssueCode =
  | 'missing_image'
  | 'missing_value'
  | 'duplicate_value'
  | 'name_collision'
  | 'forbidden_characters'
  | 'leading_zeros'
  | 'upscaled'
  | 'no_crop'
  | 'auto_cropped'
  | 'missing_field'
  | 'transliterated'
  | 'left_out_of_index'
  /** A yearbook format leaves out subjects whose family asked (consent): named, not an error. */
  | 'yearbook_opt_out'
  | 'leading_zeros_collide'
  | 'leading_zeros_in_csv'
  /** An ID a system that matches by a number (Aeries's Permanent ID) can't match: `E-77`. */
  | 'not_a_number'
  | 'pspa_row_without_image'
  | 'pspa_name_not_unique'
  | 'pspa_unsafe_name'
  | 'pspa_image_size'
  | 'pspa_aspect'
  | 'pspa_staff_unmarked';

export interface ExportCheckIssue {
  code: ExportCheckIssueCode;
  /** A readable English sentence with the count, e.g. "3 subjects have no image." */
  message: string;
  field_key: string | null;
  count: number;
  /** At most 100. */
  subject_ids: string[];
  /**
   * For a value the archive will write otherwise (a name a file name or the data encoding can't hold):
   * what it is and what it becomes, per subject and column, at most 100. Only in the pre-export check's
   * answer to its caller; the report kept with the export leaves it out (storedReport).
   */
  changes?: ExportValueChange[];
}

export interface ExportValueChange {
  subject_id: string;
  /** The column's or field's label (Last Name). */
  field: string;
  from: string;
  to: string;
}

export interface ExportCheckReport {
  subjects_count: number;
  issues: ExportCheckIssue[];
}

export interface BuildExportArchiveArgs {
  storage: Storage;
  key: string;
  format: ExportFormatRow;
  subjects: AsyncIterable<ExportSubject> | Iterable<ExportSubject>;
  total: number;
  options: ExportRunOptions;
  onProgress: (done: number, total: number, message: string) => Promise<void>;
  signal?: AbortSignal;
  /**
   * A yearbook changes delivery: only the subjects this answers true for have their images rendered and
   * their rows in the index; the others are in MASTER (the full list) only, naming their image files as
   * before. Left out, every subject is.
   */
  renderSubject?: (subjectId: string) => boolean;
  /** Told each subject's image file names as written (a yearbook delivery's manifest). */
  onSubjectWritten?: (subjectId: string, imageFileNames: string[]) => void;
}

export interface BuildExportArchiveResult {
  entries: number;
  images: number;
  bytes: number;
}
