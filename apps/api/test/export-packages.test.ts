import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '../src/db/database.js';
import {
  checkExport,
  type ExportFormatRow,
  type ExportImageSource,
  type ExportSubject,
  storedReport,
} from '../src/modules/project-exports/archive/index.js';
import { SIS_FORMATS } from '../src/modules/project-exports/archive/sis-checks.js';
import type { Storage } from '../src/storage/storage.js';
import { eventually } from './support/app.js';
import { buildArchive, temporaryStorage, wholeImage } from './support/archive.js';
import { createTestDatabase } from './support/database.js';
import { builtInFormat, runOptions } from './support/export-format.js';
import { injectAs } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { worldApp } from './support/world.js';
import { readZip } from './support/zip.js';

/**
 * The files yearbook publishers and school systems read, as their guides name them (docs/exports.md),
 * built by migration 0044's built-in formats into real archives and read back:
 * PSPA's 13-column index, README.TXT and COPYRIGHT.TXT, the index's encoding; every school system's
 * download at the ZIP's root; the pre-export check naming what it will write otherwise, and Aeries IDs
 * that are not numbers.
 */

let storage: Storage;
let removeStorage: (() => Promise<void>) | undefined;
let handle: ReturnType<typeof connectDatabase>;
let photo: ExportImageSource;

beforeAll(async () => {
  ({ storage, remove: removeStorage } = await temporaryStorage('export-packages-'));
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();
  await storage.put('org-1/photos/1/original', jpeg, 'image/jpeg');
  photo = wholeImage('1', 'org-1/photos/1/original', 800, 1000);
  handle = connectDatabase(await createTestDatabase(), 1);
});
afterAll(async () => {
  await handle?.close();
  await removeStorage?.();
});

const builtIn = (standardKey: string) => builtInFormat(handle.db, standardKey);

let builds = 0;
async function build(format: ExportFormatRow, subjects: ExportSubject[], options = runOptions()) {
  const { bytes } = await buildArchive(storage, `org-1/exports/p${++builds}.zip`, format, subjects, options);
  return new Map((await readZip(bytes)).map((e) => [e.name, e.data]));
}

const person = (id: string, values: Record<string, string>, images = [photo]): ExportSubject => ({
  id,
  values: { grade: '9', teacher: 'Park', home_room: '12', ...values },
  images,
});

