import { type Action, can, type FieldRef, readsHiddenFields } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { type Db, prepared } from '../../db/database.js';
import { CHECK_INS_PER_EVENT, type LiveEvent, publishEvent } from '../../events/events.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import { templateFieldReads } from '../project-templates/queries.js';
import { selectLiveProjects } from '../projects/queries.js';
import {
  insertSubjectsWithCardCodes,
  projectSubjectIds,
  projectSubjectsToMatch,
  updateSubjectProperties,
} from '../subjects/bulk.js';
import {
  type CheckInRow,
  checkInsByClientId,
  checkInsSince,
  countProjectSessions,
  insertCheckIns,
  insertSession,
  insertStation,
  insertWalkUps,
  markWalkUpApproved,
  type NewCheckIn,
  type NewWalkUp,
  pendingWalkUps,
  projectSessions,
  publishCheckIns,
  recordClock,
  revokeStationLink,
  rosterSizes,
  type SessionRow,
  sessionById,
  sessionFacts,
  sessionInView,
  sessionStations,
  sessionWalkUps,
  stationInView,
  stationLinkLive,
  stationRecentCheckIns,
  updateSession,
  walkUpInView,
  walkUpsByCode,
} from './queries.js';
import {
  type RosterEntry,
  serializeCheckIn,
  serializeSession,
  serializeStation,
  serializeStatus,
  serializeWalkUp,
  WALK_UP_KEYS,
  type WalkUpKey,
} from './serialize.js';
import { newStationLink, stationLinkUrl } from './station-link.js';
import { countStatuses, mergeStatuses } from './statuses.js';

/**
 * A photo session in view, else 404; then the route's action (or `action`) decided (403). A station
 * link sees its own session only: any other answers 404, and its own is decided by the link (http/auth.ts
 * let only STATION_LINK_ACTIONS through).
 */
export async function findSession(
  db: Db,
  request: FastifyRequest,
  id: string,
  action?: Action,
): Promise<SessionRow> {
  const { station } = request;
  if (station) {
    if (id !== station.photo_session_id) throw notFound();
    const row = await sessionById(db, id);
    if (!row) throw notFound();
    request.authorized = true;
    return row;
  }
  if (!isRecordId(id)) throw notFound();
  return request.access.findRowWhere('project', (ids, db) => sessionInView(db, ids, id), action);
}

/** Who wrote a change: the signed-in user, or null for a station link's device. */
const userIdOf = (request: FastifyRequest) => request.session?.user.id ?? null;

async function countsOf(db: Db, projectId: string, sessionIds: string[]) {
  const [facts, sizes] = await Promise.all([
    sessionFacts(db, sessionIds),
    rosterSizes(db, projectId, sessionIds),
  ]);
  return new Map(
    sessionIds.map((id) => {
      const size = sizes.get(id) ?? { roster: 0, walk_ups: 0 };
      const statuses = mergeStatuses(facts.filter((f) => f.photo_session_id === id));
      return [id, countStatuses(statuses, size.roster, size.walk_ups)];
    }),
  );
}

async function sessionAnswers(db: Db, projectId: string, rows: SessionRow[]) {
  const ids = rows.map((r) => r.id);
  const [counts, stations] = await Promise.all([countsOf(db, projectId, ids), sessionStations(db, ids)]);
  return rows.map((row) =>
    serializeSession(
      row,
      counts.get(row.id)!,
      stations.filter((s) => s.photo_session_id === row.id),
    ),
  );
}

export async function createSession(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  input: { name: string; date: string },
) {
  const project = await request.access.find('project', projectId);
  const row = await insertSession(ctx.db, {
    project_id: project.id,
    name: input.name,
    date: input.date,
    created_by_user_id: request.session!.user.id,
  });
  return (await sessionAnswers(ctx.db, project.id, [row]))[0]!;
}

export async function listSessions(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  query: { page: number; limit: number },
) {
  const project = await request.access.find('project', projectId);
  const [rows, total] = await Promise.all([
    projectSessions(ctx.db, project.id, query.page, query.limit),
    countProjectSessions(ctx.db, project.id),
  ]);
  return {
    photo_sessions: await sessionAnswers(ctx.db, project.id, rows),
    meta: { page: query.page, limit: query.limit, total },
  };
}

