import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MASTER_LONG_EDGE } from '../src/images/images.js';
import { baseOf, renditionKey } from '../src/modules/photos/service.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { drawnCard, photographCard } from './support/camera-cards.js';
import { bearer } from './support/factories.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { facePortrait } from './support/portraits.js';
import { projectWithFields } from './support/project-data.js';
import { inWorld, type World } from './support/world.js';

/**
 * Picture day decodes each photo once, so a batch of large camera files costs one decode each:
 * photos.verify makes a batch photo's renditions, its working master and what the match needs (capture
 * time, card code, and in a frame without a code whether it has a face) from one decode. Proved by taking
 * the original, the master and the 600 px rendition away from storage once the photos are verified, and
 * their checks' faces from the database: the match still reads every card, capture time and face, so it
 * decodes nothing; no photos.master job is queued for them.
 */

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp(), ['studioStaff']));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens.studioStaff!), ...(payload ? { payload } : {}) });

const taken = (minute: number) => `2026:11:25 09:${String(minute).padStart(2, '0')}:00`;
/** A camera's JPEG of 3000 x 2000 (larger than the working master), shot at `minute`. */
const shot = async (bytes: Buffer, minute: number) =>
  sharp(bytes)
    .jpeg({ quality: 88 })
    .withExif({ IFD2: { DateTimeOriginal: taken(minute) } })
    .toBuffer();

const upload = (batchId: string, name: string, bytes: Buffer) =>
  uploadBatchPhoto(t, tokens.studioStaff!, batchId, name, bytes);

test('a batch photo is read while it is verified: the match needs neither its original nor its master', async () => {
  const project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Decode once', ['first_name']);
  const subject = await t.ctx.db
    .insertInto('subjects')
    .values({
      project_id: project.projectId,
      properties: JSON.stringify({ [project.fields.first_name!]: 'Ava' }),
    })
    .returning(['id', 'card_code'])
    .executeTakeFirstOrThrow();
  const created = await call('POST', `/api/projects/${project.projectId}/photo-batches`, {
    photo_batch: { name: 'Decode once', match_by: 'camera_card' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const batchId = created.json().photo_batch.id as string;
  const size = { width: 3000, height: 2000 };
  // File names in the opposite order of the capture times: the order comes from the EXIF read on verify.
  const files: [string, Buffer][] = [
    [
      'C.JPG',
      await shot(await photographCard(await drawnCard(subject.card_code), { ...size, share: 0.35 }), 1),
    ],
    // Portraits with a face: a frame with neither a face nor a code is an unreadable card.
    ['B.JPG', await shot(await facePortrait({ ...size, seed: 1 }), 2)],
    ['A.JPG', await shot(await facePortrait({ ...size, seed: 2 }), 3)],
  ];
  const ids: Record<string, string> = {};
  for (const [name, bytes] of files) ids[name] = await upload(batchId, name, bytes);

  const photos = await t.ctx.db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'master_width', 'master_height', 'renditions_ready_at'])
    .where('id', 'in', Object.values(ids))
    .execute();
  for (const p of photos) {
    // The master came with the verification, from the same decode as the thumbnails.
    expect(p).toMatchObject({ master_width: MASTER_LONG_EDGE, master_height: 1600 });
    expect(p.renditions_ready_at).not.toBeNull();
    const master = await t.ctx.storage.read(renditionKey(baseOf(p.storage_key), 'master'));
    expect(await sharp(master).metadata()).toMatchObject({ width: MASTER_LONG_EDGE, height: 1600 });
    await t.ctx.storage.delete(p.storage_key);
    await t.ctx.storage.delete(renditionKey(baseOf(p.storage_key), 'master'));
    await t.ctx.storage.delete(renditionKey(baseOf(p.storage_key), 'large'));
  }
  // What photos.checks found is not what the match goes by (the verification looked for the faces).
  await eventually(async () => {
    const checking = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job
      WHERE name = 'photos.checks' AND state IN ('created', 'retry', 'active')`.execute(t.ctx.db);
    return Number(checking.rows[0]!.n) === 0 ? true : null;
  }, 60_000);
  await t.ctx.db
    .updateTable('photos')
    .set({ checked_at: null, face: null, checks: JSON.stringify([]) })
    .where('id', 'in', Object.values(ids))
    .execute();
  // Nothing left for photos.master to make.
  const masterJobs = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pgboss.job
    WHERE name = 'photos.master' AND data->>'photo_id' = ANY(${Object.values(ids)}::text[])`.execute(
    t.ctx.db,
  );
  expect(Number(masterJobs.rows[0]!.n)).toBe(0);

  const started = await call('POST', `/api/photo-batches/${batchId}/match`);
  expect(started.statusCode, started.body).toBe(202);
  const matched = await eventually(async () => {
    const b = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    return b.state === 'matched' || b.state === 'failed' ? b : null;
  }, 60_000);
  expect(matched.state).toBe('matched');
  const items = (await call('GET', `/api/photo-batches/${batchId}/items?limit=50`)).json()
    .photo_batch_items as {
    file_name: string;
    state: string;
    subject_id: string | null;
    captured_at: string | null;
  }[];
  expect(items.map((i) => [i.file_name, i.state, i.subject_id, i.captured_at])).toEqual([
    ['C.JPG', 'card', subject.id, '2026-11-25T09:01:00.000Z'],
    ['B.JPG', 'matched', subject.id, '2026-11-25T09:02:00.000Z'],
    ['A.JPG', 'matched', subject.id, '2026-11-25T09:03:00.000Z'],
  ]);
}, 120_000);
