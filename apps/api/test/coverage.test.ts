import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { bearer, ROSTER_KEYS, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { portrait } from './support/portraits.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { type SmtpPeer, startSmtpPeer } from './support/smtp.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Coverage (who still has no portrait) on real PostgreSQL, real storage, a real picture-day batch and a real SMTP
 * peer: the counts by class and the missing list, live as photos land; the missing list as CSV (formula
 * cells neutralized) and as a PDF through the layout engine; the studio's e-mail to the school, in the
 * activity trail; and a value of a field hidden from customers (the home room here) that the school's
 * JSON, CSV and PDF never carry while the studio's do.
 */

const run = promisify(execFile);
const CANARY = `CANARY${randomBytes(5).toString('hex').toUpperCase()}`;

let t: ListeningTestApp;
let w: World;
let smtp: SmtpPeer;
let work: string;
const tokens: Record<string, string> = {};
let project: Awaited<ReturnType<typeof projectWithFields>>;
const ids: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

const coverage = async (who = 'studioStaff', query = '') => {
  const res = await call(who, 'GET', `/api/projects/${project.projectId}/coverage${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A PDF's text (pdftotext), downloaded by `who` through the render's download route. */
async function renderText(who: string, renderId: string) {
  const done = await eventually(async () => {
    const r = (await call(who, 'GET', `/api/layout-renders/${renderId}`)).json().layout_render;
    return r.worker_status === 'complete' || r.worker_status === 'failed' ? r : null;
  }, 60_000);
  expect(done.worker_status, done.failure_reason).toBe('complete');
  const link = await call(who, 'GET', `/api/layout-renders/${renderId}/download`);
  expect(link.statusCode).toBe(302);
  const pdf = await t.app.inject({ method: 'GET', url: String(link.headers.location) });
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(work, `${randomBytes(4).toString('hex')}.pdf`);
  await writeFile(file, pdf.rawPayload);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await listeningTestApp({ SMTP_URL: smtp.url });
  work = await mkdtemp(path.join(tmpdir(), 'coverage-'));
  w = await buildWorld(t.ctx.db);
  for (const who of ['studioManager', 'studioStaff', 'schoolStaff', 'memberSchoolB', 'foreignManager'])
    tokens[who] = await signIn(t.app, w.users[who]!.email);
  await t.ctx.db
    .updateTable('organizations')
    .set({ contact_email: 'office@a1.example.test' })
    .where('id', '=', w.orgs.schoolA1.id)
    .execute();
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Fall Portraits', [
    ...ROSTER_KEYS,
    'home_room',
  ]);
  // The home room is the studio's: hidden from the school, with the canary in it.
  await t.ctx.db
    .updateTable('subject_fields')
    .set({ visible_to_customers: false })
    .where('id', '=', project.fields.home_room!)
    .execute();
  const crop = { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
  const withPhoto = async () => ({ bytes: await makeJpeg(400, 500), width: 400, height: 500, crop });
  const people: [string, string, string, string, string, string, boolean][] = [
    ['ada', '1001', 'Ada', 'Lane', '3', 'Ms. Lee', true],
    ['ben', '1002', 'Ben', 'Moss', '3', 'Ms. Lee', true],
    ['cy', '1003', 'Cy', 'North', '4', 'Mr. Ortiz', false],
    ['dee', '1004', 'Dee', '=HYPERLINK("http://evil.example")', '4', 'Mr. Ortiz', false],
    ['eve', '1005', 'Eve', 'Park', 'K', 'Mr. Ortiz', false],
  ];
  for (const [key, student_id, first_name, last_name, grade, teacher, photo] of people) {
    ids[key] = await subjectWithPhoto(
      t,
      project,
      { student_id, first_name, last_name, grade, teacher, home_room: `${CANARY} room` },
      photo ? await withPhoto() : undefined,
    );
  }
  // Ben's portrait: flagged by the photo checks, its crop the computer's, and marked for a retake: not checked.
  const benPhoto = await t.ctx.db
    .selectFrom('subject_photo_assignments')
    .select('photo_id')
    .where('subject_id', '=', ids.ben!)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('photos')
    .set({
      checks: JSON.stringify([{ code: 'blurred', message: 'Blurred' }]),
      checked_at: new Date(),
      retake_needed: true,
    })
    .where('id', '=', benPhoto.photo_id)
    .execute();
  await t.ctx.db
    .updateTable('photo_crops')
    .set({ source: 'auto', aspect: 0.8 })
    .where('photo_id', '=', benPhoto.photo_id)
    .execute();
  // Eve has a photo, but not as her portrait (no primary).
  const eveBytes = await makeJpeg(300, 400);
  await t.ctx.storage.put(`test/${project.projectId}/eve`, eveBytes, 'image/jpeg');
  const evePhoto = await t.ctx.db
    .insertInto('photos')
    .values({
      album_id: project.albumId,
      storage_key: `test/${project.projectId}/eve`,
      upload_file_name: 'eve.jpg',
      upload_file_size: eveBytes.length,
      upload_content_type: 'image/jpeg',
      upload_verified_at: new Date(),
      verification_state: 'verified',
      width: 300,
      height: 400,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('subject_photo_assignments')
    .values({ subject_id: ids.eve!, photo_id: evePhoto.id, is_primary: false })
    .execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('counts and the missing list', () => {
  test('by class and in total: portrait, checked crop, retake pending, no photo; the missing list in class order', async () => {
    const { coverage: c, missing, meta } = await coverage('studioManager');
    expect(c.class_fields.map((f: { key: string }) => f.key)).toEqual(['teacher', 'grade', 'home_room']);
    expect(c.totals).toEqual({
      subjects: 5,
      with_portrait: 2,
      with_checked_crop: 1,
      retake_pending: 1,
      without_photo: 2,
      without_portrait: 3,
    });
    const lee = c.classes.find((k: { teacher: string }) => k.teacher === 'Ms. Lee');
    expect(lee).toMatchObject({
      grade: '3',
      subjects: 2,
      with_portrait: 2,
      with_checked_crop: 1,
      retake_pending: 1,
    });
    // Mr. Ortiz's grade K before grade 4 (grade ordering), each its own class.
    const ortiz = c.classes.filter((k: { teacher: string }) => k.teacher === 'Mr. Ortiz');
    expect(ortiz.map((k: { grade: string; subjects: number }) => [k.grade, k.subjects])).toEqual(
      expect.arrayContaining([
        ['4', 2],
        ['K', 1],
      ]),
    );
    expect(meta.total).toBe(3);
    // Teacher, then grade by grade ordering (K before 4), then last name.
    expect(missing.map((m: { id: string }) => m.id)).toEqual([ids.eve, ids.dee, ids.cy]);
    expect(missing[0]).toMatchObject({
      first_name: 'Eve',
      student_id: '1005',
      grade: 'K',
      teacher: 'Mr. Ortiz',
      photos_count: 1,
    });
    expect(missing[0].home_room).toContain(CANARY);
    // Paged.
    const second = await coverage('studioStaff', '?limit=2&page=2');
    expect(second.missing.map((m: { id: string }) => m.id)).toEqual([ids.cy]);
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 3 });
  });

  test('a flagged portrait whose flags a person accepted counts as checked', async () => {
    const accept = (at: Date | null) =>
      sql`UPDATE photos SET checks_accepted_at = ${at} WHERE id IN (
        SELECT photo_id FROM subject_photo_assignments WHERE subject_id = ${ids.ben!})`.execute(t.ctx.db);
    await accept(new Date());
    try {
      expect((await coverage('studioManager')).coverage.totals.with_checked_crop).toBe(2);
    } finally {
      await accept(null);
    }
    expect((await coverage('studioManager')).coverage.totals.with_checked_crop).toBe(1);
  });

  test('the school sees the counts and the list, without the field hidden from it', async () => {
    const res = await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/coverage`);
    expect(res.statusCode).toBe(200);
    expect(res.body.toUpperCase()).not.toContain(CANARY);
    const { coverage: c, missing } = res.json();
    expect(c.class_fields.map((f: { key: string }) => f.key)).toEqual(['teacher', 'grade']);
    expect(c.totals.without_portrait).toBe(3);
    expect(missing[0].home_room).toBeNull();
    expect(missing.map((m: { first_name: string }) => m.first_name)).toEqual(['Eve', 'Dee', 'Cy']);
  });

  test('other organizations get 404; bad paging 400', async () => {
    for (const who of ['memberSchoolB', 'foreignManager']) {
      for (const url of ['/coverage', '/coverage.csv']) {
        const res = await call(who, 'GET', `/api/projects/${project.projectId}${url}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found' });
      }
      expect((await call(who, 'POST', `/api/projects/${project.projectId}/coverage/notify`)).statusCode).toBe(
        404,
      );
    }
    expect(
      (await call('studioStaff', 'GET', `/api/projects/${project.projectId}/coverage?limit=0`)).statusCode,
    ).toBe(400);
  });
});

describe('downloads', () => {
  test('CSV: UTF-8 with a byte-order mark, formula cells neutralized; the school’s without the hidden field', async () => {
    const studio = await call('studioManager', 'GET', `/api/projects/${project.projectId}/coverage.csv`);
    expect(studio.statusCode).toBe(200);
    expect(studio.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(studio.headers['content-disposition'])).toContain('Missing portraits - Fall Portraits.csv');
    const text = studio.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Last Name,First Name,Student ID,Grade,Teacher,Home Room');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Park,Eve,1005,K,Mr. Ortiz');
    // The formula is written as text ('=...), never as a formula.
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",Dee,1004/);
    expect(text).toContain(CANARY);

    const school = await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/coverage.csv`);
    expect(school.statusCode).toBe(200);
    const schoolText = school.rawPayload.toString('utf8');
    expect(schoolText.slice(1).split('\r\n')[0]).toBe('Last Name,First Name,Student ID,Grade,Teacher');
    expect(schoolText.toUpperCase()).not.toContain(CANARY);
    expect(schoolText).toContain('North,Cy,1003,4,Mr. Ortiz');
  });

  test('PDF through the layout engine: the missing by class, for studio and school; the school’s without the hidden field', async () => {
    // A directory opt-out still needs a portrait (ID cards, the school's systems): it is on the print.
    await sql`UPDATE subjects SET directory_opt_out = true WHERE id = ${ids.cy!}`.execute(t.ctx.db);
    const studio = await call('studioStaff', 'POST', `/api/projects/${project.projectId}/coverage/print`);
    expect(studio.statusCode, studio.body).toBe(201);
    expect(studio.json().layout_render).toMatchObject({
      render_name: 'Missing Portraits - Fall Portraits',
      subjects_count: 3,
    });
    const studioText = await renderText('studioStaff', studio.json().layout_render.id);
    for (const name of ['North', 'Park', 'Mr. Ortiz']) expect(studioText).toContain(name);
    expect(studioText).not.toContain('Lane');
    // Each page says what it is, for which school and class; each child has the Student ID under the
    // name, so that two of one name can be told apart.
    const pages = studioText.split('\f').filter((p) => p.trim());
    expect(pages.length).toBe(2);
    for (const page of pages) {
      expect(page).toContain('Missing portraits');
      expect(page).toContain('School A1');
    }
    expect(pages.filter((p) => p.includes('Grade 4 · Mr. Ortiz')).length).toBe(1);
    expect(pages.filter((p) => p.includes('Grade K · Mr. Ortiz')).length).toBe(1);
    for (const id of ['1003', '1004', '1005']) expect(studioText).toContain(id);
    expect(studioText).not.toContain('1001');

    const school = await call('schoolStaff', 'POST', `/api/projects/${project.projectId}/coverage/print`);
    expect(school.statusCode, school.body).toBe(201);
    const schoolText = await renderText('schoolStaff', school.json().layout_render.id);
    expect(schoolText).toContain('North');
    expect(schoolText.toUpperCase()).not.toContain(CANARY);
    // The studio's print groups by the teacher, not the home room: the school may see it too, canary-free.
    expect(studioText.toUpperCase()).not.toContain(CANARY);
  });
});

