import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { projectWithFields } from './support/project-data.js';
import { buildWorld, type World } from './support/world.js';

/**
 * A station's live batch (tethered capture) on the real server and PostgreSQL: opened once per station
 * by the studio or by the station's own link, and reached by that link for its upload calls only (the
 * batch's photos and their verification), never for another station's batch or anything else.
 */

let t: ListeningTestApp;
let w: World;
let studio: string;
let school: string;
let foreign: string;
let project: Awaited<ReturnType<typeof projectWithFields>>;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  studio = await signIn(t.app, w.users.studioStaff!.email);
  school = await signIn(t.app, w.users.schoolStaff!.email);
  foreign = await signIn(t.app, w.users.foreignManager!.email);
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Tethered day', [
    'student_id',
    'first_name',
  ]);
}, 120_000);
afterAll(() => t?.close());

const post = (token: string, url: string, body?: unknown) => injectAs(t.app, token, 'POST', url, body);

async function newStation(sessionId: string, name: string) {
  const res = await post(studio, `/api/photo-sessions/${sessionId}/stations`, { station: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().station.id as string, token: res.json().station_link.token as string };
}

async function newSession() {
  const res = await post(studio, `/api/projects/${project.projectId}/photo-sessions`, {
    photo_session: { name: 'Fall picture day', date: today() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photo_session.id as string;
}

const addPhoto = (token: string, batchId: string, name: string, size: number) =>
  post(token, `/api/photo-batches/${batchId}/photos`, {
    photo: { upload_file_name: name, upload_file_size: size, upload_content_type: 'image/jpeg' },
  });

describe('a station’s live batch', () => {
  test('is opened on the first call and the same one after, by the studio or the station’s link', async () => {
    const session = await newSession();
    const gym = await newStation(session, 'Gym A');
    const first = await post(studio, `/api/stations/${gym.id}/batch`);
    expect(first.statusCode, first.body).toBe(201);
    const batch = first.json().photo_batch;
    expect(batch).toMatchObject({
      match_by: 'check_in',
      photo_session_id: session,
      station_id: gym.id,
      state: 'open',
      name: 'Fall picture day: Gym A',
    });
    const again = await post(gym.token, `/api/stations/${gym.id}/batch`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().photo_batch.id).toBe(batch.id);
    // Calls at once make one batch between them.
    const hall = await newStation(session, 'Hall');
    const both = await Promise.all([
      post(hall.token, `/api/stations/${hall.id}/batch`),
      post(studio, `/api/stations/${hall.id}/batch`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.json().photo_batch.id)).size).toBe(1);
    const albums = await t.ctx.db
      .selectFrom('albums')
      .select('id')
      .where('name', '=', 'Picture day: Fall picture day: Hall')
      .execute();
    expect(albums).toHaveLength(1);
  });

  test('is out of view for another station’s link and another organization, refused to the school', async () => {
    const session = await newSession();
    const gym = await newStation(session, 'Gym A');
    const hall = await newStation(session, 'Hall');
    const other = await post(gym.token, `/api/stations/${hall.id}/batch`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'not_found' });
    expect((await post(foreign, `/api/stations/${gym.id}/batch`)).statusCode).toBe(404);
    expect((await post(school, `/api/stations/${gym.id}/batch`)).statusCode).toBe(403);
  });

  test('takes its station link’s frames, once each, and no other batch or album does', async () => {
    const session = await newSession();
    const gym = await newStation(session, 'Gym A');
    const hall = await newStation(session, 'Hall');
    const own = (await post(gym.token, `/api/stations/${gym.id}/batch`)).json().photo_batch.id as string;
    const hallBatch = (await post(hall.token, `/api/stations/${hall.id}/batch`)).json().photo_batch.id;
    const byHand = await post(studio, `/api/projects/${project.projectId}/photo-batches`, {
      photo_batch: { name: 'By hand', match_by: 'file_name' },
    });
    expect(byHand.statusCode, byHand.body).toBe(201);

    const bytes = await makeJpeg(64, 48);
    const photoId = await uploadBatchPhoto(t, gym.token, own, 'cam-a_IMG_0001.JPG', bytes);
    // The same file again (an uploader resuming after a crash) is recognised, not added twice.
    const resent = await addPhoto(gym.token, own, 'cam-a_IMG_0001.JPG', bytes.length);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().photo.id).toBe(photoId);
    const items = await injectAs(t.app, studio, 'GET', `/api/photo-batches/${own}/items`);
    expect(items.json().photo_batch_items.map((i: { file_name: string }) => i.file_name)).toEqual([
      'cam-a_IMG_0001.JPG',
    ]);

    // Another station's batch, a batch made by hand, their photos: out of the link's view.
    for (const batchId of [hallBatch, byHand.json().photo_batch.id]) {
      const refused = await addPhoto(gym.token, batchId, 'x.jpg', 100);
      expect(refused.statusCode, refused.body).toBe(404);
    }
    const hallPhoto = (await addPhoto(hall.token, hallBatch, 'IMG_0001.JPG', bytes.length)).json().photo.id;
    const verifyOther = await injectAs(t.app, gym.token, 'PATCH', `/api/photos/${hallPhoto}/verify`);
    expect(verifyOther.statusCode).toBe(404);
    const album = await post(gym.token, '/api/albums', {
      album: {
        name: 'Mine',
        tags: [],
        parent_resource_type: 'Project',
        parent_resource_id: project.projectId,
      },
    });
    expect(album.statusCode).toBe(404);
    // Its own batch is still the studio's to read and match: the link only uploads.
    expect((await injectAs(t.app, gym.token, 'GET', `/api/photo-batches/${own}`)).statusCode).toBe(404);
  });

  test('refuses a file that is no JPEG with the reason, and takes the next one', async () => {
    const session = await newSession();
    const gym = await newStation(session, 'Gym A');
    const batch = (await post(gym.token, `/api/stations/${gym.id}/batch`)).json().photo_batch.id as string;
    const junk = Buffer.from('not a photo at all, only text');
    const created = await addPhoto(gym.token, batch, 'IMG_0002.JPG', junk.length);
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.upload(created.json().photo.presigned_post, junk)).status).toBe(204);
    const refused = await eventually(async () => {
      const res = await injectAs(t.app, gym.token, 'PATCH', `/api/photos/${created.json().photo.id}/verify`);
      return res.statusCode === 422 ? res : null;
    }, 30_000);
    expect(refused.json().errors.file[0]).toMatch(/./);
    await uploadBatchPhoto(t, gym.token, batch, 'IMG_0003.JPG', await makeJpeg(64, 48));
  });
});
