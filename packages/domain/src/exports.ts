import { z } from 'zod';
import { optionalText } from './schemas.js';
import { FIELD_KEYS } from './templates.js';

/**
 * Export formats (exports-and-printing §3, §5, §9): the field-key catalogue an export can map, the
 * defaults of a new format, and the validation rules with their exact wording. Shared by the API (the
 * 422 answers) and the format wizard (the same messages before sending).
 */

/**
 * Keys that are not subject fields: filled in by the export itself. Image File Name and Image Folder
 * are the spec's special mapping keys; Volume is the PSPA index's first column (the volume label, which
 * is the format's output directory name); Image Size is the PSPA index's column M, the image's pixel size
 * as width x height (`640x800`).
 */
export const EXPORT_SPECIAL_FIELD_KEYS = [
  { key: 'image_file_name', label: 'Image File Name' },
  { key: 'image_folder', label: 'Image Folder' },
  { key: 'volume', label: 'Volume' },
  { key: 'image_size', label: 'Image Size' },
] as const;

/** Every key a format may name: the subject-field catalogue plus the special keys. */
export const EXPORT_FIELD_KEYS = [...FIELD_KEYS, ...EXPORT_SPECIAL_FIELD_KEYS] as const;
export type ExportFieldKey = (typeof EXPORT_FIELD_KEYS)[number]['key'];
const EXPORT_FIELD_KEY_VALUES = EXPORT_FIELD_KEYS.map((f) => f.key) as [ExportFieldKey, ...ExportFieldKey[]];
/** Keys that name a subject's value (for grouping, zero padding, image names, duplicate checks). */
const SUBJECT_FIELD_KEY_VALUES = FIELD_KEYS.map((f) => f.key) as [
  (typeof FIELD_KEYS)[number]['key'],
  ...(typeof FIELD_KEYS)[number]['key'][],
];

export const exportFieldKeyLabel = (key: string | null | undefined): string =>
  EXPORT_FIELD_KEYS.find((f) => f.key === key)?.label ?? key ?? '';

export const DATA_DELIMITER_FORMATS = ['comma', 'tab', 'space'] as const;
export const DATA_NEWLINE_FORMATS = ['crlf', 'lf', 'cr'] as const;
export const DATA_FILE_EXTENSIONS = ['csv', 'txt'] as const;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
export const IMAGE_NAME_SEPARATORS = ['underscore', 'hyphen', 'comma'] as const;
/** The data file's bytes (docs/decisions.md "Export encodings"). */
export const DATA_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252', 'ascii'] as const;
export type DataEncoding = (typeof DATA_ENCODINGS)[number];

export const DELIMITER_LABELS: Record<(typeof DATA_DELIMITER_FORMATS)[number], string> = {
  comma: 'Comma',
  tab: 'Tab',
  space: 'Space',
};
export const NEWLINE_LABELS: Record<(typeof DATA_NEWLINE_FORMATS)[number], string> = {
  crlf: 'CRLF (Windows)',
  lf: 'LF (Mac/Linux)',
  cr: 'CR (Classic Mac)',
};
export const CONTENT_TYPE_LABELS: Record<(typeof IMAGE_CONTENT_TYPES)[number], string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/bmp': 'BMP',
};
export const ENCODING_LABELS: Record<DataEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with BOM (Excel)',
  'windows-1252': 'Windows-1252',
  ascii: 'ASCII',
};
export const SEPARATOR_LABELS: Record<(typeof IMAGE_NAME_SEPARATORS)[number], string> = {
  underscore: 'Underscore (_)',
  hyphen: 'Hyphen (-)',
  comma: 'Comma (,)',
};

// §9 business constants.
export const EXPORT_FORMAT_NAME_MIN = 3;
export const EXPORT_FORMAT_NAME_MAX = 60;
export const IMAGE_SIZE_MIN = 1;
export const IMAGE_SIZE_MAX = 3000;
export const PIXELS_PER_INCH_MAX = 600;
export const ZERO_PAD_MAX = 120;
export const DUPLICATE_SEARCH_FIELDS_MAX = 5;
export const DEFAULT_CROP_WIDTH = 480;
export const DEFAULT_CROP_HEIGHT = 640;
export const DEFAULT_DATA_FILE_NAME = 'data';
/** Duplicate checks default to First Name, Last Name, Student ID (§5). */
export const DEFAULT_DUPLICATE_SEARCH_FIELDS = ['first_name', 'last_name', 'student_id'] as const;
export const COPY_SUFFIX = ' (Copy)';
/** The usage statement a COPYRIGHT.TXT holds at most. */
export const COPYRIGHT_STATEMENT_MAX = 2000;

