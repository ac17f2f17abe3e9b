import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ONEROSTER_COLUMNS,
  oneRosterGrade,
  readOneRoster,
} from '../src/modules/subject-imports/oneroster.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs, projectThroughApi, ROSTER_FIELDS } from './support/factories.js';
import {
  CANARY,
  CLASSES,
  csvOf,
  districtFiles,
  ENROLLMENTS,
  enrol,
  hasCanary,
  importThroughForm,
  USER_HEADER,
  USERS,
} from './support/oneroster.js';
import { inWorld, type World } from './support/world.js';
import { zipOf } from './support/zip.js';

/**
 * OneRoster 1.1 CSV import: a district's zip of users, classes, enrollments and orgs read
 * into one row per student of one school, then through the roster import's mapping, check and apply.
 */

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;
let projectId: string;
let otherProjectId: string;
const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp(), ['studioManager', 'schoolStaff']));
  const fields = [...ROSTER_FIELDS, { field_key: 'middle_name' }, { field_key: 'home_room' }];
  for (const name of ['OneRoster', 'OneRoster other']) {
    const project = await projectThroughApi(t.app, tokens.studioManager!, {
      name,
      organizationId: w.orgs.schoolA1.id,
      templateOrganizationId: w.orgs.studioA.id,
      fields,
    });
    if (name === 'OneRoster') projectId = project.id;
    else otherProjectId = project.id;
  }
});
afterAll(async () => {
  await t?.close();
});

const importZip = (project: string, bytes: Buffer, who = 'studioManager', name = 'district.zip') =>
  importThroughForm(t, tokens[who]!, project, bytes, name);

const fileErrors = (res: { statusCode: number; json: () => { errors: { file: string[] } } }) => {
  expect(res.statusCode).toBe(422);
  return res.json().errors.file;
};

