import bwipjs from 'bwip-js/node';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cardPayload } from '../src/images/card-code.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { facePortrait } from './support/portraits.js';
import { projectWithFields } from './support/project-data.js';
import { countQueries, whenJobsSettled } from './support/query-count.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Picture day through the API on real files: JPEGs made with sharp (EXIF capture times, camera cards
 * with our QR code composited onto a photo), uploaded by presigned POST, verified by the real job, matched
 * by the real job (zxing reads the cards), reviewed and applied against real PostgreSQL.
 */

let t: ListeningTestApp;
let w: World;
let token: string;
let schoolToken: string;
let foreignToken: string;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let otherProject: Awaited<ReturnType<typeof projectWithFields>>;
const subjects: Record<string, { id: string; card_code: string }> = {};

type Item = {
  id: string;
  photo_id: string;
  file_name: string;
  state: string;
  subject_id: string | null;
  candidate_subject_ids: string[];
  card_code: string | null;
  reason_code: string | null;
  reason: string | null;
  verified: boolean;
  captured_at: string | null;
  thumbnails: Record<string, string | null>;
};

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioStaff!.email);
  schoolToken = await signIn(t.app, w.users.schoolStaff!.email);
  foreignToken = await signIn(t.app, w.users.foreignManager!.email);
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Picture day', [
    'first_name',
    'last_name',
    'student_id',
  ]);
  otherProject = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Another', ['student_id']);
  const people: [string, string, string][] = [
    ['ava', 'Ava', '00123'],
    ['ben', 'Ben', '123'],
    ['cy', 'Cy', '00456'],
    ['dee', 'Dee', '00777'],
    ['eve', 'Eve', '00777'],
    ['fay', 'Fay', '00888'],
  ];
  for (const [key, first, studentId] of people) {
    subjects[key] = await t.ctx.db
      .insertInto('subjects')
      .values({
        project_id: project.projectId,
        properties: JSON.stringify({
          [project.fields.first_name!]: first,
          [project.fields.last_name!]: 'Smith',
          [project.fields.student_id!]: studentId,
        }),
      })
      .returning(['id', 'card_code'])
      .executeTakeFirstOrThrow();
  }
});
afterAll(() => t?.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, who = token) {
  return t.app.inject({
    method,
    url,
    headers: bearer(who),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const at = (minute: number) => `2026:11:25 08:${String(minute).padStart(2, '0')}:00`;

/**
 * A portrait (a real face, which the detector finds: a frame without a face and without a code is an
 * unreadable camera card), with EXIF DateTimeOriginal when `taken` is given.
 */
function photo(taken?: string, seed = 1): Promise<Buffer> {
  return facePortrait({ seed }, taken ? { IFD2: { DateTimeOriginal: taken } } : undefined);
}

/** A camera card as a camera sees it: the card's QR code on white paper, a little rotated, on a photo. */
async function card(code: string, taken: string): Promise<Buffer> {
  const qr = await bwipjs.toBuffer({
    bcid: 'qrcode',
    text: cardPayload(code),
    scale: 6,
    paddingwidth: 4,
    backgroundcolor: 'FFFFFF',
  });
  const paper = await sharp(qr)
    .extend({ top: 30, bottom: 30, left: 30, right: 30, background: '#ffffff' })
    .rotate(6, { background: '#ffffff' })
    .png()
    .toBuffer();
  return sharp(await photo())
    .composite([{ input: paper, left: 280, top: 120 }])
    .jpeg({ quality: 85 })
    .withExif({ IFD2: { DateTimeOriginal: taken } })
    .toBuffer();
}

async function newBatch(body: Record<string, unknown>, projectId = project.projectId) {
  const res = await call('POST', `/api/projects/${projectId}/photo-batches`, { photo_batch: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photo_batch.id as string;
}

/** The browser's flow for one file, with the file's time as the browser gives it. */
const upload = (batchId: string, name: string, bytes: Buffer) =>
  uploadBatchPhoto(t, token, batchId, name, bytes, { last_modified: 1_764_057_600_000 });

async function match(batchId: string) {
  const started = await call('POST', `/api/photo-batches/${batchId}/match`);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json().photo_batch.state).toBe('matching');
  return eventually(async () => {
    const b = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    return b.state === 'matched' || b.state === 'failed' ? b : null;
  }, 60_000);
}

async function items(batchId: string, query = ''): Promise<Item[]> {
  const res = await call('GET', `/api/photo-batches/${batchId}/items?limit=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().photo_batch_items;
}
const byName = (list: Item[]) => Object.fromEntries(list.map((i) => [i.file_name, i]));

async function apply(batchId: string, body?: unknown) {
  const res = await call('POST', `/api/photo-batches/${batchId}/apply`, body);
  expect(res.statusCode, res.body).toBe(202);
  return eventually(async () => {
    const b = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    return b.state === 'applied' || b.state === 'failed' ? b : null;
  }, 60_000);
}

const assignmentsOf = (subjectIds: string[]) =>
  t.ctx.db
    .selectFrom('subject_photo_assignments')
    .select(['subject_id', 'photo_id', 'is_primary'])
    .where('subject_id', 'in', subjectIds)
    .orderBy('id')
    .execute();

describe('camera cards', () => {
  let batchId: string;
  const photoIds: Record<string, string> = {};
  const UNKNOWN = 'ZZZZ9999';

  beforeAll(async () => {
    batchId = await newBatch({ name: 'Fall picture day', match_by: 'camera_card' });
    // Uploaded out of order, with file names that sort differently from the capture times.
    const files: [string, () => Promise<Buffer>][] = [
      ['DSC_9000.JPG', () => photo(at(1), 1)], // before the first card
      ['DSC_0003.JPG', () => photo(at(4), 2)], // Ava's
      ['DSC_0001.JPG', () => card(subjects.ava!.card_code, at(2))],
      ['DSC_0002.JPG', () => photo(at(3), 3)], // Ava's
      ['DSC_0010.JPG', () => card(UNKNOWN, at(5))],
      ['DSC_0011.JPG', () => photo(at(6), 4)], // after the unknown code
      ['DSC_0004.JPG', () => card(subjects.cy!.card_code, at(7))],
      ['DSC_0005.JPG', () => photo(at(8), 5)], // Cy's
    ];
    for (const [name, make] of files) photoIds[name] = await upload(batchId, name, await make());
  }, 120_000);

  test('the report and each photo: cards start subjects, photos before the first card and after an unknown code are unmatched', async () => {
    const batch = await match(batchId);
    expect(batch.state).toBe('matched');
    expect(batch.counts).toMatchObject({
      photos: 8,
      uploaded: 8,
      pending: 0,
      cards: 3,
      matched: 3,
      unmatched: 2,
      ambiguous: 0,
      ignored: 0,
      subjects_matched: 2,
      subjects_with_several_photos: 1,
      subjects_photographed_again: 0,
      // Six subjects; Ava and Cy matched.
      subjects_without_photos: 4,
    });
    const list = await items(batchId);
    // Capture order, not file-name order.
    expect(list.map((i) => i.file_name)).toEqual([
      'DSC_9000.JPG',
      'DSC_0001.JPG',
      'DSC_0002.JPG',
      'DSC_0003.JPG',
      'DSC_0010.JPG',
      'DSC_0011.JPG',
      'DSC_0004.JPG',
      'DSC_0005.JPG',
    ]);
    const got = byName(list);
    expect(got['DSC_9000.JPG']).toMatchObject({
      state: 'unmatched',
      reason_code: 'no_card_before',
      reason: 'no card before it',
    });
    expect(got['DSC_0001.JPG']).toMatchObject({
      state: 'card',
      subject_id: subjects.ava!.id,
      card_code: subjects.ava!.card_code,
    });
    expect(got['DSC_0002.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['DSC_0003.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['DSC_0010.JPG']).toMatchObject({
      state: 'card',
      subject_id: null,
      reason_code: 'unknown_code',
    });
    expect(got['DSC_0011.JPG']).toMatchObject({
      state: 'unmatched',
      subject_id: null,
      reason_code: 'unknown_code',
      reason: 'unknown code',
    });
    expect(got['DSC_0004.JPG']).toMatchObject({ state: 'card', subject_id: subjects.cy!.id });
    expect(got['DSC_0005.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.cy!.id });
    expect(got['DSC_0002.JPG']!.captured_at).toBe('2026-11-25T08:03:00.000Z');
    expect(got['DSC_0002.JPG']!.thumbnails.small).toBeTruthy();
    // Nothing is assigned before apply.
    expect(await assignmentsOf(Object.values(subjects).map((s) => s.id))).toEqual([]);
    // The review list by state.
    expect((await items(batchId, '&state=unmatched')).map((i) => i.file_name)).toEqual([
      'DSC_9000.JPG',
      'DSC_0011.JPG',
    ]);
  }, 90_000);

  test("camera cards are not portraits: never on the photo checks' review list, nor in its counts", async () => {
    await whenJobsSettled(t.ctx.db);
    const cards = ['DSC_0001.JPG', 'DSC_0010.JPG', 'DSC_0004.JPG'].map((name) => photoIds[name]!);
    const portraits = Object.entries(photoIds)
      .filter(([, id]) => !cards.includes(id))
      .map(([, id]) => id);
    // A portrait's verification looked for its face; the checks took the faces it found, a card's none.
    const looked = await t.ctx.db
      .selectFrom('photos')
      .select(['id', 'detected_faces', 'face'])
      .where('id', 'in', Object.values(photoIds))
      .execute();
    expect(looked).toHaveLength(Object.keys(photoIds).length);
    for (const row of looked) {
      if (cards.includes(row.id)) expect(row.detected_faces).toBeNull();
      else {
        expect(row.detected_faces).toHaveLength(1);
        const box = row.detected_faces![0]!.box;
        expect(row.face!.x + row.face!.width / 2).toBeGreaterThan(box.x);
        expect(row.face!.x + row.face!.width / 2).toBeLessThan(box.x + box.width);
      }
    }
    // The verification read their codes, so they were never checked.
    const checkedCards = await t.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('id', 'in', cards)
      .where('checked_at', 'is not', null)
      .execute();
    expect(checkedCards).toEqual([]);
    // A card checked before its code was read (verified before the reading) stays off the list too.
    await t.ctx.db
      .updateTable('photos')
      .set({
        checks: sql`'[{"code":"no_face","message":"No face found."}]'::jsonb`,
        checked_at: new Date(),
      })
      .where('id', '=', cards[0]!)
      .execute();
    const res = await call('GET', `/api/projects/${project.projectId}/photo-checks?state=all&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json().photo_checks as { photo_id: string }[]).map((c) => c.photo_id);
    // Every portrait checked (each has a face), so listed; the cards never, the one with no face neither.
    expect(listed.sort()).toEqual([...portraits].sort());
    expect(res.json().meta.counts.checked).toBe(portraits.length);
    expect(res.json().meta.counts.by_code.no_face ?? 0).toBe(0);
  }, 150_000);

  test('review: assign to a subject of the project, ignore; other projects, cards and bad bodies refused', async () => {
    const got = byName(await items(batchId));
    const after = got['DSC_0011.JPG']!;
    const foreignSubject = await t.ctx.db
      .insertInto('subjects')
      .values({ project_id: otherProject.projectId, properties: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await call('PATCH', `/api/photo-batch-items/${after.id}`, {
      photo_batch_item: { subject_id: foreignSubject.id },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: { subject_id: ['is invalid'] } });
    const cardItem = await call('PATCH', `/api/photo-batch-items/${got['DSC_0001.JPG']!.id}`, {
      photo_batch_item: { ignored: true },
    });
    expect(cardItem.statusCode).toBe(422);
    const both = await call('PATCH', `/api/photo-batch-items/${after.id}`, {
      photo_batch_item: { subject_id: subjects.fay!.id, ignored: true },
    });
    expect(both.statusCode).toBe(422);
    const assigned = await call('PATCH', `/api/photo-batch-items/${after.id}`, {
      photo_batch_item: { subject_id: subjects.fay!.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().photo_batch_item).toMatchObject({
      state: 'matched',
      subject_id: subjects.fay!.id,
      reviewed: true,
    });
    const ignored = await call('PATCH', `/api/photo-batch-items/${got['DSC_9000.JPG']!.id}`, {
      photo_batch_item: { ignored: true },
    });
    expect(ignored.json().photo_batch_item.state).toBe('ignored');
    expect((await items(batchId, '&state=ignored')).map((i) => i.file_name)).toEqual(['DSC_9000.JPG']);
    const batch = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    expect(batch.counts).toMatchObject({ matched: 4, unmatched: 0, ignored: 1, subjects_matched: 3 });
    // Still nothing assigned.
    expect(await assignmentsOf([subjects.fay!.id])).toEqual([]);
  });

  test('apply assigns each matched photo once, the last of each sequence primary, never a card; twice changes nothing', async () => {
    // Two applies at once: one job, no doubles.
    const [first, second] = await Promise.all([
      call('POST', `/api/photo-batches/${batchId}/apply`),
      call('POST', `/api/photo-batches/${batchId}/apply`),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const done = await apply(batchId);
    expect(done.state).toBe('applied');
    const ids = [subjects.ava!.id, subjects.cy!.id, subjects.fay!.id];
    const rows = await assignmentsOf(ids);
    const ofSubject = (id: string) => rows.filter((r) => r.subject_id === id);
    expect(ofSubject(subjects.ava!.id).map((r) => [r.photo_id, r.is_primary])).toEqual([
      [photoIds['DSC_0002.JPG'], false],
      [photoIds['DSC_0003.JPG'], true],
    ]);
    expect(ofSubject(subjects.cy!.id).map((r) => [r.photo_id, r.is_primary])).toEqual([
      [photoIds['DSC_0005.JPG'], true],
    ]);
    expect(ofSubject(subjects.fay!.id).map((r) => r.photo_id)).toEqual([photoIds['DSC_0011.JPG']]);
    const cards = ['DSC_0001.JPG', 'DSC_0010.JPG', 'DSC_0004.JPG'].map((n) => photoIds[n]);
    expect(rows.filter((r) => cards.includes(r.photo_id))).toEqual([]);
    // Again: nothing changes.
    await apply(batchId);
    expect(await assignmentsOf(ids)).toEqual(rows);
    // In the activity trail, with counts only.
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('record_type', '=', 'photo_batch')
      .where('record_id', '=', batchId)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'photo_batch.apply', details: { matched: 4, cards: 3 } });
    // Applied: no more review or uploads.
    const late = await call(
      'PATCH',
      `/api/photo-batch-items/${byName(await items(batchId))['DSC_0011.JPG']!.id}`,
      {
        photo_batch_item: { ignored: true },
      },
    );
    expect(late.statusCode).toBe(409);
  });

  test('a retake batch: the report names subjects photographed again; the primary stays unless asked', async () => {
    const retake = await newBatch({ name: 'Retakes', match_by: 'camera_card' });
    await upload(retake, 'R_0001.JPG', await card(subjects.ava!.card_code, at(30)));
    const newer = await upload(retake, 'R_0002.JPG', await photo(at(31), 9));
    const batch = await match(retake);
    expect(batch.counts).toMatchObject({
      cards: 1,
      matched: 1,
      subjects_matched: 1,
      subjects_photographed_again: 1,
    });
    await apply(retake);
    const ava = await assignmentsOf([subjects.ava!.id]);
    expect(ava.find((r) => r.is_primary)!.photo_id).toBe(photoIds['DSC_0003.JPG']);
    expect(ava.map((r) => r.photo_id)).toContain(newer);

    const newest = await newBatch({ name: 'Retakes 2', match_by: 'camera_card', primary: 'newest' });
    await upload(newest, 'R_0003.JPG', await card(subjects.cy!.card_code, at(40)));
    const cyNew = await upload(newest, 'R_0004.JPG', await photo(at(41), 10));
    await match(newest);
    await apply(newest);
    const cy = await assignmentsOf([subjects.cy!.id]);
    expect(cy.filter((r) => r.is_primary).map((r) => r.photo_id)).toEqual([cyNew]);
  }, 90_000);
});

describe('a photo not uploaded in a camera-card batch', () => {
  let batchId: string;
  const photoIds: Record<string, string> = {};
  let missingItem: string;

  beforeAll(async () => {
    batchId = await newBatch({ name: 'Cut off', match_by: 'camera_card' });
    // P_0003 is Ben's card, but its upload was cut off: its record is made, its bytes never arrive.
    const files: [string, () => Promise<Buffer>][] = [
      ['P_0001.JPG', () => card(subjects.ava!.card_code, at(20))],
      ['P_0002.JPG', () => photo(at(21), 6)], // Ava's
      ['P_0004.JPG', () => photo(at(23), 7)], // Ben's
      ['P_0005.JPG', () => photo(at(24), 8)], // Ben's
      ['P_0006.JPG', () => card(subjects.cy!.card_code, at(25))],
      ['P_0007.JPG', () => photo(at(26), 9)], // Cy's
    ];
    for (const [name, make] of files) photoIds[name] = await upload(batchId, name, await make());
    const cut = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: {
        file_name: 'P_0003.JPG',
        byte_size: 50_000,
        content_type: 'image/jpeg',
        last_modified: 1_764_057_600_000,
      },
    });
    expect(cut.statusCode, cut.body).toBe(201);
    missingItem = cut.json().photo_batch_item.id;
  }, 120_000);

  test('the card before it does not carry past it: the photos after it, up to the next card, go to review', async () => {
    const batch = await match(batchId);
    expect(batch.counts).toMatchObject({ photos: 7, uploaded: 6, pending: 1, cards: 2, matched: 2 });
    const list = await items(batchId);
    // The missing photo sits where its file name puts it, not last.
    expect(list.map((i) => i.file_name)).toEqual([
      'P_0001.JPG',
      'P_0002.JPG',
      'P_0003.JPG',
      'P_0004.JPG',
      'P_0005.JPG',
      'P_0006.JPG',
      'P_0007.JPG',
    ]);
    const got = byName(list);
    expect(got['P_0002.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['P_0003.JPG']).toMatchObject({ state: 'pending', reason_code: 'not_verified' });
    for (const name of ['P_0004.JPG', 'P_0005.JPG'])
      expect(got[name], name).toMatchObject({
        state: 'unmatched',
        subject_id: null,
        reason_code: 'pending_before',
        reason: 'a photo before it has not been uploaded',
      });
    expect(got['P_0007.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.cy!.id });
    expect((await items(batchId, '&state=unmatched')).map((i) => i.file_name)).toEqual([
      'P_0004.JPG',
      'P_0005.JPG',
    ]);
  }, 90_000);

  test('apply is refused while a photo is not uploaded: 422 naming it, nothing moved or assigned', async () => {
    const res = await call('POST', `/api/photo-batches/${batchId}/apply`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      errors: { base: ['1 photo has not been uploaded: upload it again and match again, or ignore it.'] },
    });
    const batch = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    expect(batch.state).toBe('matched');
    expect(batch.counts).toMatchObject({ pending: 1, not_uploaded: 1 });
    const assigned = await t.ctx.db
      .selectFrom('subject_photo_assignments')
      .select('photo_id')
      .where('photo_id', 'in', Object.values(photoIds))
      .execute();
    expect(assigned).toEqual([]);
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('record_type', '=', 'photo_batch')
      .where('record_id', '=', batchId)
      .execute();
    expect(events).toEqual([]);
  });

  test('a photo that never arrived can be ignored (not assigned), and the batch applied without it; the photos after it stay unassigned', async () => {
    const assign = await call('PATCH', `/api/photo-batch-items/${missingItem}`, {
      photo_batch_item: { subject_id: subjects.ben!.id },
    });
    expect(assign.statusCode).toBe(422);
    expect(Object.keys(assign.json().errors)).toEqual(['subject_id']);
    const ignored = await call('PATCH', `/api/photo-batch-items/${missingItem}`, {
      photo_batch_item: { ignored: true },
    });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json().photo_batch_item).toMatchObject({
      state: 'ignored',
      reviewed: true,
      verified: false,
    });
    let batch = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    expect(batch.counts).toMatchObject({ pending: 0, not_uploaded: 0, ignored: 1 });
    // Undone, it is pending again; ignored again, a new match keeps the decision and still does not
    // carry Ava's card past it.
    const undone = await call('PATCH', `/api/photo-batch-items/${missingItem}`, {
      photo_batch_item: { ignored: false },
    });
    expect(undone.json().photo_batch_item).toMatchObject({ state: 'pending', reason_code: 'not_verified' });
    await call('PATCH', `/api/photo-batch-items/${missingItem}`, { photo_batch_item: { ignored: true } });
    batch = await match(batchId);
    expect(batch.counts).toMatchObject({ pending: 0, not_uploaded: 0, ignored: 1, matched: 2, unmatched: 2 });
    const got = byName(await items(batchId));
    expect(got['P_0003.JPG']).toMatchObject({ state: 'ignored' });
    expect(got['P_0004.JPG']).toMatchObject({ state: 'unmatched', reason_code: 'pending_before' });

    const done = await apply(batchId);
    expect(done.state).toBe('applied');
    const rows = await t.ctx.db
      .selectFrom('subject_photo_assignments')
      .select(['subject_id', 'photo_id'])
      .where('photo_id', 'in', Object.values(photoIds))
      .orderBy('photo_id')
      .execute();
    expect(rows).toEqual([
      { subject_id: subjects.ava!.id, photo_id: photoIds['P_0002.JPG'] },
      { subject_id: subjects.cy!.id, photo_id: photoIds['P_0007.JPG'] },
    ]);
  }, 120_000);
});

describe('extras', () => {
  test('with create_extras, the photos after an unknown code get a new subject of that code on apply', async () => {
    const code = 'XTRA0001';
    const batchId = await newBatch({ name: 'Extras', match_by: 'camera_card', create_extras: true });
    await upload(batchId, 'E_0001.JPG', await card(code, at(50)));
    const portrait = await upload(batchId, 'E_0002.JPG', await photo(at(51), 11));
    await match(batchId);
    expect(byName(await items(batchId))['E_0002.JPG']).toMatchObject({
      state: 'matched',
      subject_id: null,
      card_code: code,
      reason_code: 'new_subject',
    });
    await apply(batchId);
    const made = await t.ctx.db
      .selectFrom('subjects')
      .select(['id', 'properties'])
      .where('project_id', '=', project.projectId)
      .where('card_code', '=', code)
      .executeTakeFirstOrThrow();
    expect(made.properties).toEqual({});
    expect(await assignmentsOf([made.id])).toEqual([
      { subject_id: made.id, photo_id: portrait, is_primary: true },
    ]);
  }, 60_000);
});

describe('file names', () => {
  test('a field value in the file name, leading zeros kept, shot suffixes and names around it; ambiguous and missing values', async () => {
    const batchId = await newBatch({ name: 'By Student ID', match_by: 'file_name' });
    const names = ['00123.jpg', '00123_2.jpg', 'Smith_Ava_00456.jpg', '123.jpg', '00777.jpg', '99999.jpg'];
    const sizes: Record<string, number> = {};
    for (const [i, name] of names.entries()) {
      const bytes = await photo(undefined, i);
      sizes[name] = bytes.length;
      await upload(batchId, name, bytes);
    }
    // Resuming: the same file again answers the existing record, and no new form once it is there.
    const again = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: {
        file_name: '00123.jpg',
        byte_size: sizes['00123.jpg'],
        content_type: 'image/jpeg',
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().photo.presigned_post).toBeUndefined();
    expect(again.json().photo_batch_item).toMatchObject({ file_name: '00123.jpg', verified: true });
    const batch = await match(batchId);
    expect(batch.counts).toMatchObject({ photos: 6, matched: 4, ambiguous: 1, unmatched: 1 });
    const got = byName(await items(batchId));
    expect(got['00123.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['00123_2.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['Smith_Ava_00456.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.cy!.id });
    expect(got['123.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.ben!.id });
    expect(got['00777.jpg']).toMatchObject({
      state: 'ambiguous',
      subject_id: null,
      reason: '2 subjects have this Student ID',
    });
    expect(new Set(got['00777.jpg']!.candidate_subject_ids)).toEqual(
      new Set([subjects.dee!.id, subjects.eve!.id]),
    );
    expect(got['99999.jpg']).toMatchObject({
      state: 'unmatched',
      reason_code: 'no_such_value',
      reason: 'no such Student ID',
    });
  }, 90_000);
});

describe('mapping file', () => {
  test('a CSV of file name -> Student ID with a BOM and semicolons, read with the roster parser; columns found by their headers', async () => {
    const batchId = await newBatch({ name: 'Lab mapping', match_by: 'mapping_file' });
    for (const [i, name] of ['IMG_0001.JPG', 'IMG_0002.JPG', 'IMG_0003.JPG'].entries())
      await upload(batchId, name, await photo(undefined, i));
    // Matching without the mapping file: a field error.
    const missing = await call('POST', `/api/photo-batches/${batchId}/match`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.mapping_file).toEqual(['has not been uploaded']);
    const csv = Buffer.from(
      '\uFEFFLast Name;Student ID;File Name\r\nSmith;00123;IMG_0001.JPG\r\nSmith;00456;img_0002.jpg\r\n',
      'utf8',
    );
    const started = await call('POST', `/api/photo-batches/${batchId}/mapping-file`, {
      mapping_file: { file_name: 'capture.csv', byte_size: csv.length },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().photo_batch.mapping_file.uploaded).toBe(false);
    expect((await t.upload(started.json().presigned_post, csv, 'capture.csv')).status).toBe(204);
    // Before matching takes it, the batch says the file has arrived.
    const shown = await call('GET', `/api/photo-batches/${batchId}`);
    expect(shown.json().photo_batch.mapping_file).toMatchObject({ file_name: 'capture.csv', uploaded: true });
    const batch = await match(batchId);
    expect(batch.mapping_file).toEqual({ file_name: 'capture.csv', byte_size: csv.length, uploaded: true });
    const got = byName(await items(batchId));
    expect(got['IMG_0001.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.ava!.id });
    expect(got['IMG_0002.JPG']).toMatchObject({ state: 'matched', subject_id: subjects.cy!.id });
    expect(got['IMG_0003.JPG']).toMatchObject({ state: 'unmatched', reason_code: 'not_in_mapping_file' });
  }, 90_000);
});

describe('who may, and bad input', () => {
  let batchId: string;
  beforeAll(async () => {
    batchId = await newBatch({ name: 'Access', match_by: 'camera_card' });
    await upload(batchId, 'a.jpg', await photo(undefined, 3));
  });

  test('a school gets 403 on its own project’s batches; another organization 404 on everything', async () => {
    const item = (await items(batchId))[0]!;
    for (const [method, url, body] of [
      ['GET', `/api/projects/${project.projectId}/photo-batches`],
      [
        'POST',
        `/api/projects/${project.projectId}/photo-batches`,
        { photo_batch: { name: 'x', match_by: 'camera_card' } },
      ],
      ['GET', `/api/photo-batches/${batchId}`],
      ['GET', `/api/photo-batches/${batchId}/items`],
      ['POST', `/api/photo-batches/${batchId}/match`],
      ['PATCH', `/api/photo-batch-items/${item.id}`, { photo_batch_item: { ignored: true } }],
      ['POST', `/api/photo-batches/${batchId}/apply`],
    ] as const) {
      const school = await call(method, url, body, schoolToken);
      expect(school.statusCode, `${method} ${url}`).toBe(403);
      const foreign = await call(method, url, body, foreignToken);
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      expect(foreign.json()).toEqual({ error: 'not_found' });
    }
  });

  test('bad bodies and parameters answer 422 and 400 with the field, and write nothing', async () => {
    const before = await t.ctx.db.selectFrom('photo_batches').select('id').execute();
    const badKind = await call('POST', `/api/projects/${project.projectId}/photo-batches`, {
      photo_batch: { name: 'x', match_by: 'by_magic' },
    });
    expect(badKind.statusCode).toBe(422);
    expect(Object.keys(badKind.json().errors)).toEqual(['match_by']);
    const badField = await call('POST', `/api/projects/${project.projectId}/photo-batches`, {
      photo_batch: { name: 'x', match_by: 'file_name', match_field_key: 'shoe_size' },
    });
    expect(badField.statusCode).toBe(422);
    expect(badField.json()).toEqual({ errors: { match_field_key: ['is not a field of this project'] } });
    expect(await t.ctx.db.selectFrom('photo_batches').select('id').execute()).toHaveLength(before.length);
    const gif = await call('POST', `/api/photo-batches/${batchId}/photos`, {
      photo: { file_name: 'a.gif', byte_size: 10, content_type: 'image/gif' },
    });
    expect(gif.statusCode).toBe(422);
    expect(Object.keys(gif.json().errors)).toEqual(['content_type']);
    expect((await call('GET', `/api/photo-batches/${batchId}/items?state=lost`)).statusCode).toBe(400);
    const notMapping = await call('POST', `/api/photo-batches/${batchId}/mapping-file`, {
      mapping_file: { file_name: 'm.csv', byte_size: 10 },
    });
    expect(notMapping.statusCode).toBe(422);
    expect((await call('POST', `/api/photo-batches/${batchId}/apply`)).statusCode).toBe(409);
  });
});

describe('resuming an upload', () => {
  test('a file whose bytes never arrived gets a new form; the same file sent twice at once is one item', async () => {
    const batchId = await newBatch({ name: 'Resumed', match_by: 'file_name' });
    const bytes = await photo(undefined, 12);
    const body = { photo: { file_name: '00888.jpg', byte_size: bytes.length, content_type: 'image/jpeg' } };
    const [a, b] = await Promise.all([
      call('POST', `/api/photo-batches/${batchId}/photos`, body),
      call('POST', `/api/photo-batches/${batchId}/photos`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().photo.id).toBe(b.json().photo.id);
    // The browser closed before sending it: asked again, the same record with a new form.
    const again = await call('POST', `/api/photo-batches/${batchId}/photos`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().photo_batch_item).toMatchObject({ verified: false, verification_state: 'uploaded' });
    const { photo: p } = again.json();
    expect((await t.upload(p.presigned_post, bytes, '00888.jpg')).status).toBe(204);
    await eventually(async () => (await call('PATCH', `/api/photos/${p.id}/verify`)).statusCode === 200);
    expect(await items(batchId)).toHaveLength(1);
    const batch = await match(batchId);
    expect(batch.counts).toMatchObject({ photos: 1, uploaded: 1, matched: 1 });
  }, 60_000);
});

describe('lists', () => {
  test('a page of batches or of items costs the same queries for one row as for all of them (no query per row)', async () => {
    const batches = (await call('GET', `/api/projects/${project.projectId}/photo-batches?limit=100`)).json();
    expect(batches.photo_batches.length).toBeGreaterThan(3);
    await whenJobsSettled(t.ctx.db);
    const list = (limit: number) => () =>
      call('GET', `/api/projects/${project.projectId}/photo-batches?limit=${limit}`);
    expect((await countQueries(list(100))).count).toBe((await countQueries(list(1))).count);
    const camera = batches.photo_batches.find((b: { name: string }) => b.name === 'Fall picture day');
    const page = (limit: number) => () => call('GET', `/api/photo-batches/${camera.id}/items?limit=${limit}`);
    const all = await countQueries(page(500));
    expect(all.value.json().photo_batch_items).toHaveLength(8);
    expect(all.count).toBe((await countQueries(page(1))).count);
  }, 150_000);
});
