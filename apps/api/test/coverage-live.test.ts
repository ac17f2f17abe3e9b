import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPhoto } from '../src/modules/photos/checks/job.js';
import { eventually, type ListeningTestApp, listeningTestApp, type PresignedPost } from './support/app.js';
import { openEventStream } from './support/event-stream.js';
import { albumThroughApi, injectAs, type Method } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields } from './support/project-data.js';
import { insertId, insertSubject } from './support/rows.js';
import { inWorld, type World } from './support/world.js';

/**
 * The school's coverage as it happens: a station's check-in, a batch's photos assigned on apply and a
 * photo's checks ending with a flag each reach the project's stream of a school user (ids and counts, no
 * names), and nothing of another organization's project does. Real server, real jobs, real PostgreSQL.
 */

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let foreignProject: Awaited<ReturnType<typeof projectWithFields>>;
let zoe: string;
let foreignKid: string;

const KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp()));
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Live coverage', KEYS);
  foreignProject = await projectWithFields(t.ctx.db, w.orgs.schoolB.id, 'Elsewhere', KEYS);
  const kid = { student_id: 'S-1', first_name: 'Zoë', last_name: 'Brown', grade: '3', teacher: 'Ms. Lee' };
  zoe = await insertSubject(t.ctx.db, project.projectId, project.fields, kid);
  foreignKid = await insertSubject(t.ctx.db, foreignProject.projectId, foreignProject.fields, kid);
}, 120_000);
afterAll(() => t?.close());