export { isSessionOfProject } from './queries.js';

export async function showSession(ctx: AppContext, request: FastifyRequest, id: string) {
  const row = await findSession(ctx.db, request, id);
  return (await sessionAnswers(ctx.db, row.project_id, [row]))[0]!;
}

/**
 * A session's name and settings: `live_apply` (tethered capture) makes its live batches apply matched
 * frames as they come, from their next match on (frames matched and held so far are applied then too);
 * turned off, the frames that come are held for the studio's review again.
 */
export async function changeSession(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  input: { name?: string | undefined; live_apply?: boolean | undefined },
) {
  const found = await findSession(ctx.db, request, id, 'photo-session.update');
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.live_apply !== undefined ? { live_apply: input.live_apply } : {}),
  };
  const row = await updateSession(ctx.db, found.id, values);
  if (!row) throw notFound();
  return (await sessionAnswers(ctx.db, row.project_id, [row]))[0]!;
}

/**
 * A station's current student: whom its last standing check-in photographed or retake names (a station's
 * `undo` takes back its last standing check-in of that person, as the domain merges them), with the name
 * and card code a station shows (fields hidden from customers are left out for those who don't read them);
 * null before the station's first.
 */
export async function stationCurrentStudent(
  db: Db,
  request: FastifyRequest,
  station: { id: string; project_id: string },
) {
  const rows = await stationRecentCheckIns(db, station.id);
  const stacks = new Map<string, typeof rows>();
  for (const row of rows) {
    const person = row.subject_id ? `s${row.subject_id}` : `w${row.walk_up_id}`;
    const stack = stacks.get(person) ?? [];
    stacks.set(person, stack);
    if (row.status === 'undo') stack.pop();
    else stack.push(row);
  }
  const standing = [...stacks.values()]
    .flatMap((stack) => stack.filter((r) => r.status === 'photographed' || r.status === 'retake'))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || Number(BigInt(a.id) - BigInt(b.id)));
  const last = standing.at(-1);
  if (!last) return null;
  const subjectId = last.subject_id ?? last.walk_up_subject_id ?? null;
  let values: Partial<Record<WalkUpKey, string>> = {};
  let cardCode: string | null = null;
  if (subjectId) {
    const allFields = await projectFields(db, station.project_id);
    const hidden = request.session ? readsHiddenFields(request.session.abilities) : false;
    const fields = hidden ? allFields : allFields.filter((f) => f.visible_to_customers);
    values = valuesByKey(fields, (last.subject_properties ?? {}) as Record<string, string>);
    cardCode = last.subject_card_code ?? null;
  } else {
    values = (last.walk_up_fields ?? {}) as Partial<Record<WalkUpKey, string>>;
    cardCode = last.walk_up_card_code ?? null;
  }
  return {
    check_in_id: last.id,
    subject_id: subjectId,
    walk_up_id: subjectId ? null : last.walk_up_id,
    status: last.status as 'photographed' | 'retake',
    checked_in_at: last.at.toISOString(),
    name: [values.first_name, values.last_name].filter(Boolean).join(' ') || 'No Name',
    card_code: cardCode,
  };
}

export async function createStation(
  ctx: AppContext,
  request: FastifyRequest,
  sessionId: string,
  input: { name: string },
) {
  const session = await findSession(ctx.db, request, sessionId);
  const link = newStationLink(session.date);
  if (link.expiresAt <= new Date()) throw unprocessable({ base: ["the session's day is over"] });
  const station = await insertStation(ctx.db, {
    photo_session_id: session.id,
    name: input.name,
    link_token_hash: link.hash,
    link_expires_at: link.expiresAt,
  });
  return {
    station: serializeStation(station),
    station_link: {
      url: stationLinkUrl(ctx.config.publicUrl, session.id, station.id, link.token),
      token: link.token,
      expires_at: link.expiresAt.toISOString(),
    },
  };
}

