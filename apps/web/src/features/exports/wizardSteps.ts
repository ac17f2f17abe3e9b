import { type ExportFormatDraft, newExportFormatDefaults } from '@school-portal/domain';
import type { ExportFormat } from '../../api/exportFormats';

export type Draft = ExportFormatDraft;
export type DraftKey = keyof Draft;
export type Mapping = Draft['field_mappings'][number];

export const STEPS = ['name', 'directories', 'images', 'data', 'review'] as const;
export type StepName = (typeof STEPS)[number];

/** Which step shows each field, so a message (the browser's or the server's) opens the right step. */
const STEP_FIELDS: Record<StepName, readonly string[]> = {
  name: ['name', 'available_to_suborganizations', 'restrict_to_orgs_managed_by_creator', 'organization_id'],
  directories: [
    'output_directory_name',
    'include_data',
    'include_images',
    'include_readme',
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
    'field_mappings',
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
    'duplicate_search_fields',
  ],
  review: [],
};

const DRAFT_KEYS = new Set(Object.keys(newExportFormatDefaults()));
const isDraftKey = (key: string): key is DraftKey => DRAFT_KEYS.has(key);

/** `field_mappings.0.field_key` belongs to `field_mappings`. */
export const fieldOf = (key: string) => key.split('.')[0] ?? key;

/** The step that shows a field (a server key such as `field_mappings.0.field_key` included); else the first. */
export const stepOf = (key: string) => {
  const index = STEPS.findIndex((s) => STEP_FIELDS[s].includes(fieldOf(key)));
  return index === -1 ? 0 : index;
};

/** The form's fields a step checks before Next. */
export const stepFields = (index: number): DraftKey[] => {
  const step = STEPS[index];
  return step ? STEP_FIELDS[step].filter(isDraftKey) : [];
};

/** The form field that shows a server message, or null when none does (it goes above the wizard). */
export const draftFieldOf = (key: string): DraftKey | null => {
  const field = fieldOf(key);
  return isDraftKey(field) ? field : null;
};

/** A saved format's values as the form's draft (missing ones take the new-format defaults). */
export const draftOf = (format: ExportFormat): Draft => {
  const defaults = newExportFormatDefaults();
  return Object.fromEntries(
    Object.keys(defaults).map((key) => [key, format[key as DraftKey] ?? defaults[key as DraftKey]]),
  ) as Draft;
};
