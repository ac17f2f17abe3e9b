import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs, type Method, signInAll } from './support/factories.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { buildWorld, SIGNED_IN, type World } from './support/world.js';

/**
 * Consent from the school's own file: school staff upload their information system's export to the
 * project's files and read its consent columns into the subjects, matched by Student ID. A preview writes
 * nothing; applying sets the flags with a trail row per subject; invalid or conflicting values refuse the
 * whole file; a blank cell leaves a flag as it is; the studio may not carry a file into consent.
 */
let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;
let project: Awaited<ReturnType<typeof projectWithFields>>;
const ids: Record<string, string> = {};

const call = (who: string, method: Method, url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);
const importUrl = (projectId = project.projectId) => `/api/projects/${projectId}/subject-consent-imports`;

/** A CSV uploaded by the school to a project's files, verified: its attachment id. */
async function schoolFile(name: string, text: string, projectId = project.projectId) {
  const bytes = Buffer.from(text);
  const created = await call('schoolStaff', 'POST', `/api/projects/${projectId}/attachments`, {
    attachment: { upload_file_name: name, upload_file_size: bytes.length },
  });
  expect(created.statusCode, created.body).toBe(201);
  const a = created.json().attachment;
  expect((await t.upload(a.presigned_post, bytes)).status).toBe(204);
  const verified = await call('schoolStaff', 'PATCH', `/api/attachments/${a.id}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
  return a.id as string;
}

const flagsOf = async (id: string) =>
  t.ctx.db
    .selectFrom('subjects')
    .select(['directory_opt_out', 'yearbook_opt_out'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const trailRows = () =>
  t.ctx.db
    .selectFrom('audit_events')
    .select(['record_id', 'details'])
    .where('action', '=', 'subject.consent_change')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  tokens = await signInAll(t.app, w.users, SIGNED_IN);
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Consent file A1', [
    'first_name',
    'last_name',
    'student_id',
  ]);
  for (const [last, sid] of [
    ['Adams', '0101'],
    ['Brown', '0102'],
    ['Cole', '0103'],
    ['Drew', '0104'],
  ] as const)
    ids[last] = await subjectWithPhoto(t, project, { first_name: 'Kid', last_name: last, student_id: sid });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('consent from the school’s file', () => {
  test('a preview guesses the columns, matches by Student ID and writes nothing; applying sets the flags with their trail', async () => {
    const file = await schoolFile(
      'sis consent.csv',
      'Student Number,Last Name,Directory Opt Out,Yearbook Opt-Out\n' +
        '0101,Adams,Y,\n' +
        '0102,Brown,no,Yes\n' +
        '0999,Nobody,Y,N\n' +
        '0103,Cole,,\n',
    );
    const preview = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: file },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().consent_import).toEqual({
      file_name: 'sis consent.csv',
      columns: ['Student Number', 'Last Name', 'Directory Opt Out', 'Yearbook Opt-Out'],
      student_id_column: 'Student Number',
      directory_opt_out_column: 'Directory Opt Out',
      yearbook_opt_out_column: 'Yearbook Opt-Out',
      rows: 4,
      matched: 3,
      unmatched: { count: 1, lines: [4] },
      invalid: { count: 0, rows: [] },
      conflicting: { count: 0, lines: [] },
      changes: 2,
      applied: false,
      changed: 0,
    });
    expect(await flagsOf(ids.Adams!)).toEqual({ directory_opt_out: false, yearbook_opt_out: false });
    expect(await trailRows()).toEqual([]);

    const applied = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: file },
      apply: true,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().consent_import).toMatchObject({ applied: true, changed: 2, changes: 2 });
    expect(await flagsOf(ids.Adams!)).toEqual({ directory_opt_out: true, yearbook_opt_out: false });
    expect(await flagsOf(ids.Brown!)).toEqual({ directory_opt_out: false, yearbook_opt_out: true });
    expect(await flagsOf(ids.Cole!)).toEqual({ directory_opt_out: false, yearbook_opt_out: false });
    const trail = await trailRows();
    expect(trail.map((r) => r.record_id).sort()).toEqual([ids.Adams, ids.Brown].sort());
    for (const row of trail)
      expect(row.details).toMatchObject({ via: 'roster_import', file_name: 'sis consent.csv' });

    // The same file again changes nothing and adds no trail row.
    const again = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: file },
      apply: true,
    });
    expect(again.json().consent_import).toMatchObject({ applied: true, changed: 0, changes: 0 });
    expect(await trailRows()).toHaveLength(2);
  });

  test('a blank cell leaves a flag as it is; an explicit no clears it; columns can be chosen or left out', async () => {
    const file = await schoolFile('only yearbook.csv', 'ID,Yearbook,Directory (old)\n0101,N,\n0104,,Y\n');
    // Reading only the yearbook column: Adams' directory opt-out (set above) stays, Drew's is not read.
    const res = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: file, directory_opt_out_column: null, student_id_column: 'ID' },
      apply: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().consent_import).toMatchObject({
      directory_opt_out_column: null,
      yearbook_opt_out_column: 'Yearbook',
      changed: 0,
    });
    expect(await flagsOf(ids.Adams!)).toEqual({ directory_opt_out: true, yearbook_opt_out: false });
    expect(await flagsOf(ids.Drew!)).toEqual({ directory_opt_out: false, yearbook_opt_out: false });

    const cleared = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: file, directory_opt_out_column: 'Directory (old)' },
      apply: true,
    });
    expect(cleared.json().consent_import).toMatchObject({ changed: 1 });
    expect(await flagsOf(ids.Drew!)).toEqual({ directory_opt_out: true, yearbook_opt_out: false });
  });

  test('values that are not yes or no, or a student listed twice with different consent, refuse the whole file', async () => {
    const before = await trailRows();
    const invalid = await schoolFile('typo.csv', 'Student ID,Yearbook\n0103,Y\n0102,maybe\n');
    const preview = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: invalid },
    });
    expect(preview.json().consent_import.invalid).toEqual({
      count: 1,
      rows: [{ line: 3, column: 'Yearbook', value: 'maybe' }],
    });
    const refused = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: invalid },
      apply: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.consent_import[0]).toMatch(/1 consent values that are not yes or no/);
    expect(await flagsOf(ids.Cole!)).toEqual({ directory_opt_out: false, yearbook_opt_out: false });

    const twice = await schoolFile('twice.csv', 'Student ID,Yearbook\n0103,Y\n0103,N\n');
    const conflict = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: twice },
      apply: true,
    });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().errors.consent_import[0]).toMatch(/1 students again with different consent/);
    expect(await flagsOf(ids.Cole!)).toEqual({ directory_opt_out: false, yearbook_opt_out: false });
    expect(await trailRows()).toEqual(before);

    // No consent column at all, or a column the file does not have.
    const none = await schoolFile('names.csv', 'Student ID,Last Name\n0103,Cole\n');
    const noColumn = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: none },
      apply: true,
    });
    expect(noColumn.statusCode).toBe(422);
    expect(noColumn.json().errors.directory_opt_out_column).toBeDefined();
    const unknown = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: none, student_id_column: 'Pupil' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.student_id_column).toEqual(['is not a column of the file']);
  });

  test('consent is the school’s: the studio is refused, other organizations get 404, other projects’ files are invalid', async () => {
    const file = await schoolFile('studio try.csv', 'Student ID,Yearbook\n0104,Y\n');
    const payload = { consent_import: { attachment_id: file }, apply: true };
    expect((await call('studioManager', 'POST', importUrl(), payload)).statusCode).toBe(403);
    expect((await call('studioStaff', 'POST', importUrl(), payload)).statusCode).toBe(403);
    expect((await call('memberSchoolB', 'POST', importUrl(), payload)).statusCode).toBe(404);
    expect((await call('foreignManager', 'POST', importUrl(), payload)).statusCode).toBe(404);
    expect(await flagsOf(ids.Drew!)).toMatchObject({ yearbook_opt_out: false });

    // A file of another project of the same school does not feed this one.
    const other = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Other A1', ['student_id']);
    const elsewhere = await schoolFile('other.csv', 'Student ID,Yearbook\n0104,Y\n', other.projectId);
    const wrong = await call('schoolStaff', 'POST', importUrl(), {
      consent_import: { attachment_id: elsewhere },
      apply: true,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.attachment_id).toEqual(['is invalid']);
    expect(await flagsOf(ids.Drew!)).toMatchObject({ yearbook_opt_out: false });
  });

  test('a Student ID field hidden from the school cannot be matched on', async () => {
    const hidden = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Hidden ID A1', ['student_id']);
    await t.ctx.db
      .updateTable('subject_fields')
      .set({ visible_to_customers: false })
      .where('id', '=', hidden.fields.student_id!)
      .execute();
    const file = await schoolFile('hidden.csv', 'Student ID,Yearbook\n0104,Y\n', hidden.projectId);
    const res = await call('schoolStaff', 'POST', importUrl(hidden.projectId), {
      consent_import: { attachment_id: file },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.project).toBeDefined();
  });
});