/** Revokes a station's link: its next call is refused, and its session stream ends at once (an event). */
export async function revokeLink(ctx: AppContext, request: FastifyRequest, stationId: string) {
  const found = await findStation(request, stationId);
  const station = await ctx.db.transaction().execute(async (trx) => {
    const row = await revokeStationLink(trx, found.id);
    // Revoked already (twice at once, or again): the link is gone, as a deleted record is.
    if (!row) throw notFound();
    await publishEvent(
      trx,
      { projectId: found.project_id },
      { type: 'station.link-revoked', photo_session_id: row.photo_session_id, station_id: row.id },
    );
    return row;
  });
  return serializeStation(station);
}

function findStation(request: FastifyRequest, id: string) {
  if (!isRecordId(id)) throw notFound();
  return request.access.findRowWhere('project', (ids, db) => stationInView(db, ids, id));
}

/** A project's subject fields, hidden ones included, in order. */
async function projectFields(db: Db, projectId: string): Promise<FieldRef[]> {
  const { rows } = await prepared(
    db,
    selectLiveProjects(db)
      .select(templateFieldReads('p.project_template_id').refs.as('fields'))
      .where('p.id', '=', projectId),
  );
  if (!rows[0]) throw notFound();
  return rows[0].fields;
}

/** A subject's values by the keys a station reads (the first field with each key that has a value). */
function valuesByKey(fields: FieldRef[], properties: Record<string, string>) {
  const out: Partial<Record<WalkUpKey, string>> = {};
  for (const field of fields) {
    const key = field.field_key as WalkUpKey | null;
    const value = properties[field.id]?.trim();
    if (key && (WALK_UP_KEYS as readonly string[]).includes(key) && value) out[key] ??= value;
  }
  return out;
}

function entryOf(
  ids: { subject_id: string | null; walk_up_id: string | null; card_code: string },
  values: Partial<Record<WalkUpKey, string>>,
  current: RosterEntry['current'],
): RosterEntry {
  const name = [values.first_name, values.last_name].filter(Boolean).join(' ');
  return {
    ...ids,
    display_name: name || 'No Name',
    first_name: values.first_name ?? null,
    last_name: values.last_name ?? null,
    grade: values.grade ?? null,
    teacher: values.teacher ?? null,
    home_room: values.home_room ?? null,
    student_id: values.student_id ?? null,
    current,
  };
}

/**
 * Everything a station caches to work offline: every subject of the project and the session's walk-ups
 * waiting for review, with names, class fields, card code, Student ID and status in the session. A
 * constant number of queries whatever the roster's size. Fields the template hides from customers are
 * left out unless the caller reads hidden fields (a station link never does).
 */
export async function roster(ctx: AppContext, request: FastifyRequest, sessionId: string) {
  const session = await findSession(ctx.db, request, sessionId);
  const { db } = ctx;
  const [allFields, subjects, walkUps, facts] = await Promise.all([
    projectFields(db, session.project_id),
    projectSubjectsToMatch(db, session.project_id),
    pendingWalkUps(db, session.id),
    sessionFacts(db, [session.id]),
  ]);
  const hidden = request.session ? readsHiddenFields(request.session.abilities) : false;
  const fields = hidden ? allFields : allFields.filter((f) => f.visible_to_customers);
  const statuses = mergeStatuses(facts);
  const entries = [
    ...subjects.map((s) =>
      entryOf(
        { subject_id: s.id, walk_up_id: null, card_code: s.card_code },
        valuesByKey(fields, s.properties),
        serializeStatus(statuses.get(`s${s.id}`)),
      ),
    ),
    ...walkUps.map((w) =>
      entryOf(
        { subject_id: null, walk_up_id: w.id, card_code: w.card_code },
        w.fields,
        serializeStatus(statuses.get(`w${w.id}`)),
      ),
    ),
  ].sort(
    (a, b) =>
      (a.last_name ?? '').localeCompare(b.last_name ?? '') ||
      (a.first_name ?? '').localeCompare(b.first_name ?? ''),
  );
  return { subjects: entries, meta: { page: 1, limit: entries.length, total: entries.length } };
}

export interface CheckInInput {
  client_id: string;
  station_id: string;
  subject_id?: string | undefined;
  code?: string | undefined;
  walk_up?: Partial<Record<WalkUpKey, string>> | undefined;
  status: NewCheckIn['status'];
  at: Date;
  note?: string | null | undefined;
}

