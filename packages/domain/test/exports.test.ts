import { describe, expect, test } from 'vitest';
import { defineAbilities } from '../src/abilities.js';
import {
  copyName,
  customLabelKey,
  DATA_ZERO_PAD_REQUIRED_MESSAGE,
  EXPORT_FIELD_KEYS,
  EXPORT_POSES,
  effectiveOutputDirectoryName,
  exportDataFileName,
  exportFieldKeyLabel,
  exportFormatFormSchema,
  IMAGE_ZERO_PAD_REQUIRED_MESSAGE,
  NO_FIELDS_MESSAGE,
  newExportFormatDefaults,
  projectExportInputSchema,
} from '../src/exports.js';
import '../src/messages.js';
import { can } from '../src/policies.js';

const mappings = [{ field_key: 'first_name', position: 1 }];
const parse = (format: Record<string, unknown>) =>
  exportFormatFormSchema.safeParse({ name: 'Yearbook', field_mappings: mappings, ...format });
const errorsOf = (format: Record<string, unknown>) => {
  const result = parse(format);
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('field keys', () => {
  test('the special keys Image File Name and Image Folder are in the catalogue with the subject fields', () => {
    const keys = EXPORT_FIELD_KEYS.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining(['image_file_name', 'image_folder', 'student_id', 'last_name']),
    );
    expect(exportFieldKeyLabel('image_file_name')).toBe('Image File Name');
    expect(exportFieldKeyLabel('image_folder')).toBe('Image Folder');
  });
});

describe('format rules (§5)', () => {
  test('defaults of a new format (§3)', () => {
    const parsed = parse({});
    expect(parsed.success).toBe(true);
    const defaults = newExportFormatDefaults();
    expect(parsed.data).toMatchObject({
      include_data: true,
      include_images: true,
      include_readme: true,
      data_include_unmapped_fields: false,
      images_content_type: 'image/jpeg',
      images_name_primary_separator: 'underscore',
      images_name_zero_pad_enabled: false,
      images_name_zero_pad_length: 0,
      data_delimiter_format: 'comma',
      data_newline_format: 'crlf',
      images_crop_width_pixels: 480,
      images_crop_height_pixels: 640,
      images_pixels_per_inch: null,
      data_file_name: 'data',
      data_escape_formulas: true,
      duplicate_search_fields: ['first_name', 'last_name', 'student_id'],
    });
    expect(defaults).toMatchObject({
      include_data: true,
      images_crop_width_pixels: 480,
      images_crop_height_pixels: 640,
      images_name_zero_pad_length: 0,
      images_name_primary_separator: 'underscore',
      data_escape_formulas: true,
    });
    // The wizard's starting values pass once named and given a field.
    expect(
      exportFormatFormSchema.safeParse({ ...defaults, name: 'New', field_mappings: mappings }).success,
    ).toBe(true);
  });

  test('conditional messages', () => {
    expect(errorsOf({ field_mappings: [] })).toEqual({ field_mappings: NO_FIELDS_MESSAGE });
    expect(errorsOf({ images_name_zero_pad_enabled: true, images_name_zero_pad_length: null })).toEqual({
      images_name_zero_pad_length: IMAGE_ZERO_PAD_REQUIRED_MESSAGE,
    });
    expect(errorsOf({ data_zero_pad_field_key: 'student_id' })).toEqual({
      data_zero_pad_field_length: DATA_ZERO_PAD_REQUIRED_MESSAGE,
    });
    expect(
      errorsOf({
        images_name_primary_field_first_key: 'last_name',
        images_name_primary_field_second_key: 'first_name',
        images_name_primary_separator: '',
      }),
    ).toEqual({ images_name_primary_separator: "can't be blank" });
    expect(parse({ include_data: false, field_mappings: [] }).success).toBe(true);
  });

  test('bounds', () => {
    expect(errorsOf({ name: 'ab' })).toEqual({ name: 'is too short (minimum is 3 characters)' });
    expect(errorsOf({ name: 'x'.repeat(61) })).toEqual({ name: 'is too long (maximum is 60 characters)' });
    expect(parse({ name: 'abc' }).success).toBe(true);
    expect(parse({ name: 'x'.repeat(60) }).success).toBe(true);
    expect(errorsOf({ images_crop_width_pixels: 3001 })).toHaveProperty('images_crop_width_pixels');
    expect(parse({ images_crop_width_pixels: 3000, images_crop_height_pixels: 1 }).success).toBe(true);
    expect(errorsOf({ images_pixels_per_inch: 601 })).toHaveProperty('images_pixels_per_inch');
    expect(errorsOf({ images_name_zero_pad_length: 121 })).toHaveProperty('images_name_zero_pad_length');
    expect(errorsOf({ duplicate_search_fields: ['grade', 'grade'] })).toHaveProperty(
      'duplicate_search_fields',
    );
    expect(
      errorsOf({
        duplicate_search_fields: ['first_name', 'last_name', 'student_id', 'grade', 'teacher', 'email'],
      }),
    ).toHaveProperty('duplicate_search_fields');
  });

  test('image size fallbacks and mapping order', () => {
    expect(parse({ images_crop_width_pixels: null, images_crop_height_pixels: 700 }).data).toMatchObject({
      images_crop_width_pixels: 700,
      images_crop_height_pixels: 700,
    });
    expect(
      parse({
        field_mappings: [
          { field_key: 'grade', position: 7 },
          { field_key: 'image_file_name', position: 2 },
        ],
      }).data?.field_mappings,
    ).toEqual([
      { field_key: 'image_file_name', custom_label: null, position: 1 },
      { field_key: 'grade', custom_label: null, position: 2 },
    ]);
  });

  test("a mapping names a catalogue field or a custom field's label, never neither, and a label once", () => {
    expect(
      parse({
        field_mappings: [
          { field_key: 'last_name', custom_label: 'ignored', position: 1 },
          { custom_label: '  Medical Alert ', position: 2 },
          { field_key: null, custom_label: 'Bus Route', position: 3 },
        ],
      }).data?.field_mappings,
    ).toEqual([
      { field_key: 'last_name', custom_label: null, position: 1 },
      { field_key: null, custom_label: 'Medical Alert', position: 2 },
      { field_key: null, custom_label: 'Bus Route', position: 3 },
    ]);
    expect(errorsOf({ field_mappings: [{ custom_label: '  ', position: 1 }] })).toEqual({
      'field_mappings.0.field_key': "can't be blank",
    });
    expect(
      errorsOf({
        field_mappings: [
          { custom_label: 'Medical Alert', position: 1 },
          { custom_label: 'medical  alert', position: 2 },
        ],
      }),
    ).toEqual({ field_mappings: 'cannot repeat a custom field' });
    expect(customLabelKey('  Medical   ALERT ')).toBe('medical alert');
  });

  test('encodings and the MASTER file: defaults and the known values only', () => {
    expect(parse({}).data).toMatchObject({ data_encoding: 'utf-8', data_master_file: false });
    expect(errorsOf({ data_encoding: 'latin-9' })).toEqual({ data_encoding: 'is not a known encoding' });
    expect(parse({ data_encoding: 'windows-1252', data_master_file: true }).success).toBe(true);
  });

  test("data file names take the data file's capitals: INDEX.TXT and MASTER.TXT, data.csv and master.csv", () => {
    expect(exportDataFileName('INDEX', 'txt')).toBe('INDEX.TXT');
    expect(exportDataFileName('INDEX', 'txt', 'MASTER')).toBe('MASTER.TXT');
    expect(exportDataFileName('data', 'csv')).toBe('data.csv');
    expect(exportDataFileName('Roster', 'csv', 'MASTER')).toBe('master.csv');
    expect(exportDataFileName('Roster', 'csv')).toBe('Roster.csv');
  });

  test('copy names and the output directory', () => {
    expect(copyName('Yearbook')).toBe('Yearbook (Copy)');
    expect(copyName('y'.repeat(60))).toHaveLength(60);
    expect(effectiveOutputDirectoryName({ name: 'Yearbook', output_directory_name: null })).toBe('Yearbook');
    expect(effectiveOutputDirectoryName({ name: 'Yearbook', output_directory_name: 'Out' })).toBe('Out');
  });
});