// §5 / §8 wording.
export const NO_FIELDS_MESSAGE = "No fields have been included. Please add your format's required fields.";
export const IMAGE_ZERO_PAD_REQUIRED_MESSAGE = 'This is required if zero padding is enabled.';
export const DATA_ZERO_PAD_REQUIRED_MESSAGE = 'This is required if Zero Pad Field is selected.';

const blank = "can't be blank";
const wholeNumber = (min: number, max: number) =>
  z
    .number('must be a number')
    .int('must be a whole number')
    .min(min, `must be greater than or equal to ${min}`)
    .max(max, `must be less than or equal to ${max}`);
/** A number field that may be left empty (null); the web sends empty inputs as null. */
const optionalNumber = (min: number, max: number) =>
  wholeNumber(min, max)
    .nullish()
    .transform((v) => v ?? null);
const subjectKey = z.enum(SUBJECT_FIELD_KEY_VALUES, 'is not a known field key');
/** A chosen subject field, or none (null, or an empty choice). */
const optionalSubjectKey = z
  .union([subjectKey, z.literal('')], 'is not a known field key')
  .nullish()
  .transform((v) => (v ? v : null));

/** The fields a duplicate check compares: a format's, or an export run's own. */
const duplicateSearchFields = z
  .array(subjectKey)
  .max(DUPLICATE_SEARCH_FIELDS_MAX, `can have at most ${DUPLICATE_SEARCH_FIELDS_MAX} fields`)
  .refine((keys) => new Set(keys).size === keys.length, 'cannot repeat a field');

/** A custom field's label as a mapping keeps it. */
export const CUSTOM_LABEL_MAX = 100;

/**
 * The key a custom label is matched by: trimmed, inner spaces as one, ignoring case. A mapping's custom
 * label names the project's template field whose (effective) label has the same key (docs/decisions.md).
 */