/** A scanned code as the roster holds it: a camera card's QR carries `SPC1:<code>`. */
const normalizeCode = (code: string) => code.trim().replace(/^SPC1:/i, '');

type Resolution = { subject_id: string; walk_up_id: null } | { subject_id: null; walk_up_id: string };
const isResolution = (r: Resolution | Record<string, string[]>): r is Resolution =>
  'walk_up_id' in r && !Array.isArray(r.walk_up_id);

/**
 * Who each item names, looked up in a constant number of queries: subject ids of the project, card codes
 * (subjects' and walk-ups'), Student IDs (every Student ID field, hidden ones too: the device may not
 * hold them). Answers a resolution or the item's field errors.
 */
async function resolvePeople(db: Db, projectId: string, items: CheckInInput[]) {
  const codes = [...new Set(items.flatMap((i) => (i.code ? [normalizeCode(i.code).toUpperCase()] : [])))];
  const named = [...new Set(items.flatMap((i) => (i.subject_id !== undefined ? [i.subject_id] : [])))];
  // The roster is read only for codes (a Student ID is a field's value); subjects named by id, what a
  // station sends for a student it found, are proven by id: a replay of 500 reads 500 rows, not the school.
  const [subjects, known, fields, walkUps] = await Promise.all([
    codes.length ? projectSubjectsToMatch(db, projectId) : Promise.resolve([]),
    named.length ? projectSubjectIds(db, projectId, named) : Promise.resolve([]),
    codes.length ? projectFields(db, projectId) : Promise.resolve([]),
    walkUpsByCode(db, projectId, codes),
  ]);
  const ids = new Set(known.map((s) => s.id));
  const byCard = new Map<string, Resolution>();
  for (const s of subjects) byCard.set(s.card_code, { subject_id: s.id, walk_up_id: null });
  for (const w of walkUps) byCard.set(w.card_code, { subject_id: null, walk_up_id: w.id });
  const studentIdFields = fields.filter((f) => f.field_key === 'student_id').map((f) => f.id);
  const byStudentId = new Map<string, string[]>();
  for (const s of subjects) {
    const values = new Set(studentIdFields.map((f) => s.properties[f]?.trim().toUpperCase()).filter(Boolean));
    for (const v of values) byStudentId.set(v!, [...(byStudentId.get(v!) ?? []), s.id]);
  }
  return (item: CheckInInput): Resolution | Record<string, string[]> => {
    if (item.subject_id !== undefined) {
      return ids.has(item.subject_id)
        ? { subject_id: item.subject_id, walk_up_id: null }
        : { subject_id: ['is not a subject of this session'] };
    }
    const code = normalizeCode(item.code ?? '').toUpperCase();
    const card = byCard.get(code);
    if (card) return card;
    const matches = byStudentId.get(code) ?? [];
    if (matches.length === 1) return { subject_id: matches[0]!, walk_up_id: null };
    return { code: [matches.length > 1 ? 'matches more than one student' : 'matches no student'] };
  };
}

/**
 * A station's batch of check-ins (up to 500), in one transaction: each item's client id seen before
 * changes nothing (answered `duplicate` with what was stored); a walk-up is made with its card code; the
 * check-ins are written in one statement and told to the live streams in one more. An item the session
 * can't take (a station of another session, a code no one has) is answered `rejected` with its errors,
 * and the others are written: a device replaying a day's queue is never stuck on one bad item.
 */