describe('OneRoster import', () => {
  test('a district zip imports one school: names, Student ID, grade, home room and teacher', async () => {
    const res = await importZip(projectId, await zipOf(districtFiles()));
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json().subject_import;
    // The project's school is chosen among the zip's two; the mapping step offers the other.
    expect(imp).toMatchObject({
      status: 'ready',
      file_format: 'oneroster',
      sheet_name: 'School A1',
      sheet_names: ['School A1', 'Shelbyville Elementary'],
      columns: [...ONEROSTER_COLUMNS],
      row_count: 4,
    });
    const label = (id: string | null) => imp.fields.find((f: { id: string }) => f.id === id)?.label;
    expect(
      Object.fromEntries(Object.entries(imp.suggested_mapping).map(([c, id]) => [c, label(id as string)])),
    ).toEqual({
      'Student ID': 'Student ID',
      'First Name': 'First Name',
      'Middle Name': 'Middle Name',
      'Last Name': 'Last Name',
      Grade: 'Grade',
      'Home Room': 'Home Room',
      Teacher: 'Teacher',
      Email: undefined,
    });

    const checked = await call('studioManager', 'POST', `/api/subject-imports/${imp.id}/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().subject_import.check).toMatchObject({ create_count: 4, error_count: 0 });
    const applied = await call('studioManager', 'POST', `/api/subject-imports/${imp.id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(202);
    const done = await eventually(async () => {
      const r = (await call('studioManager', 'GET', `/api/subject-imports/${imp.id}`)).json().subject_import;
      return r.status === 'applied' || r.status === 'failed' ? r : null;
    });
    expect(done.status).toBe('applied');

    const list = await call('schoolStaff', 'GET', `/api/projects/${projectId}/subjects?limit=100`);
    expect(list.statusCode).toBe(200);
    const byLabel = new Map(imp.fields.map((f: { id: string; label: string }) => [f.id, f.label]));
    const subjects = (list.json().subjects as { properties: Record<string, string> }[])
      .map((s) => Object.fromEntries(Object.entries(s.properties).map(([id, v]) => [byLabel.get(id), v])))
      .sort((a, b) => String(a['Student ID']).localeCompare(String(b['Student ID'])));
    expect(subjects).toEqual([
      {
        'Student ID': '00123',
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        Grade: '3',
        'Home Room': '104',
        Teacher: 'Lee',
      },
      {
        'Student ID': '00124',
        'First Name': 'Alan',
        'Last Name': 'Turing',
        Grade: 'K',
        // Home room 2 has no location: its title.
        'Home Room': 'Homeroom K - Ng',
        Teacher: 'Ng',
      },
      {
        'Student ID': '00125',
        'First Name': 'Grace',
        'Middle Name': 'Brewster',
        'Last Name': 'Hopper',
        Grade: '4',
        'Home Room': '104',
        Teacher: 'Lee',
      },
      // Only in a scheduled class (the home room enrollment is to be deleted): no home room, no teacher.
      { 'Student ID': '00127', 'First Name': 'Mo', 'Last Name': 'Scheduled', Grade: '3' },
    ]);

    // Nothing the school (nor the studio) may see arrives: passwords, phones, usernames, the deleted and the other school's students.
    const reads = [
      JSON.stringify(done),
      list.body,
      (await call('studioManager', 'GET', `/api/projects/${projectId}/subject-imports`)).body,
      (await call('studioManager', 'GET', `/api/projects/${projectId}/subjects?limit=100`)).body,
    ];
    expect(reads.some(hasCanary)).toBe(false);
    // The canary is in the zip (so the check can't pass by planting nothing).
    expect(hasCanary(csvOf(USERS))).toBe(true);
  });

  test('another school of the zip is chosen in the mapping step; an unknown one is a 422', async () => {
    const res = await importZip(otherProjectId, await zipOf(districtFiles('oneroster-2026/')));
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json().subject_import;
    expect(imp.sheet_name).toBe('School A1');
    const other = await call('studioManager', 'PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: { sheet_name: 'Shelbyville Elementary' },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().subject_import).toMatchObject({ sheet_name: 'Shelbyville Elementary', row_count: 1 });
    expect(other.json().subject_import.sample_rows).toEqual([
      ['00900', 'Hank', '', `Hill${CANARY}`, '2', '201', 'Lee', ''],
    ]);
    const unknown = await call('studioManager', 'PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: { sheet_name: 'Nowhere High' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.sheet_name).toEqual(['is not a school of this roster']);
  });

  test('"Import as roster" reads a OneRoster zip a school sent as a file', async () => {
    const bytes = await zipOf(districtFiles());
    const attachment = await call('schoolStaff', 'POST', `/api/projects/${otherProjectId}/attachments`, {
      attachment: { upload_file_name: 'district.zip', upload_file_size: bytes.length },
    });
    expect(attachment.statusCode, attachment.body).toBe(201);
    const a = attachment.json().attachment;
    expect((await t.upload(a.presigned_post, bytes)).status).toBe(204);
    expect((await call('schoolStaff', 'PATCH', `/api/attachments/${a.id}/verify`)).statusCode).toBe(200);
    const res = await call('studioManager', 'POST', `/api/projects/${otherProjectId}/subject-imports`, {
      attachment_id: a.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().subject_import).toMatchObject({
      status: 'ready',
      file_format: 'oneroster',
      row_count: 4,
    });
  });

  test('a bad zip is a 422 that says what is wrong, never a 500', async () => {
    const files = districtFiles();
    const without = (name: string) => Object.fromEntries(Object.entries(files).filter(([k]) => k !== name));
    expect(fileErrors(await importZip(projectId, await zipOf(without('users.csv'))))).toEqual([
      'is a OneRoster zip without users.csv (users.csv, classes.csv and enrollments.csv are needed; orgs.csv to choose a school)',
    ]);
    expect(fileErrors(await importZip(projectId, await zipOf(without('classes.csv'))))[0]).toMatch(
      /without classes\.csv/,
    );
    // No header row: the file starts with a student.
    const headless = { ...files, 'users.csv': csvOf(USERS.slice(1)) };
    expect(fileErrors(await importZip(projectId, await zipOf(headless)))).toEqual([
      'users.csv has no header row (its first row must name the OneRoster columns, sourcedId first)',
    ]);
    // A required column missing.
    const odd = {
      ...files,
      'users.csv': csvOf(USERS.map((r, i) => [...r, i === 0 ? 'favoriteColor' : 'blue'])),
      'classes.csv': csvOf(
        CLASSES.map((r, i) => [...r.filter((_, c) => c !== 7), i ? 'x' : 'metadata.room']),
      ),
    };
    // (Columns OneRoster does not name are read around: oneroster-districts.test.ts.)
    expect(fileErrors(await importZip(projectId, await zipOf(odd)))).toEqual([
      'classes.csv lacks the columns classType',
    ]);
    const latin1 = { ...files, 'users.csv': Buffer.from(csvOf(USERS).replace('Ada', 'Zoë'), 'latin1') };
    expect(fileErrors(await importZip(projectId, await zipOf(latin1)))).toEqual([
      'users.csv is not UTF-8 text (OneRoster files are UTF-8)',
    ]);
    // A zip that is neither a workbook nor a OneRoster roster.
    expect(fileErrors(await importZip(projectId, await zipOf({ 'notes.txt': 'hello' })))).toEqual([
      'is a zip without users.csv and enrollments.csv (a OneRoster roster), and not an XLSX workbook',
    ]);
    const wrongType = await call('studioManager', 'POST', `/api/projects/${projectId}/subject-imports`, {
      subject_import: { upload_file_name: 'roster.pdf', upload_file_size: 10 },
    });
    expect(wrongType.json().errors.upload_file_name).toEqual([
      'must be a CSV, TSV or XLSX file, or a OneRoster zip',
    ]);
  });

  test('zip safety: a zip bomb and too many entries are refused; paths outside the zip are ignored', async () => {
    // 101 MB of blanks in users.csv compress to about 100 KB.
    const bomb = {
      ...districtFiles(),
      'users.csv': Buffer.concat([Buffer.from(csvOf(USERS)), Buffer.alloc(101 * 1024 * 1024, 0x20)]),
    };
    expect(fileErrors(await importZip(projectId, await zipOf(bomb)))).toEqual([
      'holds more than 100 MB of roster files',
    ]);
    const many: Record<string, string> = { ...districtFiles() };
    for (let i = 0; i < 1000; i++) many[`extra/${i}.txt`] = '';
    expect(fileErrors(await importZip(projectId, await zipOf(many)))).toEqual([
      'holds more than 1000 files (too many for a OneRoster roster)',
    ]);
    // A users.csv named "../users.csv" (yazl refuses to write one: the name is patched in the bytes).
    const escaping = await zipOf({ ...districtFiles(), 'XX/users.csv': csvOf([USER_HEADER]) });
    const patched = Buffer.from(
      escaping.toString('latin1').replaceAll('XX/users.csv', '../users.csv'),
      'latin1',
    );
    const res = await importZip(projectId, patched);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subject_import.row_count).toBe(4);
  });

  test('reading rules: teachers sharing a family name, grades as the portal writes them', async () => {
    // Both home rooms of school 1 taught by a Lee: each written "Lee, Given".
    const files = districtFiles();
    files['enrollments.csv'] = csvOf([
      ...ENROLLMENTS,
      enrol('e16', 'hr2', 't4', 'teacher', { primary: 'true' }),
    ]);
    files['enrollments.csv'] = files['enrollments.csv'].replace(
      /e8,active,,hr2,s1,t3,teacher,true/,
      'e8,active,,hr2,s1,t3,teacher,false',
    );
    const read = await readOneRoster(await zipOf(files), { defaultSchool: 'School A1' });
    expect(read!.rows.map((r) => r.cells[6])).toEqual(['Lee, Ann', 'Lee, Bob', 'Lee, Ann', '']);
    expect(['01', '12', 'KG', 'kg', 'PK', 'TK', 'Other', '3'].map(oneRosterGrade)).toEqual([
      '1',
      '12',
      'K',
      'K',
      'PK',
      'TK',
      'Other',
      '3',
    ]);
    // No school chosen: the one named like the project's school (case and spaces aside)...
    expect(
      (await readOneRoster(await zipOf(files), { defaultSchool: 'shelbyville  elementary' }))!.school,
    ).toBe('Shelbyville Elementary');
    // ...and with none so named, the one with the most students.
    expect((await readOneRoster(await zipOf(files), { defaultSchool: 'Elsewhere' }))!.school).toBe(
      'School A1',
    );
    // Not a OneRoster zip: left to the XLSX reader.
    expect(await readOneRoster(await zipOf({ '[Content_Types].xml': '<x/>' }), {})).toBeNull();
  });
});