export const customLabelKey = (label: string | null | undefined) =>
  (label ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A column of the data file: a catalogue (or special) field by its key, or a template's custom field by
 * its label (field_key null), matched in the project at run time.
 */
export const fieldMappingSchema = z
  .object({
    field_key: z.enum(EXPORT_FIELD_KEY_VALUES, 'is not a known field key').nullish(),
    custom_label: z
      .string()
      .trim()
      .max(CUSTOM_LABEL_MAX, `is too long (maximum is ${CUSTOM_LABEL_MAX} characters)`)
      .nullish()
      .transform((v) => (v ? v : null)),
    position: wholeNumber(1, 10_000),
  })
  .transform((m) => ({
    field_key: m.field_key ?? null,
    custom_label: m.field_key ? null : m.custom_label,
    position: m.position,
  }))
  .refine((m) => m.field_key !== null || m.custom_label !== null, {
    message: "can't be blank",
    path: ['field_key'],
  });
export type FieldMapping = z.output<typeof fieldMappingSchema>;

/** A mapping's column heading: the catalogue label, or the custom field's label. */
export const fieldMappingLabel = (m: { field_key: string | null; custom_label?: string | null }) =>
  m.field_key ? exportFieldKeyLabel(m.field_key) : (m.custom_label ?? '');

/** The format's fields as sent by the wizard and read by the API, before the conditional rules. */
export const exportFormatBaseSchema = z.object({
  name: z
    .string(blank)
    .trim()
    .min(1, blank)
    .min(EXPORT_FORMAT_NAME_MIN, `is too short (minimum is ${EXPORT_FORMAT_NAME_MIN} characters)`)
    .max(EXPORT_FORMAT_NAME_MAX, `is too long (maximum is ${EXPORT_FORMAT_NAME_MAX} characters)`),
  available_to_suborganizations: z.boolean().default(false),
  restrict_to_orgs_managed_by_creator: z.boolean().default(false),
  // Directory names are optional; defaults apply when blank (the output directory is the format's name).
  output_directory_name: optionalText(100),
  include_data: z.boolean().default(true),
  include_images: z.boolean().default(true),
  include_readme: z.boolean().default(true),
  /** The archive's files at its root (no output folder); images too, unless an images folder is named. */
  files_at_root: z.boolean().default(false),
  /** The studio's usage statement: written as COPYRIGHT.TXT beside the readme when set. */
  copyright_statement: optionalText(COPYRIGHT_STATEMENT_MAX),
  /** A yearbook format: subjects whose family asked to be left out of the yearbook are left out. */
  yearbook: z.boolean().default(false),
  allow_custom_directory_group_field: z.boolean().default(false),
  directory_group_field_key: optionalSubjectKey,
  duplicate_search_fields: duplicateSearchFields.default([...DEFAULT_DUPLICATE_SEARCH_FIELDS]),
  field_mappings: z.array(fieldMappingSchema).max(200).default([]),
  // Data.
  data_directory_name: optionalText(100),
  data_directory_group_enabled: z.boolean().default(false),
  data_delimiter_format: z.enum(DATA_DELIMITER_FORMATS, blank).default('comma'),
  data_newline_format: z.enum(DATA_NEWLINE_FORMATS, blank).default('crlf'),
  data_file_name: z
    .string(blank)
    .trim()
    .min(1, blank)
    .max(100, 'is too long (maximum is 100 characters)')
    .default(DEFAULT_DATA_FILE_NAME),
  data_file_extension: z.enum(DATA_FILE_EXTENSIONS, blank).default('csv'),
  data_allow_custom_file_name: z.boolean().default(false),
  data_downcase_field_names: z.boolean().default(false),
  data_include_headers: z.boolean().default(true),
  data_quote_fields: z.boolean().default(false),
  data_include_unmapped_fields: z.boolean().default(false),
  data_zero_pad_field_key: optionalSubjectKey,
  data_zero_pad_field_length: optionalNumber(0, ZERO_PAD_MAX),
  /** CSV injection protection (SECURITY.md): cells that would start a formula are neutralised. */
  data_escape_formulas: z.boolean().default(true),
  data_encoding: z.enum(DATA_ENCODINGS, 'is not a known encoding').default('utf-8'),
  /** A MASTER file (the index's columns) lists every subject; the index only those with an image. */
  data_master_file: z.boolean().default(false),
  /** The data file lists only subjects with an image (a photo import's map reads each row as a picture). */
  data_image_rows_only: z.boolean().default(false),
  // Images.
  images_directory_name: optionalText(100),
  images_directory_group_enabled: z.boolean().default(false),
  images_content_type: z.enum(IMAGE_CONTENT_TYPES, blank).default('image/jpeg'),
  images_crop_width_pixels: optionalNumber(IMAGE_SIZE_MIN, IMAGE_SIZE_MAX),
  images_crop_height_pixels: optionalNumber(IMAGE_SIZE_MIN, IMAGE_SIZE_MAX),
  images_pixels_per_inch: optionalNumber(1, PIXELS_PER_INCH_MAX),
  images_name_primary_field_first_key: optionalSubjectKey,
  images_name_primary_field_second_key: optionalSubjectKey,
  images_name_primary_separator: z
    .union([z.enum(IMAGE_NAME_SEPARATORS), z.literal('')], 'is invalid')
    .nullable()
    .default('underscore')
    .transform((v) => (v ? v : null)),
  images_name_zero_pad_enabled: z.boolean().default(false),
  images_name_zero_pad_length: optionalNumber(0, ZERO_PAD_MAX),
  images_name_append_sequential_number: z.boolean().default(false),
});
type ExportFormatBase = z.output<typeof exportFormatBaseSchema>;

/** The §5 rules that look at more than one field, each under the field the message belongs to. */
export function checkExportFormat(format: ExportFormatBase, ctx: z.RefinementCtx) {
  if (format.include_data && format.field_mappings.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['field_mappings'], message: NO_FIELDS_MESSAGE });
  }
  if (format.images_name_zero_pad_enabled && format.images_name_zero_pad_length === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['images_name_zero_pad_length'],
      message: IMAGE_ZERO_PAD_REQUIRED_MESSAGE,
    });
  }
  if (format.data_zero_pad_field_key && format.data_zero_pad_field_length === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['data_zero_pad_field_length'],
      message: DATA_ZERO_PAD_REQUIRED_MESSAGE,
    });
  }
  if (
    format.images_name_primary_field_first_key &&
    format.images_name_primary_field_second_key &&
    !format.images_name_primary_separator
  ) {
    ctx.addIssue({ code: 'custom', path: ['images_name_primary_separator'], message: blank });
  }
  const customLabels = format.field_mappings.flatMap((m) =>
    m.custom_label ? [customLabelKey(m.custom_label)] : [],
  );
  if (new Set(customLabels).size !== customLabels.length) {
    ctx.addIssue({ code: 'custom', path: ['field_mappings'], message: 'cannot repeat a custom field' });
  }
  const positions = format.field_mappings.map((m) => m.position);
  if (new Set(positions).size !== positions.length) {
    ctx.addIssue({ code: 'custom', path: ['field_mappings'], message: 'cannot repeat a position' });
  }
}