export async function createCheckIns(
  ctx: AppContext,
  request: FastifyRequest,
  sessionId: string,
  items: CheckInInput[],
) {
  const session = await findSession(ctx.db, request, sessionId);
  const ownStation = request.station?.station_id;
  return ctx.db.transaction().execute(async (trx) => {
    // The first item of each client id stands for it; a client id the session holds is a duplicate as
    // it is, whatever the item says now.
    const firsts = new Map<string, CheckInInput>();
    for (const item of items) if (!firsts.has(item.client_id)) firsts.set(item.client_id, item);
    const stations = new Set((await sessionStations(trx, [session.id])).map((s) => s.id));
    const stored = new Map(
      (await checkInsByClientId(trx, session.id, [...firsts.keys()])).map((c) => [c.client_id, c]),
    );
    const fresh = [...firsts.values()].filter((i) => !stored.has(i.client_id));
    const errors = new Map<string, Record<string, string[]>>();
    for (const item of fresh) {
      if (!stations.has(item.station_id) || (ownStation && item.station_id !== ownStation)) {
        errors.set(item.client_id, { station_id: ['is not a station of this session'] });
      }
    }
    const valid = fresh.filter((i) => !errors.has(i.client_id));
    const resolve = await resolvePeople(
      trx,
      session.project_id,
      valid.filter((i) => !i.walk_up),
    );
    const walkUps = await insertWalkUps(
      trx,
      session.id,
      session.project_id,
      valid.flatMap((i): NewWalkUp[] =>
        i.walk_up
          ? [
              {
                station_id: i.station_id,
                client_id: i.client_id,
                fields: i.walk_up as Record<string, string>,
              },
            ]
          : [],
      ),
      [...stored.keys()].filter((id) => firsts.get(id)!.walk_up),
    );
    const rows: NewCheckIn[] = [];
    for (const item of valid) {
      let who: Resolution | Record<string, string[]>;
      if (item.walk_up) {
        const walkUp = walkUps.get(item.client_id)!;
        who = walkUp.subject_id
          ? { subject_id: walkUp.subject_id, walk_up_id: null }
          : { subject_id: null, walk_up_id: walkUp.id };
      } else who = resolve(item);
      if (!isResolution(who)) {
        errors.set(item.client_id, who);
        continue;
      }
      rows.push({
        station_id: item.station_id,
        client_id: item.client_id,
        subject_id: who.subject_id,
        walk_up_id: who.walk_up_id,
        status: item.status,
        at: item.at,
        note: item.note ?? null,
      });
    }
    // Another request may have written one of these client ids meanwhile: it is left as it is.
    const written = await insertCheckIns(trx, session.id, userIdOf(request), rows);
    await publishCheckIns(trx, session.project_id, checkInEvents(session.id, written));
    const writtenIds = new Set(written.map((c) => c.client_id));
    const late = await checkInsByClientId(
      trx,
      session.id,
      rows.map((r) => r.client_id).filter((id) => !writtenIds.has(id)),
    );
    const byClient = new Map<string, CheckInRow>(
      [...stored.values(), ...late, ...written].map((c) => [c.client_id, c]),
    );
    const firstIndex = new Map<string, number>();
    items.forEach((item, index) => {
      if (!firstIndex.has(item.client_id)) firstIndex.set(item.client_id, index);
    });
    return {
      check_ins: items.map((item, index) => {
        const error = errors.get(item.client_id);
        if (error) {
          return {
            client_id: item.client_id,
            outcome: 'rejected' as const,
            check_in: null,
            walk_up: null,
            errors: error,
          };
        }
        const created = writtenIds.has(item.client_id) && firstIndex.get(item.client_id) === index;
        const walkUp = walkUps.get(item.client_id);
        return {
          client_id: item.client_id,
          outcome: created ? ('created' as const) : ('duplicate' as const),
          check_in: serializeCheckIn(byClient.get(item.client_id)!),
          walk_up: walkUp ? serializeWalkUp(walkUp) : null,
          errors: null,
        };
      }),
    };
  });
}

/** The events telling of check-ins written together: CHECK_INS_PER_EVENT to an event. */
function checkInEvents(sessionId: string, written: CheckInRow[]): LiveEvent[] {
  const events: LiveEvent[] = [];
  for (let at = 0; at < written.length; at += CHECK_INS_PER_EVENT)
    events.push({
      type: 'check-ins',
      photo_session_id: sessionId,
      check_ins: written.slice(at, at + CHECK_INS_PER_EVENT).map((c) => ({
        check_in_id: c.id,
        station_id: c.station_id,
        subject_id: c.subject_id,
        walk_up_id: c.walk_up_id,
        status: c.status,
      })),
    });
  return events;
}

/** How far back `next_since` reaches: a check-in whose transaction committed late is not missed. */
const SINCE_OVERLAP_MS = 30_000;
const CHECK_INS_LIMIT = 5_000;

/**
 * The session's check-ins received at or after `since` (all without it), oldest first, and the `since`
 * to ask with next (now, less an overlap: a device dedupes by id).
 */
