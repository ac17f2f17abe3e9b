import { DATA_ENCODINGS, type DataEncoding, type ExportFormatRef } from '@school-portal/domain';
import { z } from 'zod';
import { isoTimestamps, recordSchema } from '../../wire.js';
import type { FormatRow, MappingRow } from './queries.js';

/** A catalogue field by key, or (field_key null) a template's custom field by its label. */
export const fieldMappingSchema = z.object({
  field_key: z.string().nullable(),
  custom_label: z.string().nullable(),
  position: z.number(),
});

export const exportFormatSchema = recordSchema({
  name: z.string(),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  standard_key: z.string().nullable(),
  is_global: z.boolean(),
  is_custom: z.boolean(),
  created_by_user_id: z.string().nullable(),
  /** Null when the creator's user was deleted (the web shows "(Deleted)") or for built-in formats. */
  created_by_user_name: z.string().nullable(),
  created_by_user_deleted: z.boolean(),
  available_to_suborganizations: z.boolean(),
  restrict_to_orgs_managed_by_creator: z.boolean(),
  output_directory_name: z.string().nullable(),
  include_data: z.boolean(),
  include_images: z.boolean(),
  include_readme: z.boolean(),
  /** The archive's files at its root, no output folder (migration 0044). */
  files_at_root: z.boolean(),
  /** The studio's usage statement, written as COPYRIGHT.TXT when set (migration 0044). */
  copyright_statement: z.string().nullable(),
  /** A yearbook format (migration 0030): yearbook opt-outs are left out. */
  yearbook: z.boolean(),
  allow_custom_directory_group_field: z.boolean(),
  directory_group_field_key: z.string().nullable(),
  duplicate_search_fields: z.array(z.string()),
  field_mappings: z.array(fieldMappingSchema),
  data_directory_name: z.string().nullable(),
  data_directory_group_enabled: z.boolean(),
  data_delimiter_format: z.string(),
  data_newline_format: z.string(),
  data_file_name: z.string(),
  data_file_extension: z.string(),
  data_allow_custom_file_name: z.boolean(),
  data_downcase_field_names: z.boolean(),
  data_include_headers: z.boolean(),
  data_quote_fields: z.boolean(),
  data_include_unmapped_fields: z.boolean(),
  data_zero_pad_field_key: z.string().nullable(),
  data_zero_pad_field_length: z.number().nullable(),
  data_escape_formulas: z.boolean(),
  data_encoding: z.enum(DATA_ENCODINGS),
  data_master_file: z.boolean(),
  data_image_rows_only: z.boolean(),
  images_directory_name: z.string().nullable(),
  images_directory_group_enabled: z.boolean(),
  images_content_type: z.string(),
  images_crop_width_pixels: z.number(),
  images_crop_height_pixels: z.number(),
  images_pixels_per_inch: z.number().nullable(),
  images_name_primary_field_first_key: z.string().nullable(),
  images_name_primary_field_second_key: z.string().nullable(),
  images_name_primary_separator: z.string().nullable(),
  images_name_zero_pad_enabled: z.boolean(),
  images_name_zero_pad_length: z.number(),
  images_name_append_sequential_number: z.boolean(),
});
export type SerializedExportFormat = z.infer<typeof exportFormatSchema>;

export function serializeFormat(row: FormatRow, mappings: MappingRow[]): SerializedExportFormat {
  const { created_by_user_deleted_at, created_by_user_name, ...rest } = row;
  const deleted =
    row.created_by_user_id === null ? row.organization_id !== null : !!created_by_user_deleted_at;
  return {
    ...rest,
    data_encoding: rest.data_encoding as DataEncoding,
    is_global: row.organization_id === null,
    is_custom: row.organization_id !== null,
    created_by_user_name: deleted ? null : created_by_user_name,
    created_by_user_deleted: deleted,
    field_mappings: mappings.map((m) => ({
      field_key: m.field_key,
      custom_label: m.custom_label,
      position: m.position,
    })),
    ...isoTimestamps(row),
  };
}

/** The format as the permission rules see it (exports §6). */
export const formatRef = (row: {
  organization_id: string | null;
  created_by_user_id: string | null;
  restrict_to_orgs_managed_by_creator: boolean;
}): ExportFormatRef => ({
  organization_id: row.organization_id,
  created_by_user_id: row.created_by_user_id,
  restricted: row.restrict_to_orgs_managed_by_creator,
});
