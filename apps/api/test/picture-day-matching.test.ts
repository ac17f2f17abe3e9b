import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseOf, renditionKey } from '../src/modules/photos/service.js';
import { type ItemToMatch, matchItems, type SubjectToMatch } from '../src/modules/picture-day/match.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { drawnCard, photographCard } from './support/camera-cards.js';
import { bearer, signIn } from './support/factories.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { facePortrait } from './support/portraits.js';
import { projectWithFields } from './support/project-data.js';
import { buildWorld, type World } from './support/world.js';

/**
 * How picture day matches a batch when the shoot did not go as planned: a card the reader
 * cannot read, two cameras at once, a child who forgot the card, the same files uploaded twice, Student
 * IDs with separators in file names, and leading zeros a spreadsheet stripped. Real JPEGs made with sharp
 * (portraits with a real face, cards photographed), verified and matched by the real jobs, real PostgreSQL;
 * the matching rules themselves also as the pure function they are.
 */

let t: ListeningTestApp;
let w: World;
let token: string;

type Item = {
  id: string;
  file_name: string;
  state: string;
  subject_id: string | null;
  candidate_subject_ids: string[];
  card_code: string | null;
  reason_code: string | null;
  reason: string | null;
  value_read: string | null;
  warning_code: string | null;
  warning: string | null;
};

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A project of its own, with subjects by Student ID (first name = key). */
async function projectWith(name: string, studentIds: Record<string, string>) {
  const project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, name, ['first_name', 'student_id']);
  const subjects: Record<string, { id: string; card_code: string }> = {};
  for (const [key, studentId] of Object.entries(studentIds))
    subjects[key] = await t.ctx.db
      .insertInto('subjects')
      .values({
        project_id: project.projectId,
        properties: JSON.stringify({
          [project.fields.first_name!]: key,
          [project.fields.student_id!]: studentId,
        }),
      })
      .returning(['id', 'card_code'])
      .executeTakeFirstOrThrow();
  return { projectId: project.projectId, subjects };
}

async function newBatch(projectId: string, body: Record<string, unknown>) {
  const res = await call('POST', `/api/projects/${projectId}/photo-batches`, { photo_batch: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photo_batch.id as string;
}

const upload = (batchId: string, name: string, bytes: Buffer) =>
  uploadBatchPhoto(t, token, batchId, name, bytes);

async function match(batchId: string) {
  const started = await call('POST', `/api/photo-batches/${batchId}/match`);
  expect(started.statusCode, started.body).toBe(202);
  const batch = await eventually(async () => {
    const b = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    return b.state === 'matched' || b.state === 'failed' ? b : null;
  }, 90_000);
  expect(batch.state, batch.error).toBe('matched');
  return batch;
}

async function items(batchId: string): Promise<Record<string, Item>> {
  const res = await call('GET', `/api/photo-batches/${batchId}/items?limit=500`);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json().photo_batch_items as Item[]).map((i) => [i.file_name, i]));
}

/** EXIF capture time `seconds` after 09:00, and the camera when given. */
const exif = (seconds: number, camera?: { Make: string; Model: string }) => {
  const time = new Date(Date.UTC(2026, 10, 25, 9, 0, seconds));
  const stamp = time.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
  return { ...(camera ? { IFD0: camera } : {}), IFD2: { DateTimeOriginal: stamp } };
};
const portrait = (seconds: number, seed: number, camera?: { Make: string; Model: string }) =>
  facePortrait({ seed }, exif(seconds, camera));
/** A card as a camera sees it, 30% of a 3000 x 2000 frame, with its EXIF. */
async function cardShot(
  code: string,
  seconds: number,
  { seed = 0, camera }: { seed?: number; camera?: { Make: string; Model: string } } = {},
) {
  const shot = await photographCard(await drawnCard(code), { width: 3000, height: 2000, share: 0.3, seed });
  return sharp(shot).withExif(exif(seconds, camera)).toBuffer();
}
/** A card held close to the lens and out of focus: it fills the frame, and no reader can read it. */
async function blurredCloseCard(code: string, seconds: number) {
  // Drawn at a quarter of the size, blurred, and enlarged: a blur of 100 px at full size.
  const card = await sharp(await drawnCard(code))
    .resize({ width: 650 })
    .toBuffer();
  const small = await sharp({
    create: { width: 750, height: 500, channels: 3, background: '#6b6f78' },
  })
    .composite([{ input: card, left: 50, top: 40 }])
    .png()
    .toBuffer();
  // Apart: sharp blurs before it composites in one pipeline.
  return sharp(await sharp(small).blur(12).toBuffer())
    .resize(3000, 2000)
    .jpeg({ quality: 88 })
    .withExif(exif(seconds))
    .toBuffer();
}

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioStaff!.email);
});
afterAll(() => t?.close());

