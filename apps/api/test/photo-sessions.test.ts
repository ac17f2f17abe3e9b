import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runRetentionSweep } from '../src/jobs/retention.js';
import { WALK_UP_RETENTION_DAYS } from '../src/modules/photo-sessions/retention.js';
import { daysAfter } from '../src/time.js';
import { type ListeningTestApp, listeningTestApp } from './support/app.js';
import { openEventStream } from './support/event-stream.js';
import { injectAs, signIn } from './support/factories.js';
import { projectWithFields } from './support/project-data.js';
import { countQueries } from './support/query-count.js';
import { insertSubject } from './support/rows.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Picture-day sessions and stations on the real server and PostgreSQL: sessions with their counts, stations
 * and their device links (a token for one session only, revocable at once), the roster a station caches,
 * batches of check-ins (replays, merges across stations, undo, walk-ups), the live stream and clock cards.
 */

let t: ListeningTestApp;
let w: World;
let studio: string;
let school: string;
let foreign: string;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let foreignProject: Awaited<ReturnType<typeof projectWithFields>>;
let zoe: string;
let sam: string;
let zoeCard: string;

const KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await listeningTestApp({}, { workers: false });
  w = await buildWorld(t.ctx.db);
  studio = await signIn(t.app, w.users.studioStaff!.email);
  school = await signIn(t.app, w.users.schoolStaff!.email);
  foreign = await signIn(t.app, w.users.foreignManager!.email);
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Picture day', KEYS);
  foreignProject = await projectWithFields(t.ctx.db, w.orgs.schoolB.id, 'Elsewhere', KEYS);
  zoe = await insertSubject(t.ctx.db, project.projectId, project.fields, {
    student_id: 'S-1001',
    first_name: 'Zoë',
    last_name: 'Brown',
    grade: '3',
    teacher: 'Ms. Lee',
  });
  sam = await insertSubject(t.ctx.db, project.projectId, project.fields, {
    student_id: 'S-1002',
    first_name: 'Sam',
    last_name: 'Adams',
    grade: '3',
    teacher: 'Ms. Lee',
  });
  zoeCard = (
    await t.ctx.db.selectFrom('subjects').select('card_code').where('id', '=', zoe).executeTakeFirstOrThrow()
  ).card_code;
}, 120_000);
afterAll(() => t?.close());

const as = (token: string) => ({
  get: (url: string) => injectAs(t.app, token, 'GET', url),
  post: (url: string, body: unknown) => injectAs(t.app, token, 'POST', url, body),
  delete: (url: string) => injectAs(t.app, token, 'DELETE', url),
});