describe('the e-mail to the school', () => {
  test('the studio sends it: to the school’s contact, counts and a link, no names; in the activity trail', async () => {
    const res = await call('studioStaff', 'POST', `/api/projects/${project.projectId}/coverage/notify`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().notification).toMatchObject({
      organization_name: 'School A1',
      subjects: 5,
      without_portrait: 3,
    });
    const mail = await eventually(async () =>
      smtp.messages.find((m) => m.subject === 'Missing portraits for Fall Portraits: 3'),
    );
    expect((mail.to as { text: string }).text).toBe('office@a1.example.test');
    expect(mail.text).toContain('3 of 5 subjects have no portrait yet');
    expect(mail.text).toContain(`${t.origin}/projects/${project.projectId}/coverage`);
    for (const name of ['North', 'Park', 'Eve', '1003', CANARY]) expect(mail.text).not.toContain(name);
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'coverage.notify')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      user_id: w.users.studioStaff!.id,
      project_id: project.projectId,
      record_type: 'project',
      details: { subjects: 5, without_portrait: 3 },
    });
  });

  test('the school may not send it (403)', async () => {
    const res = await call('schoolStaff', 'POST', `/api/projects/${project.projectId}/coverage/notify`);
    expect(res.statusCode).toBe(403);
  });
});

