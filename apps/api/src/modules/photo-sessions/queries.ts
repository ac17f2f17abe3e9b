import { sql } from 'kysely';
import { type Db, prepared } from '../../db/database.js';
import { EVENTS_CHANNEL, eventPayload, type LiveEvent } from '../../events/events.js';
import type { VisibleIds } from '../access/visibility.js';
import { projectSubjectReads } from '../subjects/queries.js';
import type { CheckInFact, CheckInStatus } from './statuses.js';

/** A session's own columns, and its project's organization (for the station link's scope). */
export const selectSessions = (db: Db) =>
  db
    .selectFrom('photo_sessions as ps')
    .select([
      'ps.id',
      'ps.project_id',
      'ps.name',
      'ps.date',
      'ps.live_apply',
      'ps.created_at',
      'ps.updated_at',
    ]);
export type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSessions>['executeTakeFirstOrThrow']>>;

/** The session `id` among the projects in view (`projectIds`, the access module's subquery). */
export const sessionInView = (db: Db, projectIds: VisibleIds, id: string) =>
  selectSessions(db).where('ps.id', '=', id).where('ps.project_id', 'in', projectIds);

export async function sessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  return (await prepared(db, selectSessions(db).where('ps.id', '=', id))).rows[0];
}

export async function insertSession(
  db: Db,
  values: { project_id: string; name: string; date: string; created_by_user_id: string },
) {
  return db
    .insertInto('photo_sessions')
    .values(values)
    .returning(['id', 'project_id', 'name', 'date', 'live_apply', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
}

export function projectSessions(db: Db, projectId: string, page: number, limit: number) {
  return selectSessions(db)
    .where('ps.project_id', '=', projectId)
    .orderBy('ps.date', 'desc')
    .orderBy('ps.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export async function countProjectSessions(db: Db, projectId: string) {
  const row = await db
    .selectFrom('photo_sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What is read of a station: never its link's hash. */
const STATION_FIELDS = [
  'id',
  'photo_session_id',
  'name',
  'link_expires_at',
  'link_revoked_at',
  'clock_station_at',
  'clock_received_at',
  'created_at',
  'updated_at',
] as const;
const STATION_COLUMNS = STATION_FIELDS.map((c) => `s.${c}` as const);
export const selectStations = (db: Db) => db.selectFrom('stations as s').select(STATION_COLUMNS);
export type StationRow = Awaited<ReturnType<ReturnType<typeof selectStations>['executeTakeFirstOrThrow']>>;

export function sessionStations(db: Db, sessionIds: string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return selectStations(db).where('s.photo_session_id', 'in', sessionIds).orderBy('s.id').execute();
}

/** The station `id` of a session of a project in view, with its session's project. */
export const stationInView = (db: Db, projectIds: VisibleIds, id: string) =>
  selectStations(db)
    .innerJoin('photo_sessions as ps', 'ps.id', 's.photo_session_id')
    .select('ps.project_id')
    .where('s.id', '=', id)
    .where('ps.project_id', 'in', projectIds);

export function insertStation(
  db: Db,
  values: { photo_session_id: string; name: string; link_token_hash: Buffer; link_expires_at: Date },
) {
  return db.insertInto('stations').values(values).returning(STATION_FIELDS).executeTakeFirstOrThrow();
}

/** Revokes a station's link, if it is not revoked yet: undefined when it was (then there is no link). */
export async function revokeStationLink(db: Db, id: string) {
  return db
    .updateTable('stations')
    .set({ link_revoked_at: sql`now()`, updated_at: new Date() })
    .where('id', '=', id)
    .where('link_revoked_at', 'is', null)
    .returning(STATION_FIELDS)
    .executeTakeFirst();
}

export function recordClock(db: Db, stationId: string, stationAt: Date) {
  return db
    .updateTable('stations')
    .set({ clock_station_at: stationAt, clock_received_at: sql`now()`, updated_at: new Date() })
    .where('id', '=', stationId)
    .returning(STATION_FIELDS)
    .executeTakeFirstOrThrow();
}

/** The station a link's token (its hash) signs in: only while the link is neither revoked nor expired. */
export async function stationByLinkHash(db: Db, hash: Buffer) {
  const { rows } = await prepared(
    db,
    db
      .selectFrom('stations as s')
      .innerJoin('photo_sessions as ps', 'ps.id', 's.photo_session_id')
      .innerJoin('projects as p', 'p.id', 'ps.project_id')
      .select(['s.id as station_id', 's.photo_session_id', 'ps.project_id', 'p.organization_id'])
      .where('s.link_token_hash', '=', hash)
      .where('s.link_revoked_at', 'is', null)
      .where('s.link_expires_at', '>', sql<Date>`now()`)
      .where('p.deleting_at', 'is', null),
  );
  return rows[0];
}

/** Whether a station's link still signs its device in (a stream asks it again as it goes). */
export async function stationLinkLive(db: Db, stationId: string) {
  const row = await db
    .selectFrom('stations')
    .select('id')
    .where('id', '=', stationId)
    .where('link_revoked_at', 'is', null)
    .where('link_expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return !!row;
}

/** How many people a session's roster holds: the project's subjects and the session's walk-ups not yet approved. */
export async function rosterSizes(db: Db, projectId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return new Map<string, { roster: number; walk_ups: number }>();
  const rows = await db
    .selectFrom('photo_sessions as ps')
    .select([
      'ps.id',
      projectSubjectReads('ps.project_id').count.as('subjects'),
      sql<number>`(SELECT count(*)::int FROM walk_ups w WHERE w.photo_session_id = ps.id AND w.subject_id IS NULL)`.as(
        'pending',
      ),
      sql<number>`(SELECT count(*)::int FROM walk_ups w WHERE w.photo_session_id = ps.id)`.as('walk_ups'),
    ])
    .where('ps.project_id', '=', projectId)
    .where('ps.id', 'in', sessionIds)
    .execute();
  return new Map(rows.map((r) => [r.id, { roster: Number(r.subjects) + r.pending, walk_ups: r.walk_ups }]));
}

const factColumns = sql`c.id::text AS id, c.client_id::text AS client_id, c.photo_session_id::text AS photo_session_id, c.station_id::text AS station_id,
  CASE WHEN c.subject_id IS NOT NULL THEN 's' || c.subject_id ELSE 'w' || c.walk_up_id END AS person,
  c.status, c.at, c.note`;

/** Every check-in of the sessions, as the status merge reads them. */
export async function sessionFacts(db: Db, sessionIds: string[]): Promise<CheckInFact[]> {
  if (sessionIds.length === 0) return [];
  const { rows } = await sql<CheckInFact>`
    SELECT ${factColumns} FROM check_ins c WHERE c.photo_session_id = ANY(${sessionIds}::bigint[])`.execute(
    db,
  );
  return rows;
}

const CHECK_IN_COLUMNS = [
  'c.id',
  'c.photo_session_id',
  'c.station_id',
  'c.client_id',
  'c.subject_id',
  'c.walk_up_id',
  'c.status',
  'c.at',
  'c.note',
  'c.received_at',
] as const;
const selectCheckIns = (db: Db) => db.selectFrom('check_ins as c').select(CHECK_IN_COLUMNS);
export type CheckInRow = Awaited<ReturnType<ReturnType<typeof selectCheckIns>['executeTakeFirstOrThrow']>>;

/** A session's check-ins received at or after `since`, in the order they came. */
export function checkInsSince(db: Db, sessionId: string, since: Date | undefined, limit: number) {
  let query = selectCheckIns(db).where('c.photo_session_id', '=', sessionId);
  if (since) query = query.where('c.received_at', '>=', since);
  return query.orderBy('c.received_at').orderBy('c.id').limit(limit).execute();
}

export function checkInsByClientId(db: Db, sessionId: string, clientIds: string[]) {
  if (clientIds.length === 0) return Promise.resolve([]);
  // One array parameter, not one parameter an id: a replay asks for 500.
  return selectCheckIns(db)
    .where('c.photo_session_id', '=', sessionId)
    .where('c.client_id', '=', sql<string>`any(${clientIds}::uuid[])`)
    .execute();
}

export interface NewCheckIn {
  station_id: string;
  client_id: string;
  subject_id: string | null;
  walk_up_id: string | null;
  status: CheckInStatus;
  at: Date;
  note: string | null;
}

/**
 * A batch of check-ins in one statement (arrays unnested): a client id the session already holds is left
 * as it is. Answers the rows written.
 */
export async function insertCheckIns(
  db: Db,
  sessionId: string,
  userId: string | null,
  rows: NewCheckIn[],
): Promise<CheckInRow[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof NewCheckIn>(k: K) => rows.map((r) => r[k]);
  const { rows: written } = await sql<CheckInRow>`
    INSERT INTO check_ins (photo_session_id, station_id, client_id, subject_id, walk_up_id, status, at, note, created_by_user_id)
    SELECT ${sessionId}::bigint, v.station_id, v.client_id, v.subject_id, v.walk_up_id, v.status, v.at, v.note, ${userId}::bigint
    FROM unnest(${col('station_id')}::bigint[], ${col('client_id')}::uuid[], ${col('subject_id')}::bigint[],
      ${col('walk_up_id')}::bigint[], ${col('status')}::text[], ${col('at').map((d) => d.toISOString())}::timestamptz[],
      ${col('note')}::text[]) AS v(station_id, client_id, subject_id, walk_up_id, status, at, note)
    ON CONFLICT (photo_session_id, client_id) DO NOTHING
    RETURNING id::text, photo_session_id::text, station_id::text, client_id::text, subject_id::text,
      walk_up_id::text, status, at, note, received_at`.execute(db);
  return written;
}

export interface NewWalkUp {
  station_id: string;
  client_id: string;
  fields: Record<string, string>;
}

const WALK_UP_FIELDS = [
  'id',
  'photo_session_id',
  'station_id',
  'client_id',
  'fields',
  'card_code',
  'subject_id',
  'approved_at',
  'created_at',
  'updated_at',
] as const;
const WALK_UP_COLUMNS = WALK_UP_FIELDS.map((c) => `w.${c}` as const);
export const selectWalkUps = (db: Db) => db.selectFrom('walk_ups as w').select(WALK_UP_COLUMNS);
export type WalkUpRow = Awaited<ReturnType<ReturnType<typeof selectWalkUps>['executeTakeFirstOrThrow']>>;

/**
 * Walk-ups in one statement, each drawing its card code (the table's trigger); one whose check-in the
 * session already holds is found again, not made twice. Answers the walk-up of every client id given
 * (`alsoClientIds`: those of check-ins already stored, found and not made).
 */
export async function insertWalkUps(
  db: Db,
  sessionId: string,
  projectId: string,
  rows: NewWalkUp[],
  alsoClientIds: string[] = [],
) {
  const clientIds = [...rows.map((r) => r.client_id), ...alsoClientIds];
  if (clientIds.length === 0) return new Map<string, WalkUpRow>();
  if (rows.length > 0)
    await sql`
    INSERT INTO walk_ups (photo_session_id, project_id, station_id, client_id, fields)
    SELECT ${sessionId}::bigint, ${projectId}::bigint, v.station_id, v.client_id, v.fields::jsonb
    FROM unnest(${rows.map((r) => r.station_id)}::bigint[], ${rows.map((r) => r.client_id)}::uuid[],
      ${rows.map((r) => JSON.stringify(r.fields))}::text[]) AS v(station_id, client_id, fields)
    ON CONFLICT (photo_session_id, client_id) DO NOTHING`.execute(db);
  const found = await selectWalkUps(db)
    .where('w.photo_session_id', '=', sessionId)
    .where('w.client_id', 'in', clientIds)
    .execute();
  return new Map(found.map((w) => [w.client_id, w]));
}

/** The session's walk-ups waiting for review (approved ones are subjects), oldest first. */
export function pendingWalkUps(db: Db, sessionId: string) {
  return selectWalkUps(db)
    .where('w.photo_session_id', '=', sessionId)
    .where('w.subject_id', 'is', null)
    .orderBy('w.id')
    .execute();
}

export function sessionWalkUps(db: Db, sessionId: string) {
  return selectWalkUps(db).where('w.photo_session_id', '=', sessionId).orderBy('w.id').execute();
}

/** The project's walk-ups waiting for review with one of these card codes (a scan of a walk-up's card). */
export function walkUpsByCode(db: Db, projectId: string, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return selectWalkUps(db)
    .where('w.project_id', '=', projectId)
    .where('w.subject_id', 'is', null)
    .where('w.card_code', 'in', codes)
    .execute();
}

export const walkUpInView = (db: Db, projectIds: VisibleIds, id: string) =>
  selectWalkUps(db).select('w.project_id').where('w.id', '=', id).where('w.project_id', 'in', projectIds);

/** An approved walk-up: the subject it became, and its check-ins moved onto that subject. */
export async function markWalkUpApproved(db: Db, walkUpId: string, subjectId: string) {
  await db
    .updateTable('check_ins')
    .set({ subject_id: subjectId, walk_up_id: null })
    .where('walk_up_id', '=', walkUpId)
    .execute();
  return db
    .updateTable('walk_ups')
    .set({ subject_id: subjectId, approved_at: new Date(), updated_at: new Date() })
    .where('id', '=', walkUpId)
    .where('subject_id', 'is', null)
    .returning(WALK_UP_FIELDS)
    .executeTakeFirst();
}

/**
 * Tells the live streams of every written check-in, in one statement: each reaches its project's streams
 * (the Coverage page, the dashboard) and, through them, its session's (every station).
 */
export async function publishCheckIns(db: Db, projectId: string, events: LiveEvent[]) {
  if (events.length === 0) return;
  const payloads = events.map((event) => eventPayload({ projectId }, event));
  // One JSON array rather than a text[]: pg escapes a text array's elements in JavaScript, which showed in a
  // replay's profile (ten payloads of up to 8,000 bytes a batch of 500); JSON.stringify is native.
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, p) FROM json_array_elements_text(${JSON.stringify(payloads)}::json) AS p`.execute(
    db,
  );
}

/** Whether `sessionId` is a photo session of the project (a batch matched by check-in names one). */
export async function isSessionOfProject(db: Db, projectId: string, sessionId: string) {
  const row = await db
    .selectFrom('photo_sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return !!row;
}

/**
 * What matching by check-in reads of a session (picture-day/check-ins.ts): its stations' ids, and every
 * check-in of it (undos too) with the subject its walk-up became once approved.
 */
export async function sessionCheckInRows(db: Db, photoSessionId: string) {
  const [stations, rows] = await Promise.all([
    db.selectFrom('stations').select('id').where('photo_session_id', '=', photoSessionId).execute(),
    db
      .selectFrom('check_ins as c')
      .leftJoin('walk_ups as w', 'w.id', 'c.walk_up_id')
      .select(['c.id', 'c.client_id', 'c.station_id', 'c.subject_id', 'c.walk_up_id', 'c.status', 'c.at'])
      .select('w.subject_id as walk_up_subject_id')
      .where('c.photo_session_id', '=', photoSessionId)
      .execute(),
  ]);
  return { stationIds: new Set(stations.map((s) => s.id)), rows };
}

/**
 * A station's name and its session's, its row locked until the transaction ends (a station's live batch
 * is opened under this lock, so calls at once make one batch).
 */
export const lockStation = (trx: Db, stationId: string) =>
  trx
    .selectFrom('stations as s')
    .innerJoin('photo_sessions as ps', 'ps.id', 's.photo_session_id')
    .select(['s.name', 'ps.name as session_name'])
    .where('s.id', '=', stationId)
    .forUpdate('s')
    .executeTakeFirst();

/** A session's name and settings changed; the row as it is now (undefined when it is gone). */
export function updateSession(db: Db, id: string, values: { name?: string; live_apply?: boolean }) {
  return db
    .updateTable('photo_sessions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning(['id', 'project_id', 'name', 'date', 'live_apply', 'created_at', 'updated_at'])
    .executeTakeFirst();
}

/** Whether a session's live batches apply their matched frames as they come (tethered capture). */
export async function sessionLiveApply(db: Db, sessionId: string) {
  const row = await db
    .selectFrom('photo_sessions')
    .select('live_apply')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.live_apply ?? false;
}

/** How far back a station's current student is looked for: its last check-ins by device time. */
const RECENT_CHECK_INS = 200;

/**
 * A station's last check-ins (device time, newest last), with the subject a walk-up became, and what a
 * station shows of the person (its values, to name them; its card code).
 */
export function stationRecentCheckIns(db: Db, stationId: string) {
  return db
    .selectFrom('check_ins as c')
    .leftJoin('walk_ups as w', 'w.id', 'c.walk_up_id')
    .leftJoin('subjects as su', (join) =>
      join.on((eb) => eb('su.id', '=', eb.fn.coalesce('c.subject_id', 'w.subject_id'))),
    )
    .select(['c.id', 'c.client_id', 'c.subject_id', 'c.walk_up_id', 'c.status', 'c.at'])
    .select([
      'w.subject_id as walk_up_subject_id',
      'w.fields as walk_up_fields',
      'w.card_code as walk_up_card_code',
      'su.properties as subject_properties',
      'su.card_code as subject_card_code',
    ])
    .where('c.station_id', '=', stationId)
    .orderBy('c.at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(RECENT_CHECK_INS)
    .execute()
    .then((rows) => rows.reverse());
}
