import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planImport } from '../src/modules/subject-imports/plan.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs, projectThroughApi, ROSTER_FIELDS } from './support/factories.js';
import { inWorld, type World } from './support/world.js';

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;
const projects: Record<string, string> = {};
/** Field ids by project key, then by field key (or label): each project has its own template copy. */
const fieldIds: Record<string, Record<string, string>> = {};

const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp(), [
    'studioManager',
    'studioStaff',
    'schoolStaff',
    'foreignManager',
  ]));
  for (const key of ['main', 'modes', 'errors', 'encodings', 'files']) {
    const project = await projectThroughApi(t.app, tokens.studioManager!, {
      name: `Roster ${key}`,
      organizationId: w.orgs.schoolA1.id,
      templateOrganizationId: w.orgs.studioA.id,
      fields: [
        ...ROSTER_FIELDS,
        { field_key: 'birth_date' },
        { label: 'Medical', visible_to_customers: false },
      ],
    });
    projects[key] = project.id;
    fieldIds[key] = project.fields;
  }
  // A project of another school tree.
  projects.foreign = (
    await projectThroughApi(t.app, tokens.foreignManager!, {
      name: 'B project',
      organizationId: w.orgs.schoolB.id,
      templateOrganizationId: w.orgs.studioB.id,
      fields: [{ field_key: 'student_id' }],
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

/** Creates an import, uploads the bytes by its presigned form and verifies: the verify answer. */
async function importFile(project: string, name: string, bytes: Buffer, who = 'studioManager', extra = {}) {
  const created = await call(who, 'POST', `/api/projects/${project}/subject-imports`, {
    subject_import: { upload_file_name: name, upload_file_size: bytes.length, ...extra },
  });
  expect(created.statusCode).toBe(201);
  const imp = created.json().subject_import;
  expect(imp.status).toBe('uploading');
  expect((await t.upload(imp.presigned_post, bytes)).status).toBe(204);
  return call(who, 'PATCH', `/api/subject-imports/${imp.id}/verify`);
}

async function readyImport(project: string, name: string, bytes: Buffer) {
  const res = await importFile(project, name, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subject_import;
}

async function checkAndApply(id: string, options: { skip?: boolean } = {}) {
  const checked = await call('studioManager', 'POST', `/api/subject-imports/${id}/check`);
  expect(checked.statusCode, checked.body).toBe(200);
  const applied = await call(
    'studioManager',
    'POST',
    `/api/subject-imports/${id}/apply`,
    options.skip ? { subject_import: { skip_invalid_rows: true } } : {},
  );
  expect(applied.statusCode, applied.body).toBe(202);
  const done = await eventually(async () => {
    const r = (await call('studioManager', 'GET', `/api/subject-imports/${id}`)).json().subject_import;
    return r.status === 'applied' || r.status === 'failed' ? r : null;
  });
  return { check: checked.json().subject_import.check, done };
}

async function subjectsOf(project: string) {
  const res = await call('studioManager', 'GET', `/api/projects/${project}/subjects?limit=500`);
  expect(res.statusCode).toBe(200);
  return res.json().subjects as { id: string; properties: Record<string, string> }[];
}

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('roster import: reading files', () => {
  test('CSV through the presigned flow: columns, sample rows and the suggested mapping', async () => {
    const imp = await readyImport(
      projects.main!,
      'roster.csv',
      csv(
        'Student Number,First Name,Last_Name,Grade Level,Homeroom Teacher,Locker\n00123,Ada,Lovelace,3,Ms. Byron,12\n00124,Alan,Turing,4,Mr. Church,13\n',
      ),
    );
    expect(imp).toMatchObject({
      status: 'ready',
      file_format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      row_count: 2,
      columns: ['Student Number', 'First Name', 'Last_Name', 'Grade Level', 'Homeroom Teacher', 'Locker'],
    });
    expect(imp.sample_rows[0]).toEqual(['00123', 'Ada', 'Lovelace', '3', 'Ms. Byron', '12']);
    expect(imp.suggested_mapping).toEqual({
      'Student Number': fieldIds.main!.student_id,
      'First Name': fieldIds.main!.first_name,
      Last_Name: fieldIds.main!.last_name,
      'Grade Level': fieldIds.main!.grade,
      'Homeroom Teacher': fieldIds.main!.teacher,
      Locker: null,
    });
    expect(imp.mapping).toEqual(imp.suggested_mapping);
    const { check, done } = await checkAndApply(imp.id);
    expect(check).toMatchObject({ create_count: 2, update_count: 0, error_count: 0 });
    expect(done.status).toBe('applied');
    expect(done.report).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    expect(done.progress).toEqual({ done: 2, total: 2 });
    const subjects = await subjectsOf(projects.main!);
    expect(subjects.map((s) => s.properties[fieldIds.main!.student_id!]).sort()).toEqual(['00123', '00124']);
  });

  test.each([
    [
      'Windows-1252',
      iconv.encode('ID,First Name,Last Name\n1,Zoë,Brontë\n', 'windows-1252'),
      'windows-1252',
      ',',
    ],
    [
      'UTF-8 with a BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv('ID;First Name;Last Name\n1;Zoë;Brontë\n')]),
      'utf-8',
      ';',
    ],
    [
      'UTF-16 (LE) with a BOM, tab-separated',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        iconv.encode('ID\tFirst Name\tLast Name\r\n1\tZoë\tBrontë\r\n', 'utf-16le'),
      ]),
      'utf-16le',
      '\t',
    ],
    [
      'UTF-16 (BE) with a BOM, pipe-separated',
      Buffer.concat([
        Buffer.from([0xfe, 0xff]),
        iconv.encode('ID|First Name|Last Name\n1|Zoë|Brontë\n', 'utf-16be'),
      ]),
      'utf-16be',
      '|',
    ],
    [
      'UTF-8, quoted cells with commas',
      csv('ID,First Name,Last Name\n1,"Zoë","Brontë, Jr."\n'),
      'utf-8',
      ',',
    ],
  ])('%s', async (_name, bytes, encoding, delimiter) => {
    const imp = await readyImport(projects.encodings!, 'roster.csv', bytes);
    expect(imp.encoding).toBe(encoding);
    expect(imp.delimiter).toBe(delimiter);
    expect(imp.columns).toEqual(['ID', 'First Name', 'Last Name']);
    expect(imp.sample_rows[0][1]).toBe('Zoë');
    expect(imp.sample_rows[0][2]).toMatch(/^Brontë/);
    expect(imp.suggested_mapping.ID).toBe(fieldIds.encodings!.student_id);
  });

  test('an encoding that cannot be told is asked for, then read as chosen', async () => {
    // 0x81 is undefined in Windows-1252 and not UTF-8: unsure.
    const bytes = Buffer.concat([csv('ID,First Name\n1,'), Buffer.from([0x81, 0x41]), csv('\n')]);
    const res = await importFile(projects.encodings!, 'odd.csv', bytes);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.encoding[0]).toMatch(/could not be detected/);
    const history = await call(
      'studioManager',
      'GET',
      `/api/projects/${projects.encodings}/subject-imports?limit=1`,
    );
    expect(history.json().subject_imports[0]).toMatchObject({
      status: 'failed',
      upload_file_name: 'odd.csv',
    });
    expect(history.json().subject_imports[0].failure).toMatch(/^the file’s encoding could not be detected/);
    const again = await importFile(projects.encodings!, 'odd.csv', bytes, 'studioManager', {
      encoding: 'iso-8859-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().subject_import.encoding).toBe('iso-8859-1');
  });

  test('XLSX: first sheet or the chosen one, text IDs keep leading zeros, Excel dates become ISO dates', async () => {
    const wb = new ExcelJS.Workbook();
    const first = wb.addWorksheet('Roster');
    first.addRow(['Student ID', 'First Name', 'Last Name', 'Birth Date', 'Grade']);
    first.addRow(['00042', 'Zoë', 'Brontë', new Date(Date.UTC(2014, 4, 6)), 5]);
    first.getCell('D2').numFmt = 'yyyy-mm-dd';
    first.addRow([7, 'Num', 'Ber', null, 2.5]);
    first.getCell('A3').numFmt = '00000';
    const second = wb.addWorksheet('Staff');
    second.addRow(['ID', 'First Name', 'Last Name']);
    second.addRow(['S1', 'Grace', 'Hopper']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const imp = await readyImport(projects.files!, 'roster.xlsx', bytes);
    expect(imp).toMatchObject({
      file_format: 'xlsx',
      sheet_name: 'Roster',
      sheet_names: ['Roster', 'Staff'],
    });
    expect(imp.sample_rows).toEqual([
      ['00042', 'Zoë', 'Brontë', '2014-05-06', '5'],
      ['00007', 'Num', 'Ber', '', '2.5'],
    ]);
    expect(imp.suggested_mapping['Birth Date']).toBe(fieldIds.files!.birth_date);
    // The other sheet, chosen afterwards.
    const other = await call('studioManager', 'PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: { sheet_name: 'Staff' },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().subject_import).toMatchObject({
      sheet_name: 'Staff',
      columns: ['ID', 'First Name', 'Last Name'],
    });
    expect(other.json().subject_import.sample_rows).toEqual([['S1', 'Grace', 'Hopper']]);
    const missing = await call('studioManager', 'PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: { sheet_name: 'Nope' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.sheet_name).toEqual(['is not a sheet of this workbook']);
  });

  test('malformed files answer 422 with the row and the reason, never 500', async () => {
    const quote = await importFile(
      projects.files!,
      'bad.csv',
      csv('ID,First Name\n1,Ada\n2,"Alan\n3,Grace\n'),
    );
    expect(quote.statusCode).toBe(422);
    expect(quote.json().errors.file[0]).toMatch(/^could not be read: row \d+: /);
    const notXlsx = await importFile(
      projects.files!,
      'bad.xlsx',
      Buffer.from('PK\u0003\u0004 not really a zip'),
    );
    expect(notXlsx.statusCode).toBe(422);
    expect(notXlsx.json().errors.file).toEqual(['is not a readable XLSX file']);
    const headerOnly = await importFile(projects.files!, 'empty.csv', csv('ID,First Name\n'));
    expect(headerOnly.statusCode).toBe(422);
    expect(headerOnly.json().errors.file).toEqual(['has no rows below its header']);
    // The history says the import failed and why, rather than showing it uploading forever.
    const history = await call(
      'studioManager',
      'GET',
      `/api/projects/${projects.files}/subject-imports?limit=1`,
    );
    const failed = history.json().subject_imports[0];
    expect(failed).toMatchObject({
      upload_file_name: 'empty.csv',
      status: 'failed',
      failure: 'the file has no rows below its header',
    });
    // Its file was never read: nothing to map, check or apply.
    expect((await call('studioManager', 'POST', `/api/subject-imports/${failed.id}/check`)).statusCode).toBe(
      409,
    );
    expect((await call('studioManager', 'POST', `/api/subject-imports/${failed.id}/apply`)).statusCode).toBe(
      409,
    );
    expect(
      (
        await call('studioManager', 'PATCH', `/api/subject-imports/${failed.id}`, {
          subject_import: { mode: 'add_only' },
        })
      ).statusCode,
    ).toBe(409);
    const empty = await call('studioManager', 'POST', `/api/projects/${projects.files}/subject-imports`, {
      subject_import: { upload_file_name: 'empty.csv', upload_file_size: 0 },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.upload_file_size).toEqual(['is empty: choose a file with the roster in it']);
    const wrongType = await call('studioManager', 'POST', `/api/projects/${projects.files}/subject-imports`, {
      subject_import: { upload_file_name: 'roster.pdf', upload_file_size: 10 },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.upload_file_name).toEqual([
      'must be a CSV, TSV or XLSX file, or a OneRoster zip',
    ]);
  });

  test('limits: more than 20 MB and more than 50,000 rows are clear 422s', async () => {
    const big = await call('studioManager', 'POST', `/api/projects/${projects.files}/subject-imports`, {
      subject_import: { upload_file_name: 'roster.csv', upload_file_size: 20 * 1024 * 1024 + 1 },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.upload_file_size).toEqual(['must be at most 20 MB']);
    const rows = ['ID,First Name,Last Name'];
    for (let i = 0; i < 50_001; i++) rows.push(`${i},A,B`);
    const many = await importFile(projects.files!, 'many.csv', csv(`${rows.join('\n')}\n`));
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.file).toEqual(['has more than 50,000 rows (the limit for one import)']);
    rows.pop();
    const exactly = await importFile(projects.files!, 'many.csv', csv(`${rows.join('\n')}\n`));
    expect(exactly.statusCode).toBe(200);
    expect(exactly.json().subject_import.row_count).toBe(50_000);
  });
});

describe('roster import: matching, modes and row errors', () => {
  test('add and update: matched by Student ID, else by name + grade; exactly the changed rows are updates', async () => {
    const first = await readyImport(
      projects.modes!,
      'roster.csv',
      csv(
        'ID,First Name,Last Name,Grade,Teacher\n1,Ada,Lovelace,3,Byron\n2,Alan,Turing,4,Church\n,Grace,Hopper,5,Aiken\n',
      ),
    );
    expect((await checkAndApply(first.id)).done.report).toMatchObject({ created: 3, updated: 0 });
    const second = await readyImport(
      projects.modes!,
      'roster v2.csv',
      // Ada unchanged; Alan's teacher changes; Grace (no ID before) matched by name + grade gets her ID;
      // Linus is new; a blank cell never clears a value.
      csv(
        'ID,First Name,Last Name,Grade,Teacher\n1,Ada,Lovelace,3,Byron\n2,Alan,Turing,4,Gödel\n3,grace,HOPPER,5,\n4,Linus,Pauling,6,Bragg\n',
      ),
    );
    const checked = await call('studioManager', 'POST', `/api/subject-imports/${second.id}/check`);
    const report = checked.json().subject_import.check;
    expect(report).toMatchObject({ create_count: 1, update_count: 2, unchanged_count: 1, error_count: 0 });
    expect(report.updates).toEqual([
      {
        line: 3,
        subject_id: expect.any(String),
        name: 'Alan Turing',
        changes: [{ field_id: fieldIds.modes!.teacher, label: 'Teacher', from: 'Church', to: 'Gödel' }],
      },
      {
        line: 4,
        subject_id: expect.any(String),
        name: 'grace HOPPER',
        changes: [
          { field_id: fieldIds.modes!.student_id, label: 'Student ID', from: '', to: '3' },
          { field_id: fieldIds.modes!.first_name, label: 'First Name', from: 'Grace', to: 'grace' },
          { field_id: fieldIds.modes!.last_name, label: 'Last Name', from: 'Hopper', to: 'HOPPER' },
        ],
      },
    ]);
    // Add new only: the existing rows are left alone.
    await call('studioManager', 'PATCH', `/api/subject-imports/${second.id}`, {
      subject_import: { mode: 'add_only' },
    });
    const { check, done } = await checkAndApply(second.id);
    expect(check).toMatchObject({ create_count: 1, update_count: 0, existing_skipped_count: 3 });
    expect(done.report).toMatchObject({ created: 1, updated: 0, skipped: 3 });
    const subjects = await subjectsOf(projects.modes!);
    expect(subjects).toHaveLength(4);
    expect(
      subjects.find((s) => s.properties[fieldIds.modes!.student_id!] === '2')!.properties[
        fieldIds.modes!.teacher!
      ],
    ).toBe('Church');
    // And then add and update, applied: Alan's teacher changes, Grace gets her ID.
    const third = await readyImport(
      projects.modes!,
      'roster v3.csv',
      csv('ID,First Name,Last Name,Grade,Teacher\n2,Alan,Turing,4,Gödel\n,Grace,Hopper,5,\n'),
    );
    const applied = await checkAndApply(third.id);
    expect(applied.done.report).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = await subjectsOf(projects.modes!);
    expect(after).toHaveLength(4);
    expect(
      after.find((s) => s.properties[fieldIds.modes!.student_id!] === '2')!.properties[
        fieldIds.modes!.teacher!
      ],
    ).toBe('Gödel');
  });

  test('row errors block the apply unless skipped; the skipped rows download as neutralized CSV', async () => {
    const long = 'x'.repeat(1001);
    const imp = await readyImport(
      projects.errors!,
      'roster.csv',
      csv(
        `ID,First Name,Last Name,Teacher\n1,Ada,Lovelace,A\n2,Alan,Turing,B\n2,Alan,Turning,C\n,,Nobody,D\n3,Grace,Hopper,${long}\n4,=1+2,Evil,E\n`,
      ),
    );
    const checked = await call('studioManager', 'POST', `/api/subject-imports/${imp.id}/check`);
    const report = checked.json().subject_import.check;
    expect(report).toMatchObject({ create_count: 2, error_count: 4 });
    expect(report.errors).toEqual([
      { line: 3, messages: ['Student ID: 2 appears more than once in the file (rows 3, 4)'] },
      { line: 4, messages: ['Student ID: 2 appears more than once in the file (rows 3, 4)'] },
      { line: 5, messages: ['Student ID, or First Name and Last Name: are required'] },
      { line: 6, messages: ['Teacher: is too long (maximum is 1000 characters)'] },
    ]);
    const refused = await call('studioManager', 'POST', `/api/subject-imports/${imp.id}/apply`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.base[0]).toMatch(/^4 rows have errors/);
    expect(await subjectsOf(projects.errors!)).toHaveLength(0);
    const { done } = await checkAndApply(imp.id, { skip: true });
    expect(done.report).toMatchObject({ created: 2, updated: 0, skipped: 4 });
    expect(await subjectsOf(projects.errors!)).toHaveLength(2);
    const download = await call('studioManager', 'GET', `/api/subject-imports/${imp.id}/skipped-rows`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Row,ID,First Name,Last Name,Teacher,Reason');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(
      ',,Nobody,D,"Student ID, or First Name and Last Name: are required"'.replace(/^/, '5,'),
    );
    // The evil row was created (its value is data), but a skipped cell starting with = is neutralized.
    expect(download.body).not.toMatch(/(^|,)=/m);
  });

  test('exact copies of a row are one student, with a warning; rows sharing an ID but differing stay errors', async () => {
    const imp = await readyImport(
      projects.errors!,
      'copies.csv',
      // Row 2 repeated exactly at row 5 (spaces around a cell don't count); ID 80 twice with different names.
      csv(
        'ID,First Name,Last Name,Teacher\n70,Zoë,García,Park\n80,Ann,Lee,Park\n80,Anne,Lee,Park\n70, Zoë ,García,Park\n90,Bo,Kim,Park\n',
      ),
    );
    const checked = await call('studioManager', 'POST', `/api/subject-imports/${imp.id}/check`);
    const report = checked.json().subject_import.check;
    expect(report).toMatchObject({ total_rows: 5, create_count: 2, error_count: 2, warning_count: 1 });
    expect(report.warnings).toEqual([
      { line: 2, messages: ['rows 2, 5 are the same: the student is imported once'] },
    ]);
    expect(report.errors.map((e: { line: number }) => e.line)).toEqual([3, 4]);
    const { done } = await checkAndApply(imp.id, { skip: true });
    expect(done.report).toMatchObject({ created: 2, skipped: 2 });
    const ids = (await subjectsOf(projects.errors!)).map((s) => s.properties[fieldIds.errors!.student_id!]);
    expect(ids.filter((id) => id === '70')).toHaveLength(1);
    expect(ids).toContain('90');
  });

  test('a skipped cell that looks like a formula gets a leading quote', async () => {
    const imp = await readyImport(
      projects.errors!,
      'evil.csv',
      csv('ID,First Name,Last Name\n9,"=cmd|\' /C calc\'!A0",X\n9,@SUM(1),Y\n'),
    );
    const { done } = await checkAndApply(imp.id, { skip: true });
    expect(done.report.skipped).toBe(2);
    const body = (await call('studioManager', 'GET', `/api/subject-imports/${imp.id}/skipped-rows`)).body;
    expect(body).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(body).toContain(`'@SUM(1)`);
  });

  test('a hidden field the caller may not write is a row error', () => {
    const fields = [
      { id: '1', field_key: 'student_id', label: null, visible_to_customers: true },
      { id: '2', field_key: null, label: 'Medical', visible_to_customers: false },
    ];
    const plan = planImport({
      columns: ['ID', 'Medical'],
      rows: [
        { line: 2, cells: ['1', 'asthma'] },
        { line: 3, cells: ['2', ''] },
      ],
      mapping: { ID: '1', Medical: '2' },
      fields,
      writable: new Set(['1']),
      matchBy: 'auto',
      mode: 'add_and_update',
      existing: [],
    });
    expect(plan.errors).toEqual([{ line: 2, messages: ['Medical: is a hidden field you may not write'] }]);
    expect(plan.creates).toEqual([{ line: 3, properties: { '1': '2' } }]);
  });

  test('the mapping: columns skipped, unknown fields refused, saved per organization and offered again', async () => {
    const imp = await readyImport(
      projects.files!,
      'sis.csv',
      csv('Pupil Ref,Forename,Family,Bus\n1,Ada,Lovelace,7\n'),
    );
    expect(imp.suggested_mapping).toMatchObject({
      'Pupil Ref': null,
      Forename: fieldIds.files!.first_name,
      Bus: null,
    });
    const bad = await call('studioManager', 'PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: { mapping: { 'Pupil Ref': projects.foreign } },
    });
    expect(bad.statusCode).toBe(422);
    const twice = await call('studioManager', 'PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: {
        mapping: { 'Pupil Ref': fieldIds.files!.student_id, Forename: fieldIds.files!.student_id },
      },
    });
    expect(twice.statusCode).toBe(422);
    const saved = await call('studioManager', 'PATCH', `/api/subject-imports/${imp.id}`, {
      subject_import: {
        mapping: {
          'Pupil Ref': fieldIds.files!.student_id,
          Forename: fieldIds.files!.first_name,
          Family: fieldIds.files!.last_name,
          Bus: null,
        },
        match_by: 'student_id',
        save_mapping: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().subject_import.mapping).toEqual({
      'Pupil Ref': fieldIds.files!.student_id,
      Forename: fieldIds.files!.first_name,
      Family: fieldIds.files!.last_name,
      Bus: null,
    });
    // Next time, in another project of the school, the same headers get the same fields.
    const next = await readyImport(
      projects.main!,
      'sis 2.csv',
      csv('Pupil Ref,Forename,Family,Bus\n5,Bo,Diddley,1\n'),
    );
    expect(next.suggested_mapping).toEqual({
      'Pupil Ref': fieldIds.main!.student_id,
      Forename: fieldIds.main!.first_name,
      Family: fieldIds.main!.last_name,
      Bus: null,
    });
  });
});

describe('roster import: sources, history and permissions', () => {
  test('"Import as roster": a file-request upload of the same project, not of another', async () => {
    const roster = csv('Student_Number,First Name,Last Name\n0077,Emmy,Noether\n');
    const attachment = await call('schoolStaff', 'POST', `/api/projects/${projects.files}/attachments`, {
      attachment: { upload_file_name: 'roster.csv', upload_file_size: roster.length },
    });
    const a = attachment.json().attachment;
    expect((await t.upload(a.presigned_post, roster)).status).toBe(204);
    expect((await call('schoolStaff', 'PATCH', `/api/attachments/${a.id}/verify`)).statusCode).toBe(200);
    const res = await call('studioManager', 'POST', `/api/projects/${projects.files}/subject-imports`, {
      attachment_id: a.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().subject_import).toMatchObject({
      status: 'ready',
      attachment_id: a.id,
      upload_file_name: 'roster.csv',
      sample_rows: [['0077', 'Emmy', 'Noether']],
    });
    expect(res.json().subject_import.suggested_mapping.Student_Number).toBe(fieldIds.files!.student_id);
    // The same file named for another project: invalid.
    const elsewhere = await call('studioManager', 'POST', `/api/projects/${projects.main}/subject-imports`, {
      attachment_id: a.id,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.attachment_id).toEqual(['is invalid']);
    const foreign = await call(
      'foreignManager',
      'POST',
      `/api/projects/${projects.foreign}/subject-imports`,
      {
        attachment_id: a.id,
      },
    );
    expect(foreign.statusCode).toBe(422);
  });

  test('history of a project, newest first, paged', async () => {
    const res = await call('studioManager', 'GET', `/api/projects/${projects.modes}/subject-imports?limit=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(res.json().subject_imports.map((i: { upload_file_name: string }) => i.upload_file_name)).toEqual([
      'roster v3.csv',
      'roster v2.csv',
    ]);
    const page2 = await call(
      'studioManager',
      'GET',
      `/api/projects/${projects.modes}/subject-imports?limit=2&page=2`,
    );
    expect(page2.json().subject_imports).toHaveLength(1);
  });

  test('studio or lab managers only; another tree answers 404', async () => {
    const imp = await readyImport(projects.main!, 'perm.csv', csv('ID,First Name,Last Name\n1,A,B\n'));
    for (const who of ['studioStaff', 'schoolStaff']) {
      expect((await call(who, 'GET', `/api/subject-imports/${imp.id}`)).statusCode).toBe(403);
      expect((await call(who, 'POST', `/api/subject-imports/${imp.id}/check`)).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/projects/${projects.main}/subject-imports`)).statusCode).toBe(403);
      expect(
        (
          await call(who, 'POST', `/api/projects/${projects.main}/subject-imports`, {
            subject_import: { upload_file_name: 'r.csv', upload_file_size: 10 },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call('foreignManager', 'GET', `/api/subject-imports/${imp.id}`)).statusCode).toBe(404);
    expect((await call('foreignManager', 'POST', `/api/subject-imports/${imp.id}/apply`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('foreignManager', 'GET', `/api/projects/${projects.main}/subject-imports`)).statusCode,
    ).toBe(404);
    const foreign = await call('studioManager', 'POST', `/api/projects/${projects.foreign}/subject-imports`, {
      subject_import: { upload_file_name: 'r.csv', upload_file_size: 10 },
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
  });
});