const call = (who: string, method: Method, url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

const streamOf = (who: string, projectId = project.projectId) =>
  openEventStream(`${t.origin}/api/projects/${projectId}/events`, tokens[who]!);

/** A session with one station in `projectId`, made by `who`, and a check-in of `subjectId` there. */
async function checkInThere(who: string, projectId: string, subjectId: string) {
  const session = await call(who, 'POST', `/api/projects/${projectId}/photo-sessions`, {
    photo_session: { name: 'Fall picture day', date: today() },
  });
  expect(session.statusCode, session.body).toBe(201);
  const sessionId: string = session.json().photo_session.id;
  const station = await call(who, 'POST', `/api/photo-sessions/${sessionId}/stations`, {
    station: { name: 'Gym A' },
  });
  expect(station.statusCode, station.body).toBe(201);
  const sent = await call(who, 'POST', `/api/photo-sessions/${sessionId}/check-ins`, {
    check_ins: [
      {
        client_id: randomUUID(),
        station_id: station.json().station.id,
        subject_id: subjectId,
        status: 'photographed',
        at: new Date().toISOString(),
      },
    ],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return {
    sessionId,
    stationToken: station.json().station_link.token as string,
    checkInId: sent.json().check_ins[0].check_in.id as string,
  };
}

/** A batch of the project with one verified photo matched to `subjectId`, ready to apply (of `sessionId`'s picture day when given). */
async function matchedBatch(subjectId: string, sessionId?: string) {
  const db = t.ctx.db;
  const album = await insertId(db, 'albums', {
    name: 'Picture day',
    parent_resource_type: 'Project',
    parent_resource_id: project.projectId,
  });
  const batch = await insertId(db, 'photo_batches', {
    project_id: project.projectId,
    album_id: album,
    name: 'Shoot',
    match_by: 'camera_card',
    photo_session_id: sessionId ?? null,
    state: 'matched',
  });
  const photo = await insertId(db, 'photos', {
    album_id: album,
    storage_key: `live/batch-${batch}/original`,
    upload_file_name: 'IMG_1.jpg',
    upload_file_size: 10,
    upload_content_type: 'image/jpeg',
    upload_verified_at: new Date(),
    verification_state: 'verified',
  });
  await insertId(db, 'photo_batch_items', {
    photo_batch_id: batch,
    photo_id: photo,
    file_name: 'IMG_1.jpg',
    byte_size: 10,
    state: 'matched',
    subject_id: subjectId,
  });
  return batch;
}

/** A photo without a face through the browser's flow (record, bytes, verify), once its checks ran. */
async function flaggedPhoto() {
  const albumId = await albumThroughApi(t.app, tokens.studioManager!, project.projectId);
  const bytes = await makeJpeg(900, 1100);
  const created = await call('studioManager', 'POST', `/api/albums/${albumId}/photos`, {
    photo: {
      upload_file_name: 'empty.jpg',
      upload_file_size: bytes.length,
      upload_content_type: 'image/jpeg',
    },
  });
  expect(created.statusCode).toBe(201);
  const { id, presigned_post: post } = created.json().photo as { id: string; presigned_post: PresignedPost };
  expect((await t.upload(post, bytes, 'empty.jpg')).status).toBe(204);
  expect([200, 202]).toContain((await call('studioManager', 'PATCH', `/api/photos/${id}/verify`)).statusCode);
  await eventually(
    () =>
      t.ctx.db
        .selectFrom('photos')
        .select('id')
        .where('id', '=', id)
        .where('checked_at', 'is not', null)
        .executeTakeFirst(),
    60_000,
  );
  return id;
}

describe("the project's stream tells a school what moves its coverage", () => {
  test('a check-in, an applied match and a failed check reach the school; another organization’s nothing', async () => {
    const school = await streamOf('schoolStaff');
    const studio = await streamOf('studioStaff');
    await school.next('ready');
    await studio.next('ready');

    // Another organization's picture day, at the same time: never on this school's stream.
    const theirs = await checkInThere('foreignManager', foreignProject.projectId, foreignKid);

    const ours = await checkInThere('studioStaff', project.projectId, zoe);
    const checkIn = await school.next('check-ins');
    expect(checkIn.data.check_ins).toEqual([
      expect.objectContaining({ check_in_id: ours.checkInId, subject_id: zoe, status: 'photographed' }),
    ]);

    const batch = await matchedBatch(zoe);
    const applied = await call('studioStaff', 'POST', `/api/photo-batches/${batch}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(202);
    const assigned = await school.next('photos.assigned', 15_000);
    expect(assigned.data).toEqual({
      type: 'photos.assigned',
      photo_session_id: null,
      photos: 1,
      subjects: 1,
    });

    // A flag on a photo no subject holds yet is the studio's (its batch review), not the school's.
    const photo = await flaggedPhoto();
    const unassigned = await studio.next('photo-check.failed', 5_000);
    expect(unassigned.data).toMatchObject({ photo_id: photo, subject_id: null });
    expect(school.received.some((r) => r.event === 'photo-check.failed')).toBe(false);
    // Once it is a subject's, its checks failing again reach the school.
    const given = await call('studioStaff', 'POST', '/api/subject-photo-assignments', {
      subject_photo_assignment: { subject_id: zoe, photo_id: photo },
    });
    expect(given.statusCode, given.body).toBe(201);
    await checkPhoto(t.ctx, photo);
    const failed = await school.next('photo-check.failed', 10_000);
    expect(failed.data).toEqual({
      type: 'photo-check.failed',
      photo_id: photo,
      subject_id: zoe,
      photo_session_id: null,
      flags: 1,
    });

    // Ids and counts only; nothing of the other organization's project.
    expect(school.raw()).not.toMatch(/Zo|Brown|S-1/);
    const told = school.received
      .filter((r) => r.event === 'check-ins')
      .flatMap((r) => r.data.check_ins as { check_in_id: string; subject_id: string | null }[]);
    expect(told.map((c) => c.check_in_id)).toEqual([ours.checkInId]);
    expect(told.map((c) => c.check_in_id)).not.toContain(theirs.checkInId);
    expect(told.some((c) => c.subject_id === foreignKid)).toBe(false);
    expect(school.received.some((r) => r.data.subject_id === foreignKid)).toBe(false);
    const foreign = await fetch(`${t.origin}/api/projects/${project.projectId}/events`, {
      headers: { authorization: `Bearer ${tokens.foreignManager}` },
    });
    expect(foreign.status).toBe(404);
    await foreign.body?.cancel();
    school.close();
    studio.close();
  }, 120_000);
});

describe("a session's stream tells its stations", () => {
  test("a batch matched by check-in in the session is heard when applied; another batch's apply is not", async () => {
    const { sessionId, stationToken } = await checkInThere('studioStaff', project.projectId, zoe);
    const station = await openEventStream(`${t.origin}/api/photo-sessions/${sessionId}/events`, stationToken);
    await station.next('ready');
    const apply = async (batch: string) => {
      const res = await call('studioStaff', 'POST', `/api/photo-batches/${batch}/apply`, {});
      expect(res.statusCode, res.body).toBe(202);
    };
    const projectStream = await streamOf('studioStaff');
    await projectStream.next('ready');
    await apply(await matchedBatch(zoe));
    await projectStream.next('photos.assigned', 15_000);
    await apply(await matchedBatch(zoe, sessionId));
    const heard = await station.next('photos.assigned', 15_000);
    expect(heard.data).toEqual({
      type: 'photos.assigned',
      photo_session_id: sessionId,
      photos: 1,
      subjects: 1,
    });
    expect(station.received.filter((r) => r.event === 'photos.assigned')).toHaveLength(1);
    station.close();
    projectStream.close();
  }, 60_000);
});