describe('format permissions (§6)', () => {
  const abilities = (
    manager: boolean,
    managesOwn: boolean,
    role: 'studio_role' | 'customer_role' = 'studio_role',
  ) =>
    defineAbilities({
      user: {
        id: '1',
        roles: manager ? ['manager'] : [],
        active_plic_app_slugs: ['school-portal'],
        accounts_count: 1,
      },
      account: {
        id: '100',
        organization_id: '10',
        managed_organization_ids: managesOwn ? ['10'] : [],
        enable_plic_app_whitelist: false,
        plic_app_whitelist_slugs: [],
      },
      organization: { id: '10', role },
    });
  const own = { organization_id: '10', created_by_user_id: '2', restricted: false };

  test('update, copy and delete', () => {
    for (const action of ['export-format.update', 'export-format.copy', 'export-format.delete'] as const) {
      expect(can(abilities(true, true), action, own)).toBe(true);
      expect(can(abilities(false, false), action, own)).toBe(false);
      expect(can(abilities(true, true), action, { ...own, organization_id: '11' })).toBe(false);
      expect(can(abilities(true, true), action, { ...own, restricted: true })).toBe(false);
      expect(
        can(abilities(false, false), action, { ...own, restricted: true, created_by_user_id: '1' }),
      ).toBe(true);
      expect(can(abilities(true, true), action, { ...own, organization_id: null })).toBe(false);
    }
  });

  test('creating in the own organization and sharing with sub-organizations', () => {
    expect(
      can(abilities(false, true), 'export-format.create', {
        id: '10',
        role: 'studio_role',
        placement: 'own',
      }),
    ).toBe(true);
    expect(
      can(abilities(true, true), 'export-format.create', {
        id: '11',
        role: 'customer_role',
        placement: 'sub',
      }),
    ).toBe(false);
    expect(can(abilities(true, true), 'export-format.share')).toBe(true);
    expect(can(abilities(true, true, 'customer_role'), 'export-format.share')).toBe(false);
    expect(can(abilities(false, true), 'export-format.share')).toBe(false);
  });
});

describe('project export run options', () => {
  test('§5 run defaults: pose primary, default crops on, subjects without images included', () => {
    expect(projectExportInputSchema.parse({ project_export_format_id: '7' })).toEqual({
      project_export_format_id: '7',
      included_subject_ids: [],
      excluded_subject_ids: [],
      include_subjects_without_images: true,
      use_default_photo_crops: true,
      use_photo_crop_name: false,
      duplicate_search_fields: [],
      custom_directory_group_field_key: null,
      selected_pose: 'primary',
      selected_background: 'default',
    });
  });

  test('every pose option of §9, and pose numbers', () => {
    for (const pose of [...EXPORT_POSES, '1', '12']) {
      expect(
        projectExportInputSchema.safeParse({ project_export_format_id: '7', selected_pose: pose }).success,
      ).toBe(true);
    }
    for (const pose of ['0', '-1', 'latest', '1.5', '']) {
      expect(
        projectExportInputSchema.safeParse({ project_export_format_id: '7', selected_pose: pose }).success,
      ).toBe(false);
    }
    expect(
      projectExportInputSchema.safeParse({ project_export_format_id: '7', selected_background: 'random' })
        .success,
    ).toBe(false);
  });
});
