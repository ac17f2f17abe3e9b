import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOT_UPLOADED_NAMES } from '../src/modules/picture-day/serialize.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { portrait } from './support/portraits.js';
import { projectWithFields } from './support/project-data.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Picture day's upload shape and apply on real files: real portraits (a
 * face the checks find), an empty backdrop and a blurred face made with sharp, uploaded by presigned POST,
 * verified and checked by the real jobs, matched by file name and applied against real PostgreSQL.
 */

let t: ListeningTestApp;
let w: World;
let token: string;
let project: Awaited<ReturnType<typeof projectWithFields>>;
const subjects: Record<string, string> = {};
let face: Buffer;
let backdrop: Buffer;
let blurred: Buffer;

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioStaff!.email);
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Apply', [
    'first_name',
    'last_name',
    'student_id',
  ]);
  for (const [key, first, studentId] of [
    ['ava', 'Ava', 'S1'],
    ['ben', 'Ben', 'S2'],
    ['cy', 'Cy', 'S3'],
  ] as const) {
    const row = await t.ctx.db
      .insertInto('subjects')
      .values({
        project_id: project.projectId,
        properties: JSON.stringify({
          [project.fields.first_name!]: first,
          [project.fields.last_name!]: 'Smith',
          [project.fields.student_id!]: studentId,
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    subjects[key] = row.id;
  }
  face = await portrait();
  const { width, height } = await sharp(face).metadata();
  // The studio's backdrop with nobody in front of it: grey paper, sensor noise.
  backdrop = await sharp({
    create: {
      width: width!,
      height: height!,
      channels: 3,
      background: { r: 150, g: 155, b: 160 },
      noise: { type: 'gaussian', mean: 150, sigma: 6 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  blurred = await sharp(face).blur(5).jpeg({ quality: 90 }).toBuffer();
}, 60_000);
afterAll(() => t?.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A frame taken at `minute` past eight (EXIF DateTimeOriginal: the batch's capture order). */
const taken = (bytes: Buffer, minute: number) =>
  sharp(bytes)
    .jpeg({ quality: 90 })
    .withExif({ IFD2: { DateTimeOriginal: `2026:11:25 08:${String(minute).padStart(2, '0')}:00` } })
    .toBuffer();

async function newBatch(body: Record<string, unknown>) {
  const res = await call('POST', `/api/projects/${project.projectId}/photo-batches`, { photo_batch: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photo_batch as { id: string; primary: string; retakes: boolean };
}

const register = (batchId: string, name: string, size: number) =>
  call('POST', `/api/photo-batches/${batchId}/photos`, {
    photo: { upload_file_name: name, upload_file_size: size, upload_content_type: 'image/jpeg' },
  });

/** The browser's flow for one file: the record and form (the album upload's names), bytes, verify. */
const upload = (batchId: string, name: string, bytes: Buffer) =>
  uploadBatchPhoto(t, token, batchId, name, bytes);

/** Uploads the frames and waits until the photo checks have looked at every one. */
async function uploadChecked(batchId: string, frames: [string, Buffer][]) {
  const ids: Record<string, string> = {};
  for (const [name, bytes] of frames) ids[name] = await upload(batchId, name, bytes);
  await eventually(async () => {
    const unchecked = await t.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('id', 'in', Object.values(ids))
      .where('checked_at', 'is', null)
      .execute();
    return unchecked.length === 0;
  }, 120_000);
  return ids;
}

async function waitFor(batchId: string, states: string[]) {
  return eventually(async () => {
    const b = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    return states.includes(b.state) ? b : null;
  }, 60_000);
}

async function matchAndApply(batchId: string) {
  expect((await call('POST', `/api/photo-batches/${batchId}/match`)).statusCode).toBe(202);
  expect((await waitFor(batchId, ['matched', 'failed'])).state).toBe('matched');
  const res = await call('POST', `/api/photo-batches/${batchId}/apply`);
  expect(res.statusCode, res.body).toBe(202);
  expect((await waitFor(batchId, ['applied', 'failed'])).state).toBe('applied');
}

const assignments = (subjectId: string) =>
  t.ctx.db
    .selectFrom('subject_photo_assignments')
    .select(['photo_id', 'is_primary'])
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
const primaryOf = async (subjectId: string) =>
  (await assignments(subjectId)).find((a) => a.is_primary)?.photo_id ?? null;

describe('one shape for one upload', () => {
  let batchId: string;
  beforeAll(async () => {
    batchId = (await newBatch({ name: 'Shapes', match_by: 'file_name' })).id;
  });

  test("the album upload's names are taken; the older names still are, as deprecated aliases", async () => {
    const fresh = await register(batchId, 'S1_1.jpg', 1234);
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().photo_batch_item).toMatchObject({ file_name: 'S1_1.jpg', byte_size: 1234 });
    expect(fresh.json().photo).toMatchObject({ upload_file_name: 'S1_1.jpg', upload_file_size: 1234 });
    const old = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: { file_name: 'S1_2.jpg', byte_size: 99, content_type: 'image/jpeg' },
    });
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json().photo_batch_item).toMatchObject({ file_name: 'S1_2.jpg', byte_size: 99 });
    // The same file by either name is the same file: a resumed upload (200).
    const again = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: { file_name: 'S1_1.jpg', byte_size: 1234, content_type: 'image/jpeg' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().photo_batch_item.id).toBe(fresh.json().photo_batch_item.id);
  });

  test('a missing field is 422 under its new name; two names that disagree are 422 under the alias', async () => {
    const missing = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: { upload_file_size: 10, upload_content_type: 'image/jpeg' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ upload_file_name: ['is required'] });
    const clash = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: {
        upload_file_name: 'a.jpg',
        file_name: 'b.jpg',
        upload_file_size: 10,
        upload_content_type: 'image/jpeg',
      },
    });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors)).toEqual(['file_name']);
    const bad = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: { upload_file_name: 'a.gif', upload_file_size: 10, upload_content_type: 'image/gif' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.upload_content_type).toEqual(['must be image/png or image/jpeg']);
  });

  test('the OpenAPI description names both, the older ones deprecated', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const body =
      spec.paths['/api/photo-batches/{id}/photos'].post.requestBody.content['application/json'].schema;
    const photo = body.properties.photo.properties;
    for (const name of ['upload_file_name', 'upload_file_size', 'upload_content_type'])
      expect(photo[name]?.deprecated, name).toBeUndefined();
    for (const name of ['file_name', 'byte_size', 'content_type'])
      expect(photo[name]?.deprecated, name).toBe(true);
  });
});