/**
 * Fills the §5 fallbacks: a blank image size takes the other one, then 480 wide and 640 high; a zero pad
 * length left empty while padding is off is 0; mappings are renumbered 1, 2, 3... in position order.
 */
export function normalizeExportFormat<T extends ExportFormatBase>(format: T) {
  const width = format.images_crop_width_pixels ?? format.images_crop_height_pixels ?? DEFAULT_CROP_WIDTH;
  const height = format.images_crop_height_pixels ?? format.images_crop_width_pixels ?? DEFAULT_CROP_HEIGHT;
  return {
    ...format,
    images_crop_width_pixels: width,
    images_crop_height_pixels: height,
    images_name_zero_pad_length: format.images_name_zero_pad_length ?? 0,
    field_mappings: [...format.field_mappings]
      .sort((a, b) => a.position - b.position)
      .map((m, i) => ({ field_key: m.field_key, custom_label: m.custom_label, position: i + 1 })),
  };
}

export const exportFormatFormSchema = exportFormatBaseSchema
  .superRefine(checkExportFormat)
  .transform(normalizeExportFormat);
export type ExportFormatForm = z.input<typeof exportFormatFormSchema>;
export type ExportFormatValues = z.output<typeof exportFormatFormSchema>;

/** A new format's values (§3): data, images and readme on; jpeg; underscore; comma; CRLF; 480x640. */
export function newExportFormatDefaults() {
  return {
    name: '',
    available_to_suborganizations: false,
    restrict_to_orgs_managed_by_creator: false,
    output_directory_name: null as string | null,
    include_data: true,
    include_images: true,
    include_readme: true,
    files_at_root: false,
    copyright_statement: null as string | null,
    yearbook: false,
    allow_custom_directory_group_field: false,
    directory_group_field_key: null as string | null,
    duplicate_search_fields: [...DEFAULT_DUPLICATE_SEARCH_FIELDS] as string[],
    field_mappings: [] as { field_key: string | null; custom_label: string | null; position: number }[],
    data_directory_name: null as string | null,
    data_directory_group_enabled: false,
    data_delimiter_format: 'comma' as (typeof DATA_DELIMITER_FORMATS)[number],
    data_newline_format: 'crlf' as (typeof DATA_NEWLINE_FORMATS)[number],
    data_file_name: DEFAULT_DATA_FILE_NAME,
    data_file_extension: 'csv' as (typeof DATA_FILE_EXTENSIONS)[number],
    data_allow_custom_file_name: false,
    data_downcase_field_names: false,
    data_include_headers: true,
    data_quote_fields: false,
    data_include_unmapped_fields: false,
    data_zero_pad_field_key: null as string | null,
    data_zero_pad_field_length: null as number | null,
    data_escape_formulas: true,
    data_encoding: 'utf-8' as DataEncoding,
    data_master_file: false,
    data_image_rows_only: false,
    images_directory_name: null as string | null,
    images_directory_group_enabled: false,
    images_content_type: 'image/jpeg' as (typeof IMAGE_CONTENT_TYPES)[number],
    images_crop_width_pixels: DEFAULT_CROP_WIDTH as number | null,
    images_crop_height_pixels: DEFAULT_CROP_HEIGHT as number | null,
    images_pixels_per_inch: null as number | null,
    images_name_primary_field_first_key: null as string | null,
    images_name_primary_field_second_key: null as string | null,
    images_name_primary_separator: 'underscore' as (typeof IMAGE_NAME_SEPARATORS)[number] | null,
    images_name_zero_pad_enabled: false,
    images_name_zero_pad_length: 0 as number | null,
    images_name_append_sequential_number: false,
  };
}
export type ExportFormatDraft = ReturnType<typeof newExportFormatDefaults>;

/**
 * A format's settings (every column the wizard edits but the field mappings, which have their own table),
 * by the wizard step that shows them: the API reads and writes these columns, the wizard checks a step's
 * fields before Next and opens the step of a field a message names.
 */
