import { z } from 'zod';
import { isoOrNull, isoTimestamps, recordSchema } from '../../wire.js';
import type { CheckInRow, SessionRow, StationRow, WalkUpRow } from './queries.js';
import type { PersonStatus, SessionCounts } from './statuses.js';

export const CHECK_IN_STATUSES = ['photographed', 'absent', 'retake', 'undo'] as const;
export const STANDING_STATUSES = ['photographed', 'absent', 'retake'] as const;
/** The values a walk-up is given at a station, and a roster entry's, by field key. */
export const WALK_UP_KEYS = [
  'first_name',
  'last_name',
  'grade',
  'teacher',
  'home_room',
  'student_id',
] as const;
export type WalkUpKey = (typeof WALK_UP_KEYS)[number];

export const countsSchema = z.object({
  checked_in: z.number(),
  photographed: z.number(),
  absent: z.number(),
  retake: z.number(),
  walk_ups: z.number(),
  remaining: z.number(),
});

export const stationSchema = recordSchema({
  photo_session_id: z.string(),
  name: z.string(),
  /** When the station's link stops working, and whether it still works (not revoked, not expired). */
  link_expires_at: z.string().nullable(),
  link_revoked_at: z.string().nullable(),
  link_active: z.boolean(),
  /** The station's clock minus the server's at its last clock card, in ms; null before the first. */
  clock_offset_ms: z.number().nullable(),
  clock_station_at: z.string().nullable(),
});

export function serializeStation(row: StationRow, now = new Date()) {
  return {
    id: row.id,
    photo_session_id: row.photo_session_id,
    name: row.name,
    link_expires_at: isoOrNull(row.link_expires_at),
    link_revoked_at: isoOrNull(row.link_revoked_at),
    link_active: !row.link_revoked_at && !!row.link_expires_at && row.link_expires_at > now,
    clock_offset_ms:
      row.clock_station_at && row.clock_received_at
        ? row.clock_station_at.getTime() - row.clock_received_at.getTime()
        : null,
    clock_station_at: isoOrNull(row.clock_station_at),
    ...isoTimestamps(row),
  };
}

export const photoSessionSchema = recordSchema({
  project_id: z.string(),
  name: z.string(),
  /** The day of the session, YYYY-MM-DD. */
  date: z.string(),
  /** Tethered capture: a live batch's matched frames are applied as they come (true), or held for review. */
  live_apply: z.boolean(),
  counts: countsSchema,
  stations: z.array(stationSchema),
});

export function serializeSession(row: SessionRow, counts: SessionCounts, stations: StationRow[]) {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    date: row.date,
    live_apply: row.live_apply,
    counts,
    stations: stations.map((s) => serializeStation(s)),
    ...isoTimestamps(row),
  };
}

export const statusSchema = z
  .object({
    status: z.enum(STANDING_STATUSES),
    at: z.string(),
    station_id: z.string(),
    check_in_id: z.string(),
    note: z.string().nullable(),
  })
  .nullable();

export const serializeStatus = (status: PersonStatus | undefined) =>
  status
    ? {
        status: status.status,
        at: status.at.toISOString(),
        station_id: status.station_id,
        check_in_id: status.check_in_id,
        note: status.note,
      }
    : null;

/** One person a station may check in: a subject, or a walk-up waiting for review (`walk_up_id`). */
export const rosterEntrySchema = z.object({
  subject_id: z.string().nullable(),
  walk_up_id: z.string().nullable(),
  display_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  grade: z.string().nullable(),
  teacher: z.string().nullable(),
  home_room: z.string().nullable(),
  student_id: z.string().nullable(),
  card_code: z.string(),
  /** The person's status in this session (merged across stations), or null before any check-in. */
  current: statusSchema,
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const checkInSchema = z.object({
  id: z.string(),
  photo_session_id: z.string(),
  station_id: z.string(),
  client_id: z.string(),
  subject_id: z.string().nullable(),
  walk_up_id: z.string().nullable(),
  status: z.enum(CHECK_IN_STATUSES),
  at: z.string(),
  note: z.string().nullable(),
  received_at: z.string(),
});

export const serializeCheckIn = (row: CheckInRow) => ({
  id: row.id,
  photo_session_id: row.photo_session_id,
  station_id: row.station_id,
  client_id: row.client_id,
  subject_id: row.subject_id,
  walk_up_id: row.walk_up_id,
  status: row.status,
  at: new Date(row.at).toISOString(),
  note: row.note,
  received_at: new Date(row.received_at).toISOString(),
});

export const walkUpSchema = recordSchema({
  photo_session_id: z.string(),
  station_id: z.string().nullable(),
  fields: z.record(z.string(), z.string()),
  card_code: z.string(),
  /** The subject it became once approved; null while it waits for review. */
  subject_id: z.string().nullable(),
  approved_at: z.string().nullable(),
});

export const serializeWalkUp = (row: WalkUpRow) => ({
  id: row.id,
  photo_session_id: row.photo_session_id,
  station_id: row.station_id,
  fields: row.fields,
  card_code: row.card_code,
  subject_id: row.subject_id,
  approved_at: isoOrNull(row.approved_at),
  ...isoTimestamps(row),
});

/** What became of one item of a check-in batch. */
export const checkInOutcomeSchema = z.object({
  client_id: z.string(),
  /** `created`: written now; `duplicate`: the session already had this client id (nothing changed); `rejected`: see `errors`. */
  outcome: z.enum(['created', 'duplicate', 'rejected']),
  check_in: checkInSchema.nullable(),
  /** The walk-up the item made (or made before, for a duplicate), with its card code. */
  walk_up: walkUpSchema.nullable(),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
