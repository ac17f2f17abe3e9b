import { randomUUID } from 'node:crypto';
import { clockCardPayload } from '@school-portal/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { drawnClockCard, photographCard } from './support/camera-cards.js';
import { openEventStream } from './support/event-stream.js';
import { bearer, injectAs, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { facePortrait } from './support/portraits.js';
import { projectWithFields } from './support/project-data.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Tethered capture as the day goes, on the real server, PostgreSQL, sharp and face detector: a station's
 * live batch matched by check-in as each frame arrives (after its verification and checks), held for the
 * studio's review or applied at once as the session says, the station's "now" view of its current
 * student's frames with their checks and crop, the photographer's pick, the `station.frame` event on the
 * session's stream, and who may reach them.
 */

let t: ListeningTestApp;
let w: World;
let studio: string;
let school: string;
let foreign: string;

/** The station's time at `seconds` after 09:07. */
const stationAt = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 9, 7, seconds));
/** EXIF as the camera writes it: its own clock, 7 minutes behind the station's. */
const exif = (seconds: number) => {
  const time = new Date(Date.UTC(2026, 10, 25, 9, 0, seconds));
  return { IFD2: { DateTimeOriginal: time.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':') } };
};
/** A camera's frame of a child, large enough that the head passes the size check. */
const portrait = (seconds: number, seed: number) =>
  facePortrait({ width: 3000, height: 2100, seed }, exif(seconds));
/** A frame with no face in it (an empty stool): the checks flag it. */
const emptyFrame = async (seconds: number) =>
  sharp(await makeJpeg(900, 600))
    .withExif(exif(seconds))
    .toBuffer();

