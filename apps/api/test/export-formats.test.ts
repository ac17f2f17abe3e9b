import {
  DATA_ZERO_PAD_REQUIRED_MESSAGE,
  IMAGE_ZERO_PAD_REQUIRED_MESSAGE,
  NO_FIELDS_MESSAGE,
} from '@school-portal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { buildProject, buildUser, injectAs, signIn } from './support/factories.js';
import { buildWorld, type World } from './support/world.js';

let t: TestApp;
let w: World;
const tokens: Record<string, string> = {};
const projects: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  w = await buildWorld(t.ctx.db);
  // A second manager of Studio A, and a school manager who is not a studio or lab manager.
  const extra = {
    otherStudioManager: await buildUser(t.ctx.db, { organizations: [w.orgs.studioA.id], manager: true }),
    schoolManager: await buildUser(t.ctx.db, { organizations: [w.orgs.schoolA1.id], manager: true }),
  };
  Object.assign(w.users, extra);
  for (const who of [
    'studioManager',
    'studioStaff',
    'schoolStaff',
    'labManager',
    'foreignManager',
    'otherStudioManager',
    'schoolManager',
    'unlicensed',
  ])
    tokens[who] = await signIn(t.app, w.users[who]!.email);
  for (const key of ['studioA', 'schoolA1', 'schoolA2', 'schoolB'] as const) {
    projects[key] = await buildProject(t.ctx.db, w.orgs[key].id, `Project of ${key}`);
  }
});
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

const mappings = [
  { field_key: 'student_id', position: 1 },
  { field_key: 'last_name', position: 2 },
  { field_key: 'image_file_name', position: 3 },
];
const create = (who: string, format: Record<string, unknown>) =>
  call(who, 'POST', '/api/project-export-formats', {
    project_export_format: { name: 'Yearbook Plus', field_mappings: mappings, ...format },
  });