describe('the primary is the last frame that passed the checks', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const batch = await newBatch({ name: 'Morning', match_by: 'file_name' });
    ids = await uploadChecked(batch.id, [
      ['S1_1.jpg', await taken(face, 1)], // Ava
      ['S1_2.jpg', await taken(backdrop, 2)], // Ava stepped away: the last frame is the backdrop
      ['S2_1.jpg', await taken(backdrop, 3)], // Ben: the backdrop, then a blurred face
      ['S2_2.jpg', await taken(blurred, 4)],
    ]);
    await matchAndApply(batch.id);
  }, 240_000);

  test('an empty backdrop, though the last frame, is not the primary: the face before it is', async () => {
    expect(await primaryOf(subjects.ava!)).toBe(ids['S1_1.jpg']);
    // Both frames are the subject's all the same.
    expect((await assignments(subjects.ava!)).map((a) => a.photo_id).sort()).toEqual(
      [ids['S1_1.jpg'], ids['S1_2.jpg']].sort(),
    );
  });

  test('a subject whose frames all failed gets no primary, and Coverage says it needs a retake', async () => {
    expect((await assignments(subjects.ben!)).length).toBe(2);
    expect(await primaryOf(subjects.ben!)).toBeNull();
    const res = await call('GET', `/api/projects/${project.projectId}/coverage?limit=500`);
    expect(res.statusCode, res.body).toBe(200);
    const { coverage, missing } = res.json();
    expect(coverage.totals).toMatchObject({ with_portrait: 1, retake_pending: 1, without_photo: 1 });
    const ben = missing.find((m: { id: string }) => m.id === subjects.ben);
    expect(ben).toMatchObject({ needs_retake: true, photos_count: 2 });
    // Cy has no photo at all: missing, not a retake.
    expect(missing.find((m: { id: string }) => m.id === subjects.cy)).toMatchObject({ needs_retake: false });
    // The subjects' images=retake (the Camera Cards of the retakes) takes Ben too.
    const grid = await call('GET', `/api/projects/${project.projectId}/subjects?images=retake&ids_only=true`);
    expect(grid.json().subject_ids).toEqual([subjects.ben]);
  });
});

