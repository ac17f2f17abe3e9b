import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.js';
import { jobDepsOf } from '../src/jobs/catalogue.js';
import type { JobDeps } from '../src/jobs/deps.js';
import { expireExports, runExport } from '../src/modules/project-exports/build-job.js';
import { cropFor, exportSubjects, photosForPose } from '../src/modules/project-exports/subjects.js';
import type { Storage } from '../src/storage/storage.js';
import { createTestApp, eventually, type TestApp } from './support/app.js';
import { mappings, standardFormatId } from './support/export-format.js';
import { bearer, injectAs, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import {
  projectWithFields as buildProjectWithFields,
  cellsByKey,
  subjectWithPhoto,
} from './support/project-data.js';
import { insertId } from './support/rows.js';
import { type World, worldApp } from './support/world.js';
import { readZip, type ZipEntry } from './support/zip.js';

let t: TestApp;
let w: World;
let deps: JobDeps;
let tokens: Record<string, string>;
let projectA1: Awaited<ReturnType<typeof projectWithFields>>;
let projectB: Awaited<ReturnType<typeof projectWithFields>>;
let subjectB: string;
const subjectsA1: string[] = [];
let customFormat: string;
let csvFormat: string;
let formatB: string;
let pspaFormat: string;

// The fields of the cells of ROSTER, in that order: the projects' fields. Its last cell: has a photo.
const COLUMNS = ['first_name', 'last_name', 'grade', 'teacher', 'student_id'];
const ROSTER: [string, string, string, string, string, boolean][] = [
  ['Amy', 'Adams', '3', 'Smith', '0101', true],
  ['Ben', 'Brown', '3', 'Smith', '0102', true],
  ['Zoë', 'Ångström', 'K', 'Jones', '0103', true],
  ['=HYPERLINK("http://evil.test")', 'Cole', '-5', 'Jones', '0104', true],
  ['Dee', 'Davis', '2', 'Lee', '0105', false],
];

const projectWithFields = (organizationId: string, name: string) =>
  buildProjectWithFields(t.ctx.db, organizationId, name, COLUMNS);

async function addSubject(p: Awaited<ReturnType<typeof projectWithFields>>, row: (typeof ROSTER)[number]) {
  const crop = { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
  return subjectWithPhoto(
    t,
    p,
    cellsByKey(COLUMNS, row),
    row[5] ? { bytes: await makeJpeg(400, 500), width: 400, height: 500, crop } : undefined,
  );
}

async function createFormat(who: string, organizationId: string, values: Record<string, unknown>) {
  const answer = await call(who, 'POST', '/api/project-export-formats', {
    project_export_format: { organization_id: organizationId, ...values },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().project_export_format.id as string;
}

/** A field added to project A1's own template, with `value` on A1's first subject. */
async function addFieldToA1(
  field: {
    field_key: string | null;
    label: string | null;
    arrangement_position: number;
    visible_to_customers: boolean;
  },
  value: string,
) {
  const template = await t.ctx.db
    .selectFrom('projects')
    .select('project_template_id')
    .where('id', '=', projectA1.projectId)
    .executeTakeFirstOrThrow();
  const id = await insertId(t.ctx.db, 'subject_fields', {
    project_template_id: template.project_template_id!,
    ...field,
  });
  await t.ctx.db
    .updateTable('subjects')
    .set({ properties: sql`properties || jsonb_build_object(${id}::text, ${value}::text)` })
    .where('id', '=', subjectsA1[0]!)
    .execute();
}

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
  deps = jobDepsOf(t.ctx);
  projectA1 = await projectWithFields(w.orgs.schoolA1.id, 'Spring A1');
  for (const row of ROSTER) subjectsA1.push(await addSubject(projectA1, row));
  // A field hidden from customers, with a value on the first subject.
  await addFieldToA1(
    { field_key: 'home_room', label: null, arrangement_position: 9, visible_to_customers: false },
    'Room 7',
  );
  projectB = await projectWithFields(w.orgs.schoolB.id, 'Spring B');
  subjectB = await addSubject(projectB, ['Other', 'School', '1', 'X', '9999', false]);

  customFormat = await createFormat('studioManager', w.orgs.studioA.id, {
    name: 'Yearbook custom',
    available_to_suborganizations: true,
    output_directory_name: 'Out',
    data_delimiter_format: 'comma',
    data_file_name: 'index',
    data_file_extension: 'csv',
    images_crop_width_pixels: 120,
    images_crop_height_pixels: 150,
    images_name_primary_field_first_key: 'student_id',
    field_mappings: mappings('student_id', 'first_name', 'last_name', 'grade', 'image_file_name'),
  });
  csvFormat = await createFormat('studioManager', w.orgs.studioA.id, {
    name: 'Names only',
    available_to_suborganizations: true,
    include_images: false,
    include_readme: false,
    data_file_name: 'names',
    field_mappings: mappings('first_name', 'grade'),
  });
  formatB = await createFormat('foreignManager', w.orgs.studioB.id, {
    name: 'Format of B',
    field_mappings: [{ field_key: 'first_name', position: 1 }],
  });
  pspaFormat = await standardFormatId(t.ctx.db, 'pspa_yearbook');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

const exportsUrl = (p: { projectId: string }) => `/api/projects/${p.projectId}/project-exports`;

/**
 * An export of project A1 made straight in the database, as if just asked for: by default the studio
 * staff's, in the custom format; `values` over that. Its id and when it last changed.
 */
const insertExport = (values: Record<string, unknown> = {}) =>
  t.ctx.db
    .insertInto('project_exports')
    .values({
      project_id: projectA1.projectId,
      project_export_format_id: customFormat,
      project_export_format_name: 'Yearbook custom',
      created_by_user_id: w.users.studioStaff!.id,
      ...values,
    })
    .returning(['id', 'updated_at'])
    .executeTakeFirstOrThrow();

/** The export's row as it stands in the database. */
const exportRow = (id: string) =>
  t.ctx.db.selectFrom('project_exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function createExport(who: string, body: Record<string, unknown>, project = projectA1) {
  const answer = await call(who, 'POST', exportsUrl(project), { project_export: body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().project_export as { id: string; [k: string]: unknown };
}

async function finished(who: string, id: string) {
  return eventually(async () => {
    const e = (await call(who, 'GET', `/api/project-exports/${id}`)).json().project_export;
    return e.job_status === 'completed' || e.job_status === 'failed' ? e : null;
  }, 60_000);
}

async function downloadZip(who: string, id: string) {
  const answer = await call(who, 'GET', `/api/project-exports/${id}/download`);
  expect(answer.statusCode, answer.body).toBe(302);
  const file = await t.app.inject({ method: 'GET', url: answer.headers.location as string });
  expect(file.statusCode).toBe(200);
  return readZip(file.rawPayload);
}

/** Runs an export of `body` as `who` to completion: its ZIP's entries. */
async function completedExportZip(who: string, body: Record<string, unknown>) {
  const created = await createExport(who, body);
  const done = await finished(who, created.id);
  expect(done.job_status, done.job_status_message).toBe('completed');
  return downloadZip(who, created.id);
}

const exportFiles = async (p: { organizationId: string; projectId: string }) =>
  readdir(
    path.join(
      t.ctx.config.storage.localDir,
      `org-${p.organizationId}`,
      'projects',
      p.projectId,
      'project-exports',
    ),
  ).catch(() => [] as string[]);

const auditCount = async (action: string, recordId: string) =>
  (
    await t.ctx.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '=', action)
      .where('record_id', '=', recordId)
      .executeTakeFirstOrThrow()
  ).n;

describe('the pre-export check', () => {
  test('reports subjects without an image, with their ids, and writes nothing', async () => {
    const before = await t.ctx.db.selectFrom('project_exports').select('id').execute();
    const answer = await call('studioManager', 'POST', `${exportsUrl(projectA1)}/check`, {
      project_export: { project_export_format_id: customFormat },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json().report;
    expect(report.subjects_count).toBe(ROSTER.length);
    const missing = report.issues.find((i: { code: string }) => i.code === 'missing_image');
    expect(missing).toMatchObject({ count: 1, subject_ids: [subjectsA1[4]] });
    expect(await t.ctx.db.selectFrom('project_exports').select('id').execute()).toEqual(before);
  });

  test('honours the selection: included ids only, minus excluded ids', async () => {
    const answer = await call('studioManager', 'POST', `${exportsUrl(projectA1)}/check`, {
      project_export: {
        project_export_format_id: customFormat,
        included_subject_ids: subjectsA1.slice(0, 3),
        excluded_subject_ids: [subjectsA1[0]],
      },
    });
    expect(answer.json().report.subjects_count).toBe(2);
    const all = await call('studioManager', 'POST', `${exportsUrl(projectA1)}/check`, {
      project_export: {
        project_export_format_id: customFormat,
        excluded_subject_ids: [subjectsA1[4]],
        include_subjects_without_images: false,
      },
    });
    expect(all.json().report.subjects_count).toBe(4);
  });

  test('bad options are field errors (422), bad paths 404', async () => {
    const bad = async (body: Record<string, unknown>) =>
      call('studioManager', 'POST', `${exportsUrl(projectA1)}/check`, { project_export: body });
    const foreign = await bad({ project_export_format_id: formatB });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual({ errors: { project_export_format_id: ['is invalid'] } });
    const pose = await bad({ project_export_format_id: customFormat, selected_pose: 'sideways' });
    expect(pose.statusCode).toBe(422);
    expect(pose.json().errors.selected_pose).toEqual(['is not a pose option']);
    const group = await bad({
      project_export_format_id: customFormat,
      custom_directory_group_field_key: 'grade',
    });
    expect(group.json()).toEqual({
      errors: { custom_directory_group_field_key: ['is not allowed by this format'] },
    });
    // Another project's subject (here another school's) is not quietly left out: the ids are invalid.
    const otherProject = await bad({
      project_export_format_id: customFormat,
      included_subject_ids: [subjectsA1[0], subjectB],
      excluded_subject_ids: [subjectB],
    });
    expect(otherProject.statusCode).toBe(422);
    expect(otherProject.json()).toEqual({
      errors: { included_subject_ids: ['is invalid'], excluded_subject_ids: ['is invalid'] },
    });
    const unknown = await bad({ project_export_format_id: customFormat, surprise: true });
    expect(unknown.statusCode).toBe(422);
    const missing = await call('studioManager', 'POST', '/api/projects/999999999/project-exports/check', {
      project_export: { project_export_format_id: customFormat },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a real run', () => {
  let exportId: string;
  let entries: ZipEntry[];

  test('creating stores the check report, queues the job and records the audit event', async () => {
    const created = await createExport('studioManager', { project_export_format_id: customFormat });
    exportId = created.id;
    expect(created).toMatchObject({
      project_id: projectA1.projectId,
      project_export_format_id: customFormat,
      project_export_format_name: 'Yearbook custom',
      subjects_count: ROSTER.length,
      include_subjects_without_images: true,
      use_default_photo_crops: true,
      selected_pose: 'primary',
      selected_background: 'default',
      stalled: false,
      download_path: null,
    });
    expect(created.job_id).toEqual(expect.any(String));
    expect(created.created_by_user).toMatchObject({ id: w.users.studioManager!.id, deleted_at: null });
    expect((created.check_report as { subjects_count: number }).subjects_count).toBe(ROSTER.length);
    expect(await auditCount('project_export.create', exportId)).toBe('1');
  });

  test('the job completes with an expiry, a download path and an e-mail to its creator', async () => {
    const done = await finished('studioManager', exportId);
    expect(done.job_status, done.job_status_message).toBe('completed');
    expect(done.job_status_at).toBe(done.job_status_total);
    expect(done.download_path).toBe(`/api/project-exports/${exportId}/download`);
    const days = (Date.parse(done.expires_at) - Date.parse(done.export_completed_at)) / 86_400_000;
    expect(days).toBe(t.ctx.config.exportRetentionDays);
    const mail = await t.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', w.users.studioManager!.email)
      .where('text_body', 'like', `%/projects/${projectA1.projectId}/project-exports/${exportId}%`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain(t.ctx.config.publicUrl);
  });

  test('the archive holds the data file and one stored, resized JPEG per subject with a photo', async () => {
    entries = await downloadZip('studioManager', exportId);
    const images = entries.filter((e) => /\.jpe?g$/i.test(e.name));
    expect(images).toHaveLength(ROSTER.filter((r) => r[5]).length);
    for (const image of images) {
      expect(image.method, image.name).toBe(0);
      const meta = await sharp(image.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 150]);
    }
    const data = entries.find((e) => e.name.endsWith('index.csv'));
    expect(data, entries.map((e) => e.name).join(', ')).toBeDefined();
    expect(data!.method).toBe(8);
    expect(data!.name.startsWith('Out/')).toBe(true);
    const lines = data!.data.toString('utf8').trim().split(/\r\n/);
    // A header line, then one line per subject (images or not).
    expect(lines).toHaveLength(ROSTER.length + 1);
    const ids = lines.slice(1).map((l) => l.split(',')[0]);
    expect(ids.sort()).toEqual(ROSTER.map((r) => r[4]).sort());
    // The image file names in the data file are the archive's images.
    const imageNames = new Set(images.map((e) => path.posix.basename(e.name)));
    for (const [i, line] of lines.slice(1).entries()) {
      const named = line.split(',').at(-1)!.replace(/"/g, '');
      if (named) expect(imageNames.has(named), `line ${i}: ${named}`).toBe(true);
    }
  });

  test('each download is recorded once in the audit trail', async () => {
    expect(await auditCount('project_export.download', exportId)).toBe('1');
    const json = await call('studioManager', 'GET', `/api/project-exports/${exportId}/download?format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.json().download).toMatchObject({ url: expect.any(String), expires_at: expect.any(String) });
    expect(await auditCount('project_export.download', exportId)).toBe('2');
    const event = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'project_export.download')
      .where('record_id', '=', exportId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      user_id: w.users.studioManager!.id,
      project_id: projectA1.projectId,
      owner_organization_id: w.orgs.schoolA1.id,
      record_type: 'project_export',
    });
  });

  test('the list pages, newest first, and projects count their exports', async () => {
    const second = await createExport('studioManager', {
      project_export_format_id: csvFormat,
      included_subject_ids: [subjectsA1[0]],
    });
    await finished('studioManager', second.id);
    const page = await call('studioManager', 'GET', `${exportsUrl(projectA1)}?limit=1&page=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 1, limit: 1, total: 2 });
    expect(page.json().project_exports.map((e: { id: string }) => e.id)).toEqual([second.id]);
    const next = await call('studioManager', 'GET', `${exportsUrl(projectA1)}?limit=1&page=2`);
    expect(next.json().project_exports.map((e: { id: string }) => e.id)).toEqual([exportId]);
    expect((await call('studioManager', 'GET', `${exportsUrl(projectA1)}?page=0`)).statusCode).toBe(400);
    const project = await call('studioManager', 'GET', `/api/projects/${projectA1.projectId}`);
    expect(project.json().project.project_exports_count).toBe(2);
  });
});

describe('data safety', () => {
  test('a cell that would start a formula is neutralised, a plain negative number is not', async () => {
    const entries = await completedExportZip('studioManager', {
      project_export_format_id: csvFormat,
      included_subject_ids: [subjectsA1[3]],
    });
    expect(entries.some((e) => /\.jpe?g$/.test(e.name))).toBe(false);
    const csv = entries.find((e) => e.name.endsWith('names.csv'))!.data.toString('utf8');
    const row = csv.trim().split(/\r\n/)[1]!;
    expect(row).toContain(`'=HYPERLINK(`);
    expect(row).not.toMatch(/(^|,)"?=HYPERLINK/);
    expect(row).toMatch(/,"?-5"?$/);
  });
});

describe('PSPA yearbook', () => {
  test('INDEX.TXT has the guideline columns, and every line names a 640x800 JPEG beside it', async () => {
    const entries = await completedExportZip('studioManager', {
      project_export_format_id: pspaFormat,
      include_subjects_without_images: false,
    });
    const index = entries.find((e) => path.posix.basename(e.name) === 'INDEX.TXT');
    expect(index, entries.map((e) => e.name).join(', ')).toBeDefined();
    // The PSPA built-in writes Windows-1252 text (migration 0024).
    const lines = iconv.decode(index!.data, 'win1252').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ROSTER.filter((r) => r[5]).length);
    const byName = new Map(entries.map((e) => [e.name, e]));
    const base = path.posix.dirname(index!.name);
    for (const line of lines) {
      // The guideline's columns (migrations 0019, 0044): Volume Name, Image Folder, Image File Name, Grade,
      // Last Name, First Name, Homeroom, Period, Teacher Name, Track, Department, Title, Image Size.
      const cells = line.split('\t');
      expect(cells).toHaveLength(13);
      expect(cells[12]).toBe('640x800');
      const [volume, folder, file, grade, last, first, , , teacher] = cells;
      expect(volume).toBe('PSPA');
      expect(file).toMatch(/^[A-Za-z0-9_-]+\.jpg$/i);
      const subject = ROSTER.find((r) => r[1] === last)!;
      // Formula-looking cells are neutralised with a leading quote (SECURITY.md).
      const plain = (cell: string) =>
        (/^".*"$/.test(cell) ? cell.slice(1, -1).replace(/""/g, '"') : cell).replace(/^'/, '');
      expect([plain(first!), plain(grade!), teacher]).toEqual([subject[0], subject[2], subject[3]]);
      const image = byName.get(path.posix.join(base === '.' ? '' : base, folder!, file!));
      expect(image, `${folder}/${file}`).toBeDefined();
      const meta = await sharp(image!.data).metadata();
      expect([meta.format, meta.width, meta.height, meta.density]).toEqual(['jpeg', 640, 800, 300]);
    }
  });
});

describe('retries', () => {
  test('a job killed while writing and run again yields one correct archive', async () => {
    const row = await insertExport({
      created_by_user_id: w.users.studioManager!.id,
      // Made before some subjects were added: the run counts the selection as it is then.
      subjects_count: 1,
    });
    // The first run's process "dies" part way through writing the archive.
    const killer = new AbortController();
    const dying: Storage = Object.create(t.ctx.storage, {
      putStream: {
        value: async (key: string, body: Readable, type: string) => {
          let seen = 0;
          body.on('data', (chunk: Buffer) => {
            seen += chunk.length;
            if (seen > 2000 && !killer.signal.aborted) {
              killer.abort(new Error('killed'));
              body.destroy(new Error('killed'));
            }
          });
          return t.ctx.storage.putStream(key, body, type);
        },
      },
    });
    await expect(runExport(row.id, { ...deps, storage: dying }, killer.signal)).rejects.toThrow();
    const killed = await exportRow(row.id);
    expect(killed.job_status).toBe('working');
    expect(killed.export_completed_at).toBeNull();

    // pg-boss runs it again: it starts over and rewrites the same key.
    await runExport(row.id, deps);
    const done = await exportRow(row.id);
    expect(done.job_status).toBe('completed');
    expect([done.job_status_at, done.job_status_total, done.subjects_count]).toEqual([
      ROSTER.length,
      ROSTER.length,
      ROSTER.length,
    ]);
    expect(done.archive_images).toBe(ROSTER.filter((r) => r[5]).length);
    // One archive (the local driver keeps its content type beside it), no partial or second one.
    const files = (await exportFiles(projectA1)).filter(
      (f) => f.startsWith(`${row.id}.`) && !f.endsWith('.meta'),
    );
    expect(files).toEqual([`${row.id}.zip`]);
    const entries = await downloadZip('studioManager', row.id);
    expect(entries.filter((e) => e.name.endsWith('.jpg'))).toHaveLength(done.archive_images!);

    // A completed export is left alone by a stray second run.
    await runExport(row.id, deps);
    const again = await exportRow(row.id);
    expect(again.export_completed_at).toEqual(done.export_completed_at);
  });

  test('a run that another run took over stops without writing its outcome', async () => {
    const db = t.ctx.db;
    const row = await insertExport({
      project_export_format_id: csvFormat,
      project_export_format_name: 'Names only',
      subjects_count: ROSTER.length,
    });
    // While this run writes its archive, pg-boss starts a retry, which takes the export over.
    const takenOver: Storage = Object.create(t.ctx.storage, {
      putStream: {
        value: async (key: string, body: Readable, type: string) => {
          await t.ctx.storage.putStream(key, body, type);
          await db
            .updateTable('project_exports')
            .set({ job_run_token: 'the retry' })
            .where('id', '=', row.id)
            .execute();
        },
      },
    });
    const mailsBefore = await db.selectFrom('email_outbox').select('id').execute();
    await runExport(row.id, { ...deps, storage: takenOver });
    const after = await exportRow(row.id);
    expect([after.job_status, after.job_run_token, after.export_completed_at]).toEqual([
      'working',
      'the retry',
      null,
    ]);
    expect(await db.selectFrom('email_outbox').select('id').execute()).toHaveLength(mailsBefore.length);
  });

  test('a failure ends the export failed with its message', async () => {
    const db = t.ctx.db;
    const doomed = await createFormat('studioManager', w.orgs.studioA.id, {
      name: 'Doomed',
      field_mappings: [{ field_key: 'first_name', position: 1 }],
    });
    const row = await insertExport({
      project_export_format_id: doomed,
      project_export_format_name: 'Doomed',
      created_by_user_id: w.users.studioManager!.id,
    });
    await db.deleteFrom('project_export_formats').where('id', '=', doomed).execute();
    await runExport(row.id, deps);
    const failed = (await call('studioManager', 'GET', `/api/project-exports/${row.id}`)).json()
      .project_export;
    expect(failed).toMatchObject({
      job_status: 'failed',
      job_status_message: 'The export format was deleted.',
      project_export_format_id: null,
      project_export_format_name: 'Doomed',
      download_path: null,
    });
    expect((await call('studioManager', 'GET', `/api/project-exports/${row.id}/download`)).statusCode).toBe(
      404,
    );
  });
});

describe('deleting', () => {
  test('a running, queued or new export is a 409', async () => {
    for (const values of [
      { job_id: 'j', job_status: 'working', export_started_at: new Date() },
      // Started and still holding its job, or its status: not stalled.
      { job_id: 'j', export_started_at: new Date() },
      { job_status: 'working', export_started_at: new Date() },
      { job_id: 'j' },
      {},
    ]) {
      const row = await insertExport(values);
      const answer = await call('studioManager', 'DELETE', `/api/project-exports/${row.id}`);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ errors: { base: ['This export is still running.'] } });
    }
  });

  test('a stalled export is deleted; a completed one with its archive', async () => {
    const stalled = await insertExport({ export_started_at: new Date() });
    const shown = (await call('studioManager', 'GET', `/api/project-exports/${stalled.id}`)).json();
    expect(shown.project_export.stalled).toBe(true);
    expect((await call('studioManager', 'DELETE', `/api/project-exports/${stalled.id}`)).statusCode).toBe(
      204,
    );

    const created = await createExport('studioStaff', {
      project_export_format_id: csvFormat,
      included_subject_ids: [subjectsA1[1]],
    });
    await finished('studioStaff', created.id);
    expect(await exportFiles(projectA1)).toContain(`${created.id}.zip`);
    // Not the creator and not a manager: refused; the creator may.
    expect((await call('schoolStaff', 'DELETE', `/api/project-exports/${created.id}`)).statusCode).toBe(403);
    expect((await call('studioStaff', 'DELETE', `/api/project-exports/${created.id}`)).statusCode).toBe(204);
    expect((await call('studioStaff', 'GET', `/api/project-exports/${created.id}`)).statusCode).toBe(404);
    await eventually(async () => !(await exportFiles(projectA1)).includes(`${created.id}.zip`));
  });
});

describe('retention', () => {
  test('expired archives are deleted; their download answers 410', async () => {
    const created = await createExport('studioManager', {
      project_export_format_id: csvFormat,
      included_subject_ids: [subjectsA1[2]],
    });
    const done = await finished('studioManager', created.id);
    expect(await exportFiles(projectA1)).toContain(`${created.id}.zip`);
    // Not yet due: nothing happens.
    await expireExports(deps, new Date(Date.parse(done.expires_at) - 60_000));
    expect(await exportFiles(projectA1)).toContain(`${created.id}.zip`);
    await expireExports(deps, new Date(Date.parse(done.expires_at) + 60_000));
    expect(await exportFiles(projectA1)).not.toContain(`${created.id}.zip`);
    const after = (await call('studioManager', 'GET', `/api/project-exports/${created.id}`)).json()
      .project_export;
    expect(after.expired_at).not.toBeNull();
    expect(after.download_path).toBeNull();
    const download = await call('studioManager', 'GET', `/api/project-exports/${created.id}/download`);
    expect(download.statusCode).toBe(410);
    expect(download.json().errors.base[0]).toMatch(/expired/);
  });
});

describe('lost jobs', () => {
  test('an export still working long after its last progress ends failed, and can then be deleted', async () => {
    const row = await insertExport({
      project_export_format_id: null,
      project_export_format_name: 'Lost',
      created_by_user_id: null,
      job_id: 'gone',
      job_status: 'working',
      export_started_at: new Date(),
    });
    // Twelve hours (three job expiries) without progress: its job is lost for good.
    await expireExports(deps, new Date(row.updated_at.getTime() + 11 * 3_600_000));
    const still = (await call('studioManager', 'GET', `/api/project-exports/${row.id}`)).json()
      .project_export;
    expect(still.job_status).toBe('working');
    await expireExports(deps, new Date(row.updated_at.getTime() + 13 * 3_600_000));
    const lost = (await call('studioManager', 'GET', `/api/project-exports/${row.id}`)).json().project_export;
    expect(lost).toMatchObject({
      job_status: 'failed',
      job_status_message: 'The export stopped before it was finished.',
    });
    expect((await call('studioManager', 'DELETE', `/api/project-exports/${row.id}`)).statusCode).toBe(204);
  });
});

describe('who may', () => {
  test('a school user runs an export of its own project', async () => {
    const entries = await completedExportZip('schoolStaff', {
      project_export_format_id: customFormat,
      included_subject_ids: [subjectsA1[0]],
    });
    expect(entries.filter((e) => e.name.endsWith('.jpg'))).toHaveLength(1);
  });

  test('an export holds only the fields its creator may see', async () => {
    const rooms = await createFormat('studioManager', w.orgs.studioA.id, {
      name: 'Rooms',
      available_to_suborganizations: true,
      include_images: false,
      data_file_name: 'rooms',
      field_mappings: mappings('student_id', 'home_room'),
    });
    const roomsOf = async (who: string) => {
      const created = await createExport(who, {
        project_export_format_id: rooms,
        included_subject_ids: [subjectsA1[0]],
      });
      await finished(who, created.id);
      const entries = await downloadZip(who, created.id);
      return entries.find((e) => e.name.endsWith('rooms.csv'))!.data.toString('utf8');
    };
    expect(await roomsOf('studioManager')).toContain('Room 7');
    expect(await roomsOf('schoolStaff')).not.toContain('Room 7');
  });

  test("another school's users get 404 on every route", async () => {
    const [any] = (await call('studioManager', 'GET', exportsUrl(projectA1))).json().project_exports;
    for (const [method, url] of [
      ['GET', exportsUrl(projectA1)],
      ['GET', `/api/project-exports/${any.id}`],
      ['GET', `/api/project-exports/${any.id}/download`],
      ['DELETE', `/api/project-exports/${any.id}`],
    ] as const) {
      expect((await call('memberSchoolB', method, url)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call('foreignManager', method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const suffix of ['', '/check']) {
      const answer = await call('memberSchoolB', 'POST', `${exportsUrl(projectA1)}${suffix}`, {
        project_export: { project_export_format_id: customFormat },
      });
      expect(answer.statusCode).toBe(404);
    }
    // And a school sees none of another school's exports in its own list.
    const own = await call('memberSchoolB', 'GET', exportsUrl(projectB));
    expect(own.json().meta.total).toBe(0);
  });
});

describe('reading subjects', () => {
  test('a page at a time in id order: every selected subject once, whatever the page size', async () => {
    const selection = {
      project_id: projectA1.projectId,
      included_subject_ids: [],
      excluded_subject_ids: [subjectsA1[1]!],
      include_subjects_without_images: true,
    };
    const choice = {
      selected_pose: 'primary',
      selected_background: 'default' as const,
      use_default_photo_crops: true,
      portrait: true,
    };
    const fields = await t.ctx.db
      .selectFrom('subject_fields')
      .select(['id', 'field_key'])
      .where('id', 'in', Object.values(projectA1.fields))
      .execute();
    for (const size of [1, 2, 500]) {
      const seen: string[] = [];
      for await (const s of exportSubjects(t.ctx.db, selection, fields, choice, size)) seen.push(s.id);
      expect(seen, `pages of ${size}`).toEqual(subjectsA1.filter((id) => id !== subjectsA1[1]));
    }
    // Subjects added in the same instant, or within one millisecond, each come exactly once.
    const batch = await projectWithFields(w.orgs.schoolA1.id, 'Same instant');
    const inserted = await t.ctx.db
      .insertInto('subjects')
      .values(
        ['.000100', '.000200', '.000300', '.000300', '.000300'].map((micro) => ({
          project_id: batch.projectId,
          properties: '{}',
          created_at: sql<Date>`${`2026-01-01 00:00:00${micro}+00`}::timestamptz`,
        })),
      )
      .returning('id')
      .execute();
    const all = { ...selection, project_id: batch.projectId, excluded_subject_ids: [] };
    for (const size of [1, 2]) {
      const seen: string[] = [];
      for await (const s of exportSubjects(t.ctx.db, all, [], choice, size)) seen.push(s.id);
      expect(seen, `pages of ${size}`).toEqual(inserted.map((r) => r.id));
    }

    const pages = exportSubjects(t.ctx.db, selection, fields, choice, 2);
    const first = (await pages.next()).value;
    await pages.return(undefined);
    expect(first!.values).toEqual({
      first_name: 'Amy',
      last_name: 'Adams',
      grade: '3',
      teacher: 'Smith',
      student_id: '0101',
    });
    expect(first!.images).toHaveLength(1);
    // The default crop (fractions 0.1, 0.1, 0.8, 0.8 of 400x500) in pixels.
    expect(first!.images[0]).toMatchObject({
      width: 400,
      height: 500,
      crop: { x: 40, y: 50, width: 320, height: 400 },
      cropName: '8x10',
    });
  });
});

describe('choosing images', () => {
  const photo = (id: string, isPrimary = false) => ({
    subject_id: 's',
    is_primary: isPrimary,
    id,
    storage_key: `k${id}`,
    width: 400,
    height: 500,
    orientation: 1,
    created_at: new Date(),
  });
  const photos = [photo('1'), photo('2', true), photo('3')];
  const ids = (list: { id: string }[]) => list.map((p) => p.id);

  test('every pose of §9', () => {
    expect(ids(photosForPose(photos, null, 'primary', 'default'))).toEqual(['2']);
    expect(ids(photosForPose(photos, '3', 'yearbook', 'default'))).toEqual(['3']);
    expect(ids(photosForPose(photos, null, 'yearbook', 'default'))).toEqual(['2']);
    expect(ids(photosForPose(photos, null, 'yearbook_strict', 'default'))).toEqual([]);
    expect(ids(photosForPose(photos, '1', 'yearbook_strict', 'default'))).toEqual(['1']);
    expect(ids(photosForPose(photos, null, 'all', 'default'))).toEqual(['2', '1', '3']);
    expect(ids(photosForPose(photos, null, 'all', 'ordered'))).toEqual(['1', '2', '3']);
    expect(ids(photosForPose(photos, null, 'oldest', 'default'))).toEqual(['1']);
    expect(ids(photosForPose(photos, null, 'newest', 'default'))).toEqual(['3']);
    expect(ids(photosForPose(photos, null, '2', 'default'))).toEqual(['2']);
    expect(ids(photosForPose(photos, null, '4', 'default'))).toEqual([]);
    // Without a primary photo, "primary" is the latest (as printing does).
    expect(ids(photosForPose([photo('1'), photo('3')], null, 'primary', 'default'))).toEqual(['3']);
  });

  test("the crop of the output's orientation, in the upright image's pixels", () => {
    const crop = (id: string, isDefault: boolean, width: number, height: number) => ({
      id,
      photo_id: 'p',
      name: `crop ${id}`,
      is_default: isDefault,
      x: 0,
      y: 0,
      width,
      height,
    });
    const portraitCrop = crop('1', false, 0.5, 0.8);
    const landscapeCrop = crop('2', true, 1, 0.5);
    const size = { width: 400, height: 500, orientation: 1 };
    expect(cropFor(size, [landscapeCrop, portraitCrop], true)).toEqual({
      crop: { x: 0, y: 0, width: 200, height: 400 },
      name: 'crop 1',
    });
    expect(cropFor(size, [landscapeCrop, portraitCrop], false).name).toBe('crop 2');
    expect(cropFor(size, [landscapeCrop], true)).toEqual({ crop: null, name: null });
    // EXIF 6: stored 500x400, upright 400x500.
    expect(cropFor({ width: 500, height: 400, orientation: 6 }, [portraitCrop], true).crop).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 400,
    });
  });
});

describe("a project's own custom fields", () => {
  test('a format maps a custom field by its label; "include unmapped fields" adds the project\'s own fields, not the catalogue', async () => {
    await addFieldToA1(
      { field_key: null, label: 'Medical Alert', arrangement_position: 10, visible_to_customers: true },
      'Peanuts',
    );
    const medical = await createFormat('studioManager', w.orgs.studioA.id, {
      name: 'Medical',
      available_to_suborganizations: true,
      include_images: false,
      include_readme: false,
      data_file_name: 'medical',
      data_include_unmapped_fields: true,
      field_mappings: [
        { field_key: 'last_name', position: 1 },
        { custom_label: 'medical alert', position: 2 },
        { custom_label: 'Allergies', position: 3 },
      ],
    });
    // The API keeps the label: field_key null, custom_label as sent.
    const shown = (await call('studioManager', 'GET', `/api/project-export-formats/${medical}`)).json()
      .project_export_format.field_mappings;
    expect(shown).toEqual([
      { field_key: 'last_name', custom_label: null, position: 1 },
      { field_key: null, custom_label: 'medical alert', position: 2 },
      { field_key: null, custom_label: 'Allergies', position: 3 },
    ]);
    const body = { project_export_format_id: medical, included_subject_ids: [subjectsA1[0]] };
    const check = await call('studioManager', 'POST', `${exportsUrl(projectA1)}/check`, {
      project_export: body,
    });
    expect(check.json().report.issues).toEqual([
      expect.objectContaining({
        code: 'missing_field',
        message: 'The project has no field "Allergies"; its column will be empty.',
      }),
    ]);
    const csvOf = async (who: string) => {
      const created = await createExport(who, body);
      expect((await finished(who, created.id)).job_status).toBe('completed');
      return (await downloadZip(who, created.id))
        .find((e) => e.name.endsWith('medical.csv'))!
        .data.toString('utf8');
    };
    // The project's fields it did not map, under their labels, in the template's order (Home Room is
    // hidden from customers: the studio reads it); never the 31 catalogue fields.
    expect(await csvOf('studioManager')).toBe(
      'Last Name,Medical Alert,Allergies,First Name,Grade,Teacher,Student ID,Home Room\r\nAdams,Peanuts,,Amy,3,Smith,0101,Room 7\r\n',
    );
    // The school's staff, who may not read hidden fields: no Home Room column, no value of it.
    expect(await csvOf('schoolStaff')).toBe(
      'Last Name,Medical Alert,Allergies,First Name,Grade,Teacher,Student ID\r\nAdams,Peanuts,,Amy,3,Smith,0101\r\n',
    );
  });
});

describe('the demo data', () => {
  test('a studio manager exports the demo project in the PSPA format', async () => {
    const demo = await createTestApp({}, { seedDemo: true });
    try {
      const token = await signIn(demo.app, DEMO_USERS.studio, DEMO_PASSWORD);
      const get = (url: string) => demo.app.inject({ method: 'GET', url, headers: bearer(token) });
      const project = await demo.ctx.db
        .selectFrom('projects')
        .select('id')
        .where('name', '=', 'Maple Grove Fall 2026')
        .executeTakeFirstOrThrow();
      const formats = (await get(`/api/projects/${project.id}/project-export-formats`)).json()
        .project_export_formats as { id: string; standard_key: string | null }[];
      const pspa = formats.find((f) => f.standard_key === 'pspa_yearbook')!;
      const created = await demo.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/project-exports`,
        headers: bearer(token),
        payload: { project_export: { project_export_format_id: pspa.id } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().project_export.id as string;
      const done = await eventually(async () => {
        const e = (await get(`/api/project-exports/${id}`)).json().project_export;
        return e.job_status === 'completed' || e.job_status === 'failed' ? e : null;
      }, 60_000);
      expect(done.job_status, done.job_status_message).toBe('completed');
      const answer = await get(`/api/project-exports/${id}/download`);
      const file = await demo.app.inject({ method: 'GET', url: answer.headers.location as string });
      const entries = await readZip(file.rawPayload);
      const index = entries.find((e) => path.posix.basename(e.name) === 'INDEX.TXT');
      expect(index, entries.map((e) => e.name).join(', ')).toBeDefined();
      const linesOf = (name: string) =>
        iconv
          .decode(entries.find((e) => path.posix.basename(e.name) === name)!.data, 'win1252')
          .split('\r\n')
          .filter(Boolean);
      const lines = linesOf('INDEX.TXT');
      expect(lines.length).toBeGreaterThan(0);
      // One subject of the demo project has no photo: INDEX.TXT leaves it out (every line names an image),
      // MASTER.TXT lists it too.
      expect(lines.every((l) => l.split('\t')[2])).toBe(true);
      expect(linesOf('MASTER.TXT')).toHaveLength(lines.length + 1);
      expect(entries.filter((e) => e.name.endsWith('.jpg'))).toHaveLength(lines.length);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