describe('camera cards', () => {
  test('a card the reader cannot read (no face, no code, even read again) stops the sequence: nothing after it lands on the child before', async () => {
    const { projectId, subjects } = await projectWith('Unreadable card', { ava: '1', cy: '2', fay: '3' });
    const batchId = await newBatch(projectId, { name: 'Blurred card', match_by: 'camera_card' });
    const files: [string, () => Promise<Buffer>][] = [
      ['IMG_0001.JPG', () => cardShot(subjects.ava!.card_code, 0)],
      ['IMG_0002.JPG', () => portrait(5, 1)],
      ['IMG_0003.JPG', () => blurredCloseCard(subjects.cy!.card_code, 30)],
      ['IMG_0004.JPG', () => portrait(35, 2)],
      ['IMG_0005.JPG', () => portrait(38, 3)],
      ['IMG_0006.JPG', () => cardShot(subjects.fay!.card_code, 60, { seed: 2 })],
      ['IMG_0007.JPG', () => portrait(65, 4)],
    ];
    for (const [name, make] of files) await upload(batchId, name, await make());
    const batch = await match(batchId);
    const got = await items(batchId);
    expect(got['IMG_0001.JPG']).toMatchObject({ state: 'card', subject_id: subjects.ava!.id });
    expect(got['IMG_0002.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['IMG_0003.JPG']).toMatchObject({
      state: 'unmatched',
      subject_id: null,
      reason_code: 'unreadable_card',
      reason: 'looks like a card but its code could not be read',
    });
    for (const name of ['IMG_0004.JPG', 'IMG_0005.JPG'])
      expect(got[name]).toMatchObject({
        state: 'unmatched',
        subject_id: null,
        reason_code: 'unreadable_card_before',
        reason: 'after a frame that looks like a card but could not be read',
      });
    // The next readable card starts its subject again.
    expect(got['IMG_0006.JPG']).toMatchObject({ state: 'card', subject_id: subjects.fay!.id });
    expect(got['IMG_0007.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.fay!.id });
    expect(batch.counts).toMatchObject({ cards: 2, matched: 2, unmatched: 3 });
    // Kept on the items: a new match neither looks for faces nor reads the card again.
    const kept = await t.ctx.db
      .selectFrom('photo_batch_items')
      .select(['file_name', 'card_read_thoroughly_at'])
      .where('photo_batch_id', '=', batchId)
      .where('card_read_thoroughly_at', 'is not', null)
      .execute();
    expect(kept.map((k) => k.file_name)).toEqual(['IMG_0003.JPG']);
    await match(batchId);
    expect((await items(batchId))['IMG_0004.JPG']).toMatchObject({ reason_code: 'unreadable_card_before' });
  }, 240_000);

  test('a frame whose face could not be looked for (its rendition gone, not checked, not looked for by its verification) goes to review, never to the child before', async () => {
    const { projectId, subjects } = await projectWith('Unexamined frame', { ava: '1', cy: '2' });
    const batchId = await newBatch(projectId, { name: 'Lost rendition', match_by: 'camera_card' });
    await upload(batchId, 'IMG_0001.JPG', await cardShot(subjects.ava!.card_code, 0));
    await upload(batchId, 'IMG_0002.JPG', await portrait(5, 1));
    const lost = await upload(batchId, 'IMG_0003.JPG', await portrait(10, 2));
    const photo = await t.ctx.db
      .selectFrom('photos')
      .select('storage_key')
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    await t.ctx.storage.delete(renditionKey(baseOf(photo.storage_key), 'large'));
    await t.ctx.db.updateTable('photos').set({ checked_at: null }).where('id', '=', lost).execute();
    // Nor looked for by its verification (a photo verified before verification looked for faces).
    await t.ctx.db
      .updateTable('photo_batch_items')
      .set({ face_count: null })
      .where('photo_id', '=', lost)
      .execute();
    await match(batchId);
    const got = await items(batchId);
    expect(got['IMG_0002.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['IMG_0003.JPG']).toMatchObject({
      state: 'unmatched',
      subject_id: null,
      reason_code: 'unreadable_card',
    });
  }, 240_000);

  test('two cameras in one batch, their captures interleaved: each camera matched in its own order (EXIF make and model), then merged', async () => {
    const { projectId, subjects } = await projectWith('Two cameras', { ava: '1', cy: '2' });
    const batchId = await newBatch(projectId, { name: 'Two bodies', match_by: 'camera_card' });
    const canon = { Make: 'Canon', Model: 'EOS R6' };
    const nikon = { Make: 'NIKON CORPORATION', Model: 'NIKON Z 6' };
    // Camera A shoots Ava, camera B Cy, two seconds apart: by time alone, each card takes the other's portraits.
    const files: [string, () => Promise<Buffer>][] = [
      ['A_0001.JPG', () => cardShot(subjects.ava!.card_code, 0, { camera: canon })],
      ['B_0001.JPG', () => cardShot(subjects.cy!.card_code, 2, { camera: nikon, seed: 1 })],
      ['A_0002.JPG', () => portrait(4, 1, canon)],
      ['B_0002.JPG', () => portrait(6, 2, nikon)],
      ['A_0003.JPG', () => portrait(8, 3, canon)],
      ['B_0003.JPG', () => portrait(10, 4, nikon)],
    ];
    for (const [name, make] of files) await upload(batchId, name, await make());
    await match(batchId);
    const got = await items(batchId);
    for (const name of ['A_0002.JPG', 'A_0003.JPG'])
      expect(got[name]).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    for (const name of ['B_0002.JPG', 'B_0003.JPG'])
      expect(got[name]).toMatchObject({ state: 'matched', subject_id: subjects.cy!.id });
    // The camera is kept with the capture time (so a new match reads no header again).
    const cameras = await t.ctx.db
      .selectFrom('photo_batch_items')
      .select(['file_name', 'camera_key'])
      .where('photo_batch_id', '=', batchId)
      .orderBy('file_name')
      .execute();
    expect(cameras.map((c) => c.camera_key)).toEqual([
      'Canon|EOS R6|',
      'Canon|EOS R6|',
      'Canon|EOS R6|',
      'NIKON CORPORATION|NIKON Z 6|',
      'NIKON CORPORATION|NIKON Z 6|',
      'NIKON CORPORATION|NIKON Z 6|',
    ]);
  }, 240_000);

  test('a child who forgot the card: the frames after a pause much longer than the batch’s pace go to review, the child before offered', async () => {
    const { projectId, subjects } = await projectWith('Forgotten card', { ava: '1', cy: '2' });
    const batchId = await newBatch(projectId, { name: 'Forgot', match_by: 'camera_card' });
    const files: [string, () => Promise<Buffer>][] = [
      ['IMG_0001.JPG', () => cardShot(subjects.ava!.card_code, 0)],
      ['IMG_0002.JPG', () => portrait(5, 1)],
      ['IMG_0003.JPG', () => portrait(8, 2)],
      ['IMG_0004.JPG', () => cardShot(subjects.cy!.card_code, 30, { seed: 1 })],
      ['IMG_0005.JPG', () => portrait(35, 3)],
      ['IMG_0006.JPG', () => portrait(38, 4)],
      // A minute later, no card: another child.
      ['IMG_0007.JPG', () => portrait(95, 5)],
      ['IMG_0008.JPG', () => portrait(98, 6)],
    ];
    for (const [name, make] of files) await upload(batchId, name, await make());
    await match(batchId);
    const got = await items(batchId);
    for (const name of ['IMG_0002.JPG', 'IMG_0003.JPG'])
      expect(got[name]).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    for (const name of ['IMG_0005.JPG', 'IMG_0006.JPG'])
      expect(got[name]).toMatchObject({ state: 'matched', subject_id: subjects.cy!.id });
    for (const name of ['IMG_0007.JPG', 'IMG_0008.JPG'])
      expect(got[name]).toMatchObject({
        state: 'unmatched',
        subject_id: null,
        reason_code: 'long_pause',
        candidate_subject_ids: [subjects.cy!.id],
      });
  }, 240_000);
});

describe('file names and mapping files', () => {
  test('Student IDs holding a separator, followed by a shot number, match the longest ID the name starts with', async () => {
    const { projectId, subjects } = await projectWith('Separators', {
      one: 'PD-1',
      two: 'PD-2',
      three: 'PD-3',
      e: 'E-77',
      pd: 'PD',
    });
    const batchId = await newBatch(projectId, { name: 'IDs', match_by: 'file_name' });
    const names = ['PD-1_2.jpg', 'PD-2 (3).jpg', 'PD-3-2.jpg', 'E-77.jpg', 'PD_4.jpg'];
    for (const [i, name] of names.entries())
      await upload(batchId, name, await facePortrait({ seed: 10 + i }));
    await match(batchId);
    const got = await items(batchId);
    expect(got['PD-1_2.jpg']).toMatchObject({
      state: 'matched',
      subject_id: subjects.one!.id,
      value_read: 'PD-1',
    });
    expect(got['PD-2 (3).jpg']).toMatchObject({ state: 'matched', subject_id: subjects.two!.id });
    expect(got['PD-3-2.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.three!.id });
    expect(got['E-77.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.e!.id });
    // The shorter ID still matches where no longer one fits.
    expect(got['PD_4.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.pd!.id });
  }, 240_000);

  test('the same files uploaded again as a new batch are duplicates, not assigned, until a person assigns them', async () => {
    const { projectId, subjects } = await projectWith('Uploaded twice', { ava: '00123', cy: '00456' });
    const files: [string, Buffer][] = [
      ['00123.jpg', await facePortrait({ seed: 21 })],
      ['00456.jpg', await facePortrait({ seed: 22 })],
    ];
    const first = await newBatch(projectId, { name: 'Morning', match_by: 'file_name' });
    for (const [name, bytes] of files) await upload(first, name, bytes);
    await match(first);
    expect(Object.values(await items(first)).map((i) => i.state)).toEqual(['matched', 'matched']);

    const again = await newBatch(projectId, { name: 'Morning again', match_by: 'file_name' });
    for (const [name, bytes] of files) await upload(again, name, bytes);
    // And one new photo of Ava, which is no duplicate.
    await upload(again, '00123_2.jpg', await facePortrait({ seed: 23 }));
    const batch = await match(again);
    const got = await items(again);
    expect(got['00123.jpg']).toMatchObject({
      state: 'unmatched',
      subject_id: null,
      reason_code: 'duplicate',
      candidate_subject_ids: [subjects.ava!.id],
      reason: 'the project already has this photo (the same file)',
    });
    expect(got['00456.jpg']).toMatchObject({ state: 'unmatched', reason_code: 'duplicate' });
    expect(got['00123_2.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(batch.counts).toMatchObject({ matched: 1, unmatched: 2 });
    // Assigned anyway by a person: kept on a new match.
    const assigned = await call('PATCH', `/api/photo-batch-items/${got['00456.jpg']!.id}`, {
      photo_batch_item: { subject_id: subjects.cy!.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await match(again);
    expect((await items(again))['00456.jpg']).toMatchObject({
      state: 'matched',
      subject_id: subjects.cy!.id,
    });
  }, 240_000);

  test('a mapping file whose leading zeros a spreadsheet stripped: the value read is shown, and one Student ID it fits matches with a warning', async () => {
    const { projectId, subjects } = await projectWith('Stripped zeros', {
      ava: '00123',
      dee: '0777',
      eve: '00777',
    });
    const batchId = await newBatch(projectId, { name: 'Lab', match_by: 'mapping_file' });
    const names = ['IMG_1.JPG', 'IMG_2.JPG', 'IMG_3.JPG'];
    for (const [i, name] of names.entries())
      await upload(batchId, name, await facePortrait({ seed: 30 + i }));
    const csv = Buffer.from('File Name,Student ID\nIMG_1.JPG,123\nIMG_2.JPG,999\nIMG_3.JPG,777\n', 'utf8');
    const started = await call('POST', `/api/photo-batches/${batchId}/mapping-file`, {
      mapping_file: { file_name: 'capture.csv', byte_size: csv.length },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect((await t.upload(started.json().presigned_post, csv, 'capture.csv')).status).toBe(204);
    const batch = await match(batchId);
    expect(batch.counts).toMatchObject({ matched: 1, unmatched: 2, warned: 1 });
    const got = await items(batchId);
    expect(got['IMG_1.JPG']).toMatchObject({
      state: 'matched',
      subject_id: subjects.ava!.id,
      value_read: '123',
      warning_code: 'zeros_restored',
      warning: 'read as 123: matched the Student ID with its leading zeros restored',
    });
    expect(got['IMG_2.JPG']).toMatchObject({
      state: 'unmatched',
      reason_code: 'no_such_value',
      value_read: '999',
      warning_code: null,
    });
    // Two Student IDs fit once their zeros are restored: none is chosen.
    expect(got['IMG_3.JPG']).toMatchObject({ state: 'unmatched', subject_id: null, value_read: '777' });
  }, 240_000);
});

describe('the matching rules, pure', () => {
  const subjects: SubjectToMatch[] = [
    { id: '1', card_code: 'AAAA', value: '' },
    { id: '2', card_code: 'BBBB', value: '' },
  ];
  const item = (id: string, fileName: string, seconds: number | null, extra: Partial<ItemToMatch> = {}) => ({
    id,
    file_name: fileName,
    captured_at: seconds === null ? null : new Date(Date.UTC(2026, 10, 25, 9, 0, seconds)),
    verified: true,
    code: null,
    reviewed: false,
    state: 'pending' as const,
    subject_id: null,
    ...extra,
  });
  const run = (items: ItemToMatch[]) =>
    Object.fromEntries(
      matchItems({ matchBy: 'camera_card', createExtras: false, items, subjects }).map((m) => [
        m.id,
        [m.state, m.subject_id, m.reason_code],
      ]),
    );

  test('without EXIF cameras, the folder each file came from stands for its camera', () => {
    expect(
      run([
        item('10', 'Camera A/0001.JPG', 0, { code: 'AAAA' }),
        item('20', 'Camera B/0001.JPG', 2, { code: 'BBBB' }),
        item('11', 'Camera A/0002.JPG', 4),
        item('21', 'Camera B/0002.JPG', 6),
      ]),
    ).toEqual({
      '10': ['card', '1', 'card'],
      '20': ['card', '2', 'card'],
      '11': ['matched', '1', null],
      '21': ['matched', '2', null],
    });
  });

  test('a photo not uploaded whose camera is unknown holds back every camera of its folder', () => {
    const got = run([
      item('10', '0001.JPG', 0, { code: 'AAAA', camera: 'Canon' }),
      item('20', '0002.JPG', 2, { code: 'BBBB', camera: 'Nikon' }),
      item('30', '0003.JPG', null, {
        verified: false,
        last_modified: new Date(Date.UTC(2026, 10, 25, 9, 0, 3)),
      }),
      item('11', '0004.JPG', 4, { camera: 'Canon' }),
      item('21', '0005.JPG', 6, { camera: 'Nikon' }),
    ]);
    expect(got['30']).toEqual(['pending', null, 'not_verified']);
    expect(got['11']).toEqual(['unmatched', null, 'pending_before']);
    expect(got['21']).toEqual(['unmatched', null, 'pending_before']);
  });

  test('pauses no longer than the batch’s pace (or under the minimum) flag nothing', () => {
    const got = run([
      item('1', '1.JPG', 0, { code: 'AAAA' }),
      item('2', '2.JPG', 10),
      item('3', '3.JPG', 20),
      item('4', '4.JPG', 30),
      item('5', '5.JPG', 40, { code: 'BBBB' }),
      item('6', '6.JPG', 41),
      item('7', '7.JPG', 42),
      item('8', '8.JPG', 52),
    ]);
    expect(Object.values(got).filter(([state]) => state === 'unmatched')).toEqual([]);
  });
});
