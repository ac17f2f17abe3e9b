import { randomUUID } from 'node:crypto';
import { clockCardPayload } from '@school-portal/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCardCode, readClockText } from '../src/images/card-code.js';
import { matchItems } from '../src/modules/picture-day/match.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { drawnClockCard, photographCard } from './support/camera-cards.js';
import { bearer, signIn } from './support/factories.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { facePortrait } from './support/portraits.js';
import { projectWithFields } from './support/project-data.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Picture day matched by check-in: each photo goes to the student checked in last at its camera's
 * station before it, its camera's clock set by the station's clock card photographed in the batch. Real
 * JPEGs made with sharp (EXIF capture time and camera), a real clock card QR, the real verify and match
 * jobs, real PostgreSQL; the check-ins are written as the stations' route stores them.
 */

let t: ListeningTestApp;
let w: World;
let token: string;

type Item = {
  file_name: string;
  state: string;
  subject_id: string | null;
  candidate_subject_ids: string[];
  reason_code: string | null;
};

const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: bearer(token) });

/** The station's time at `seconds` after 09:07 (the stations' clocks are the reference). */
const stationAt = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 9, 7, seconds));

/** EXIF as a camera writes it: its own clock's time (`seconds` after 09:00), and its make, model, serial. */
const exif = (seconds: number, camera?: { Make: string; Model: string; BodySerialNumber: string }) => {
  const time = new Date(Date.UTC(2026, 10, 25, 9, 0, seconds));
  const stamp = time.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
  const { BodySerialNumber, ...ifd0 } = camera ?? { BodySerialNumber: undefined };
  return {
    ...(camera ? { IFD0: ifd0 } : {}),
    IFD2: { DateTimeOriginal: stamp, ...(BodySerialNumber ? { BodySerialNumber } : {}) },
  };
};

type Camera = { Make: string; Model: string; BodySerialNumber: string } | undefined;
const portrait = (seconds: number, seed: number, camera?: Camera) =>
  facePortrait({ seed }, exif(seconds, camera));

/** A photo of a station's clock card showing `shown`, taken when the camera's clock said `seconds`. */
async function clockShot(stationId: string, shown: Date, seconds: number, camera?: Camera) {
  const card = await drawnClockCard(clockCardPayload(stationId, shown));
  const shot = await photographCard(card, { width: 2400, height: 1600, share: 0.4, angle: 4 });
  return sharp(shot).withExif(exif(seconds, camera)).toBuffer();
}

