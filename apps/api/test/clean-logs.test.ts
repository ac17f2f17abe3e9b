import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { mappings, standardFormatId } from './support/export-format.js';
import { albumThroughApi, bearer, injectAs, projectThroughApi, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { builtInLayoutId } from './support/renders.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Logs stay clean (SECURITY.md "no student personal data in logs"): the main flows run
 * with debug logging, every line the process writes (requests, jobs, start-up) is kept, and none may
 * hold a student's name, e-mail or field value, wherever they travelled (bodies, query strings, file
 * names, job payloads, errors).
 */
let t: ListeningTestApp;
let w: World;
let token: string;
let schoolToken: string;
let projectId: string;
let fieldIds: Record<string, string>;
const lines: string[] = [];

// Student data, each value distinctive enough that it can only come from the flows below.
const TYPED = {
  first: 'Zebediah',
  last: 'Quillfeather',
  email: 'zeb.quillfeather@pupils.example.test',
  studentId: 'SID-884213',
  teacher: 'Wobbleton',
};
const ROSTER = { first: 'Marigold', last: 'Thistlewaite', studentId: 'SID-551177', teacher: 'Pemberton' };
const SECRETS = [...Object.values(TYPED), ...Object.values(ROSTER)];

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, who = token) =>
  injectAs(t.app, who, method, url, payload);

