import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { purgeUnverifiedUploads } from '../src/jobs/cleanup.js';
import { readOneRoster } from '../src/modules/subject-imports/oneroster.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs, projectThroughApi, ROSTER_FIELDS } from './support/factories.js';
import {
  CLASSES,
  csvOf,
  districtFiles,
  ENROLLMENTS,
  importThroughForm,
  USER_HEADER,
  USERS,
  user,
} from './support/oneroster.js';
import { insertId, readyPhotoRow } from './support/rows.js';
import { inWorld, type World } from './support/world.js';
import { zipOf } from './support/zip.js';

/**
 * Roster files as districts and school systems really send them: OneRoster
 * dates that are not ISO, vendors' extra columns, manifest.csv's absent files and delta changes,
 * students without an identifier; PowerSchool's grade levels and Social Security numbers in plain files;
 * and an import nobody finished, which ends.
 */

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;
const projects: Record<string, string> = {};
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  injectAs(t.app, tokens.studioManager!, method, url, payload);
const importFile = (project: string, bytes: Buffer, name = 'district.zip', extra = {}) =>
  importThroughForm(t, tokens.studioManager!, projects[project]!, bytes, name, extra);
const read = (files: Record<string, string>) =>
  zipOf(files).then((bytes) => readOneRoster(bytes, { defaultSchool: 'School A1', today: '2026-11-29' }));

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp(), ['studioManager']));
  for (const name of ['delta', 'identifier', 'plain', 'expiry']) {
    const project = await projectThroughApi(t.app, tokens.studioManager!, {
      name: `As sent ${name}`,
      organizationId: w.orgs.schoolA1.id,
      templateOrganizationId: w.orgs.studioA.id,
      fields: [...ROSTER_FIELDS, { field_key: 'middle_name' }, { field_key: 'home_room' }],
    });
    projects[name] = project.id;
  }
});
afterAll(async () => {
  await t?.close();
});