/** A project with subjects (first name = key), a photo session and its stations. */
async function sessionWith(name: string, kids: string[], stationNames: string[]) {
  const project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, name, ['first_name']);
  const subjects: Record<string, string> = {};
  for (const kid of kids)
    subjects[kid] = (
      await t.ctx.db
        .insertInto('subjects')
        .values({
          project_id: project.projectId,
          properties: JSON.stringify({ [project.fields.first_name!]: kid }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const session = await t.ctx.db
    .insertInto('photo_sessions')
    .values({ project_id: project.projectId, name, date: '2026-11-25' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stations: string[] = [];
  for (const station of stationNames)
    stations.push(
      (
        await t.ctx.db
          .insertInto('stations')
          .values({ photo_session_id: session.id, name: station })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  return { projectId: project.projectId, sessionId: session.id, subjects, stations };
}

/** Check-ins as a station sends them: its device's time. */
async function checkIn(
  sessionId: string,
  stationId: string,
  subjectId: string,
  status: 'photographed' | 'retake' | 'absent' | 'undo',
  at: Date,
) {
  await t.ctx.db
    .insertInto('check_ins')
    .values({
      photo_session_id: sessionId,
      station_id: stationId,
      client_id: randomUUID(),
      subject_id: subjectId,
      status,
      at,
    })
    .execute();
}

async function batchOf(projectId: string, sessionId: string, photos: Record<string, Buffer>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/photo-batches`,
    headers: bearer(token),
    payload: { photo_batch: { name: 'By check-in', match_by: 'check_in', photo_session_id: sessionId } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const batchId = res.json().photo_batch.id as string;
  for (const [name, bytes] of Object.entries(photos)) await uploadBatchPhoto(t, token, batchId, name, bytes);
  const started = await call('POST', `/api/photo-batches/${batchId}/match`);
  expect(started.statusCode, started.body).toBe(202);
  const batch = await eventually(async () => {
    const b = (await call('GET', `/api/photo-batches/${batchId}`)).json().photo_batch;
    return b.state === 'matched' || b.state === 'failed' ? b : null;
  }, 90_000);
  expect(batch.state, batch.error).toBe('matched');
  const items = await call('GET', `/api/photo-batches/${batchId}/items?limit=500`);
  expect(items.statusCode, items.body).toBe(200);
  return Object.fromEntries((items.json().photo_batch_items as Item[]).map((i) => [i.file_name, i]));
}

const canon = { Make: 'Canon', Model: 'EOS R6', BodySerialNumber: '0123' };

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioStaff!.email);
});
afterAll(() => t?.close());

describe('matching by check-in', () => {
  test('a camera 7 minutes behind the station is set by its clock card: each photo goes to the student checked in last before it, a photo long after goes to review', async () => {
    const { projectId, sessionId, subjects, stations } = await sessionWith(
      'Clock',
      ['ava', 'ben'],
      ['Gym A'],
    );
    const gym = stations[0]!;
    await checkIn(sessionId, gym, subjects.ava!, 'photographed', stationAt(10));
    await checkIn(sessionId, gym, subjects.ben!, 'photographed', stationAt(40));
    // The camera's clock says 09:00:00 when the station's says 09:07:00.
    const items = await batchOf(projectId, sessionId, {
      'clock.jpg': await clockShot(gym, stationAt(0), 0, canon),
      'ava-1.jpg': await portrait(15, 1, canon),
      'ava-2.jpg': await portrait(18, 2, canon),
      'ben-1.jpg': await portrait(45, 3, canon),
      'ben-2.jpg': await portrait(49, 4, canon),
      'later.jpg': await portrait(49 + 600, 5, canon),
    });
    expect(items['clock.jpg']).toMatchObject({ state: 'card', reason_code: 'clock_card', subject_id: null });
    for (const [file, kid] of [
      ['ava-1.jpg', 'ava'],
      ['ava-2.jpg', 'ava'],
      ['ben-1.jpg', 'ben'],
      ['ben-2.jpg', 'ben'],
    ] as const)
      expect(items[file], file).toMatchObject({ state: 'matched', subject_id: subjects[kid] });
    expect(items['later.jpg']).toMatchObject({
      state: 'unmatched',
      reason_code: 'long_after_check_in',
      candidate_subject_ids: [subjects.ben],
    });
  });

  test('two cameras in one batch, told apart by body serial and by folder, each set by its own clock card at its own station', async () => {
    const { projectId, sessionId, subjects, stations } = await sessionWith(
      'Two cameras',
      ['ava', 'ben', 'cy'],
      ['Gym A', 'Library'],
    );
    const [gym, library] = stations as [string, string];
    await checkIn(sessionId, gym, subjects.ava!, 'photographed', stationAt(10));
    await checkIn(sessionId, library, subjects.ben!, 'photographed', stationAt(12));
    await checkIn(sessionId, library, subjects.cy!, 'photographed', stationAt(11 * 60 + 50));
    // Camera A (its EXIF body) is 3 minutes ahead, at the gym: 09:10:00 on it is 09:07:00 there.
    // Camera B (no camera in its EXIF: its folder) is 7 minutes behind, in the library.
    const items = await batchOf(projectId, sessionId, {
      'A/clock.jpg': await clockShot(gym, stationAt(0), 10 * 60, canon),
      'A/ava-1.jpg': await portrait(10 * 60 + 15, 1, canon),
      'A/ava-2.jpg': await portrait(10 * 60 + 18, 2, canon),
      'B/clock.jpg': await clockShot(library, stationAt(2), 2),
      'B/ben-1.jpg': await portrait(15, 3),
      'B/ben-2.jpg': await portrait(19, 4),
      // After camera A's clock card by camera B's own clock: still camera B's offset and station.
      'B/cy-1.jpg': await portrait(11 * 60 + 55, 5),
    });
    expect(items['A/clock.jpg']!.state).toBe('card');
    expect(items['B/clock.jpg']!.state).toBe('card');
    for (const [file, kid] of [
      ['A/ava-1.jpg', 'ava'],
      ['A/ava-2.jpg', 'ava'],
      ['B/ben-1.jpg', 'ben'],
      ['B/ben-2.jpg', 'ben'],
      ['B/cy-1.jpg', 'cy'],
    ] as const)
      expect(items[file], file).toMatchObject({ state: 'matched', subject_id: subjects[kid] });
  });

  test('photos before the first check-in at their station go to review', async () => {
    const { projectId, sessionId, subjects, stations } = await sessionWith('Early', ['ava'], ['Gym A']);
    const gym = stations[0]!;
    await checkIn(sessionId, gym, subjects.ava!, 'photographed', stationAt(30));
    const items = await batchOf(projectId, sessionId, {
      'clock.jpg': await clockShot(gym, stationAt(0), 0, canon),
      'test-shot.jpg': await portrait(20, 1, canon),
      'ava.jpg': await portrait(35, 2, canon),
    });
    expect(items['test-shot.jpg']).toMatchObject({
      state: 'unmatched',
      reason_code: 'no_check_in_before',
      subject_id: null,
    });
    expect(items['ava.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.ava });
  });

  test('an undone check-in is not matched: the photos after it go to review, not to its student nor the one before', async () => {
    const { projectId, sessionId, subjects, stations } = await sessionWith('Undo', ['ava', 'ben'], ['Gym A']);
    const gym = stations[0]!;
    await checkIn(sessionId, gym, subjects.ava!, 'photographed', stationAt(10));
    await checkIn(sessionId, gym, subjects.ben!, 'photographed', stationAt(30));
    await checkIn(sessionId, gym, subjects.ben!, 'undo', stationAt(38));
    const items = await batchOf(projectId, sessionId, {
      'clock.jpg': await clockShot(gym, stationAt(0), 0, canon),
      'ava.jpg': await portrait(14, 1, canon),
      'after-undone.jpg': await portrait(33, 2, canon),
    });
    expect(items['ava.jpg']).toMatchObject({ state: 'matched', subject_id: subjects.ava });
    expect(items['after-undone.jpg']).toMatchObject({
      state: 'unmatched',
      reason_code: 'undone_check_in',
      subject_id: null,
    });
  });
});

describe('matching by check-in, the rule itself', () => {
  const photo = (id: string, seconds: number, code: string | null = null, camera = 'Canon|R6|1') => ({
    id,
    file_name: `${id}.jpg`,
    captured_at: new Date(Date.UTC(2026, 10, 25, 9, 0, seconds)),
    verified: true,
    code,
    camera,
    reviewed: false,
    state: 'pending' as const,
    subject_id: null,
  });
  const checkInOf = (
    id: string,
    station: string,
    person: string,
    subject: string | null,
    seconds: number,
  ) => ({
    id,
    client_id: `00000000-0000-4000-8000-00000000000${id}`,
    station_id: station,
    person,
    subject_id: subject,
    status: 'photographed' as const,
    at: stationAt(seconds),
  });
  const run = (
    items: ReturnType<typeof photo>[],
    checkIns: ReturnType<typeof checkInOf>[],
    stationId: string | null = null,
  ) =>
    Object.fromEntries(
      matchItems({
        matchBy: 'check_in',
        createExtras: false,
        items,
        subjects: [],
        checkIns,
        stationIds: new Set(['1', '2']),
        stationId,
      }).map((m) => [m.id, m]),
    );

  test('a photo within 2 s of another student’s check-in goes to review with both offered; 2 s away it is matched', () => {
    const clock = clockCardPayload('1', stationAt(0));
    const result = run(
      [
        photo('1', 0, clock),
        photo('2', 15),
        // One second before Ben's check-in: Ava's last frame, or Ben's first with the clocks a second apart.
        photo('3', 39),
        // One second after it: the same doubt, the other way.
        photo('4', 41),
        photo('5', 43),
        photo('6', 37),
      ],
      [checkInOf('1', '1', 's1', '11', 10), checkInOf('2', '1', 's2', '12', 40)],
    );
    expect(result['2']).toMatchObject({ state: 'matched', subject_id: '11' });
    for (const id of ['3', '4'])
      expect(result[id], id).toMatchObject({
        state: 'unmatched',
        reason_code: 'near_check_in',
        subject_id: null,
      });
    expect(result['3']!.candidate_subject_ids.sort()).toEqual(['11', '12']);
    expect(result['4']!.candidate_subject_ids.sort()).toEqual(['11', '12']);
    expect(result['5']).toMatchObject({ state: 'matched', subject_id: '12' });
    expect(result['6']).toMatchObject({ state: 'matched', subject_id: '11' });
  });

  test("a camera without a clock card, a clock card of another session's station, and a walk-up not approved yet go to review", () => {
    const clock = clockCardPayload('1', stationAt(0));
    const result = run(
      [
        photo('1', 0, clock),
        photo('2', 15),
        photo('3', 16, clockCardPayload('99', stationAt(0)), 'Nikon|Z6|2'),
        photo('4', 20, null, 'Nikon|Z6|2'),
        photo('5', 45),
      ],
      [checkInOf('1', '1', 's10', '10', 10), checkInOf('2', '1', 'w7', null, 40)],
    );
    expect(result['1']).toMatchObject({ state: 'card', reason_code: 'clock_card', card_code: clock });
    expect(result['2']).toMatchObject({ state: 'matched', subject_id: '10' });
    expect(result['3']).toMatchObject({ state: 'unmatched', reason_code: 'unknown_clock_card' });
    expect(result['4']).toMatchObject({ state: 'unmatched', reason_code: 'no_clock_card' });
    expect(result['5']).toMatchObject({
      state: 'unmatched',
      reason_code: 'walk_up_pending',
      subject_id: null,
    });
  });

  test("a station's live batch matches that station's check-ins, whichever station's clock card set the camera", () => {
    const items = [photo('1', 0, clockCardPayload('1', stationAt(0))), photo('2', 15)];
    const checkIns = [checkInOf('1', '1', 's10', '10', 10), checkInOf('2', '2', 's20', '20', 12)];
    expect(run(items, checkIns)['2']).toMatchObject({ state: 'matched', subject_id: '10' });
    expect(run(items, checkIns, '2')['2']).toMatchObject({ state: 'matched', subject_id: '20' });
  });

  test("the batch's order is the stations' time: two cameras' photos interleave as they were shot", () => {
    const nikon = 'Nikon|Z6|2';
    const result = run(
      [
        photo('1', 0, clockCardPayload('1', stationAt(0))),
        photo('2', 20),
        photo('3', 9 * 60 + 5, clockCardPayload('1', stationAt(5)), nikon),
        photo('4', 9 * 60 + 10, null, nikon),
      ],
      [checkInOf('1', '1', 's10', '10', 1)],
    );
    expect(['1', '2', '3', '4'].map((id) => result[id]!.sequence)).toEqual([1, 4, 2, 3]);
  });

  test("a clock card's photo reads as its text, and as no camera card; a portrait reads as no clock card", async () => {
    const shot = await clockShot('12', stationAt(0), 0, canon);
    expect(await readClockText(shot)).toBe(clockCardPayload('12', stationAt(0)));
    expect(await readCardCode(shot)).toBeNull();
    expect(await readClockText(await portrait(0, 1, canon))).toBeNull();
  });

  test('a batch whose photo session was deleted is not matched: its check-ins are gone', async () => {
    const { projectId, sessionId } = await sessionWith('Gone', ['ava'], ['Gym A']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/photo-batches`,
      headers: bearer(token),
      payload: { photo_batch: { name: 'Orphan', match_by: 'check_in', photo_session_id: sessionId } },
    });
    const batchId = res.json().photo_batch.id as string;
    await uploadBatchPhoto(t, token, batchId, 'a.jpg', await portrait(0, 1, canon));
    await t.ctx.db.deleteFrom('photo_sessions').where('id', '=', sessionId).execute();
    const match = await call('POST', `/api/photo-batches/${batchId}/match`);
    expect(match.statusCode).toBe(422);
    expect(match.json().errors.photo_session_id).toEqual(['was deleted: the check-ins to match by are gone']);
  });
});
