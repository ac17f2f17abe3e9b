import type { Db } from '../../src/db/database.js';
import type { ExportFormatRow, ExportRunOptions } from '../../src/modules/project-exports/archive/index.js';

/** A format as the database defaults make it (migration 0009), with overrides. */
export function formatRow(overrides: Partial<ExportFormatRow> = {}): ExportFormatRow {
  return {
    id: '1',
    organization_id: '1',
    standard_key: null,
    created_by_user_id: null,
    name: 'Custom Format',
    available_to_suborganizations: false,
    restrict_to_orgs_managed_by_creator: false,
    output_directory_name: null,
    include_data: true,
    include_images: true,
    include_readme: true,
    allow_custom_directory_group_field: false,
    directory_group_field_key: null,
    duplicate_search_fields: ['first_name', 'last_name', 'student_id'],
    data_directory_name: null,
    data_directory_group_enabled: false,
    data_delimiter_format: 'comma',
    data_newline_format: 'crlf',
    data_file_name: 'data',
    data_file_extension: 'csv',
    data_allow_custom_file_name: false,
    data_downcase_field_names: false,
    data_include_headers: true,
    data_quote_fields: false,
    data_include_unmapped_fields: false,
    data_zero_pad_field_key: null,
    data_zero_pad_field_length: null,
    data_escape_formulas: true,
    data_encoding: 'utf-8',
    data_master_file: false,
    data_image_rows_only: false,
    yearbook: false,
    images_directory_name: null,
    images_directory_group_enabled: false,
    images_content_type: 'image/jpeg',
    images_crop_width_pixels: 48,
    images_crop_height_pixels: 64,
    images_pixels_per_inch: null,
    images_name_primary_field_first_key: 'last_name',
    images_name_primary_field_second_key: 'first_name',
    images_name_primary_separator: 'underscore',
    images_name_zero_pad_enabled: false,
    images_name_zero_pad_length: 0,
    images_name_append_sequential_number: false,
    images_zip_part_max_bytes: null,
    files_at_root: false,
    copyright_statement: null,
    created_at: new Date(),
    updated_at: new Date(),
    field_mappings: [],
    ...overrides,
  };
}

/** A format's field mappings: the catalogue fields `keys`, in that order (positions from 1). */
export const mappings = (...keys: string[]) => keys.map((field_key, i) => ({ field_key, position: i + 1 }));

/** How a run builds an archive (the project's, not the format's settings): the common case, with overrides. */
export const runOptions = (overrides: Partial<ExportRunOptions> = {}): ExportRunOptions => ({
  groupFieldKey: null,
  usePhotoCropName: false,
  includeSubjectsWithoutImages: true,
  fields: [],
  projectName: 'Fall Portraits',
  ...overrides,
});

/** The built-in format `standardKey` in `db`, to select from. */
const standardFormat = (db: Db, standardKey: string) =>
  db.selectFrom('project_export_formats').where('standard_key', '=', standardKey);

/** A built-in format as migrations leave it in `db`, with its mappings. */
export async function builtInFormat(db: Db, standardKey: string): Promise<ExportFormatRow> {
  const row = await standardFormat(db, standardKey).selectAll().executeTakeFirstOrThrow();
  const field_mappings = await db
    .selectFrom('project_export_format_field_mappings')
    .select(['field_key', 'custom_label', 'position'])
    .where('project_export_format_id', '=', row.id)
    .orderBy('position')
    .execute();
  return { ...row, field_mappings };
}

/** The id of the built-in format `standardKey` in `db`. */
export async function standardFormatId(db: Db, standardKey: string): Promise<string> {
  const row = await standardFormat(db, standardKey).select('id').executeTakeFirstOrThrow();
  return row.id;
}