describe('PSPA package', () => {
  test('INDEX.TXT has the 13 columns A-M, M the image size; README.TXT and COPYRIGHT.TXT as the guidelines name them', async () => {
    const pspa = await builtIn('pspa_yearbook');
    expect(pspa.field_mappings.map((m) => m.field_key)).toEqual([
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
    const files = await build(pspa, [
      person('1', { first_name: 'Ann', last_name: 'Lee' }),
      person('2', { first_name: 'Bo', last_name: 'Diaz' }, []),
    ]);
    expect([...files.keys()].sort()).toEqual([
      'PSPA/COPYRIGHT.TXT',
      'PSPA/IMAGES/Lee_Ann_1.jpg',
      'PSPA/INDEX.TXT',
      'PSPA/MASTER.TXT',
      'PSPA/README.TXT',
    ]);
    const index = files.get('PSPA/INDEX.TXT')!.toString('latin1');
    expect(index).toBe('PSPA\tIMAGES\tLee_Ann_1.jpg\t9\tLee\tAnn\t12\t\tPark\t\t\t\t640x800\r\n');
    expect(index.split('\r\n')[0]!.split('\t')).toHaveLength(13);
    // MASTER.TXT lists everyone with the same 13 columns; a row without an image has no image size.
    const master = files.get('PSPA/MASTER.TXT')!.toString('latin1').split('\r\n');
    expect(master[1]!.split('\t')).toEqual([
      'PSPA',
      '',
      '',
      '9',
      'Diaz',
      'Bo',
      '12',
      '',
      'Park',
      '',
      '',
      '',
      '',
    ]);
    const copyright = files.get('PSPA/COPYRIGHT.TXT')!.toString('latin1');
    expect(copyright).toMatch(/^These portraits are the copyrighted work of the photographer\. .*\r\n$/);
    expect(files.get('PSPA/README.TXT')!.toString()).toContain(
      "COPYRIGHT.TXT: the studio's statement of how these images may be used.",
    );
  });

  test("the usage statement is the format's setting: the studio's own words, none without one", async () => {
    const pspa = await builtIn('pspa_yearbook');
    const own = await build({ ...pspa, copyright_statement: 'Lumen Studio, 2026.\nYearbook use only.' }, [
      person('1', { first_name: 'Ann', last_name: 'Lee' }),
    ]);
    expect(own.get('PSPA/COPYRIGHT.TXT')!.toString()).toBe('Lumen Studio, 2026.\r\nYearbook use only.\r\n');
    const none = await build({ ...pspa, copyright_statement: null }, [
      person('1', { first_name: 'Ann', last_name: 'Lee' }),
    ]);
    expect([...none.keys()].filter((n) => n.includes('COPYRIGHT'))).toEqual([]);
  });

  test("the index's encoding: Windows-1252 keeps ë as one byte, ASCII and UTF-8 as Memento asks", async () => {
    const pspa = await builtIn('pspa_yearbook');
    expect(pspa.data_encoding).toBe('windows-1252');
    const zoe = [person('1', { first_name: 'Zoë', last_name: 'Łukasz' })];
    const indexOf = async (encoding: string) =>
      (await build({ ...pspa, data_encoding: encoding }, zoe)).get('PSPA/INDEX.TXT')!;
    const cells = (bytes: Buffer, at: number) => bytes.subarray(at, bytes.indexOf(0x09, at));
    const start = (bytes: Buffer) => bytes.indexOf(Buffer.from('\t9\t')) + 3;

    const ansi = await indexOf('windows-1252');
    const lastAnsi = cells(ansi, start(ansi));
    expect(lastAnsi.toString('latin1')).toBe('Lukasz');
    expect([...cells(ansi, start(ansi) + lastAnsi.length + 1)]).toEqual([0x5a, 0x6f, 0xeb]); // Zo ë

    const ascii = await indexOf('ascii');
    expect(ascii.every((b) => b < 0x80)).toBe(true);
    expect(ascii.toString('ascii')).toContain('\tLukasz\tZoe\t');

    const utf8 = await indexOf('utf-8');
    expect(utf8.toString('utf8')).toContain('\tŁukasz\tZoë\t');
    expect(utf8.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
  });
});

describe('pre-export check: which names are written otherwise, and how', () => {
  test('the encoding: each subject, column, value and what the index will hold instead', async () => {
    const pspa = await builtIn('pspa_yearbook');
    const subjects = [
      person('1', { first_name: 'Zoë', last_name: 'Łukasz' }),
      person('2', { first_name: 'Ann', last_name: 'Lee' }),
    ];
    const ascii = checkExport({ ...pspa, data_encoding: 'ascii' }, subjects, runOptions());
    const issue = ascii.issues.find((i) => i.code === 'transliterated')!;
    expect(issue).toMatchObject({
      message:
        "1 subject has characters that ASCII can't hold; INDEX.TXT will have the nearest plain letters instead (Ł as L).",
      subject_ids: ['1'],
      changes: [
        { subject_id: '1', field: 'Last Name', from: 'Łukasz', to: 'Lukasz' },
        { subject_id: '1', field: 'First Name', from: 'Zoë', to: 'Zoe' },
      ],
    });
    // Windows-1252 holds ë: only Ł changes.
    const ansi = checkExport(pspa, subjects, runOptions());
    expect(ansi.issues.find((i) => i.code === 'transliterated')?.changes).toEqual([
      { subject_id: '1', field: 'Last Name', from: 'Łukasz', to: 'Lukasz' },
    ]);
    // The report kept with the export leaves the values out.
    expect(storedReport(ascii).issues.find((i) => i.code === 'transliterated')).not.toHaveProperty('changes');
  });

  test('file names: what each name becomes (letters transliterated, spaces as "_", the rest left out)', async () => {
    const pspa = await builtIn('pspa_yearbook');
    const report = checkExport(
      pspa,
      [
        person('1', { first_name: 'Mary Jo', last_name: "O'Brien-Łoś" }),
        person('2', { first_name: 'Al', last_name: 'Ng' }),
      ],
      runOptions(),
    );
    const issue = report.issues.filter((i) => i.code === 'forbidden_characters');
    expect(issue.map((i) => [i.field_key, i.changes])).toEqual([
      ['last_name', [{ subject_id: '1', field: 'Last Name', from: "O'Brien-Łoś", to: 'OBrien-Los' }]],
    ]);
    expect(issue[0]!.message).toBe(
      '1 subject has characters in Last Name that file names can\'t hold: letters become the nearest plain letters (Ł as L), spaces become "_", and other characters are left out.',
    );
  });
});

describe('school systems: the download is what the system takes', () => {
  test.each(Object.keys(SIS_FORMATS))('%s: no folder around the files', async (key) => {
    const format = await builtIn(key);
    expect(format.files_at_root).toBe(true);
    const files = await build(format, [
      person('1', { student_id: '1001', first_name: 'Ann', last_name: 'Lee' }),
    ]);
    const names = [...files.keys()];
    expect(names.length).toBeGreaterThan(0);
    // Only the format's own images folder (ID cards' Photos/) may hold files; everything else at the root.
    const folders = [...new Set(names.filter((n) => n.includes('/')).map((n) => n.split('/')[0]))];
    expect(folders).toEqual(format.images_directory_name ? [format.images_directory_name] : []);
  });

  test('ID cards: import.csv and Photos/ at the root; PowerSchool: the images flat beside photos.txt', async () => {
    const sid = (id: string, studentId: string) =>
      person(id, { student_id: studentId, first_name: `F${id}`, last_name: `L${id}` });
    const cards = await build(await builtIn('id_card_import'), [sid('1', '1001'), sid('2', '1002')]);
    expect([...cards.keys()]).toEqual(['Photos/1001.jpg', 'Photos/1002.jpg', 'import.csv']);
    expect(cards.get('import.csv')!.toString().split('\r\n')[1]).toBe(
      '"1001","F1","L1","9","Park","12","1001.jpg"',
    );
    const ps = await build(await builtIn('powerschool_photo_import'), [sid('1', '1001'), sid('2', '1002')]);
    expect([...ps.keys()]).toEqual(['1001.jpg', '1002.jpg', 'photos.txt']);
    const aeries = await build(await builtIn('aeries_photo_import'), [sid('1', '990107')]);
    expect([...aeries.keys()]).toEqual(['990107.jpg']);
    const photos = await build(await builtIn('photos_by_student_id'), [sid('1', '1001')]);
    expect([...photos.keys()]).toEqual(['1001.jpg']);
  });
});

describe('Aeries: the Permanent ID is a number', () => {
  test('a Student ID that is not a number is named; numbers, and other systems, are not', async () => {
    const subjects = [
      person('1', { student_id: 'E-77' }),
      person('2', { student_id: '990107' }),
      person('3', { student_id: 'A12' }),
    ];
    const report = checkExport(await builtIn('aeries_photo_import'), subjects, runOptions());
    expect(report.issues.find((i) => i.code === 'not_a_number')).toEqual({
      code: 'not_a_number',
      message:
        '2 subjects have a Student ID that is not a number; Aeries matches pictures by the Permanent ID, a number, so their photos would match no one.',
      field_key: 'student_id',
      count: 2,
      subject_ids: ['1', '3'],
    });
    for (const key of ['powerschool_photo_import', 'id_card_import', 'infinite_campus_photo_import']) {
      const other = checkExport(await builtIn(key), subjects, runOptions());
      expect(other.issues.find((i) => i.code === 'not_a_number')).toBeUndefined();
    }
  });
});

describe('through the API: the check names the changes to its caller; the export keeps the report without them', () => {
  let app: Awaited<ReturnType<typeof worldApp>>;
  let project: Awaited<ReturnType<typeof projectWithFields>>;
  beforeAll(async () => {
    app = await worldApp(['schoolStaff']);
    project = await projectWithFields(app.t.ctx.db, app.w.orgs.schoolA1.id, 'Yearbook', [
      'student_id',
      'first_name',
      'last_name',
      'grade',
    ]);
    await subjectWithPhoto(
      app.t,
      project,
      { student_id: '1', first_name: 'Zoë', last_name: 'Łukasz', grade: '9' },
      {
        bytes: await makeJpeg(320, 400),
        width: 320,
        height: 400,
        crop: { name: '8x10', x: 0, y: 0, width: 1, height: 1 },
      },
    );
  }, 120_000);
  afterAll(() => app?.t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(app.t.app, app.tokens.schoolStaff!, method, url, payload);

  test('PSPA: changes in the check, not in the record; the archive as checked', async () => {
    const pspa = await app.t.ctx.db
      .selectFrom('project_export_formats')
      .select('id')
      .where('standard_key', '=', 'pspa_yearbook')
      .executeTakeFirstOrThrow();
    const body = { project_export: { project_export_format_id: pspa.id } };
    const check = await call('POST', `/api/projects/${project.projectId}/project-exports/check`, body);
    expect(check.statusCode, check.body).toBe(200);
    const issue = check.json().report.issues.find((i: { code: string }) => i.code === 'transliterated');
    expect(issue.changes).toEqual([
      { subject_id: expect.any(String), field: 'Last Name', from: 'Łukasz', to: 'Lukasz' },
    ]);

    const created = await call('POST', `/api/projects/${project.projectId}/project-exports`, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().project_export.id as string;
    const done = await eventually(async () => {
      const e = (await call('GET', `/api/project-exports/${id}`)).json().project_export;
      return e.job_status === 'completed' ? e : null;
    }, 60_000);
    const kept = done.check_report.issues.find((i: { code: string }) => i.code === 'transliterated');
    expect(kept.subject_ids).toHaveLength(1);
    expect(kept).not.toHaveProperty('changes');
    expect(JSON.stringify(done.check_report)).not.toContain('Łukasz');

    const answer = await call('GET', `/api/project-exports/${id}/download`);
    const file = await app.t.app.inject({ method: 'GET', url: answer.headers.location as string });
    const entries = new Map((await readZip(file.rawPayload)).map((e) => [e.name, e.data]));
    const row = entries.get('PSPA/INDEX.TXT')!.toString('latin1').trim().split('\t');
    expect(row).toHaveLength(13);
    expect(row.slice(3, 6)).toEqual(['9', 'Lukasz', 'Zoë']);
    expect(row[12]).toBe('640x800');
    expect(entries.has('PSPA/COPYRIGHT.TXT')).toBe(true);
  }, 180_000);
});