beforeAll(async () => {
  t = await listeningTestApp(
    { LOG_LEVEL: 'debug' },
    { logDestination: { write: (line: string) => void lines.push(line) } },
  );
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioManager!.email);
  schoolToken = await signIn(t.app, w.users.schoolStaff!.email);
  const project = await projectThroughApi(t.app, token, {
    name: 'Clean logs project',
    organizationId: w.orgs.schoolA1.id,
    templateOrganizationId: w.orgs.studioA.id,
    fields: [
      { field_key: 'student_id' },
      { field_key: 'first_name' },
      { field_key: 'last_name' },
      { field_key: 'email' },
      { field_key: 'teacher' },
    ],
  });
  projectId = project.id;
  fieldIds = project.fields;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('logs stay clean', () => {
  test('the main flows with debug logging write no student name, e-mail or field value', async () => {
    // Sign-in, including one that fails with a student's e-mail typed as the user name.
    const failed = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: TYPED.email, password: `${TYPED.last}-guess` },
    });
    expect(failed.statusCode).toBe(400);

    // A subject typed in, a refused one (422 with its values), an update.
    const properties = {
      [fieldIds.student_id!]: TYPED.studentId,
      [fieldIds.first_name!]: TYPED.first,
      [fieldIds.last_name!]: TYPED.last,
      [fieldIds.email!]: TYPED.email,
      [fieldIds.teacher!]: TYPED.teacher,
    };
    const created = await call('POST', `/api/projects/${projectId}/subjects`, { subject: { properties } });
    expect(created.statusCode, created.body).toBe(201);
    const subjectId = created.json().subject.id;
    const refused = await call('POST', `/api/projects/${projectId}/subjects`, {
      subject: { properties: { ...properties, 999999: TYPED.last } },
    });
    expect(refused.statusCode).toBe(422);
    // A value the database can't store as text (NUL) must be refused without its error carrying the value.
    const nul = await call('POST', `/api/projects/${projectId}/subjects`, {
      subject: { properties: { ...properties, [fieldIds.teacher!]: `${TYPED.teacher}\u0000` } },
    });
    expect(nul.statusCode, nul.body).toBeLessThan(500);
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subjects`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"subject": {"properties": {"${fieldIds.last_name}": "${TYPED.last}"`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      (
        await call('PATCH', `/api/subjects/${subjectId}`, {
          subject: { properties: { ...properties, [fieldIds.teacher!]: `${TYPED.teacher} II` } },
        })
      ).statusCode,
    ).toBe(200);

    // Searches and filters with names in the query string.
    for (const url of [
      `/api/projects/${projectId}/subjects/search?q=${TYPED.last}`,
      `/api/projects/${projectId}/subjects?keyword=${TYPED.first}`,
      `/api/projects/${projectId}/subjects/search?q=${encodeURIComponent(TYPED.email)}`,
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
    // A bad query string (400) that carries a name.
    expect((await call('GET', `/api/projects/${projectId}/subjects?bogus=${TYPED.first}`)).statusCode).toBe(
      400,
    );

    // A photo named after the student, uploaded, verified and assigned.
    const albumId = await albumThroughApi(t.app, token, projectId);
    const jpeg = await makeJpeg(400, 500);
    const photoName = `${TYPED.first} ${TYPED.last}.jpg`;
    const photo = await call('POST', `/api/albums/${albumId}/photos`, {
      photo: {
        upload_file_name: photoName,
        upload_file_size: jpeg.length,
        upload_content_type: 'image/jpeg',
      },
    });
    expect(photo.statusCode, photo.body).toBe(201);
    expect((await t.upload(photo.json().photo.presigned_post, jpeg, photoName)).status).toBe(204);
    await eventually(async () => {
      const v = await call('PATCH', `/api/photos/${photo.json().photo.id}/verify`);
      return v.statusCode === 200;
    });
    const assigned = await call('POST', '/api/subject-photo-assignments', {
      subject_photo_assignment: { subject_id: subjectId, photo_id: photo.json().photo.id },
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);

    // A roster import with other students, named after one of them, applied by its job.
    const roster = Buffer.from(
      `Student ID,First Name,Last Name,Teacher\n${ROSTER.studentId},${ROSTER.first},${ROSTER.last},${ROSTER.teacher}\n`,
    );
    const imp = await call('POST', `/api/projects/${projectId}/subject-imports`, {
      subject_import: { upload_file_name: `${ROSTER.last}.csv`, upload_file_size: roster.length },
    });
    expect(imp.statusCode, imp.body).toBe(201);
    expect(
      (await t.upload(imp.json().subject_import.presigned_post, roster, `${ROSTER.last}.csv`)).status,
    ).toBe(204);
    const importId = imp.json().subject_import.id;
    expect((await call('PATCH', `/api/subject-imports/${importId}/verify`)).statusCode).toBe(200);
    expect((await call('POST', `/api/subject-imports/${importId}/check`)).statusCode).toBe(200);
    expect((await call('POST', `/api/subject-imports/${importId}/apply`, {})).statusCode).toBe(202);
    const applied = await eventually(async () => {
      const r = (await call('GET', `/api/subject-imports/${importId}`)).json().subject_import;
      return r.status === 'applied' || r.status === 'failed' ? r : null;
    });
    expect(applied.status).toBe('applied');

    // An export format, and a layout render printed by the school, named after the student.
    const format = await call('POST', '/api/project-export-formats', {
      project_export_format: {
        name: 'Clean logs format',
        organization_id: w.orgs.studioA.id,
        field_mappings: mappings('student_id', 'last_name'),
      },
    });
    expect(format.statusCode, format.body).toBe(201);
    const layoutId = await builtInLayoutId(t.ctx.db);
    const render = await call(
      'POST',
      '/api/layout-renders',
      { layout_render: { layout_id: layoutId, project_id: projectId, pdf_name: `${TYPED.last} cards` } },
      schoolToken,
    );
    expect(render.statusCode, render.body).toBe(201);
    const renderId = render.json().layout_render.id;
    await eventually(
      async () =>
        (await call('GET', `/api/layout-renders/${renderId}`, undefined, schoolToken)).json().layout_render
          .worker_status === 'complete',
      60_000,
    );
    expect((await call('GET', `/api/layout-renders/${renderId}/download`)).statusCode).toBe(302);

    // An export run (its archive and data file hold the names) and its download.
    const pspa = await standardFormatId(t.ctx.db, 'pspa_yearbook');
    const run = await call('POST', `/api/projects/${projectId}/project-exports`, {
      project_export: { project_export_format_id: pspa },
    });
    expect(run.statusCode, run.body).toBe(201);
    const exportId = run.json().project_export.id;
    await eventually(
      async () =>
        (await call('GET', `/api/project-exports/${exportId}`)).json().project_export.job_status ===
        'completed',
      60_000,
    );
    expect((await call('GET', `/api/project-exports/${exportId}/download`)).statusCode).toBe(302);

    // The log was written (requests and jobs alike): the capture works, it just holds no student data.
    const text = lines.join('');
    expect(text).toContain('/subjects/search');
    expect(text).toContain('"level":20');
    for (const secret of SECRETS) {
      const at = text.toLowerCase().indexOf(secret.toLowerCase());
      expect(at, `${secret} in the log: ${text.slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
    }

    // Every request line names its request, every line a job logs names its job and queue.
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requestLines = parsed.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const l of requestLines) expect(l.reqId, JSON.stringify(l)).toEqual(expect.any(String));
    const jobLines = parsed.filter((l) => l.msg === 'photo verified');
    expect(jobLines.length).toBeGreaterThan(0);
    for (const l of jobLines) {
      expect(l.job_id, JSON.stringify(l)).toEqual(expect.any(String));
      expect(l.queue).toBe('photos.verify');
    }
  }, 180_000);
});