describe('live figures', () => {
  test('a picture-day batch applied gives Cy a portrait: the counts and the list move', async () => {
    const before = await coverage();
    expect(before.coverage.totals).toMatchObject({ with_portrait: 2, without_photo: 2 });
    const batch = await call('studioStaff', 'POST', `/api/projects/${project.projectId}/photo-batches`, {
      photo_batch: { name: 'Retakes', match_by: 'file_name', match_field_key: 'student_id' },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const batchId = batch.json().photo_batch.id as string;
    // A face the photo checks find: apply makes only a frame that passed them a portrait.
    const bytes = await portrait();
    const created = await call('studioStaff', 'POST', `/api/photo-batches/${batchId}/photos`, {
      photo: { file_name: '1003.jpg', byte_size: bytes.length, content_type: 'image/jpeg' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { photo } = created.json();
    expect((await t.upload(photo.presigned_post, bytes, '1003.jpg')).status).toBe(204);
    await eventually(
      async () => (await call('studioStaff', 'PATCH', `/api/photos/${photo.id}/verify`)).statusCode === 200,
    );
    expect((await call('studioStaff', 'POST', `/api/photo-batches/${batchId}/match`)).statusCode).toBe(202);
    await eventually(async () => {
      const b = (await call('studioStaff', 'GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
      return b.state === 'matched' ? b : null;
    }, 60_000);
    expect((await call('studioStaff', 'POST', `/api/photo-batches/${batchId}/apply`)).statusCode).toBe(202);
    await eventually(async () => {
      const b = (await call('studioStaff', 'GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
      return b.state === 'applied' ? b : null;
    }, 60_000);

    // Applied before or after the photo's checks: its primary is chosen once they have looked at it.
    const after = await eventually(async () => {
      const now = await coverage();
      return now.coverage.totals.with_portrait === 3 ? now : null;
    }, 60_000);
    expect(after.coverage.totals).toMatchObject({
      subjects: 5,
      with_portrait: 3,
      without_photo: 1,
      without_portrait: 2,
    });
    expect(after.missing.map((m: { id: string }) => m.id)).toEqual([ids.eve, ids.dee]);
  }, 120_000);
});