export const EXPORT_FORMAT_SETTINGS_BY_STEP = {
  name: ['name', 'available_to_suborganizations', 'restrict_to_orgs_managed_by_creator'],
  directories: [
    'output_directory_name',
    'include_data',
    'include_images',
    'include_readme',
    'copyright_statement',
    'files_at_root',
    'yearbook',
    'data_directory_name',
    'data_directory_group_enabled',
    'images_directory_name',
    'images_directory_group_enabled',
    'directory_group_field_key',
    'allow_custom_directory_group_field',
  ],
  images: [
    'images_content_type',
    'images_crop_width_pixels',
    'images_crop_height_pixels',
    'images_pixels_per_inch',
    'images_name_primary_field_first_key',
    'images_name_primary_field_second_key',
    'images_name_primary_separator',
    'images_name_zero_pad_enabled',
    'images_name_zero_pad_length',
    'images_name_append_sequential_number',
  ],
  data: [
    'data_file_name',
    'data_file_extension',
    'data_delimiter_format',
    'data_newline_format',
    'data_include_headers',
    'data_quote_fields',
    'data_downcase_field_names',
    'data_include_unmapped_fields',
    'data_allow_custom_file_name',
    'data_zero_pad_field_key',
    'data_zero_pad_field_length',
    'data_escape_formulas',
    'data_encoding',
    'data_master_file',
    'data_image_rows_only',
    'duplicate_search_fields',
  ],
} as const satisfies Record<string, readonly Exclude<keyof ExportFormatDraft, 'field_mappings'>[]>;
export type ExportFormatSetting =
  (typeof EXPORT_FORMAT_SETTINGS_BY_STEP)[keyof typeof EXPORT_FORMAT_SETTINGS_BY_STEP][number];
/** Every setting of a format, step after step. */
export const EXPORT_FORMAT_SETTINGS: readonly ExportFormatSetting[] = Object.values(
  EXPORT_FORMAT_SETTINGS_BY_STEP,
).flat();

/** The name of a copy: "name (Copy)", shortened so it stays within the 60-character limit. */
export function copyName(name: string): string {
  const room = EXPORT_FORMAT_NAME_MAX - COPY_SUFFIX.length;
  return `${name.trim().slice(0, room).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * A data file's name as the archive has it: the extension takes the data file's base name's case when
 * that is in capitals, so the PSPA format's `INDEX` gives `INDEX.TXT` (and `MASTER.TXT`), the names its
 * guideline and yearbook importers expect; a lower-case data file gives `master.csv`. `base` is the data
 * file's own base name, or `MASTER` for the master file.
 */
export function exportDataFileName(ownBase: string, extension: string, base = ownBase): string {
  const capitals = /[A-Z]/.test(ownBase) && ownBase === ownBase.toUpperCase();
  const name = base === ownBase ? base : capitals ? base.toUpperCase() : base.toLowerCase();
  return `${name}.${capitals ? extension.toUpperCase() : extension}`;
}

/** The output directory: its own name, else the format's name (§3). */
export const effectiveOutputDirectoryName = (format: {
  name: string;
  output_directory_name: string | null;
}) => format.output_directory_name?.trim() || format.name;

/** Pose options of a project export (§9): these, or a pose number (the nth photo by upload order). */
export const EXPORT_POSES = ['primary', 'yearbook', 'yearbook_strict', 'all', 'oldest', 'newest'] as const;
export const EXPORT_BACKGROUNDS = ['default', 'ordered'] as const;
/** A pose number: 1 to 9999. */
export const POSE_NUMBER_PATTERN = /^[1-9][0-9]{0,3}$/;
/** Project exports poll every 2000 ms while Auto Refresh is on (§4, §9). */
export const PROJECT_EXPORT_POLL_MS = 2000;

const exportRecordId = z.string().regex(/^\d{1,18}$/, 'is invalid');

/**
 * A project export's run options as the export wizard sends them (API.md `project exports`), with §5's
 * run defaults: pose primary, default crops on, subjects without images included. An empty
 * `included_subject_ids` means every subject of the project, minus `excluded_subject_ids`.
 */
export const projectExportInputSchema = z
  .object({
    project_export_format_id: exportRecordId,
    included_subject_ids: z.array(exportRecordId).max(100_000).default([]),
    excluded_subject_ids: z.array(exportRecordId).max(100_000).default([]),
    include_subjects_without_images: z.boolean().default(true),
    use_default_photo_crops: z.boolean().default(true),
    use_photo_crop_name: z.boolean().default(false),
    duplicate_search_fields: duplicateSearchFields.default([]),
    custom_directory_group_field_key: optionalSubjectKey,
    selected_pose: z
      .string()
      .refine(
        (v) => (EXPORT_POSES as readonly string[]).includes(v) || POSE_NUMBER_PATTERN.test(v),
        'is not a pose option',
      )
      .default('primary'),
    selected_background: z.enum(EXPORT_BACKGROUNDS, 'is not a background option').default('default'),
  })
  .strict();
export type ProjectExportInput = z.input<typeof projectExportInputSchema>;
export type ProjectExportValues = z.output<typeof projectExportInputSchema>;