async function newSession(projectId = project.projectId, token = studio, date = today()) {
  const res = await as(token).post(`/api/projects/${projectId}/photo-sessions`, {
    photo_session: { name: 'Fall picture day', date },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().photo_session as { id: string; counts: Record<string, number> };
}

async function newStation(sessionId: string, name = 'Gym A') {
  const res = await as(studio).post(`/api/photo-sessions/${sessionId}/stations`, { station: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    station: { id: string };
    station_link: { url: string; token: string; expires_at: string };
  };
}

const checkIn = (
  stationId: string,
  who: object,
  status: string,
  at: string,
  clientId: string = randomUUID(),
) => ({
  client_id: clientId,
  station_id: stationId,
  ...who,
  status,
  at,
});

async function send(token: string, sessionId: string, items: object[]) {
  const res = await as(token).post(`/api/photo-sessions/${sessionId}/check-ins`, { check_ins: items });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().check_ins as {
    client_id: string;
    outcome: string;
    check_in: { id: string; subject_id: string | null; walk_up_id: string | null } | null;
    walk_up: { id: string; card_code: string } | null;
    errors: Record<string, string[]> | null;
  }[];
}

const countsOf = async (sessionId: string, token = studio) =>
  (await as(token).get(`/api/photo-sessions/${sessionId}`)).json().photo_session.counts;

describe('photo sessions', () => {
  test('studio staff make a session on a project; it is listed and shown with its counts', async () => {
    const session = await newSession();
    expect(session.counts).toEqual({
      checked_in: 0,
      photographed: 0,
      absent: 0,
      retake: 0,
      walk_ups: 0,
      remaining: 2,
    });
    const list = await as(studio).get(`/api/projects/${project.projectId}/photo-sessions`);
    expect(list.statusCode).toBe(200);
    expect(list.json().photo_sessions.map((s: { id: string }) => s.id)).toContain(session.id);
    expect(list.json().meta).toMatchObject({ page: 1 });
    const one = await as(studio).get(`/api/photo-sessions/${session.id}`);
    expect(one.json().photo_session).toMatchObject({
      id: session.id,
      name: 'Fall picture day',
      date: today(),
    });
  });

  test('the school reads its sessions but makes none, nor stations', async () => {
    const session = await newSession();
    expect((await as(school).get(`/api/photo-sessions/${session.id}`)).statusCode).toBe(200);
    expect((await as(school).get(`/api/projects/${project.projectId}/photo-sessions`)).statusCode).toBe(200);
    const made = await as(school).post(`/api/projects/${project.projectId}/photo-sessions`, {
      photo_session: { name: 'Ours', date: today() },
    });
    expect(made.statusCode).toBe(403);
    const station = await as(school).post(`/api/photo-sessions/${session.id}/stations`, {
      station: { name: 'Library' },
    });
    expect(station.statusCode).toBe(403);
    expect((await as(school).get(`/api/photo-sessions/${session.id}/roster`)).statusCode).toBe(403);
  });

  test("another organization's sessions answer 404 and its projects take none", async () => {
    const theirs = await newSession(
      foreignProject.projectId,
      await signIn(t.app, w.users.foreignManager!.email),
    );
    for (const res of [
      await as(studio).get(`/api/photo-sessions/${theirs.id}`),
      await as(studio).get(`/api/photo-sessions/${theirs.id}/roster`),
      await as(studio).get(`/api/photo-sessions/${theirs.id}/check-ins`),
      await as(studio).post(`/api/photo-sessions/${theirs.id}/stations`, { station: { name: 'X' } }),
      await as(studio).get(`/api/projects/${foreignProject.projectId}/photo-sessions`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
    const ours = await newSession();
    expect((await as(foreign).get(`/api/photo-sessions/${ours.id}`)).statusCode).toBe(404);
  });

  test('bad input: 422 with field messages for the body, 400 for the query', async () => {
    const bad = await as(studio).post(`/api/projects/${project.projectId}/photo-sessions`, {
      photo_session: { name: ' ', date: '2026-13-45' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'name']);
    const yearZero = await as(studio).post(`/api/projects/${project.projectId}/photo-sessions`, {
      photo_session: { name: 'Long ago', date: '0000-01-01' },
    });
    expect(yearZero.statusCode).toBe(422);
    const page = await as(studio).get(`/api/projects/${project.projectId}/photo-sessions?page=0`);
    expect(page.statusCode).toBe(400);
    const station = await as(studio).post(`/api/photo-sessions/${(await newSession()).id}/stations`, {
      station: { name: '' },
    });
    expect(station.statusCode).toBe(422);
    expect(station.json().errors.name).toBeDefined();
  });
});

describe('stations and their links', () => {
  test("a station's link is a Bearer token for its session's station routes until the end of the day, stored as a hash", async () => {
    const session = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    expect(link.url).toContain(`#token=`);
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(link.expires_at).toISOString()).toBe(`${nextDay(today())}T12:00:00.000Z`);
    const stored = await t.ctx.db
      .selectFrom('stations')
      .select('link_token_hash')
      .where('id', '=', station.id)
      .executeTakeFirstOrThrow();
    expect(stored.link_token_hash).toEqual(createHash('sha256').update(link.token).digest());
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM stations s WHERE row_to_json(s)::text LIKE ${`%${link.token}%`}`.execute(
      t.ctx.db,
    );
    expect(Number(rows[0]!.n)).toBe(0);

    const device = as(link.token);
    expect((await device.get(`/api/photo-sessions/${session.id}`)).statusCode).toBe(200);
    expect((await device.get(`/api/photo-sessions/${session.id}/roster`)).statusCode).toBe(200);
    expect((await device.get(`/api/photo-sessions/${session.id}/check-ins`)).statusCode).toBe(200);
    const sent = await send(link.token, session.id, [
      checkIn(station.id, { subject_id: zoe }, 'photographed', new Date().toISOString()),
    ]);
    expect(sent[0]!.outcome).toBe('created');
  });

  test('a station link reads nothing outside its session (404) and stops working when revoked', async () => {
    const session = await newSession();
    const other = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    const device = as(link.token);
    for (const res of [
      await device.get(`/api/photo-sessions/${other.id}`),
      await device.get(`/api/photo-sessions/${other.id}/roster`),
      await device.post(`/api/photo-sessions/${other.id}/check-ins`, {
        check_ins: [checkIn(station.id, { subject_id: zoe }, 'absent', new Date().toISOString())],
      }),
      await device.get(`/api/projects/${project.projectId}/photo-sessions`),
      await device.get(`/api/projects/${project.projectId}`),
      await device.get(`/api/projects/${project.projectId}/subjects`),
      await device.get(`/api/subjects/${zoe}`),
      await device.get(`/api/projects/${project.projectId}/coverage`),
      await device.get('/api/users/me'),
      await device.post(`/api/photo-sessions/${session.id}/stations`, { station: { name: 'Another' } }),
      await device.delete(`/api/stations/${station.id}/link`),
      await device.get(`/api/photo-sessions/${session.id}/walk-ups`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
    // Another station of the session is not this device's to write for.
    const sibling = await newStation(session.id, 'Library');
    const refused = await send(link.token, session.id, [
      checkIn(sibling.station.id, { subject_id: zoe }, 'absent', new Date().toISOString()),
    ]);
    expect(refused[0]).toMatchObject({ outcome: 'rejected', errors: { station_id: expect.any(Array) } });

    const revoked = await as(studio).delete(`/api/stations/${station.id}/link`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().station).toMatchObject({ id: station.id, link_active: false });
    expect((await device.get(`/api/photo-sessions/${session.id}`)).statusCode).toBe(401);
    expect((await as(school).delete(`/api/stations/${sibling.station.id}/link`)).statusCode).toBe(403);
    expect((await as(foreign).delete(`/api/stations/${sibling.station.id}/link`)).statusCode).toBe(404);
  });

  test('an expired link signs nothing in; a session whose day is over takes no station', async () => {
    const session = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    await t.ctx.db
      .updateTable('stations')
      .set({ link_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', station.id)
      .execute();
    expect((await as(link.token).get(`/api/photo-sessions/${session.id}`)).statusCode).toBe(401);
    const past = await newSession(project.projectId, studio, '2020-01-15');
    const res = await as(studio).post(`/api/photo-sessions/${past.id}/stations`, {
      station: { name: 'Late' },
    });
    expect(res.statusCode).toBe(422);
  });
});

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('the roster', () => {
  test('every subject with name, class fields, card code and Student ID, in a constant number of queries', async () => {
    const big = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Big school', KEYS);
    const session = await newSession(big.projectId);
    const read = async () => {
      const { value, count } = await countQueries(() =>
        as(studio).get(`/api/photo-sessions/${session.id}/roster`),
      );
      expect(value.statusCode).toBe(200);
      return { count, subjects: value.json().subjects as Record<string, unknown>[] };
    };
    await insertSubject(t.ctx.db, big.projectId, big.fields, {
      student_id: 'B-0',
      first_name: 'Ana',
      last_name: 'Zed',
      grade: '5',
      teacher: 'Mr. Ray',
    });
    const small = await read();
    expect(small.subjects[0]).toMatchObject({
      first_name: 'Ana',
      last_name: 'Zed',
      grade: '5',
      teacher: 'Mr. Ray',
      student_id: 'B-0',
      card_code: expect.stringMatching(/^[0-9A-Z]{8}$/),
      current: null,
    });
    await sql`
      INSERT INTO subjects (project_id, properties)
      SELECT ${big.projectId}::bigint, jsonb_build_object(${big.fields.first_name}::text, 'Kid ' || i, ${big.fields.student_id}::text, 'B-' || i)
      FROM generate_series(1, 799) i`.execute(t.ctx.db);
    const large = await read();
    expect(large.subjects).toHaveLength(800);
    expect(large.count).toBe(small.count);
  });
  test('a Student ID the template hides from customers never reaches a station link, and still finds its student', async () => {
    const hidden = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Hidden IDs', KEYS);
    await t.ctx.db
      .updateTable('subject_fields')
      .set({ visible_to_customers: false })
      .where('id', '=', hidden.fields.student_id!)
      .execute();
    const kid = await insertSubject(t.ctx.db, hidden.projectId, hidden.fields, {
      student_id: 'H-77',
      first_name: 'Ida',
      last_name: 'Hidden',
    });
    const session = await newSession(hidden.projectId);
    const { station, station_link: link } = await newStation(session.id);
    const roster = await as(link.token).get(`/api/photo-sessions/${session.id}/roster`);
    expect(roster.json().subjects[0]).toMatchObject({ subject_id: kid, first_name: 'Ida', student_id: null });
    expect(roster.body).not.toContain('H-77');
    const [found] = await send(link.token, session.id, [
      checkIn(station.id, { code: 'H-77' }, 'photographed', new Date().toISOString()),
    ]);
    expect(found!.check_in!.subject_id).toBe(kid);
  });
});

describe('check-ins', () => {
  test('a client id in upper case (as some devices write UUIDs) is one check-in, told as a duplicate when sent again in lower case', async () => {
    const session = await newSession();
    const { station } = await newStation(session.id);
    const id = randomUUID();
    const at = new Date().toISOString();
    const [first] = await send(studio, session.id, [
      checkIn(station.id, { subject_id: zoe }, 'photographed', at, id.toUpperCase()),
    ]);
    expect(first).toMatchObject({ client_id: id, outcome: 'created' });
    const [again] = await send(studio, session.id, [
      checkIn(station.id, { subject_id: zoe }, 'photographed', at, id),
    ]);
    expect(again).toMatchObject({ outcome: 'duplicate', check_in: { id: first!.check_in!.id } });
  });

  test('a batch by subject id, card code (as the QR carries it) and Student ID; a replay changes nothing', async () => {
    const session = await newSession();
    const { station } = await newStation(session.id);
    const at = new Date().toISOString();
    const items = [
      checkIn(station.id, { code: `SPC1:${zoeCard}` }, 'photographed', at),
      checkIn(station.id, { code: 's-1002' }, 'absent', at),
      checkIn(station.id, { code: 'NOBODY' }, 'absent', at),
    ];
    const first = await send(studio, session.id, items);
    expect(first.map((o) => o.outcome)).toEqual(['created', 'created', 'rejected']);
    expect(first[0]!.check_in!.subject_id).toBe(zoe);
    expect(first[1]!.check_in!.subject_id).toBe(sam);
    expect(first[2]!.errors).toEqual({ code: ['matches no student'] });
    // Seen before: nothing changes, whatever the item says now (a bad code, another status).
    const again = await send(studio, session.id, [
      items[0]!,
      { ...items[1]!, code: 'NOBODY', status: 'retake' },
    ]);
    expect(again.map((o) => o.outcome)).toEqual(['duplicate', 'duplicate']);
    expect(again[1]!.check_in).toMatchObject({ subject_id: sam, status: 'absent' });
    expect(again[0]!.check_in!.id).toBe(first[0]!.check_in!.id);
    const stored = await t.ctx.db
      .selectFrom('check_ins')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('photo_session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(2);
    expect(await countsOf(session.id)).toMatchObject({
      checked_in: 2,
      photographed: 1,
      absent: 1,
      remaining: 0,
    });
  });

  test('two stations checking in one student merge by time; undo takes back that station’s last one', async () => {
    const session = await newSession();
    const a = (await newStation(session.id, 'Gym A')).station.id;
    const b = (await newStation(session.id, 'Gym B')).station.id;
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    // B's later check-in arrives first (its device was offline): the later `at` still wins.
    await send(studio, session.id, [checkIn(b, { subject_id: zoe }, 'retake', at(20))]);
    await send(studio, session.id, [checkIn(a, { subject_id: zoe }, 'photographed', at(10))]);
    let roster = (await as(studio).get(`/api/photo-sessions/${session.id}/roster`)).json().subjects;
    expect(roster.find((s: { subject_id: string }) => s.subject_id === zoe).current).toMatchObject({
      status: 'retake',
      station_id: b,
    });
    // A retake asked is still to photograph.
    expect(await countsOf(session.id)).toMatchObject({
      checked_in: 1,
      retake: 1,
      photographed: 0,
      remaining: 2,
    });
    // B takes its retake back: A's photographed stands.
    await send(studio, session.id, [checkIn(b, { subject_id: zoe }, 'undo', at(30))]);
    roster = (await as(studio).get(`/api/photo-sessions/${session.id}/roster`)).json().subjects;
    expect(roster.find((s: { subject_id: string }) => s.subject_id === zoe).current).toMatchObject({
      status: 'photographed',
      station_id: a,
    });
    // A's undo takes back A's: Zoë has no status left.
    await send(studio, session.id, [checkIn(a, { subject_id: zoe }, 'undo', at(40))]);
    expect(await countsOf(session.id)).toMatchObject({ checked_in: 0, photographed: 0, remaining: 2 });
  });

  test('a walk-up gets a card code at once, waits for review out of the school’s subjects, and joins on approval', async () => {
    const session = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    const [made] = await send(link.token, session.id, [
      checkIn(
        station.id,
        { walk_up: { first_name: 'Noa', last_name: 'New', grade: '3', teacher: 'Ms. Lee' } },
        'photographed',
        new Date().toISOString(),
      ),
    ]);
    expect(made!.outcome).toBe('created');
    expect(made!.walk_up!.card_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(made!.check_in!.walk_up_id).toBe(made!.walk_up!.id);
    // Its answer lost, the device sends it again: the same walk-up and card code, not a second one.
    const [replayed] = await send(link.token, session.id, [
      checkIn(
        station.id,
        { walk_up: { first_name: 'Noa', last_name: 'New', grade: '3', teacher: 'Ms. Lee' } },
        'photographed',
        new Date().toISOString(),
        made!.client_id,
      ),
    ]);
    expect(replayed).toMatchObject({
      outcome: 'duplicate',
      walk_up: { id: made!.walk_up!.id, card_code: made!.walk_up!.card_code },
    });
    expect(await countsOf(session.id)).toMatchObject({ walk_ups: 1, photographed: 1, remaining: 2 });
    // On the station's roster (pending), not in the school's subjects.
    const roster = (await as(link.token).get(`/api/photo-sessions/${session.id}/roster`)).json().subjects;
    expect(roster.find((s: { walk_up_id: string }) => s.walk_up_id === made!.walk_up!.id)).toMatchObject({
      first_name: 'Noa',
      card_code: made!.walk_up!.card_code,
    });
    const subjects = await as(school).get(`/api/projects/${project.projectId}/subjects?limit=100`);
    expect(JSON.stringify(subjects.json())).not.toContain('Noa');
    // A scan of the walk-up's new card finds it.
    const [scanned] = await send(studio, session.id, [
      checkIn(
        station.id,
        { code: made!.walk_up!.card_code },
        'retake',
        new Date(Date.now() + 1000).toISOString(),
      ),
    ]);
    expect(scanned!.check_in!.walk_up_id).toBe(made!.walk_up!.id);

    expect((await as(school).post(`/api/walk-ups/${made!.walk_up!.id}/approve`, {})).statusCode).toBe(403);
    expect((await as(foreign).post(`/api/walk-ups/${made!.walk_up!.id}/approve`, {})).statusCode).toBe(404);
    const approved = await as(studio).post(`/api/walk-ups/${made!.walk_up!.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const subjectId = approved.json().walk_up.subject_id;
    const subject = await as(school).get(`/api/subjects/${subjectId}`);
    expect(subject.json().subject).toMatchObject({
      card_code: made!.walk_up!.card_code,
      display_name: 'Noa New',
    });
    expect((await as(studio).post(`/api/walk-ups/${made!.walk_up!.id}/approve`, {})).statusCode).toBe(409);
    const moved = await t.ctx.db
      .selectFrom('check_ins')
      .select('subject_id')
      .where('client_id', '=', made!.client_id)
      .executeTakeFirstOrThrow();
    expect(moved.subject_id).toBe(subjectId);
    // Deleting that subject deletes the walk-up's values with it; nothing comes back for review.
    expect((await as(studio).delete(`/api/subjects/${subjectId}`)).statusCode).toBe(200);
    const left = await as(studio).get(`/api/photo-sessions/${session.id}/walk-ups`);
    expect(left.json().walk_ups).toEqual([]);
  });

  test('a walk-up never approved goes, with its check-ins, 90 days after its session; an approved one stays', async () => {
    const session = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    const walkUp = (first: string) =>
      checkIn(
        station.id,
        { walk_up: { first_name: first, last_name: 'Kept', grade: '3', teacher: 'Ms. Lee' } },
        'photographed',
        new Date().toISOString(),
      );
    const [waiting, approved] = await send(link.token, session.id, [walkUp('Ivy'), walkUp('Jon')]);
    expect((await as(studio).post(`/api/walk-ups/${approved!.walk_up!.id}/approve`, {})).statusCode).toBe(
      200,
    );
    // Another session's photos are matched by its check-ins: its waiting walk-up (and check-in) stays, or
    // the photos after it would fall to the student checked in before.
    const matched = await newSession();
    const other = await newStation(matched.id, 'Gym B');
    const [kept] = await send(other.station_link.token, matched.id, [
      checkIn(
        other.station.id,
        { walk_up: { first_name: 'Kai', last_name: 'Kept', grade: '3', teacher: 'Ms. Lee' } },
        'photographed',
        new Date().toISOString(),
      ),
    ]);
    const batch = await as(studio).post(`/api/projects/${project.projectId}/photo-batches`, {
      photo_batch: { name: 'Gym B camera', match_by: 'check_in', photo_session_id: matched.id },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const day = new Date(`${today()}T12:00:00Z`);
    const walkUpIds = async () =>
      (
        await t.ctx.db
          .selectFrom('walk_ups')
          .select('id')
          .where('photo_session_id', '=', session.id)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    await runRetentionSweep(t.ctx, daysAfter(day, WALK_UP_RETENTION_DAYS));
    expect(await walkUpIds()).toEqual([waiting!.walk_up!.id, approved!.walk_up!.id]);
    await runRetentionSweep(t.ctx, daysAfter(day, WALK_UP_RETENTION_DAYS + 1));
    expect(await walkUpIds()).toEqual([approved!.walk_up!.id]);
    const left = await t.ctx.db
      .selectFrom('check_ins')
      .select('client_id')
      .where('client_id', 'in', [waiting!.client_id, approved!.client_id])
      .execute();
    expect(left.map((r) => r.client_id)).toEqual([approved!.client_id]);
    const stays = await t.ctx.db
      .selectFrom('walk_ups')
      .select('id')
      .where('photo_session_id', '=', matched.id)
      .execute();
    expect(stays.map((r) => r.id)).toEqual([kept!.walk_up!.id]);
  });

  test('bad batches: 422 with field messages (client id, status, who, size)', async () => {
    const session = await newSession();
    const { station } = await newStation(session.id);
    const url = `/api/photo-sessions/${session.id}/check-ins`;
    const bad = await as(studio).post(url, {
      check_ins: [{ client_id: 'not-a-uuid', station_id: station.id, status: 'gone', at: 'yesterday' }],
    });
    expect(bad.statusCode).toBe(422);
    const fields = Object.keys(bad.json().errors).join(' ');
    for (const field of ['client_id', 'status', 'at']) expect(fields).toContain(field);
    const both = await as(studio).post(url, {
      check_ins: [checkIn(station.id, { subject_id: zoe, code: 'X' }, 'absent', new Date().toISOString())],
    });
    expect(both.statusCode).toBe(422);
    expect(JSON.stringify(both.json().errors)).toContain('give one of subject_id, code or walk_up');
    const many = Array.from({ length: 501 }, () =>
      checkIn(station.id, { subject_id: zoe }, 'absent', new Date().toISOString()),
    );
    expect((await as(studio).post(url, { check_ins: many })).statusCode).toBe(422);
    expect((await as(studio).get(`${url}?since=yesterday`)).statusCode).toBe(400);
    expect((await as(studio).get(`${url}?since=0000-01-01T00:00:00Z`)).statusCode).toBe(400);
    const yearZero = await as(studio).post(url, {
      check_ins: [checkIn(station.id, { subject_id: zoe }, 'absent', '0000-01-01T00:00:00Z')],
    });
    expect(yearZero.statusCode).toBe(422);
  });

  test('a replay of 2,000 check-ins: four batches, a constant number of statements each, each once', async () => {
    const session = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    const t0 = Date.now();
    const items = Array.from({ length: 2000 }, (_, i) =>
      checkIn(
        station.id,
        { subject_id: i % 2 ? zoe : sam },
        i % 3 ? 'photographed' : 'retake',
        new Date(t0 + i).toISOString(),
      ),
    );
    const counts: number[] = [];
    for (let i = 0; i < items.length; i += 500) {
      const { count, value } = await countQueries(() =>
        send(link.token, session.id, items.slice(i, i + 500)),
      );
      expect(value.every((o) => o.outcome === 'created')).toBe(true);
      counts.push(count);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(12);
    const replay = await send(link.token, session.id, items.slice(0, 500));
    expect(replay.every((o) => o.outcome === 'duplicate')).toBe(true);
    const listed = await as(studio).get(`/api/photo-sessions/${session.id}/check-ins`);
    expect(listed.json().check_ins).toHaveLength(2000);
  });

  test('check-ins since a time, and the next time to ask with', async () => {
    const session = await newSession();
    const { station } = await newStation(session.id);
    await send(studio, session.id, [
      checkIn(station.id, { subject_id: zoe }, 'absent', new Date().toISOString()),
    ]);
    const all = await as(school).get(`/api/photo-sessions/${session.id}/check-ins`);
    expect(all.statusCode).toBe(200);
    expect(all.json().check_ins).toHaveLength(1);
    const later = await as(school).get(
      `/api/photo-sessions/${session.id}/check-ins?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later.json().check_ins).toHaveLength(0);
    expect(Date.parse(all.json().next_since)).toBeLessThan(Date.now());
  });
});

describe('live check-ins', () => {
  test("a check-in reaches the session's stream (a station's) and the project's (the Coverage page's)", async () => {
    const session = await newSession();
    const other = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    const otherStation = (await newStation(other.id)).station.id;
    const sessionStream = await openEventStream(
      `${t.origin}/api/photo-sessions/${session.id}/events`,
      link.token,
    );
    const projectStream = await openEventStream(
      `${t.origin}/api/projects/${project.projectId}/events`,
      school,
    );
    try {
      expect(sessionStream.response.status).toBe(200);
      await sessionStream.next('ready');
      await projectStream.next('ready');
      // Another session's check-in is not this station's to hear.
      await send(studio, other.id, [
        checkIn(otherStation, { subject_id: sam }, 'absent', new Date().toISOString()),
      ]);
      const [sent] = await send(link.token, session.id, [
        checkIn(station.id, { subject_id: zoe }, 'photographed', new Date().toISOString()),
      ]);
      const heard = await sessionStream.next('check-ins');
      expect(heard.data).toEqual({
        type: 'check-ins',
        photo_session_id: session.id,
        check_ins: [
          {
            check_in_id: sent!.check_in!.id,
            station_id: station.id,
            subject_id: zoe,
            walk_up_id: null,
            status: 'photographed',
          },
        ],
      });
      expect(sessionStream.received.filter((r) => r.event === 'check-ins')).toHaveLength(1);
      const onProject = await projectStream.next('check-ins');
      expect(onProject.data.photo_session_id).toBeDefined();
      // A batch is told in events of at most 50 check-ins (a replay of 500 is ten events, not 500): 120 in
      // three, each check-in once.
      const start = sessionStream.received.length;
      const batch = await send(
        link.token,
        session.id,
        Array.from({ length: 120 }, (_, i) =>
          checkIn(station.id, { subject_id: zoe }, 'photographed', new Date(Date.now() + i).toISOString()),
        ),
      );
      await sessionStream.next('check-ins', 5_000, start + 2);
      const told = sessionStream.received
        .slice(start)
        .filter((r) => r.event === 'check-ins')
        .map((r) => r.data.check_ins as { check_in_id: string }[]);
      expect(told.map((c) => c.length)).toEqual([50, 50, 20]);
      expect(told.flatMap((c) => c.map((one) => one.check_in_id))).toEqual(batch.map((o) => o.check_in!.id));
      expect(sessionStream.raw()).not.toContain('Zoë');
    } finally {
      sessionStream.close();
      projectStream.close();
    }
    const elsewhere = await openEventStream(`${t.origin}/api/photo-sessions/${other.id}/events`, link.token);
    expect(elsewhere.response.status).toBe(404);
    const foreignStream = await openEventStream(
      `${t.origin}/api/photo-sessions/${session.id}/events`,
      foreign,
    );
    expect(foreignStream.response.status).toBe(404);
    // Revoking the link ends the device's stream at once; a stream of staff hears that it was revoked.
    const device = await openEventStream(`${t.origin}/api/photo-sessions/${session.id}/events`, link.token);
    const staff = await openEventStream(`${t.origin}/api/photo-sessions/${session.id}/events`, studio);
    try {
      await device.next('ready');
      await staff.next('ready');
      expect((await as(studio).delete(`/api/stations/${station.id}/link`)).statusCode).toBe(200);
      await staff.next('station.link-revoked');
      await expect.poll(() => device.ended(), { timeout: 2_000 }).toBe(true);
      expect(staff.ended()).toBe(false);
    } finally {
      device.close();
      staff.close();
    }
  });
});

describe('clock cards', () => {
  test("the station's time on a clock card is stored with the server's, for the camera offset", async () => {
    const session = await newSession();
    const { station, station_link: link } = await newStation(session.id);
    const shown = new Date(Date.now() + 7 * 60_000);
    const res = await as(link.token).post(`/api/photo-sessions/${session.id}/clock`, {
      clock: { station_id: station.id, at: shown.toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const offset = res.json().station.clock_offset_ms;
    expect(Math.abs(offset - 7 * 60_000)).toBeLessThan(5_000);
    const shownLater = await as(studio).get(`/api/photo-sessions/${session.id}`);
    expect(shownLater.json().photo_session.stations[0].clock_offset_ms).toBe(offset);
    const bad = await as(link.token).post(`/api/photo-sessions/${session.id}/clock`, {
      clock: { station_id: station.id, at: 'noon' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.at).toBeDefined();
    expect(
      (
        await as(school).post(`/api/photo-sessions/${session.id}/clock`, {
          clock: { station_id: station.id, at: shown.toISOString() },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('batches matched by check-in', () => {
  test('a batch may match by check-in with a session of its project; it is stored, and matched as any batch', async () => {
    const session = await newSession();
    const url = `/api/projects/${project.projectId}/photo-batches`;
    const made = await as(studio).post(url, {
      photo_batch: { name: 'Gym A camera', match_by: 'check_in', photo_session_id: session.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().photo_batch).toMatchObject({ match_by: 'check_in', photo_session_id: session.id });
    const shown = await as(studio).get(`/api/photo-batches/${made.json().photo_batch.id}`);
    expect(shown.json().photo_batch.photo_session_id).toBe(session.id);
    const match = await as(studio).post(`/api/photo-batches/${made.json().photo_batch.id}/match`, {});
    expect(match.statusCode).toBe(422);
    // Matched as any batch now (picture-day-check-in.test.ts): this one has no photos yet.
    expect(match.json().errors.base).toEqual(['This batch has no photos yet.']);

    const elsewhere = await newSession(foreignProject.projectId, foreign);
    for (const [body, field] of [
      [{ match_by: 'check_in' }, 'photo_session_id'],
      [{ match_by: 'check_in', photo_session_id: elsewhere.id }, 'photo_session_id'],
      [{ match_by: 'camera_card', photo_session_id: session.id }, 'photo_session_id'],
      [{ match_by: 'by_magic' }, 'match_by'],
    ] as const) {
      const res = await as(studio).post(url, { photo_batch: { name: 'X', ...body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
    }
    const cameraCard = await as(studio).post(url, {
      photo_batch: { name: 'Cards', match_by: 'camera_card' },
    });
    expect(cameraCard.json().photo_batch.photo_session_id).toBeNull();
  });
});

describe('card codes', () => {
  test("no subject draws a pending walk-up's card code", async () => {
    const db = t.ctx.db;
    const session = await newSession();
    const original = await sql<{ def: string }>`
      SELECT pg_get_functiondef('new_card_code'::regproc) AS def`.execute(db);
    // Draws that repeat: the walk-up's code comes up again first when the subject draws.
    await sql`CREATE SEQUENCE test_draws`.execute(db);
    await sql
      .raw(`CREATE OR REPLACE FUNCTION new_card_code() RETURNS text LANGUAGE sql VOLATILE AS $$
      SELECT (ARRAY['WWWWWWW1', 'SSSSSSS2'])[1 + (nextval('test_draws') + 1) % 2] $$`)
      .execute(db);
    try {
      const walkUp = await db
        .insertInto('walk_ups')
        .values({
          photo_session_id: session.id,
          project_id: project.projectId,
          client_id: randomUUID(),
          fields: JSON.stringify({ first_name: 'Walk', last_name: 'Up' }),
        })
        .returning('card_code')
        .executeTakeFirstOrThrow();
      expect(walkUp.card_code).toBe('WWWWWWW1');
      await sql`SELECT setval('test_draws', 1, false)`.execute(db);
      const subject = await insertSubject(db, project.projectId, project.fields, { first_name: 'Other' });
      const drawn = await db
        .selectFrom('subjects')
        .select('card_code')
        .where('id', '=', subject)
        .executeTakeFirstOrThrow();
      expect(drawn.card_code).toBe('SSSSSSS2');
    } finally {
      await sql.raw(original.rows[0]!.def).execute(db);
      await sql`DROP SEQUENCE test_draws`.execute(db);
    }
  });
});