/** A real JPEG whose frame header claims `width` x `height` (a pixel bomb a camera folder could hold). */
async function jpegBomb(width: number, height: number) {
  const bytes = Buffer.from(await makeJpeg(64, 48));
  for (let at = 2; at < bytes.length - 9; at++)
    if (bytes[at] === 0xff && bytes[at + 1]! >= 0xc0 && bytes[at + 1]! <= 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
  throw new Error('no frame header');
}

async function clockShot(stationId: string, shown: Date, seconds: number) {
  const card = await drawnClockCard(clockCardPayload(stationId, shown));
  const shot = await photographCard(card, { width: 2400, height: 1600, share: 0.4, angle: 4 });
  return sharp(shot).withExif(exif(seconds)).toBuffer();
}

type Now = {
  photo_batch_id: string | null;
  live_apply: boolean;
  student: { subject_id: string | null; name: string; status: string } | null;
  frames: {
    photo_id: string;
    file_name: string;
    state: string;
    checked: boolean;
    checks: { code: string }[];
    auto_crop: { x: number; y: number; width: number; height: number } | null;
    thumbnails: { small: string | null };
    picked: boolean;
    applied: boolean;
    is_primary: boolean;
  }[];
  retake_now: boolean;
  retake_reasons: string[];
};

beforeAll(async () => {
  t = await listeningTestApp();
  w = await buildWorld(t.ctx.db);
  studio = await signIn(t.app, w.users.studioStaff!.email);
  school = await signIn(t.app, w.users.schoolStaff!.email);
  foreign = await signIn(t.app, w.users.foreignManager!.email);
}, 120_000);
afterAll(() => t?.close());

/** A project with two students, a session of today, a station (with its link and live batch). */
async function day(name: string) {
  const project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, name, ['first_name', 'last_name']);
  const kid = async (first: string) =>
    (
      await t.ctx.db
        .insertInto('subjects')
        .values({
          project_id: project.projectId,
          properties: JSON.stringify({
            [project.fields.first_name!]: first,
            [project.fields.last_name!]: 'Lee',
          }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const ava = await kid('Ava');
  const ben = await kid('Ben');
  const session = await injectAs(t.app, studio, 'POST', `/api/projects/${project.projectId}/photo-sessions`, {
    photo_session: { name, date: new Date().toISOString().slice(0, 10) },
  });
  expect(session.statusCode, session.body).toBe(201);
  const sessionId = session.json().photo_session.id as string;
  const station = async (label: string) => {
    const made = await injectAs(t.app, studio, 'POST', `/api/photo-sessions/${sessionId}/stations`, {
      station: { name: label },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().station.id as string;
    const token = made.json().station_link.token as string;
    const batch = await injectAs(t.app, token, 'POST', `/api/stations/${id}/batch`);
    return { id, token, batchId: batch.json().photo_batch.id as string };
  };
  return {
    projectId: project.projectId,
    sessionId,
    ava,
    ben,
    gym: await station('Gym'),
    hall: await station('Hall'),
  };
}

async function checkIn(
  sessionId: string,
  stationId: string,
  subjectId: string,
  at: Date,
  status = 'photographed',
) {
  await t.ctx.db
    .insertInto('check_ins')
    .values({
      photo_session_id: sessionId,
      station_id: stationId,
      client_id: randomUUID(),
      subject_id: subjectId,
      status: status as 'photographed',
      at,
    })
    .execute();
}

const nowOf = async (token: string, stationId: string) => {
  const res = await injectAs(t.app, token, 'GET', `/api/stations/${stationId}/now`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().station_now as Now;
};

/** The now view once `ready` holds of it (frames are matched after their verification and checks). */
const nowWhen = (token: string, stationId: string, ready: (now: Now) => boolean) =>
  eventually(async () => {
    const now = await nowOf(token, stationId);
    return ready(now) ? now : null;
  }, 90_000);

const assignments = (photoId: string) =>
  t.ctx.db
    .selectFrom('subject_photo_assignments')
    .select(['subject_id', 'is_primary'])
    .where('photo_id', '=', photoId)
    .execute();

describe('a station’s live batch as frames arrive', () => {
  test('held for review (the default): each frame matched at once, shown with its checks and crop, not applied; the stream tells the station', async () => {
    const d = await day('Held day');
    const stream = await openEventStream(`${t.origin}/api/photo-sessions/${d.sessionId}/events`, d.gym.token);
    const other = await openEventStream(`${t.origin}/api/photo-sessions/${d.sessionId}/events`, d.hall.token);
    const schoolStream = await openEventStream(
      `${t.origin}/api/photo-sessions/${d.sessionId}/events`,
      school,
    );
    await stream.next('ready', 10_000);
    await other.next('ready', 10_000);
    await schoolStream.next('ready', 10_000);
    expect((await nowOf(d.gym.token, d.gym.id)).student).toBeNull();

    await uploadBatchPhoto(
      t,
      d.gym.token,
      d.gym.batchId,
      'clock.jpg',
      await clockShot(d.gym.id, stationAt(0), 0),
    );
    await checkIn(d.sessionId, d.gym.id, d.ava, stationAt(10));
    const first = await uploadBatchPhoto(
      t,
      d.gym.token,
      d.gym.batchId,
      'IMG_0002.JPG',
      await portrait(15, 1),
    );
    const now = await nowWhen(d.gym.token, d.gym.id, (n) =>
      n.frames.some((f) => f.checked && f.state === 'matched'),
    );
    expect(now.student).toMatchObject({ subject_id: d.ava, name: 'Ava Lee', status: 'photographed' });
    expect(now.live_apply).toBe(false);
    expect(now.frames).toHaveLength(1);
    expect(now.frames[0]).toMatchObject({ photo_id: first, state: 'matched', checks: [], applied: false });
    expect(now.frames[0]!.auto_crop).not.toBeNull();
    // Signed: a storage address with its signature, as the photo's own thumbnails.
    expect(now.frames[0]!.thumbnails.small).toMatch(/^\/storage\/.+signature=/);
    expect((await fetch(new URL(now.frames[0]!.thumbnails.small!, t.origin))).status).toBe(200);
    expect(now.retake_now).toBe(false);
    expect(await assignments(first)).toEqual([]);

    const heard = await stream.next('station.frame', 10_000);
    expect(heard.data).toEqual({
      type: 'station.frame',
      photo_session_id: d.sessionId,
      station_id: d.gym.id,
      photo_batch_id: d.gym.batchId,
      photo_id: first,
      subject_id: d.ava,
      state: 'matched',
      checks: 'passed',
      applied: false,
    });
    // Ids and states only: no name rides along. Another station's device and the school hear none of it.
    expect(JSON.stringify(heard.data)).not.toContain('Ava');
    await new Promise((r) => setTimeout(r, 500));
    expect(other.received.filter((r) => r.event === 'station.frame')).toEqual([]);
    expect(schoolStream.received.filter((r) => r.event === 'station.frame')).toEqual([]);
    for (const s of [stream, other, schoolStream]) s.close();

    // A frame with nobody in it: flagged, the station is told to take another now.
    await uploadBatchPhoto(t, d.gym.token, d.gym.batchId, 'IMG_0003.JPG', await emptyFrame(20));
    const flagged = await nowWhen(
      d.gym.token,
      d.gym.id,
      (n) => n.frames.length === 2 && n.frames[1]!.checked,
    );
    expect(flagged.retake_now).toBe(true);
    expect(flagged.retake_reasons).toContain('no_face');

    // The next student: the view follows the station's last check-in.
    await checkIn(d.sessionId, d.gym.id, d.ben, stationAt(40));
    const ben = await uploadBatchPhoto(t, d.gym.token, d.gym.batchId, 'IMG_0004.JPG', await portrait(45, 2));
    const next = await nowWhen(d.gym.token, d.gym.id, (n) =>
      n.frames.some((f) => f.photo_id === ben && f.checked),
    );
    expect(next.student?.subject_id).toBe(d.ben);
    expect(next.frames.map((f) => f.photo_id)).toEqual([ben]);
    expect(next.frames[0]!.state).toBe('matched');
    expect(await assignments(ben)).toEqual([]);

    // The studio applies the live batch at the day's end, and the station can still shoot after it.
    const matched = await injectAs(t.app, studio, 'POST', `/api/photo-batches/${d.gym.batchId}/match`);
    expect(matched.statusCode, matched.body).toBe(202);
    await eventually(async () => {
      const b = (await injectAs(t.app, studio, 'GET', `/api/photo-batches/${d.gym.batchId}`)).json()
        .photo_batch;
      return b.state === 'matched' ? b : null;
    }, 60_000);
    const flaggedItem = (
      await injectAs(t.app, studio, 'GET', `/api/photo-batches/${d.gym.batchId}/items?limit=100`)
    )
      .json()
      .photo_batch_items.find((i: { file_name: string }) => i.file_name === 'IMG_0003.JPG');
    const applied = await injectAs(t.app, studio, 'POST', `/api/photo-batches/${d.gym.batchId}/apply`);
    expect(applied.statusCode, applied.body).toBe(202);
    await eventually(async () => {
      const b = (await injectAs(t.app, studio, 'GET', `/api/photo-batches/${d.gym.batchId}`)).json()
        .photo_batch;
      return b.state === 'applied' ? b : null;
    }, 60_000);
    expect(flaggedItem).toBeDefined();
    expect(await assignments(first)).toEqual([{ subject_id: d.ava, is_primary: true }]);
    const later = await uploadBatchPhoto(
      t,
      d.gym.token,
      d.gym.batchId,
      'IMG_0005.JPG',
      await portrait(50, 3),
    );
    const batch = (await injectAs(t.app, studio, 'GET', `/api/photo-batches/${d.gym.batchId}`)).json()
      .photo_batch;
    expect(batch.state).toBe('open');
    await nowWhen(d.gym.token, d.gym.id, (n) => n.frames.some((f) => f.photo_id === later && f.checked));
    // What was applied stays applied.
    expect(await assignments(first)).toEqual([{ subject_id: d.ava, is_primary: true }]);
  }, 240_000);

  test('applied as they come when the session says so: the first good frame becomes the primary, the pick replaces it', async () => {
    const d = await day('Live day');
    const patched = await injectAs(t.app, studio, 'PATCH', `/api/photo-sessions/${d.sessionId}`, {
      photo_session: { live_apply: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().photo_session.live_apply).toBe(true);

    await uploadBatchPhoto(
      t,
      d.gym.token,
      d.gym.batchId,
      'clock.jpg',
      await clockShot(d.gym.id, stationAt(0), 0),
    );
    await checkIn(d.sessionId, d.gym.id, d.ava, stationAt(10));
    const one = await uploadBatchPhoto(t, d.gym.token, d.gym.batchId, 'IMG_0002.JPG', await portrait(15, 4));
    await nowWhen(d.gym.token, d.gym.id, (n) => n.frames.some((f) => f.photo_id === one && f.applied));
    expect(await assignments(one)).toEqual([{ subject_id: d.ava, is_primary: true }]);
    const two = await uploadBatchPhoto(t, d.gym.token, d.gym.batchId, 'IMG_0003.JPG', await portrait(20, 5));
    const now = await nowWhen(d.gym.token, d.gym.id, (n) =>
      n.frames.some((f) => f.photo_id === two && f.applied),
    );
    // The first stays the primary: one exists.
    expect(now.frames.map((f) => [f.photo_id, f.is_primary])).toEqual([
      [one, true],
      [two, false],
    ]);

    const pick = await injectAs(t.app, d.gym.token, 'PUT', `/api/stations/${d.gym.id}/now/pick`, {
      photo_id: two,
    });
    expect(pick.statusCode, pick.body).toBe(200);
    const picked = pick.json().station_now as Now;
    expect(picked.frames.map((f) => [f.photo_id, f.picked, f.is_primary])).toEqual([
      [one, false, false],
      [two, true, true],
    ]);
    // A photo that is not the current student's frame is refused with a reason.
    const clockPhoto = (await injectAs(t.app, studio, 'GET', `/api/photo-batches/${d.gym.batchId}/items`))
      .json()
      .photo_batch_items.find((i: { file_name: string }) => i.file_name === 'clock.jpg').photo_id;
    const bad = await injectAs(t.app, d.gym.token, 'PUT', `/api/stations/${d.gym.id}/now/pick`, {
      photo_id: clockPhoto,
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors.photo_id[0]).toMatch(/current student/);
  }, 240_000);
});

describe('who reaches a station’s now view', () => {
  test('its own link and the studio; another station’s link and another organization 404, the school 403', async () => {
    const d = await day('Reach day');
    expect((await injectAs(t.app, d.gym.token, 'GET', `/api/stations/${d.gym.id}/now`)).statusCode).toBe(200);
    expect((await injectAs(t.app, studio, 'GET', `/api/stations/${d.gym.id}/now`)).statusCode).toBe(200);
    expect((await injectAs(t.app, d.hall.token, 'GET', `/api/stations/${d.gym.id}/now`)).statusCode).toBe(
      404,
    );
    const pick = { photo_id: '1' };
    expect(
      (await injectAs(t.app, d.hall.token, 'PUT', `/api/stations/${d.gym.id}/now/pick`, pick)).statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, foreign, 'GET', `/api/stations/${d.gym.id}/now`)).statusCode).toBe(404);
    expect((await injectAs(t.app, school, 'GET', `/api/stations/${d.gym.id}/now`)).statusCode).toBe(403);
    // The session's settings are the studio's: a station link does not reach them.
    const setting = { photo_session: { live_apply: true } };
    expect(
      (await injectAs(t.app, d.gym.token, 'PATCH', `/api/photo-sessions/${d.sessionId}`, setting)).statusCode,
    ).toBe(404);
    expect(
      (await injectAs(t.app, school, 'PATCH', `/api/photo-sessions/${d.sessionId}`, setting)).statusCode,
    ).toBe(403);
    const wrong = await injectAs(t.app, studio, 'PATCH', `/api/photo-sessions/${d.sessionId}`, {
      photo_session: { live_apply: 'yes' },
    });
    expect(wrong.statusCode).toBe(422);
  });
});

describe('bad files at a station', () => {
  test('not a JPEG, cut short, enormous dimensions: each refused with its reason, the batch goes on', async () => {
    const d = await day('Bad files day');
    const good = await makeJpeg(320, 240);
    const files: Record<string, Buffer> = {
      'NOTES.JPG': Buffer.from('a shopping list, not a photo'),
      'CUT.JPG': good.subarray(0, Math.floor(good.length / 2)),
      'HUGE.JPG': await jpegBomb(60_000, 60_000),
      'IMG_0001.JPG': good,
    };
    const ids: Record<string, string> = {};
    for (const [name, bytes] of Object.entries(files))
      ids[name] = await uploadBatchPhoto(t, d.gym.token, d.gym.batchId, name, bytes, {}, { verified: false });
    const states = await eventually(async () => {
      const rows = await t.ctx.db
        .selectFrom('photos')
        .select(['id', 'verification_state', 'verification_error'])
        .where('id', 'in', Object.values(ids))
        .execute();
      return rows.every((r) => r.verification_state === 'refused' || r.verification_state === 'verified')
        ? new Map(rows.map((r) => [r.id, r]))
        : null;
    }, 60_000);
    expect(states.get(ids['NOTES.JPG']!)).toMatchObject({
      verification_state: 'refused',
      verification_error: 'is not a PNG or JPEG image',
    });
    expect(states.get(ids['CUT.JPG']!)).toMatchObject({
      verification_state: 'refused',
      verification_error: 'is damaged or incomplete',
    });
    // Its header alone is refused (sharp's pixel limit), before any decode.
    expect(states.get(ids['HUGE.JPG']!)!.verification_state).toBe('refused');
    expect(states.get(ids['HUGE.JPG']!)!.verification_error).toMatch(/too many pixels|could not be read/);
    expect(states.get(ids['IMG_0001.JPG']!)!.verification_state).toBe('verified');
    // The photo's own answer carries the reason for the uploader to print.
    const shown = await t.app.inject({ url: `/api/photos/${ids['NOTES.JPG']}`, headers: bearer(studio) });
    expect(shown.json().photo.verification_error).toBe('is not a PNG or JPEG image');
  }, 120_000);
});