export async function listCheckIns(
  ctx: AppContext,
  request: FastifyRequest,
  sessionId: string,
  since: Date | undefined,
) {
  const session = await findSession(ctx.db, request, sessionId);
  const now = Date.now();
  const rows = await checkInsSince(ctx.db, session.id, since, CHECK_INS_LIMIT);
  const full = rows.length === CHECK_INS_LIMIT;
  const next = full ? new Date(rows.at(-1)!.received_at) : new Date(now - SINCE_OVERLAP_MS);
  return { check_ins: rows.map(serializeCheckIn), next_since: next.toISOString() };
}

/** The session a stream is about, and what it may hear: its check-ins; a station link while it lives. */
export async function sessionStream(ctx: AppContext, request: FastifyRequest, sessionId: string) {
  const session = await findSession(ctx.db, request, sessionId);
  const { station } = request;
  return {
    projectId: session.project_id,
    accept: (event: LiveEvent) =>
      (event.type === 'check-ins' ||
        event.type === 'station.link-revoked' ||
        event.type === 'photos.assigned' ||
        // A flag on a frame no subject holds yet is the studio's batch review's, not a station's.
        (event.type === 'photo-check.failed' && event.subject_id !== null) ||
        // A station's frames: its own device, and the studio (a school reads no batch).
        (event.type === 'station.frame' &&
          (station
            ? event.station_id === station.station_id
            : !!request.session && can(request.session.abilities, 'station.now')))) &&
      event.photo_session_id === session.id,
    ...(station
      ? {
          endsOn: (event: LiveEvent) =>
            event.type === 'station.link-revoked' && event.station_id === station.station_id,
          stillAllowed: () => stationLinkLive(ctx.db, station.station_id),
        }
      : {}),
  };
}

/**
 * A clock card read at a station: the station's time it showed, stored with the server's when it came,
 * so a camera's offset to the station (read from a photo of the card) can be brought to server time.
 */
export async function recordStationClock(
  ctx: AppContext,
  request: FastifyRequest,
  sessionId: string,
  input: { station_id: string; at: Date },
) {
  const session = await findSession(ctx.db, request, sessionId);
  const stations = await sessionStations(ctx.db, [session.id]);
  const own = request.station?.station_id;
  if (!stations.some((s) => s.id === input.station_id) || (own && own !== input.station_id)) {
    throw unprocessable({ station_id: ['is not a station of this session'] });
  }
  const station = await recordClock(ctx.db, input.station_id, input.at);
  return { station: serializeStation(station), server_time: new Date().toISOString() };
}

export async function listWalkUps(ctx: AppContext, request: FastifyRequest, sessionId: string) {
  const session = await findSession(ctx.db, request, sessionId);
  const rows = await sessionWalkUps(ctx.db, session.id);
  return { walk_ups: rows.map(serializeWalkUp), meta: { page: 1, limit: rows.length, total: rows.length } };
}

/**
 * The studio approves a walk-up: it becomes a subject of the project with its card code and values (each
 * key in the first field of the project with that key), and its check-ins move onto that subject. Once.
 */
export async function approveWalkUp(ctx: AppContext, request: FastifyRequest, walkUpId: string) {
  if (!isRecordId(walkUpId)) throw notFound();
  const found = await request.access.findRowWhere('project', (ids, db) => walkUpInView(db, ids, walkUpId));
  if (found.subject_id) throw conflict({ base: ['has already been approved'] });
  return ctx.db.transaction().execute(async (trx) => {
    const fields = await projectFields(trx, found.project_id);
    const codes = await insertSubjectsWithCardCodes(trx, found.project_id, [found.card_code]);
    const subjectId = codes.get(found.card_code)!;
    const properties: Record<string, string> = {};
    for (const [key, value] of Object.entries(found.fields)) {
      const field = fields.find((f) => f.field_key === key);
      if (field && value) properties[field.id] = value;
    }
    await updateSubjectProperties(trx, found.project_id, [{ id: subjectId, properties }]);
    const approved = await markWalkUpApproved(trx, found.id, subjectId);
    if (!approved) throw conflict({ base: ['has already been approved'] });
    return serializeWalkUp(approved);
  });
}