async function checked(id: string) {
  const res = await call('POST', `/api/subject-imports/${id}/check`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subject_import.check;
}

async function applied(id: string, skip = false) {
  const res = await call('POST', `/api/subject-imports/${id}/apply`, {
    subject_import: { skip_invalid_rows: skip },
  });
  expect(res.statusCode, res.body).toBe(202);
  const done = await eventually(async () => {
    const r = (await call('GET', `/api/subject-imports/${id}`)).json().subject_import;
    return r.status === 'applied' || r.status === 'failed' ? r : null;
  });
  expect(done.status, done.failure).toBe('applied');
  return done;
}

/** The project's subjects by field label, sorted by Student ID then last name. */
async function subjectsOf(project: string, imp: { fields: { id: string; label: string }[] }) {
  const list = await call('GET', `/api/projects/${projects[project]}/subjects?limit=100`);
  expect(list.statusCode).toBe(200);
  const label = new Map(imp.fields.map((f) => [f.id, f.label]));
  return (list.json().subjects as { properties: Record<string, string> }[])
    .map((s) => Object.fromEntries(Object.entries(s.properties).map(([id, v]) => [label.get(id), v])))
    .sort((a, b) =>
      `${a['Student ID']}${a['Last Name']}`.localeCompare(`${b['Student ID']}${b['Last Name']}`),
    );
}

/** ISO dates of the enrollments rewritten in the forms districts use, one form per row in turn. */
const FORMS = [
  (y: string, m: string, d: string) => `${m}/${d}/${y}`,
  (y: string, m: string, d: string) => `${Number(m)}/${Number(d)}/${y}`,
  (y: string, m: string, d: string) => `${y}/${m}/${d}`,
  (y: string, m: string, d: string) => `${d}-${m}-${y}`,
  (y: string, m: string, d: string) => `${d}.${m}.${y}`,
];
const rewriteDates = (rows: string[][], form: (iso: string, i: number) => string) =>
  rows.map((r, i) => (i === 0 ? r : r.map((v, c) => (c === 8 || c === 9 ? form(v, i) : v))));
/** Every enrollment open until next summer (as districts send them), the ended one aside. */
const WITH_END = ENROLLMENTS.map((r, i) => (i > 0 && r[9] === '' ? [...r.slice(0, 9), '2027-06-30'] : r));

describe('OneRoster files as districts send them', () => {
  test('13: enrollment dates in the common forms give the same home rooms and teachers; an unreadable one is a warning by file and line', async () => {
    const iso = (await read({ ...districtFiles(), 'enrollments.csv': csvOf(WITH_END) }))!;
    expect(iso.rows.map((r) => [r.cells[5], r.cells[6]])).toEqual([
      ['104', 'Lee'],
      ['Homeroom K - Ng', 'Ng'],
      ['104', 'Lee'],
      ['', ''],
    ]);
    const local = rewriteDates(WITH_END, (v, i) => {
      if (!v) return v;
      const [y, m, d] = v.split('-') as [string, string, string];
      return FORMS[i % FORMS.length]!(y, m, d);
    });
    // The forms are really used (08/20/2026 and 30.06.2027 among them).
    expect(csvOf(local)).toContain('08/20/2026');
    expect(csvOf(local)).toContain('30.06.2027');
    const us = (await read({ ...districtFiles(), 'enrollments.csv': csvOf(local) }))!;
    expect(us.rows).toEqual(iso.rows);
    expect(us.warnings).toEqual([]);

    // Turing's only open home room begins "next fall": still his home room, and said by line (8).
    const vague = WITH_END.map((r) => (r[0] === 'e7' ? [...r.slice(0, 8), 'next fall', 'soon'] : r));
    const warned = (await read({ ...districtFiles(), 'enrollments.csv': csvOf(vague) }))!;
    expect(warned.rows[1]!.cells.slice(4, 7)).toEqual(['K', 'Homeroom K - Ng', 'Ng']);
    expect(warned.warnings).toEqual([
      {
        file: 'enrollments.csv',
        line: 8,
        messages: [
          'endDate "soon" is not a date (write YYYY-MM-DD, MM/DD/YYYY or DD-MM-YYYY): the enrollment is read as not ended',
        ],
      },
      {
        file: 'enrollments.csv',
        line: 8,
        messages: [
          'beginDate "next fall" is not a date (write YYYY-MM-DD, MM/DD/YYYY or DD-MM-YYYY): read as begun before the others',
        ],
      },
    ]);
  });

  test('14: vendor columns are read around, with one notice naming them', async () => {
    const files = {
      ...districtFiles(),
      'users.csv': csvOf(USERS.map((r, i) => [...r, i === 0 ? 'userId' : 'x', i === 0 ? 'agents' : ''])),
      'classes.csv': csvOf(CLASSES.map((r, i) => [i === 0 ? 'ext_district_code' : 'D7', ...r])),
    };
    const roster = (await read(files))!;
    const plain = (await read(districtFiles()))!;
    expect(roster.rows).toEqual(plain.rows);
    expect(roster.notices).toEqual([
      'columns OneRoster 1.1 does not name were ignored: users.csv: userId, agents; classes.csv: ext_district_code',
    ]);
  });

  test('15: files the manifest declares absent are not needed: a users-only zip gives students without classes', async () => {
    const manifest = (modes: Record<string, string>) =>
      csvOf([
        ['propertyName', 'value'],
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.1'],
        ...Object.entries(modes).map(([file, mode]) => [`file.${file}`, mode]),
      ]);
    const { 'users.csv': users, 'orgs.csv': orgs } = districtFiles();
    const usersOnly = { 'users.csv': users!, 'orgs.csv': orgs! };
    const roster = (await read({
      ...usersOnly,
      'manifest.csv': manifest({ users: 'bulk', orgs: 'bulk', classes: 'absent', enrollments: 'absent' }),
    }))!;
    expect(roster.rows.map((r) => r.cells)).toEqual([
      ['00123', 'Ada', '', 'Lovelace', '3', '', '', 'ada@example.org'],
      ['00124', 'Alan', '', 'Turing', 'K', '', '', ''],
      ['00125', 'Grace', 'Brewster', 'Hopper', '4', '', '', ''],
      ['00127', 'Mo', '', 'Scheduled', '3', '', '', ''],
    ]);
    // Without the manifest saying so, a missing file is still an error; so is a declared one missing.
    await expect(read(usersOnly)).rejects.toMatchObject({
      body: {
        errors: {
          file: [
            'is a OneRoster zip without classes.csv, enrollments.csv (users.csv, classes.csv and enrollments.csv are needed, or a manifest.csv declaring them absent; orgs.csv to choose a school)',
          ],
        },
      },
    });
    await expect(
      read({ ...usersOnly, 'manifest.csv': manifest({ classes: 'bulk', enrollments: 'absent' }) }),
    ).rejects.toMatchObject({
      body: {
        errors: { file: ['is a OneRoster zip without classes.csv, which its manifest.csv declares bulk'] },
      },
    });
  });

  test('15: a delta users.csv is a change set: the later row of a student counts, tobedeleted removes the subject, and the check says so first', async () => {
    const first = await importFile('delta', await zipOf(districtFiles()));
    expect(first.statusCode, first.body).toBe(200);
    await checked(first.json().subject_import.id);
    await applied(first.json().subject_import.id);

    const modified = (v: Parameters<typeof user>[0], when: string) => user({ ...v, dateLastModified: when });
    const delta = {
      'manifest.csv': csvOf([
        ['propertyName', 'value'],
        ['oneroster.version', '1.1'],
        ['file.users', 'delta'],
        ['file.orgs', 'bulk'],
        ['file.classes', 'absent'],
        ['file.enrollments', 'absent'],
      ]),
      'orgs.csv': districtFiles()['orgs.csv']!,
      'users.csv': csvOf([
        USER_HEADER,
        // Ada left: her deletion names her.
        modified(
          {
            sourcedId: 'u1',
            status: 'tobedeleted',
            orgSourcedIds: 's1',
            role: 'student',
            givenName: 'Ada',
            familyName: 'Lovelace',
            identifier: '00123',
          },
          '2026-09-03T10:00:00Z',
        ),
        // Turing moved up a grade: the later of his two rows counts, wherever it stands in the file.
        modified(
          {
            sourcedId: 'u2',
            orgSourcedIds: 's1',
            role: 'student',
            givenName: 'Alan',
            familyName: 'Turing',
            identifier: '00124',
            grades: '01',
          },
          '09/02/2026',
        ),
        modified(
          {
            sourcedId: 'u2',
            orgSourcedIds: 's1',
            role: 'student',
            givenName: 'Alan',
            familyName: 'Turing',
            identifier: '00124',
            grades: 'KG',
          },
          '2026-09-01',
        ),
        // Hopper left too, but she has a portrait: kept, and said so.
        modified(
          {
            sourcedId: 'u3',
            status: 'tobedeleted',
            orgSourcedIds: 's1',
            role: 'student',
            givenName: 'Grace',
            familyName: 'Hopper',
            identifier: '00125',
          },
          '2026-09-03',
        ),
        // A deletion that gives only its sourcedId: nothing to find the subject by, and said so.
        USER_HEADER.map((c) =>
          c === 'sourcedId'
            ? 'u9'
            : c === 'status'
              ? 'tobedeleted'
              : c === 'dateLastModified'
                ? '2026-09-03'
                : '',
        ),
      ]),
    };
    const before = (await call('GET', `/api/projects/${projects.delta}/subjects?limit=100`)).json()
      .subjects as {
      id: string;
      properties: Record<string, string>;
    }[];
    const hopper = before.find((s) => Object.values(s.properties).includes('00125'))!.id;
    const album = await t.ctx.db
      .insertInto('albums')
      .values({ parent_resource_type: 'Project', parent_resource_id: projects.delta!, name: 'Portraits' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photoId = await insertId(
      t.ctx.db,
      'photos',
      readyPhotoRow({
        album_id: album.id,
        storage_key: `test/${hopper}/portrait`,
        upload_file_name: 'p.jpg',
      }),
    );
    await insertId(t.ctx.db, 'subject_photo_assignments', {
      subject_id: hopper,
      photo_id: photoId,
      is_primary: true,
    });
    const res = await importFile('delta', await zipOf(delta), 'delta.zip');
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json().subject_import;
    const check = await checked(imp.id);
    expect(check).toMatchObject({
      create_count: 0,
      update_count: 1,
      delete_count: 1,
      deletes: [{ line: 2, name: 'Ada Lovelace' }],
      warnings: [
        {
          line: 5,
          name: 'Grace Hopper',
          messages: [
            'is to be deleted, but the subject has photos: kept (delete it by hand if the student left)',
          ],
        },
        {
          line: 6,
          messages: ['is to be deleted, but matches no subject of the project: nothing to remove'],
        },
      ],
    });
    expect(check.updates[0].changes).toEqual([
      expect.objectContaining({ label: 'Grade', from: 'K', to: '1' }),
    ]);
    expect(check.notices).toEqual([
      'users.csv is a change set (delta): students it marks to be deleted are removed; others are added or updated; blank cells change nothing',
    ]);
    const done = await applied(imp.id);
    expect(done.report).toMatchObject({ created: 0, updated: 1, deleted: 1 });
    // The removal is in the trail, by id, tied to the import.
    const trail = await t.ctx.db
      .selectFrom('audit_events')
      .select(['record_id', 'project_id', 'details'])
      .where('action', '=', 'subject.delete')
      .where('project_id', '=', projects.delta!)
      .execute();
    expect(trail).toEqual([
      {
        record_id: check.deletes[0].subject_id,
        project_id: projects.delta,
        details: { subject_import_id: imp.id },
      },
    ]);
    const subjects = await subjectsOf('delta', imp);
    expect(subjects.map((s) => [s['Student ID'], s.Grade, s['Home Room'] ?? ''])).toEqual([
      ['00124', '1', 'Homeroom K - Ng'],
      ['00125', '4', '104'],
      ['00127', '3', ''],
    ]);
  });

  test('16: students without an identifier are named by the check; sourcedId can be chosen as the Student ID', async () => {
    const noIds = {
      ...districtFiles(),
      'users.csv': csvOf(
        USERS.map((r) =>
          r[0] === 'u1' || r[0] === 'u3' ? r.map((v, c) => (USER_HEADER[c] === 'identifier' ? '' : v)) : r,
        ),
      ),
    };
    const res = await importFile('identifier', await zipOf(noIds));
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json().subject_import;
    expect(imp.oneroster_student_id).toBe('identifier');
    const check = await checked(imp.id);
    const message =
      'has no identifier: the Student ID stays blank (choose sourcedId as the Student ID to use it instead)';
    expect(check.warnings).toEqual([
      { file: 'users.csv', line: 6, name: 'Ada Lovelace', messages: [message] },
      { file: 'users.csv', line: 8, name: 'Grace Hopper', messages: [message] },
    ]);
    expect(check.warning_count).toBe(2);

    const chosen = await call('PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: { oneroster_student_id: 'sourced_id' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().subject_import.oneroster_student_id).toBe('sourced_id');
    expect(chosen.json().subject_import.sample_rows.map((r: string[]) => r[0])).toEqual([
      'u1',
      'u2',
      'u3',
      'u6',
    ]);
    const again = await checked(imp.id);
    expect(again).toMatchObject({ create_count: 4, warning_count: 0, warnings: [] });
    const bad = await call('PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: { oneroster_student_id: 'username' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['oneroster_student_id']);
  });
});

describe('Plain roster files', () => {
  test('17: PowerSchool grade levels 0, -1 and "05" are K, PK and 5; a column of Social Security numbers is never suggested, and the check says so', async () => {
    const csv = [
      'ID,Student_Number,First_Name,Last_Name,Grade_Level,Social Security #',
      '123-45-6789,1001,Kim,Park,0,',
      '234-56-7890,1002,Lee,Ray,-1,',
      '345-67-8901,1003,Sam,Oak,05,',
      ',1004,Ida,Elm,12,',
    ].join('\r\n');
    const res = await importFile('plain', Buffer.from(csv), 'powerschool.csv');
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json().subject_import;
    const label = (id: string | null) => imp.fields.find((f: { id: string }) => f.id === id)?.label ?? null;
    expect(
      Object.fromEntries(Object.entries(imp.mapping).map(([c, id]) => [c, label(id as string)])),
    ).toEqual({
      ID: null,
      Student_Number: 'Student ID',
      First_Name: 'First Name',
      Last_Name: 'Last Name',
      Grade_Level: 'Grade',
      'Social Security #': null,
    });
    expect(imp.suggested_mapping.ID).toBeNull();
    const check = await checked(imp.id);
    expect(check.notices).toEqual([
      'column “ID” looks like Social Security numbers: it is not imported (map it by hand to import it)',
      'column “Social Security #” looks like Social Security numbers: it is not imported (map it by hand to import it)',
    ]);
    const done = await applied(imp.id);
    const subjects = await subjectsOf('plain', imp);
    expect(subjects.map((s) => [s['Student ID'], s.Grade])).toEqual([
      ['1001', 'K'],
      ['1002', 'PK'],
      ['1003', '5'],
      ['1004', '12'],
    ]);
    expect(JSON.stringify(subjects)).not.toContain('123-45-6789');
    expect(done.report.created).toBe(4);

    // Mapped by hand, it is imported, and the check still says what it is.
    const again = await importFile('plain', Buffer.from(csv), 'powerschool.csv');
    const second = again.json().subject_import;
    const customId = second.fields.find((f: { label: string }) => f.label === 'Home Room').id;
    const mapped = await call('PATCH', `/api/subject-imports/${second.id}`, {
      subject_import: { mapping: { ...second.mapping, ID: customId } },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await checked(second.id)).notices[0]).toBe(
      'column “ID” looks like Social Security numbers, and is imported into Home Room as mapped by hand',
    );
  });
});

describe('An import nobody finishes', () => {
  test('12: never uploaded (a day) or never checked and applied (a week), it ends as expired: its file deleted, no longer checked or applied', async () => {
    const csv = Buffer.from('Student ID,First Name,Last Name\r\n1,Ann,Lee\r\n');
    const ready = (await importFile('expiry', csv, 'left.csv')).json().subject_import;
    const recent = (await importFile('expiry', csv, 'today.csv')).json().subject_import;
    const uploading = await call('POST', `/api/projects/${projects.expiry}/subject-imports`, {
      subject_import: { upload_file_name: 'never.csv', upload_file_size: 10 },
    });
    expect(uploading.statusCode).toBe(201);
    const never = uploading.json().subject_import;
    const db = t.ctx.db;
    const ago = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    await db
      .updateTable('subject_imports')
      .set({ updated_at: ago(8) })
      .where('id', '=', ready.id)
      .execute();
    await db
      .updateTable('subject_imports')
      .set({ updated_at: ago(2) })
      .where('id', '=', never.id)
      .execute();
    await db
      .updateTable('subject_imports')
      .set({ updated_at: ago(6) })
      .where('id', '=', recent.id)
      .execute();
    const key = (
      await db
        .selectFrom('subject_imports')
        .select('storage_key')
        .where('id', '=', ready.id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect((await t.ctx.storage.read(key)).length).toBe(csv.length);

    const purged = await purgeUnverifiedUploads({ db, storage: t.ctx.storage });
    expect(purged.roster_imports).toBe(2);
    const list = (await call('GET', `/api/projects/${projects.expiry}/subject-imports`)).json()
      .subject_imports;
    const byName = Object.fromEntries(
      list.map(
        (i: { upload_file_name: string; status: string; failure: string | null; sample_rows: unknown[] }) => [
          i.upload_file_name,
          [i.status, i.failure, i.sample_rows.length],
        ],
      ),
    );
    expect(byName).toEqual({
      'left.csv': [
        'expired',
        'abandoned: not checked and applied within 7 days; its file was deleted (upload it again)',
        0,
      ],
      'today.csv': ['ready', null, 1],
      'never.csv': ['expired', 'abandoned: the file was not uploaded within a day', 0],
    });
    await expect(t.ctx.storage.read(key)).rejects.toBeTruthy();
    for (const url of [`/api/subject-imports/${ready.id}/check`, `/api/subject-imports/${ready.id}/apply`]) {
      const res = await call('POST', url, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.base).toEqual([
        'this import expired and its file was deleted: upload the file again',
      ]);
    }
    const patched = await call('PATCH', `/api/subject-imports/${ready.id}`, {
      subject_import: { mode: 'add_only' },
    });
    expect(patched.statusCode).toBe(409);
  });
});
