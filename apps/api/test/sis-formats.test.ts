import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '../src/db/database.js';
import {
  checkExport,
  type ExportFormatRow,
  type ExportImageSource,
  type ExportSubject,
} from '../src/modules/project-exports/archive/index.js';
import { entryCost } from '../src/modules/project-exports/archive/parts.js';
import type { Storage } from '../src/storage/storage.js';
import { eventually } from './support/app.js';
import { buildArchive, temporaryStorage, wholeImage } from './support/archive.js';
import { createTestDatabase } from './support/database.js';
import { builtInFormat, formatRow, runOptions } from './support/export-format.js';
import { injectAs } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { worldApp } from './support/world.js';
import { readZip, type ZipEntry } from './support/zip.js';

/**
 * The formats school systems read (docs/exports.md): the built-in formats as
 * migration 0031 leaves them, built into real archives from a real JPEG and read back (names, sizes, parts,
 * data files), and the pre-export check's SIS and PSPA package rules.
 */

let storage: Storage;
let removeStorage: (() => Promise<void>) | undefined;
let handle: ReturnType<typeof connectDatabase>;
let photo: ExportImageSource;

beforeAll(async () => {
  ({ storage, remove: removeStorage } = await temporaryStorage('sis-formats-'));
  // Noise, so that JPEGs have a size worth splitting.
  const noise = Buffer.alloc(600 * 900 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251;
  const jpeg = await sharp(noise, { raw: { width: 600, height: 900, channels: 3 } })
    .jpeg()
    .toBuffer();
  await storage.put('org-1/photos/1/original', jpeg, 'image/jpeg');
  photo = wholeImage('1', 'org-1/photos/1/original', 600, 900);
  handle = connectDatabase(await createTestDatabase(), 1);
});
afterAll(async () => {
  await handle?.close();
  await removeStorage?.();
});

const builtIn = (standardKey: string) => builtInFormat(handle.db, standardKey);

let builds = 0;
async function build(format: ExportFormatRow, subjects: ExportSubject[], options = runOptions()) {
  const key = `org-1/exports/${++builds}.zip`;
  const { bytes } = await buildArchive(storage, key, format, subjects, options);
  const entries = new Map((await readZip(bytes)).map((e) => [e.name, e]));
  return { bytes, entries };
}

const student = (id: string, studentId: string, more: Record<string, string> = {}, images = [photo]) => ({
  id,
  values: { student_id: studentId, first_name: `First${id}`, last_name: `Last${id}`, ...more },
  images,
});

const size = async (entry: ZipEntry | undefined) => {
  const meta = await sharp(entry!.data).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};

describe('built-in formats (migration 0031)', () => {
  test('Infinite Campus, Aeries, ID cards and PowerSchool carry the sizes and names their guides ask for', async () => {
    expect(await builtIn('infinite_campus_photo_import')).toMatchObject({
      name: 'Infinite Campus Photo Import',
      organization_id: null,
      include_data: false,
      include_images: true,
      images_content_type: 'image/jpeg',
      images_crop_width_pixels: 240,
      images_crop_height_pixels: 360,
      images_name_primary_field_first_key: 'student_id',
      images_name_primary_field_second_key: null,
      images_name_append_sequential_number: false,
      images_zip_part_max_bytes: 100_000_000,
    });
    expect(await builtIn('aeries_photo_import')).toMatchObject({
      include_data: false,
      include_readme: false,
      images_crop_width_pixels: 240,
      images_crop_height_pixels: 320,
      images_name_primary_field_first_key: 'student_id',
      images_zip_part_max_bytes: null,
    });
    const idCards = await builtIn('id_card_import');
    expect(idCards).toMatchObject({
      include_data: true,
      data_file_name: 'import',
      data_file_extension: 'csv',
      data_include_headers: true,
      data_encoding: 'utf-8',
      images_directory_name: 'Photos',
      images_name_primary_field_first_key: 'student_id',
    });
    expect(idCards.field_mappings.map((m) => m.field_key)).toEqual([
      'student_id',
      'first_name',
      'last_name',
      'grade',
      'teacher',
      'home_room',
      'image_file_name',
    ]);
    expect(await builtIn('powerschool_photo_import')).toMatchObject({
      images_crop_width_pixels: 200,
      images_crop_height_pixels: 300,
      images_content_type: 'image/jpeg',
    });
  });
});

describe('archives read back', () => {
  test('Infinite Campus: <Student ID>.jpg at 240 x 360 in part ZIPs, each within the limit, every student once', async () => {
    const campus = await builtIn('infinite_campus_photo_import');
    const subjects = ['1001', '1002', '1003', '1004', '1005'].map((sid, i) => student(String(i + 1), sid));

    // At the real limit (100 MB) one part holds everyone.
    const whole = await build(campus, subjects);
    expect([...whole.entries.keys()]).toEqual(['part-1.zip', 'readme.txt']);
    const single = await readZip(whole.entries.get('part-1.zip')!.data);
    expect(single.map((e) => e.name)).toEqual(['1001.jpg', '1002.jpg', '1003.jpg', '1004.jpg', '1005.jpg']);
    expect(await size(single[0])).toEqual({ format: 'jpeg', width: 240, height: 360 });
    expect(whole.entries.get('readme.txt')!.data.toString()).toContain(
      'in part-1.zip (at most 100,000,000 bytes): upload it.',
    );

    // A limit of two images per part (the images are the same bytes) gives three parts: 2, 2 and 1.
    const limit = 22 + 2 * entryCost('1001.jpg', single[0]!.data.length);
    const split = await build({ ...campus, images_zip_part_max_bytes: limit }, subjects);
    expect([...split.entries.keys()]).toEqual(['part-1.zip', 'part-2.zip', 'part-3.zip', 'readme.txt']);
    const names: string[][] = [];
    for (const n of [1, 2, 3]) {
      const part = split.entries.get(`part-${n}.zip`)!;
      expect(part.method).toBe(0);
      expect(part.data.length).toBeLessThanOrEqual(limit);
      names.push((await readZip(part.data)).map((e) => e.name));
    }
    expect(names).toEqual([['1001.jpg', '1002.jpg'], ['1003.jpg', '1004.jpg'], ['1005.jpg']]);
    // One byte less and each part holds one image.
    const tighter = await build({ ...campus, images_zip_part_max_bytes: limit - 1 }, subjects);
    expect([...tighter.entries.keys()].filter((n) => n.endsWith('.zip'))).toHaveLength(5);
    expect(tighter.entries.get('readme.txt')!.data.toString()).toContain(
      `in 5 ZIPs of at most ${(limit - 1).toLocaleString('en-US')} bytes each (part-1.zip to part-5.zip): upload each one.`,
    );
  });

  test('Aeries: <Perm ID>.jpg at 240 x 320 at the root of the ZIP (the pictures Mass Add Pictures takes), no readme', async () => {
    const { entries } = await build(await builtIn('aeries_photo_import'), [
      student('1', '990107'),
      student('2', '990108'),
    ]);
    expect([...entries.keys()]).toEqual(['990107.jpg', '990108.jpg']);
    expect(await size(entries.get('990107.jpg'))).toEqual({
      format: 'jpeg',
      width: 240,
      height: 320,
    });
  });

  test('PowerSchool: a flat ZIP of 200 x 300 JPEGs whose names the map file beside them gives exactly, case and all, with .jpg', async () => {
    const { entries } = await build(await builtIn('powerschool_photo_import'), [
      student('1', '420101752'),
      student('2', 'Ab0042'),
    ]);
    // The whole download: the images at its root (the flat ZIP PowerSchool takes) and the map beside them.
    expect([...entries.keys()]).toEqual(['420101752.jpg', 'Ab0042.jpg', 'photos.txt']);
    const images = [...entries.keys()].filter((n) => n.endsWith('.jpg'));
    expect(await size(entries.get(images[0]!))).toEqual({ format: 'jpeg', width: 200, height: 300 });
    const map = entries.get('photos.txt')!.data.toString('utf8');
    expect(map).toBe('420101752\t420101752.jpg\r\nAb0042\tAb0042.jpg\r\n');
    // Every file name in the map is an image's name byte for byte (PowerSchool compares case-sensitively).
    const mapped = map
      .trim()
      .split('\r\n')
      .map((line) => line.split('\t')[1]);
    expect(mapped).toEqual(images.map((n) => path.posix.basename(n)));
  });

  test('ID cards: import.csv with a header and the photo file name, beside Photos/<ID>.jpg, at the root', async () => {
    const { entries } = await build(await builtIn('id_card_import'), [
      student('1', '00123', { grade: '5', teacher: 'Ms. Lee', home_room: '12' }),
      student('2', 'S-77', { grade: '6', teacher: 'Mr. Ortiz' }),
    ]);
    expect([...entries.keys()]).toEqual(['Photos/00123.jpg', 'Photos/S-77.jpg', 'import.csv']);
    const csv = entries.get('import.csv')!.data.toString('utf8');
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    expect(csv.split('\r\n')).toEqual([
      '"Student ID","First Name","Last Name","Grade","Teacher","Home Room","Image File Name"',
      '"00123","First1","Last1","5","Ms. Lee","12","00123.jpg"',
      '"S-77","First2","Last2","6","Mr. Ortiz","","S-77.jpg"',
      '',
    ]);
    expect(await size(entries.get('Photos/00123.jpg'))).toEqual({
      format: 'jpeg',
      width: 480,
      height: 600,
    });
  });
});

describe('pre-export check: IDs for school systems', () => {
  const codes = (format: ExportFormatRow, subjects: ExportSubject[]) =>
    Object.fromEntries(
      checkExport(format, subjects, runOptions()).issues.map((i) => [i.code, i.subject_ids]),
    );

  test.each([
    'infinite_campus_photo_import',
    'aeries_photo_import',
    'powerschool_photo_import',
    'id_card_import',
    'photos_by_student_id',
  ])('%s: missing IDs, duplicate IDs and numeric IDs shorter than the rest', async (key) => {
    const found = codes(await builtIn(key), [
      student('1', ''),
      student('2', '500123'),
      student('3', '500123'),
      student('4', '23456'),
      student('5', '600001'),
    ]);
    expect(found.missing_value).toEqual(['1']);
    expect(found.duplicate_value).toEqual(['2', '3']);
    expect(found.leading_zeros).toEqual(['4']);
  });

  test('Infinite Campus and Aeries read IDs as numbers: 0123 and 123 collide; elsewhere they are two people', async () => {
    const subjects = [student('1', '0123'), student('2', '123'), student('3', '0456'), student('4', 'A0123')];
    for (const key of ['infinite_campus_photo_import', 'aeries_photo_import']) {
      const report = checkExport(await builtIn(key), subjects, runOptions());
      const collide = report.issues.find((i) => i.code === 'leading_zeros_collide')!;
      expect(collide).toMatchObject({ field_key: 'student_id', count: 2, subject_ids: ['1', '2'] });
      expect(collide.message).toMatch(
        /^2 subjects have a Student ID that is another subject's once leading zeros are dropped; (Infinite Campus|Aeries) reads IDs as numbers/,
      );
    }
    const powerSchool = codes(await builtIn('powerschool_photo_import'), subjects);
    expect(powerSchool.leading_zeros_collide).toBeUndefined();
  });

  test('ID cards: IDs starting with 0 are flagged for the CSV a spreadsheet opens', async () => {
    const report = checkExport(
      await builtIn('id_card_import'),
      [student('1', '00123'), student('2', '12345'), student('3', '0'), student('4', 'S-01')],
      runOptions(),
    );
    expect(report.issues.find((i) => i.code === 'leading_zeros_in_csv')).toEqual({
      code: 'leading_zeros_in_csv',
      message:
        "1 subject has a Student ID starting with 0; a spreadsheet opening the CSV drops leading zeros (import the column as text), and the photo's file name keeps them.",
      field_key: 'student_id',
      count: 1,
      subject_ids: ['1'],
    });
    expect(
      codes(await builtIn('aeries_photo_import'), [student('1', '00123')]).leading_zeros_in_csv,
    ).toBeUndefined();
  });
});

describe('pre-export check: the PSPA package', () => {
  const fields = [
    { id: '1', field_key: 'first_name', label: null },
    { id: '2', field_key: 'last_name', label: null },
    { id: '3', field_key: 'grade', label: null },
    { id: '4', field_key: 'teacher', label: null },
  ];
  const person = (id: string, values: Record<string, string>, images = [photo]): ExportSubject => ({
    id,
    values: { first_name: `F${id}`, last_name: `L${id}`, grade: '9', ...values },
    images,
  });
  const pspaSized = async () => ({
    ...(await builtIn('pspa_yearbook')),
    images_crop_width_pixels: 640,
    images_crop_height_pixels: 800,
  });
  const issue = (report: ReturnType<typeof checkExport>, code: string) =>
    report.issues.find((i) => i.code === code);

  test('a clean package raises none of the PSPA issues', async () => {
    const portrait = { ...photo, crop: { x: 0, y: 0, width: 600, height: 750 } };
    const report = checkExport(
      await pspaSized(),
      [person('1', {}, [portrait]), person('2', {}, [portrait])],
      runOptions({ fields }),
    );
    expect(report.issues.filter((i) => i.code.startsWith('pspa_'))).toEqual([]);
  });

  test('every index row has its image: rows without one in a PSPA copy that lists everyone', async () => {
    const copy = {
      ...(await pspaSized()),
      standard_key: null,
      data_master_file: false,
      data_image_rows_only: false,
    };
    const report = checkExport(copy, [person('1', {}), person('2', {}, [])], runOptions({ fields }));
    expect(issue(report, 'pspa_row_without_image')).toMatchObject({ count: 1, subject_ids: ['2'] });
    // The built-in keeps them out of INDEX.TXT (MASTER.TXT lists them): no row without an image.
    const builtInReport = checkExport(
      await pspaSized(),
      [person('1', {}), person('2', {}, [])],
      runOptions({ fields }),
    );
    expect(issue(builtInReport, 'pspa_row_without_image')).toBeUndefined();
    expect(issue(builtInReport, 'left_out_of_index')).toBeDefined();
  });

  test("names unique across folders and safe: the same name in two teachers' folders, a folder name beyond A-Z", async () => {
    const grouped = {
      ...(await pspaSized()),
      allow_custom_directory_group_field: true,
      images_directory_group_enabled: true,
      images_name_append_sequential_number: false,
    };
    const subjects = [
      person('1', { first_name: 'Ann', last_name: 'Lee', teacher: 'Park' }),
      person('2', { first_name: 'Ann', last_name: 'Lee', teacher: 'Ortiz' }),
      person('3', { first_name: 'Bo', last_name: 'Diaz', teacher: 'Иванова' }),
    ];
    const report = checkExport(grouped, subjects, runOptions({ fields, groupFieldKey: 'teacher' }));
    expect(issue(report, 'pspa_name_not_unique')).toMatchObject({ count: 2, subject_ids: ['1', '2'] });
    expect(issue(report, 'pspa_unsafe_name')).toMatchObject({ count: 1, subject_ids: ['3'] });
    // Numbered names (the built-in's) are unique whatever the folders.
    const numbered = checkExport(
      { ...grouped, images_name_append_sequential_number: true },
      subjects.slice(0, 2),
      runOptions({ fields, groupFieldKey: 'teacher' }),
    );
    expect(issue(numbered, 'pspa_name_not_unique')).toBeUndefined();
  });

  test('one image size and aspect: the format against 640 x 800 JPEG, crops of another shape', async () => {
    const small = { ...(await pspaSized()), images_crop_width_pixels: 480, images_crop_height_pixels: 640 };
    const report = checkExport(small, [person('1', {})], runOptions({ fields }));
    expect(issue(report, 'pspa_image_size')?.message).toBe(
      'This format makes JPEG images of 480 × 640 pixels; PSPA asks for JPEG images of 640 × 800 pixels (4:5) or larger, one size across the package.',
    );
    expect(
      issue(checkExport(await pspaSized(), [person('1', {})], runOptions({ fields })), 'pspa_image_size'),
    ).toBeUndefined();
    const landscape = { ...photo, crop: { x: 0, y: 0, width: 600, height: 400 } };
    const portrait = { ...photo, crop: { x: 0, y: 0, width: 400, height: 500 } };
    const shapes = checkExport(
      await pspaSized(),
      [person('1', {}, [landscape]), person('2', {}, [portrait])],
      runOptions({ fields }),
    );
    expect(issue(shapes, 'pspa_aspect')).toMatchObject({ count: 1, subject_ids: ['1'] });
  });

  test('staff apart from students when the project has a Title or Department field', async () => {
    const subjects = [
      person('1', { title: 'Principal', grade: '' }),
      person('2', { title: 'Librarian', grade: 'Staff' }),
      person('3', { department: 'Science', grade: '9' }),
      person('4', { grade: '9' }),
    ];
    const withTitle = runOptions({
      fields: [
        ...fields,
        { id: '5', field_key: 'title', label: null },
        { id: '6', field_key: 'department', label: null },
      ],
    });
    const report = checkExport(await pspaSized(), subjects, withTitle);
    expect(issue(report, 'pspa_staff_unmarked')).toMatchObject({ count: 2, subject_ids: ['1', '3'] });
    // Without such a field the project says nothing about who is staff.
    expect(
      issue(checkExport(await pspaSized(), subjects, runOptions({ fields })), 'pspa_staff_unmarked'),
    ).toBeUndefined();
  });

  test('formats that are not a PSPA package get none of it', () => {
    const report = checkExport(
      formatRow({ images_crop_width_pixels: 48, images_crop_height_pixels: 64 }),
      [person('1', { title: 'Principal' }, [{ ...photo, crop: { x: 0, y: 0, width: 600, height: 400 } }])],
      runOptions({ fields: [...fields, { id: '5', field_key: 'title', label: null }] }),
    );
    expect(report.issues.filter((i) => i.code.startsWith('pspa_'))).toEqual([]);
  });
});

describe('through the API: a school runs Infinite Campus, checks and downloads', () => {
  let app: Awaited<ReturnType<typeof worldApp>>;
  let project: Awaited<ReturnType<typeof projectWithFields>>;
  beforeAll(async () => {
    app = await worldApp(['schoolStaff']);
    const { db } = app.t.ctx;
    project = await projectWithFields(db, app.w.orgs.schoolA1.id, 'Campus Fall', [
      'student_id',
      'first_name',
      'last_name',
    ]);
    const crop = { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
    for (const [sid, first] of [
      ['0123', 'Ada'],
      ['123', 'Ben'],
      ['777', 'Cy'],
    ] as const) {
      await subjectWithPhoto(
        app.t,
        project,
        { student_id: sid, first_name: first, last_name: 'Lane' },
        {
          bytes: await makeJpeg(300, 450),
          width: 300,
          height: 450,
          crop,
        },
      );
    }
  }, 120_000);
  afterAll(() => app?.t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(app.t.app, app.tokens.schoolStaff!, method, url, payload);

  async function runAndDownload(formatId: string) {
    const created = await call('POST', `/api/projects/${project.projectId}/project-exports`, {
      project_export: { project_export_format_id: formatId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().project_export.id as string;
    await eventually(async () => {
      const e = (await call('GET', `/api/project-exports/${id}`)).json().project_export;
      return e.job_status === 'completed' ? e : null;
    }, 60_000);
    const answer = await call('GET', `/api/project-exports/${id}/download`);
    expect(answer.statusCode, answer.body).toBe(302);
    const file = await app.t.app.inject({ method: 'GET', url: answer.headers.location as string });
    return new Map((await readZip(file.rawPayload)).map((e) => [e.name, e]));
  }

  test('the check names the IDs Campus would read as one; the built-in gives one part; a lower limit, one per image', async () => {
    const campus = await app.t.ctx.db
      .selectFrom('project_export_formats')
      .selectAll()
      .where('standard_key', '=', 'infinite_campus_photo_import')
      .executeTakeFirstOrThrow();
    const check = await call('POST', `/api/projects/${project.projectId}/project-exports/check`, {
      project_export: { project_export_format_id: campus.id },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(
      check.json().report.issues.find((i: { code: string }) => i.code === 'leading_zeros_collide'),
    ).toMatchObject({ count: 2, field_key: 'student_id' });

    const whole = await runAndDownload(campus.id);
    expect([...whole.keys()]).toEqual(['part-1.zip', 'readme.txt']);
    expect((await readZip(whole.get('part-1.zip')!.data)).map((e) => e.name).sort()).toEqual([
      '0123.jpg',
      '123.jpg',
      '777.jpg',
    ]);

    // The school's own format with Campus's settings and a limit below one image: a part per image.
    const { id: _id, standard_key: _key, created_at: _c, updated_at: _u, ...settings } = campus;
    const own = await app.t.ctx.db
      .insertInto('project_export_formats')
      .values({
        ...settings,
        organization_id: app.w.orgs.schoolA1.id,
        standard_key: null,
        name: 'Campus in small parts',
        images_zip_part_max_bytes: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const split = await runAndDownload(own.id);
    const parts = [...split.keys()].filter((n) => n.endsWith('.zip'));
    expect(parts).toEqual(['part-1.zip', 'part-2.zip', 'part-3.zip']);
    const inParts = await Promise.all(
      parts.map(async (n) => (await readZip(split.get(n)!.data)).map((e) => e.name)),
    );
    expect(inParts.every((names) => names.length === 1)).toBe(true);
    expect(inParts.flat().sort()).toEqual(['0123.jpg', '123.jpg', '777.jpg']);
  }, 180_000);
});