describe('frames not checked yet when applied', () => {
  test('the primary waits for the checks, then is the last frame that passed', async () => {
    const batch = await newBatch({ name: 'Cy late', match_by: 'file_name' });
    const ids = await uploadChecked(batch.id, [
      ['S3_1.jpg', await taken(face, 10)],
      ['S3_2.jpg', await taken(backdrop, 11)],
    ]);
    const frames = Object.values(ids);
    // As if the checks had not reached them yet when the batch was applied.
    await t.ctx.db
      .updateTable('photos')
      .set({ checked_at: null, checks: sql`'[]'::jsonb`, face: null })
      .where('id', 'in', frames)
      .execute();
    await matchAndApply(batch.id);
    expect((await assignments(subjects.cy!)).length).toBe(2);
    expect(await primaryOf(subjects.cy!)).toBeNull();
    // The checks come: the one that finishes last settles the subject's primary.
    for (const id of frames) await t.ctx.queue.enqueue('photos.checks', { photo_id: id });
    expect(await eventually(() => primaryOf(subjects.cy!), 60_000)).toBe(ids['S3_1.jpg']);
    const pending = await t.ctx.db
      .selectFrom('photo_batch_items')
      .select('id')
      .where('photo_batch_id', '=', batch.id)
      .where('primary_pending', '=', true)
      .execute();
    expect(pending).toEqual([]);
  }, 240_000);
});

describe('a retake batch makes the newest photo primary', () => {
  test('marked as retakes: primary "newest" by default; the morning photo stays, no longer primary', async () => {
    const morning = await primaryOf(subjects.ava!);
    expect(morning).not.toBeNull();
    const plain = await newBatch({ name: 'Afternoon', match_by: 'file_name' });
    expect([plain.retakes, plain.primary]).toEqual([false, 'if_none']);
    const batch = await newBatch({ name: 'Retakes', match_by: 'file_name', retakes: true });
    expect([batch.retakes, batch.primary]).toEqual([true, 'newest']);
    const ids = await uploadChecked(batch.id, [['S1_9.jpg', await taken(face, 40)]]);
    await matchAndApply(batch.id);
    expect(await primaryOf(subjects.ava!)).toBe(ids['S1_9.jpg']);
    const ava = await assignments(subjects.ava!);
    expect(ava.find((a) => a.photo_id === morning)).toEqual({ photo_id: morning, is_primary: false });
  }, 240_000);

  test('a retake whose frame failed leaves the morning primary in place', async () => {
    const before = await primaryOf(subjects.ava!);
    const batch = await newBatch({ name: 'Retakes 2', match_by: 'file_name', retakes: true });
    await uploadChecked(batch.id, [['S1_10.jpg', await taken(backdrop, 50)]]);
    await matchAndApply(batch.id);
    expect(await primaryOf(subjects.ava!)).toBe(before);
  }, 240_000);
});

describe('after a reload mid-upload, every missing file is counted and named', () => {
  test('files registered but never sent are counted and named, the names capped, the total whole', async () => {
    const batch = await newBatch({ name: 'Reloaded', match_by: 'file_name' });
    await upload(batch.id, 'S2_5.jpg', await taken(face, 20));
    const names = Array.from(
      { length: NOT_UPLOADED_NAMES + 5 },
      (_, i) => `S2_${String(i).padStart(4, '0')}x.jpg`,
    );
    for (const name of names) expect((await register(batch.id, name, 5000)).statusCode).toBe(201);
    const shown = (await call('GET', `/api/photo-batches/${batch.id}`)).json().photo_batch;
    expect(shown.counts).toMatchObject({ photos: names.length + 1, uploaded: 1, not_uploaded: names.length });
    expect(shown.not_uploaded_files.total).toBe(names.length);
    expect(shown.not_uploaded_files.file_names).toEqual(names.slice(0, NOT_UPLOADED_NAMES));
    // The list says the same, and an ignored file is no longer missing.
    const listed = (await call('GET', `/api/projects/${project.projectId}/photo-batches`)).json();
    const inList = listed.photo_batches.find((b: { id: string }) => b.id === batch.id);
    expect(inList.not_uploaded_files.file_names.length).toBe(NOT_UPLOADED_NAMES);
    const item = (await call('GET', `/api/photo-batches/${batch.id}/items?limit=500`))
      .json()
      .photo_batch_items.find((i: { file_name: string }) => i.file_name === names[0]);
    expect(
      (await call('PATCH', `/api/photo-batch-items/${item.id}`, { photo_batch_item: { ignored: true } }))
        .statusCode,
    ).toBe(200);
    const after = (await call('GET', `/api/photo-batches/${batch.id}`)).json().photo_batch;
    expect(after.not_uploaded_files.total).toBe(names.length - 1);
    expect(after.not_uploaded_files.file_names[0]).toBe(names[1]);
  }, 120_000);
});