const createOk = async (who: string, format: Record<string, unknown> = {}) => {
  const res = await create(who, format);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().project_export_format as Record<string, unknown> & { id: string };
};
type Format = {
  id: string;
  name: string;
  standard_key: string | null;
  is_global: boolean;
  organization_id: string | null;
};
const projectFormats = async (who: string, project: string) => {
  const res = await call(who, 'GET', `/api/projects/${projects[project]}/project-export-formats`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().project_export_formats as Format[];
};
const globalFormat = async (key: string) =>
  (await projectFormats('studioManager', 'studioA')).find((f) => f.standard_key === key)!;

describe('built-in standard formats', () => {
  test('eight standard formats are seeded, global, with CSV injection protection on', async () => {
    const formats = (await projectFormats('schoolStaff', 'schoolA1')).filter((f) => f.is_global);
    expect(formats.map((f) => f.standard_key).sort()).toEqual([
      'aeries_photo_import',
      'csv_and_photos',
      'id_card_import',
      'infinite_campus_photo_import',
      'photos_by_student_id',
      'powerschool_photo_import',
      'pspa_yearbook',
      'roster_csv',
    ]);
    for (const f of formats) {
      expect(f).toMatchObject({ organization_id: null, is_custom: false, data_escape_formulas: true });
    }
  });

  test('PSPA: INDEX.TXT, tab-delimited, no header, the guideline columns A-M (Volume Name ... Image Size), 640x800 JPEG', async () => {
    const pspa = await globalFormat('pspa_yearbook');
    expect(pspa).toMatchObject({
      data_file_name: 'INDEX',
      data_file_extension: 'txt',
      data_delimiter_format: 'tab',
      data_include_headers: false,
      images_content_type: 'image/jpeg',
      images_crop_width_pixels: 640,
      images_crop_height_pixels: 800,
      images_name_append_sequential_number: true,
    });
    expect(
      (pspa as unknown as { field_mappings: { field_key: string }[] }).field_mappings.map((m) => m.field_key),
    ).toEqual([
      'volume',
      'image_folder',
      'image_file_name',
      'grade',
      'last_name',
      'first_name',
      'home_room',
      'period',
      'teacher',
      'track',
      'department',
      'title',
      'image_size',
    ]);
    expect(pspa).toMatchObject({ copyright_statement: expect.stringMatching(/^These portraits are/) });
  });

  test('PowerSchool, photos by Student ID, roster CSV, CSV + photos', async () => {
    expect(await globalFormat('powerschool_photo_import')).toMatchObject({
      include_data: true,
      include_images: true,
      data_delimiter_format: 'tab',
      data_include_headers: false,
      images_name_primary_field_first_key: 'student_id',
      field_mappings: [
        { field_key: 'student_id', position: 1 },
        { field_key: 'image_file_name', position: 2 },
      ],
    });
    expect(await globalFormat('photos_by_student_id')).toMatchObject({
      include_data: false,
      include_images: true,
      images_content_type: 'image/jpeg',
      images_name_primary_field_first_key: 'student_id',
      images_name_primary_field_second_key: null,
      images_name_append_sequential_number: false,
    });
    expect(await globalFormat('roster_csv')).toMatchObject({
      include_data: true,
      include_images: false,
      data_file_extension: 'csv',
      data_include_headers: true,
    });
    expect(await globalFormat('csv_and_photos')).toMatchObject({ include_data: true, include_images: true });
  });

  test('built-in formats are never edited, copied or deleted, not even by a lab manager', async () => {
    const pspa = await globalFormat('pspa_yearbook');
    for (const who of ['studioManager', 'labManager']) {
      expect(
        (
          await call(who, 'PUT', `/api/project-export-formats/${pspa.id}`, {
            project_export_format: { name: 'Mine now', field_mappings: mappings },
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(who, 'POST', `/api/project-export-formats/${pspa.id}/copy`)).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/api/project-export-formats/${pspa.id}`)).statusCode).toBe(403);
    }
    expect((await call('schoolStaff', 'GET', `/api/project-export-formats/${pspa.id}`)).statusCode).toBe(200);
  });
});

describe('create and the §3 defaults and §5 rules', () => {
  test('a new format takes the defaults of §3', async () => {
    const f = await createOk('studioManager', { name: '  Defaults  ' });
    expect(f).toMatchObject({
      name: 'Defaults',
      organization_id: w.orgs.studioA.id,
      created_by_user_id: w.users.studioManager!.id,
      created_by_user_deleted: false,
      is_custom: true,
      is_global: false,
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
      data_file_name: 'data',
      images_crop_width_pixels: 480,
      images_crop_height_pixels: 640,
      images_pixels_per_inch: null,
      duplicate_search_fields: ['first_name', 'last_name', 'student_id'],
      data_escape_formulas: true,
      available_to_suborganizations: false,
      field_mappings: mappings,
    });
  });

  test('every field of §3 is kept, mappings in position order renumbered from 1', async () => {
    const f = await createOk('studioManager', {
      name: 'All settings',
      output_directory_name: 'Out',
      include_readme: false,
      allow_custom_directory_group_field: true,
      directory_group_field_key: 'grade',
      duplicate_search_fields: ['student_id', 'email'],
      field_mappings: [
        { field_key: 'image_folder', position: 20 },
        { field_key: 'first_name', position: 5 },
        { field_key: 'grade', position: 9 },
      ],
      data_directory_name: 'Data',
      data_directory_group_enabled: true,
      data_delimiter_format: 'space',
      data_newline_format: 'lf',
      data_file_name: 'roster',
      data_file_extension: 'txt',
      data_allow_custom_file_name: true,
      data_downcase_field_names: true,
      data_include_headers: false,
      data_quote_fields: true,
      data_include_unmapped_fields: true,
      data_zero_pad_field_key: 'student_id',
      data_zero_pad_field_length: 8,
      data_escape_formulas: false,
      images_directory_name: 'Pics',
      images_directory_group_enabled: true,
      images_content_type: 'image/bmp',
      images_crop_width_pixels: 300,
      images_crop_height_pixels: 3000,
      images_pixels_per_inch: 600,
      images_name_primary_field_first_key: 'last_name',
      images_name_primary_field_second_key: 'first_name',
      images_name_primary_separator: 'hyphen',
      images_name_zero_pad_enabled: true,
      images_name_zero_pad_length: 120,
      images_name_append_sequential_number: true,
    });
    expect(f).toMatchObject({
      output_directory_name: 'Out',
      include_readme: false,
      directory_group_field_key: 'grade',
      duplicate_search_fields: ['student_id', 'email'],
      field_mappings: [
        { field_key: 'first_name', position: 1 },
        { field_key: 'grade', position: 2 },
        { field_key: 'image_folder', position: 3 },
      ],
      data_delimiter_format: 'space',
      data_newline_format: 'lf',
      data_file_name: 'roster',
      data_file_extension: 'txt',
      data_zero_pad_field_length: 8,
      data_escape_formulas: false,
      images_content_type: 'image/bmp',
      images_crop_width_pixels: 300,
      images_crop_height_pixels: 3000,
      images_pixels_per_inch: 600,
      images_name_primary_separator: 'hyphen',
      images_name_zero_pad_length: 120,
    });
    const shown = await call('studioManager', 'GET', `/api/project-export-formats/${f.id}`);
    expect(shown.json().project_export_format).toEqual(f);
  });

  test('a blank image size falls back to the other one, then to 480 wide and 640 high', async () => {
    expect(
      await createOk('studioManager', { images_crop_width_pixels: null, images_crop_height_pixels: 900 }),
    ).toMatchObject({ images_crop_width_pixels: 900, images_crop_height_pixels: 900 });
    expect(await createOk('studioManager', { images_crop_width_pixels: 200 })).toMatchObject({
      images_crop_width_pixels: 200,
      images_crop_height_pixels: 200,
    });
    expect(
      await createOk('studioManager', { images_crop_width_pixels: null, images_crop_height_pixels: null }),
    ).toMatchObject({ images_crop_width_pixels: 480, images_crop_height_pixels: 640 });
  });

  test.each([
    [{ name: '' }, 'name', "can't be blank"],
    [{ name: 'ab' }, 'name', 'is too short (minimum is 3 characters)'],
    [{ name: 'x'.repeat(61) }, 'name', 'is too long (maximum is 60 characters)'],
    [{ field_mappings: [] }, 'field_mappings', NO_FIELDS_MESSAGE],
    [
      { images_name_zero_pad_enabled: true, images_name_zero_pad_length: null },
      'images_name_zero_pad_length',
      IMAGE_ZERO_PAD_REQUIRED_MESSAGE,
    ],
    [{ data_zero_pad_field_key: 'student_id' }, 'data_zero_pad_field_length', DATA_ZERO_PAD_REQUIRED_MESSAGE],
    [
      { images_name_zero_pad_length: 121 },
      'images_name_zero_pad_length',
      'must be less than or equal to 120',
    ],
    [{ data_zero_pad_field_length: -1 }, 'data_zero_pad_field_length', 'must be greater than or equal to 0'],
    [{ images_crop_width_pixels: 0 }, 'images_crop_width_pixels', 'must be greater than or equal to 1'],
    [{ images_crop_height_pixels: 3001 }, 'images_crop_height_pixels', 'must be less than or equal to 3000'],
    [{ images_pixels_per_inch: 601 }, 'images_pixels_per_inch', 'must be less than or equal to 600'],
    [{ images_pixels_per_inch: 0 }, 'images_pixels_per_inch', 'must be greater than or equal to 1'],
    [
      {
        images_name_primary_field_first_key: 'last_name',
        images_name_primary_field_second_key: 'first_name',
        images_name_primary_separator: null,
      },
      'images_name_primary_separator',
      "can't be blank",
    ],
    [{ data_file_name: ' ' }, 'data_file_name', "can't be blank"],
    [{ data_file_extension: 'xls' }, 'data_file_extension', "can't be blank"],
    [{ data_delimiter_format: 'pipe' }, 'data_delimiter_format', "can't be blank"],
    [{ data_newline_format: null }, 'data_newline_format', "can't be blank"],
    [{ images_content_type: 'image/gif' }, 'images_content_type', "can't be blank"],
    [
      { field_mappings: [{ field_key: 'shoe_size', position: 1 }] },
      'field_mappings.0.field_key',
      'is not a known field key',
    ],
    [
      {
        field_mappings: [
          { field_key: 'grade', position: 1 },
          { field_key: 'teacher', position: 1 },
        ],
      },
      'field_mappings',
      'cannot repeat a position',
    ],
    [
      { duplicate_search_fields: ['first_name', 'last_name', 'student_id', 'grade', 'teacher', 'email'] },
      'duplicate_search_fields',
      'can have at most 5 fields',
    ],
    [{ duplicate_search_fields: ['grade', 'grade'] }, 'duplicate_search_fields', 'cannot repeat a field'],
    [{ duplicate_search_fields: ['shoe_size'] }, 'duplicate_search_fields.0', 'is not a known field key'],
    [{ directory_group_field_key: 'image_folder' }, 'directory_group_field_key', 'is not a known field key'],
    [
      { field_mappings: [{ custom_label: ' ', position: 1 }] },
      'field_mappings.0.field_key',
      "can't be blank",
    ],
    [
      { field_mappings: [{ custom_label: 'x'.repeat(101), position: 1 }] },
      'field_mappings.0.custom_label',
      'is too long (maximum is 100 characters)',
    ],
    [
      {
        field_mappings: [
          { custom_label: 'Medical Alert', position: 1 },
          { custom_label: ' medical alert', position: 2 },
        ],
      },
      'field_mappings',
      'cannot repeat a custom field',
    ],
    [{ data_encoding: 'latin-9' }, 'data_encoding', 'is not a known encoding'],
  ])('422 for %j', async (format, field, message) => {
    const res = await create('studioManager', format);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  test('no fields are needed when the format has no data file; separator only when both name fields', async () => {
    await createOk('studioManager', { include_data: false, field_mappings: [] });
    await createOk('studioManager', {
      images_name_primary_field_first_key: 'student_id',
      images_name_primary_separator: null,
    });
  });
});

describe('permissions (§6)', () => {
  test('creating: accounts that manage their own organization, in it', async () => {
    await createOk('schoolStaff'); // manages School A1, not a manager
    expect((await create('studioStaff', {})).statusCode).toBe(403);
    expect((await create('studioManager', { organization_id: w.orgs.schoolA1.id })).statusCode).toBe(403);
    const foreign = await create('foreignManager', { organization_id: w.orgs.studioA.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ organization_id: ['is invalid'] });
    expect((await create('unlicensed', {})).statusCode).toBe(403);
  });

  test('"available to sub-organizations" only for studio or lab managers', async () => {
    expect((await create('schoolStaff', { available_to_suborganizations: true })).statusCode).toBe(403);
    expect((await create('schoolManager', { available_to_suborganizations: true })).statusCode).toBe(403);
    const shared = await createOk('studioManager', { available_to_suborganizations: true });
    expect(shared.available_to_suborganizations).toBe(true);
    await createOk('labManager', { available_to_suborganizations: true });
    // A school's own format cannot be switched to shared by its school manager either.
    const own = await createOk('schoolManager');
    const res = await call('schoolManager', 'PUT', `/api/project-export-formats/${own.id}`, {
      project_export_format: {
        name: own.name,
        field_mappings: mappings,
        available_to_suborganizations: true,
      },
    });
    expect(res.statusCode).toBe(403);
  });

  test('not restricted: managers of the own organization update, copy and delete; staff and others do not', async () => {
    const f = await createOk('studioManager', { name: 'Team format' });
    const body = { project_export_format: { name: 'Team format 2', field_mappings: mappings } };
    const other = await call('otherStudioManager', 'PUT', `/api/project-export-formats/${f.id}`, body);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().project_export_format.name).toBe('Team format 2');
    expect((await call('studioStaff', 'PUT', `/api/project-export-formats/${f.id}`, body)).statusCode).toBe(
      403,
    );
    expect((await call('studioStaff', 'POST', `/api/project-export-formats/${f.id}/copy`)).statusCode).toBe(
      403,
    );
    expect((await call('studioStaff', 'DELETE', `/api/project-export-formats/${f.id}`)).statusCode).toBe(403);
    // The lab above sees it but it is not the lab's own organization's format.
    expect((await call('labManager', 'PUT', `/api/project-export-formats/${f.id}`, body)).statusCode).toBe(
      403,
    );
    expect((await call('labManager', 'DELETE', `/api/project-export-formats/${f.id}`)).statusCode).toBe(403);
    expect(
      (await call('otherStudioManager', 'POST', `/api/project-export-formats/${f.id}/copy`)).statusCode,
    ).toBe(201);
    expect(
      (await call('otherStudioManager', 'DELETE', `/api/project-export-formats/${f.id}`)).statusCode,
    ).toBe(200);
    expect((await call('studioManager', 'GET', `/api/project-export-formats/${f.id}`)).statusCode).toBe(404);
  });

  test('restricted: only the creator updates, copies and deletes', async () => {
    const f = await createOk('studioManager', {
      name: 'Mine only',
      restrict_to_orgs_managed_by_creator: true,
    });
    const body = { project_export_format: { name: 'Taken', field_mappings: mappings } };
    for (const [method, suffix] of [
      ['PUT', ''],
      ['POST', '/copy'],
      ['DELETE', ''],
    ] as const) {
      const res = await call(
        'otherStudioManager',
        method,
        `/api/project-export-formats/${f.id}${suffix}`,
        method === 'PUT' ? body : undefined,
      );
      expect(res.statusCode, `${method} ${suffix}`).toBe(403);
    }
    expect((await call('studioManager', 'PUT', `/api/project-export-formats/${f.id}`, body)).statusCode).toBe(
      200,
    );
    expect((await call('studioManager', 'POST', `/api/project-export-formats/${f.id}/copy`)).statusCode).toBe(
      201,
    );
    expect((await call('studioManager', 'DELETE', `/api/project-export-formats/${f.id}`)).statusCode).toBe(
      200,
    );
  });

  test('another school or tree gets 404', async () => {
    const a2 = await createOk('schoolStaff');
    const schoolA2Staff = await buildUser(t.ctx.db, { organizations: [w.orgs.schoolA2.id], manages: 'own' });
    tokens.schoolA2Staff = await signIn(t.app, schoolA2Staff.email);
    for (const who of ['schoolA2Staff', 'foreignManager']) {
      expect((await call(who, 'GET', `/api/project-export-formats/${a2.id}`)).statusCode).toBe(404);
      expect(
        (
          await call(who, 'PUT', `/api/project-export-formats/${a2.id}`, {
            project_export_format: { name: 'Stolen', field_mappings: mappings },
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(who, 'POST', `/api/project-export-formats/${a2.id}/copy`)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/api/project-export-formats/${a2.id}`)).statusCode).toBe(404);
    }
    expect(
      (await call('foreignManager', 'GET', `/api/projects/${projects.schoolA1}/project-export-formats`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('foreignManager', 'GET', `/api/organizations/${w.orgs.studioA.id}/project-export-formats`))
        .statusCode,
    ).toBe(404);
    expect((await call('studioManager', 'GET', '/api/project-export-formats/abc')).statusCode).toBe(404);
  });
});

describe('which formats a project may use', () => {
  test('built-in, its organization’s own, and those the organizations above share', async () => {
    const studioPrivate = await createOk('studioManager', { name: 'Studio private' });
    const studioShared = await createOk('studioManager', {
      name: 'Studio shared',
      available_to_suborganizations: true,
    });
    const labShared = await createOk('labManager', {
      name: 'Lab shared',
      available_to_suborganizations: true,
    });
    const school = await createOk('schoolStaff', { name: 'School own' });
    const schoolList = (await projectFormats('schoolStaff', 'schoolA1')).map((f) => f.id);
    expect(schoolList).toEqual(expect.arrayContaining([studioShared.id, labShared.id, school.id]));
    expect(schoolList).not.toContain(studioPrivate.id);
    // The studio manager sees the school's list and, on the school's project, the studio's own formats
    // (it made them for that project); the school still does not see the studio's private one.
    const seenByStudio = await projectFormats('studioManager', 'schoolA1');
    expect(seenByStudio.map((f) => f.id)).toEqual(expect.arrayContaining([...schoolList, studioPrivate.id]));
    const studiosOwn = seenByStudio.filter((f) => !schoolList.includes(f.id));
    expect(studiosOwn.every((f) => f.organization_id === w.orgs.studioA.id)).toBe(true);
    // ...and may run it there: the pre-export check takes it; the school's staff may not.
    const check = (who: string) =>
      call(who, 'POST', `/api/projects/${projects.schoolA1}/project-exports/check`, {
        project_export: { project_export_format_id: studioPrivate.id },
      });
    expect((await check('studioManager')).statusCode).toBe(200);
    expect((await check('schoolStaff')).json()).toEqual({
      errors: { project_export_format_id: ['is invalid'] },
    });
    // A sibling school's project does not get School A1's format.
    expect((await projectFormats('studioManager', 'schoolA2')).map((f) => f.id)).not.toContain(school.id);
    // The studio's own project has its private one; built-in ones come first.
    const studioList = await projectFormats('studioManager', 'studioA');
    expect(studioList.map((f) => f.id)).toEqual(expect.arrayContaining([studioPrivate.id, studioShared.id]));
    expect(studioList.map((f) => f.id)).not.toContain(school.id);
    expect(studioList.slice(0, 5).every((f) => f.is_global)).toBe(true);
    expect(studioList.length).toBeGreaterThan(5);
    // A shared format is seen from below; a private one is not.
    expect(
      (await call('schoolStaff', 'GET', `/api/project-export-formats/${studioShared.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('schoolStaff', 'GET', `/api/project-export-formats/${studioPrivate.id}`)).statusCode,
    ).toBe(404);
    // Seen but not theirs: the school may not change the studio's shared format.
    expect(
      (await call('schoolStaff', 'DELETE', `/api/project-export-formats/${studioShared.id}`)).statusCode,
    ).toBe(403);
    // Another tree's project gets none of these.
    const foreign = (await projectFormats('foreignManager', 'schoolB')).map((f) => f.id);
    expect(foreign).not.toContain(studioShared.id);
    expect(foreign).not.toContain(labShared.id);
  });

  test('an organization lists its own custom formats only', async () => {
    const own = await createOk('studioManager', { name: 'Org list' });
    const res = await call(
      'studioManager',
      'GET',
      `/api/organizations/${w.orgs.studioA.id}/project-export-formats`,
    );
    expect(res.statusCode).toBe(200);
    const list = res.json().project_export_formats as Format[];
    expect(list.map((f) => f.id)).toContain(own.id);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((f) => !f.is_global)).toBe(true);
  });
});

describe('copy', () => {
  test('"name (Copy)" with settings, mappings and duplicate search fields, made by the caller', async () => {
    const source = await createOk('studioManager', {
      name: 'Source format',
      duplicate_search_fields: ['student_id', 'grade'],
      data_delimiter_format: 'tab',
      images_crop_width_pixels: 640,
      images_crop_height_pixels: 800,
      include_readme: false,
      field_mappings: [...mappings, { custom_label: 'Medical Alert', position: 4 }],
      data_encoding: 'utf-8-bom',
      data_master_file: true,
    });
    const res = await call('otherStudioManager', 'POST', `/api/project-export-formats/${source.id}/copy`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().project_export_format;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: 'Source format (Copy)',
      organization_id: w.orgs.studioA.id,
      created_by_user_id: w.users.otherStudioManager!.id,
      duplicate_search_fields: ['student_id', 'grade'],
      field_mappings: [
        ...mappings.map((m) => ({ ...m, custom_label: null })),
        { field_key: null, custom_label: 'Medical Alert', position: 4 },
      ],
      data_delimiter_format: 'tab',
      images_crop_width_pixels: 640,
      images_crop_height_pixels: 800,
      include_readme: false,
      data_encoding: 'utf-8-bom',
      data_master_file: true,
    });
    const long = await createOk('studioManager', { name: 'L'.repeat(60) });
    const longCopy = (
      await call('studioManager', 'POST', `/api/project-export-formats/${long.id}/copy`)
    ).json();
    expect(longCopy.project_export_format.name).toBe(`${'L'.repeat(53)} (Copy)`);
  });

  test('the copy wizard sends the edited values: they make the copy, under the rules of a new format', async () => {
    const source = await createOk('studioManager', { name: 'Wizard source', include_readme: false });
    const res = await call('studioManager', 'POST', `/api/project-export-formats/${source.id}/copy`, {
      project_export_format: {
        name: 'Wizard source (Copy)',
        include_readme: true,
        field_mappings: [{ field_key: 'grade', position: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().project_export_format).toMatchObject({
      name: 'Wizard source (Copy)',
      organization_id: w.orgs.studioA.id,
      include_readme: true,
      field_mappings: [{ field_key: 'grade', position: 1 }],
    });
    const invalid = await call('studioManager', 'POST', `/api/project-export-formats/${source.id}/copy`, {
      project_export_format: { name: 'x', field_mappings: [] },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.field_mappings).toEqual([NO_FIELDS_MESSAGE]);
    const own = await createOk('schoolStaff', { name: 'School source' });
    const shared = await call('schoolStaff', 'POST', `/api/project-export-formats/${own.id}/copy`, {
      project_export_format: {
        name: 'School copy',
        field_mappings: mappings,
        available_to_suborganizations: true,
      },
    });
    expect(shared.statusCode).toBe(403);
  });

  test('a deleted creator shows as deleted', async () => {
    const creator = await buildUser(t.ctx.db, { organizations: [w.orgs.studioA.id], manager: true });
    tokens.creator = await signIn(t.app, creator.email);
    const f = await createOk('creator', { name: 'Orphan' });
    expect(f.created_by_user_name).toMatch(/Test User/);
    await t.ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', creator.id)
      .execute();
    const shown = (await call('studioManager', 'GET', `/api/project-export-formats/${f.id}`)).json();
    expect(shown.project_export_format).toMatchObject({
      created_by_user_name: null,
      created_by_user_deleted: true,
    });
  });
});
