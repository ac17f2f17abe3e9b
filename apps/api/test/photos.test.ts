import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobDepsOf } from '../src/jobs/catalogue.js';
import { photoMasterJob, photoMastersBackfillJob } from '../src/modules/photos/master-job.js';
import { eventually, type ListeningTestApp, listeningTestApp, type PresignedPost } from './support/app.js';
import { albumThroughApi, buildProject, injectAs, signIn } from './support/factories.js';
import { makeJpeg, makePixelBomb, makePng } from './support/images.js';
import { buildWorld, type World } from './support/world.js';

let t: ListeningTestApp;
let w: World;
let token: string;
let foreignToken: string;
let projectId: string;
let albumId: string;
let subjectId: string;
/** Storage addresses are same-origin relative paths: fetched from the server's own origin. */
const abs = (address: string) => new URL(address, t.origin).toString();

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioManager!.email);
  foreignToken = await signIn(t.app, w.users.foreignManager!.email);
  projectId = await buildProject(t.ctx.db, w.orgs.schoolA1.id, 'Photos');
  subjectId = (
    await t.ctx.db
      .insertInto('subjects')
      .values({ project_id: projectId, properties: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  albumId = await albumThroughApi(t.app, token, projectId);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = token) =>
  injectAs(t.app, who, method, url, payload);

type Post = PresignedPost;

const postForm = (post: Post, bytes: Buffer, name = 'photo.jpg') => t.upload(post, bytes, name);

async function createPhoto(declared: 'image/jpeg' | 'image/png', size: number, name: string, merge = false) {
  const created = await call('POST', `/api/albums/${albumId}/photos`, {
    photo: {
      upload_file_name: name,
      upload_file_size: size,
      upload_content_type: declared,
      merge_duplicate: merge,
    },
  });
  expect(created.statusCode).toBe(201);
  const { presigned_post: post, id } = created.json().photo;
  return { id: id as string, post: post as Post };
}

/** The browser's flow: create the record, POST the bytes to the presigned target, verify. */
async function uploadPhoto(
  bytes: Buffer,
  declared: 'image/jpeg' | 'image/png',
  name = 'photo.jpg',
  mergeDuplicate = false,
) {
  const { id, post } = await createPhoto(declared, bytes.length, name, mergeDuplicate);
  const uploaded = await postForm(post, bytes, name);
  expect(uploaded.status).toBe(204);
  // Verify is a job: the answer says to wait (202, verifying); asking again tells the state reached.
  const started = await call('PATCH', `/api/photos/${id}/verify`);
  let verify = started;
  if (started.statusCode === 202) {
    expect(started.json().photo.verification_state).toBe('verifying');
    expect(started.json().photo.upload_verified_at).toBeNull();
    verify = await eventually(async () => {
      const again = await call('PATCH', `/api/photos/${id}/verify`);
      return again.statusCode === 202 ? null : again;
    });
  }
  return { id, post, started, verify };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** The photo's folder on disk (its original, upload key and renditions all live under it). */
const photoFolder = (post: Post) =>
  path.join(t.ctx.config.storage.localDir, post.fields.key!.replace(/\/original\.upload$/, ''));

/** Nothing of a refused photo is left: no record, no object under its key or its form's, no folder. */
async function expectNothingLeft(id: string, post: Post) {
  expect((await call('GET', `/api/photos/${id}`)).statusCode).toBe(404);
  expect(
    await t.ctx.db.selectFrom('photos').select('id').where('id', '=', id).executeTakeFirst(),
  ).toBeUndefined();
  const uploadKey = post.fields.key!;
  expect(await t.ctx.storage.head(uploadKey)).toBeNull();
  expect(await t.ctx.storage.head(uploadKey.replace(/\.upload$/, ''))).toBeNull();
  expect(existsSync(photoFolder(post))).toBe(false);
}

/**
 * A photo refused by the verify job: the record stays to tell why; no object or folder is left. The job
 * marks the refusal and schedules the files' deletion in one transaction, then deletes them: a reader may
 * see the refusal a moment before the files go, so their absence is awaited.
 */
async function expectRefusedWithNoFiles(id: string, post: Post) {
  const photo = (await call('GET', `/api/photos/${id}`)).json().photo;
  expect(photo.verification_state).toBe('refused');
  expect(photo.verification_error).toEqual(expect.any(String));
  expect(photo.upload_verified_at).toBeNull();
  const uploadKey = post.fields.key!;
  const left = async () => [
    await t.ctx.storage.head(uploadKey),
    await t.ctx.storage.head(uploadKey.replace(/\.upload$/, '')),
    existsSync(photoFolder(post)),
  ];
  await expect.poll(left, { timeout: 10_000 }).toEqual([null, null, false]);
}

/** Photos that are (or may become) real photos: refused and merged records are only markers. */
async function photoCount() {
  return (
    await t.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('verification_state', 'not in', ['refused', 'merged'])
      .execute()
  ).length;
}

describe('photo pipeline', () => {
  test('a real JPEG is verified and gets its four renditions, auto-rotated', async () => {
    const jpeg = await makeJpeg(1600, 1200, { orientation: 6 });
    const { id, verify } = await uploadPhoto(jpeg, 'image/jpeg');
    expect(verify.statusCode).toBe(200);
    // Orientation 6 turns the 1600x1200 sensor image upright: 1200 wide, 1600 high.
    expect(verify.json().photo).toMatchObject({ width: 1200, height: 1600 });
    const photo = await eventually(async () => {
      const p = (await call('GET', `/api/photos/${id}`)).json().photo;
      return p.thumbnails.tiny ? p : null;
    });
    const sizeOf = async (url: string) =>
      sharp(Buffer.from(await (await fetch(abs(url))).arrayBuffer())).metadata();
    expect((await sizeOf(photo.thumbnails.tiny)).width).toBe(80);
    expect((await sizeOf(photo.thumbnails.small)).width).toBe(200);
    const large = await sizeOf(photo.thumbnails.large);
    expect(large.height).toBe(600);
    expect(large.width).toBe(450);
    const full = await sizeOf(photo.thumbnails.full);
    expect([full.width, full.height, full.orientation ?? 1]).toEqual([1200, 1600, 1]);
    const redirect = await call('GET', `/api/photos/${id}/thumb?size=small`);
    expect(redirect.statusCode).toBe(302);
    // The working master exports and print sheets read (the photos.master job, queued by verify):
    // upright, no bigger than the original here.
    const row = await eventually(async () => {
      const r = await t.ctx.db
        .selectFrom('photos')
        .select(['storage_key', 'master_width', 'master_height'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return r.master_width ? r : null;
    });
    expect([row.master_width, row.master_height]).toEqual([1200, 1600]);
    const master = await sharp(
      await t.ctx.storage.read(row.storage_key.replace(/original$/, 'master')),
    ).metadata();
    expect([master.format, master.width, master.height, master.orientation ?? 1]).toEqual([
      'jpeg',
      1200,
      1600,
      1,
    ]);
  });

  const masterOf = (id: string) =>
    t.ctx.db
      .selectFrom('photos')
      .select(['storage_key', 'master_width', 'master_height', 'master_refused_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** Waits for a photo's master, then takes it away, as if verified an hour ago before masters existed. */
  async function withoutMaster(id: string): Promise<{ storage_key: string; masterKey: string }> {
    const { storage_key } = await eventually(async () =>
      (await masterOf(id)).master_width ? masterOf(id) : null,
    );
    const masterKey = storage_key.replace(/original$/, 'master');
    await t.ctx.storage.delete(masterKey);
    await t.ctx.db
      .updateTable('photos')
      .set({ master_width: null, master_height: null, upload_verified_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', id)
      .execute();
    return { storage_key, masterKey };
  }

  test('the backfill sweep gives a master to verified photos without one (made before masters)', async () => {
    const { id, verify } = await uploadPhoto(await makeJpeg(640, 480), 'image/jpeg', 'older.jpg');
    expect(verify.statusCode).toBe(200);
    const { masterKey } = await withoutMaster(id);
    await photoMastersBackfillJob.handle({}, jobDepsOf(t.ctx));
    const again = await eventually(async () => ((await masterOf(id)).master_width ? masterOf(id) : null));
    expect([again.master_width, again.master_height]).toEqual([640, 480]);
    expect(await t.ctx.storage.head(masterKey)).not.toBeNull();
  });

  test('a photo whose stored original differs from the verified bytes gets no master, and the sweep leaves it', async () => {
    const { id, verify } = await uploadPhoto(await makeJpeg(320, 240), 'image/jpeg', 'altered.jpg');
    expect(verify.statusCode).toBe(200);
    const { storage_key } = await withoutMaster(id);
    // Its original changed in storage since it was verified.
    await t.ctx.storage.put(storage_key, await makeJpeg(400, 300), 'image/jpeg');
    const deps = jobDepsOf(t.ctx);
    const queued: string[] = [];
    const sweep = () =>
      photoMastersBackfillJob.handle(
        {},
        { ...deps, enqueuePhotoMaster: async (photoId) => void queued.push(photoId) },
      );

    await sweep();
    expect(queued).toContain(id);
    await photoMasterJob.handle({ photo_id: id }, deps);
    expect(await masterOf(id)).toMatchObject({ master_width: null, master_refused_at: expect.any(Date) });
    queued.length = 0;
    await sweep();
    expect(queued).not.toContain(id);
  });

  test('a PNG with a transparent pixel is accepted and keeps its chroma key flag', async () => {
    const png = await makePng(300, 400, { transparentPixel: true });
    const created = await call('POST', `/api/albums/${albumId}/photos`, {
      photo: {
        upload_file_name: 'cutout.png',
        upload_file_size: png.length,
        upload_content_type: 'image/png',
        chroma_key: 'processed',
      },
    });
    expect(created.json().photo.chroma_key).toBe('processed');
    const { verify } = await uploadPhoto(png, 'image/png', 'cutout.png');
    expect(verify.statusCode).toBe(200);
    expect(verify.json().photo).toMatchObject({ width: 300, height: 400 });
  });

  test.each([
    ['a text file named .jpg', async () => Buffer.from('just some text, not an image at all'), 'image/jpeg'],
    ['a truncated JPEG', async () => (await makeJpeg(800, 600)).subarray(0, 4000), 'image/jpeg'],
    ['a PNG declared as JPEG', async () => makePng(50, 50), 'image/jpeg'],
    ['a pixel bomb (header claims 20000x20000)', async () => makePixelBomb(20000, 20000), 'image/png'],
  ] as const)('%s is refused with 422 and nothing is left behind', async (_name, make, declared) => {
    const before = await photoCount();
    const bytes = await make();
    const { id, post, started, verify } = await uploadPhoto(bytes, declared, 'bad.jpg');
    // The byte checks are the job's: the request only started them.
    expect(started.statusCode).toBe(202);
    expect(verify.statusCode).toBe(422);
    expect(verify.json().errors.file).toHaveLength(1);
    expect(await photoCount()).toBe(before);
    // In storage, not only in the table: the bytes were really there before the verify.
    await expectRefusedWithNoFiles(id, post);
    // And the form can't bring them back.
    expect((await postForm(post, bytes)).status).toBe(403);
    expect(existsSync(photoFolder(post))).toBe(false);
  });

  test('the same content uploaded twice with merge_duplicate becomes one photo', async () => {
    const jpeg = await makeJpeg(400, 500);
    const first = await uploadPhoto(jpeg, 'image/jpeg', 'a.jpg', true);
    const before = await photoCount();
    const second = await uploadPhoto(jpeg, 'image/jpeg', 'a-again.jpg', true);
    expect(second.verify.json()).toMatchObject({ merged: true, photo: { id: first.id } });
    expect(await photoCount()).toBe(before);
  });

  test('uploads are limited to png and jpeg and to the declared size', async () => {
    const bad = await call('POST', `/api/albums/${albumId}/photos`, {
      photo: { upload_file_name: 'x.gif', upload_file_size: 10, upload_content_type: 'image/gif' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.upload_content_type).toBeDefined();

    const jpeg = await makeJpeg(300, 300);
    // Declared smaller than the bytes: the upload target refuses them, so nothing is there to verify.
    const small = await createPhoto('image/jpeg', jpeg.length - 1, 'big.jpg');
    expect((await postForm(small.post, jpeg)).status).toBe(400);
    const unsent = await call('PATCH', `/api/photos/${small.id}/verify`);
    expect(unsent.statusCode).toBe(422);
    expect(unsent.json().errors.file).toEqual(['has not been uploaded']);
    // A store that let them through anyway (S3 with a laxer policy): verify refuses them itself.
    await t.ctx.storage.put(small.post.fields.key!, jpeg, 'image/jpeg');
    const tooBig = await call('PATCH', `/api/photos/${small.id}/verify`);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.file).toEqual(['is larger than its declared size']);
    await expectNothingLeft(small.id, small.post);
  });

  test('a form is good for one upload: after verify, other bytes posted to it are refused', async () => {
    const jpeg = await makeJpeg(320, 240);
    const { id, post, verify } = await uploadPhoto(jpeg, 'image/jpeg', 'once.jpg');
    expect(verify.statusCode).toBe(200);
    expect(verify.json().photo.upload_verified_at).not.toBeNull();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await postForm(post, html)).status).toBe(403);
    // The record stays verified and serves the verified bytes, whose SHA-256 it keeps.
    const row = await t.ctx.db
      .selectFrom('photos')
      .select(['content_sha256', 'storage_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.content_sha256).toBe(sha(jpeg));
    const photo = (await call('GET', `/api/photos/${id}`)).json().photo;
    const served = Buffer.from(await (await fetch(abs(photo.presigned_get))).arrayBuffer());
    expect(sha(served)).toBe(sha(jpeg));
    // The form's key is emptied (verify took the bytes) and is due for deletion once the form expires.
    expect(await t.ctx.storage.head(post.fields.key!)).toBeNull();
    expect(row.storage_key).not.toBe(post.fields.key);
    const scheduled = await t.ctx.db
      .selectFrom('storage_deletions')
      .select('delete_after')
      .where('storage_key', '=', post.fields.key!)
      .executeTakeFirstOrThrow();
    expect(scheduled.delete_after.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('assignments, yearbook and crops', () => {
  let photoId: string;
  beforeAll(async () => {
    photoId = (await uploadPhoto(await makeJpeg(800, 1000), 'image/jpeg')).id;
  });

  test('primary assignment, then yearbook', async () => {
    const assigned = await call('POST', '/api/subject-photo-assignments', {
      subject_photo_assignment: { subject_id: subjectId, photo_id: photoId, is_primary: true },
    });
    expect(assigned.statusCode).toBe(201);
    const subject = (await call('GET', `/api/subjects/${subjectId}?include_photos=true`)).json().subject;
    expect(subject).toMatchObject({ primary_photo_id: photoId, photos_count: 1 });
    expect(subject.photos).toEqual([
      expect.objectContaining({
        id: photoId,
        is_primary: true,
        assignment_id: assigned.json().subject_photo_assignment.id,
      }),
    ]);
    // The grid carries the primary photo's thumbnails once they are made.
    const card = await eventually(async () => {
      const s = (await call('GET', `/api/projects/${projectId}/subjects`)).json().subjects[0];
      return s.primary_photo_thumbnails ? s : null;
    });
    expect((await fetch(abs(card.primary_photo_thumbnails.tiny))).status).toBe(200);
    const yearbook = await call('PATCH', `/api/subjects/${subjectId}`, {
      subject: { yearbook_photo_id: photoId },
    });
    expect(yearbook.json().subject.yearbook_photo_id).toBe(photoId);
    const notTheirs = await call('PATCH', `/api/subjects/${subjectId}`, {
      subject: { yearbook_photo_id: '999999' },
    });
    expect(notTheirs.statusCode).toBe(422);
  });

  test('crops: clamped, at least 10%, one default', async () => {
    const crop = await call('POST', `/api/photos/${photoId}/photo-crops`, {
      photo_crop: { name: 'School Portal 8x10', is_default: true, x: 0.1, y: -0.2, width: 0.8, height: 1.5 },
    });
    expect(crop.statusCode).toBe(201);
    expect(crop.json().photo_crop).toMatchObject({ x: 0.1, y: 0, width: 0.8, height: 1, is_default: true });
    const tooSmall = await call('POST', `/api/photos/${photoId}/photo-crops`, {
      photo_crop: { x: 0, y: 0, width: 0.1, height: 0.5 },
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().errors.width).toEqual(['Invalid dimensions']);
    await call('POST', `/api/photos/${photoId}/photo-crops`, {
      photo_crop: { is_default: true, x: 0, y: 0, width: 0.5, height: 0.5 },
    });
    const crops = (await call('GET', `/api/photos/${photoId}/photo-crops`)).json().photo_crops;
    expect(crops.filter((c: { is_default: boolean }) => c.is_default)).toHaveLength(1);
    expect((await call('GET', `/api/photos/${photoId}`)).json().photo.default_photo_crop_id).toBe(
      crops[1].id,
    );
  });

  test('imports start and finish idempotently', async () => {
    const started = await call('POST', `/api/projects/${projectId}/project-imports`);
    expect(started.statusCode).toBe(201);
    const id = started.json().project_import.id;
    const first = (await call('PATCH', `/api/project-imports/${id}/finish`)).json().project_import
      .finished_at;
    const again = (await call('PATCH', `/api/project-imports/${id}/finish`)).json().project_import
      .finished_at;
    expect(first).not.toBeNull();
    expect(again).toBe(first);
  });

  test('another tree sees none of it', async () => {
    for (const url of [
      `/api/photos/${photoId}`,
      `/api/photos/${photoId}/photo-crops`,
      `/api/albums/${albumId}/photos`,
      `/api/photos/${photoId}/thumb`,
    ]) {
      const res = await call('GET', url, undefined, foreignToken);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
    const albums = await call(
      'GET',
      `/api/albums?parent_resource_type=Project&parent_resource_id=${projectId}`,
      undefined,
      foreignToken,
    );
    expect(albums.statusCode).toBe(404);
  });
});
