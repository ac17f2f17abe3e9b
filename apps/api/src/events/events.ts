import type { Action } from '@school-portal/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.js';

/**
 * Live events: what browsers are told as it happens (a batch's state, a photo of it verified), on every
 * API instance. A change publishes its event with `pg_notify` in its own transaction, so PostgreSQL sends
 * it only if the change commits, to every instance's EventHub (hub.ts), which passes it to the streams
 * of the event's project (GET /api/projects/:id/events). An event names records by id and says what
 * happened; never a name or any other student data: a browser reads what changed through the routes
 * that decide what it may see.
 */
export const EVENTS_CHANNEL = 'school_portal_events';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; events are a few dozen bytes. */
export const MAX_PAYLOAD_BYTES = 7_900;

const id = z.string().regex(/^\d{1,20}$/);
/** Check-ins told in one event (check-ins): about 110 bytes each, well within NOTIFY's 8,000. */
export const CHECK_INS_PER_EVENT = 50;

const batchState = z.enum(['open', 'matching', 'matched', 'applying', 'applied', 'failed']);

/** Every event, by type: ids and states only (strict: nothing else may ride along). */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('photo-batch.state'), photo_batch_id: id, state: batchState }),
  z.strictObject({ type: z.literal('photo-batch.photo-verified'), photo_batch_id: id, photo_id: id }),
  // A station's check-ins in a photo session (photo-sessions module), as one request wrote them, at most
  // CHECK_INS_PER_EVENT an event (NOTIFY carries 8,000 bytes): a replay of 500 is ten events to every
  // stream, not 500. Heard on its project's streams and on its session's. A walk-up by its walk-up id.
  z.strictObject({
    type: z.literal('check-ins'),
    photo_session_id: id,
    check_ins: z
      .array(
        z.strictObject({
          check_in_id: id,
          station_id: id,
          subject_id: id.nullable(),
          walk_up_id: id.nullable(),
          status: z.enum(['photographed', 'absent', 'retake', 'undo']),
        }),
      )
      .min(1)
      .max(50),
  }),
  // A station's link was revoked: the device's session stream ends on hearing it.
  z.strictObject({ type: z.literal('station.link-revoked'), photo_session_id: id, station_id: id }),
  // A batch's matched photos were assigned to their subjects (its apply): counts only, so a batch of
  // any size is one event. Its session (a batch matched by check-in) is named for the stations.
  z.strictObject({
    type: z.literal('photos.assigned'),
    photo_session_id: id.nullable(),
    photos: z.number().int().nonnegative(),
    subjects: z.number().int().nonnegative(),
  }),
  // A photo's checks finished with a flag (a retake may be needed). Its subject when assigned; its session
  // when the photo is in a batch matched by check-in.
  z.strictObject({
    type: z.literal('photo-check.failed'),
    photo_id: id,
    subject_id: id.nullable(),
    photo_session_id: id.nullable(),
    flags: z.number().int().positive(),
  }),
  // Tethered capture: a frame of a station's live batch was matched and checked (picture-day/live-match.ts):
  // its item's state and subject, whether its checks passed, whether it was applied. Heard on its
  // session's stream by its station and the studio, which read the station's "now" view again.
  z.strictObject({
    type: z.literal('station.frame'),
    photo_session_id: id,
    station_id: id,
    photo_batch_id: id,
    photo_id: id,
    subject_id: id.nullable(),
    state: z.enum(['pending', 'card', 'matched', 'unmatched', 'ambiguous', 'ignored']),
    checks: z.enum(['pending', 'passed', 'failed']),
    applied: z.boolean(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

/**
 * What a caller must be allowed to read to be told of an event: a stream is opened by anyone who sees
 * the project (project.events), and an event reaches only those whose policy allows its records' reads.
 */
export const EVENT_READ_ACTION: Record<LiveEventType, Action> = {
  'photo-batch.state': 'photo-batch.show',
  'photo-batch.photo-verified': 'photo-batch.show',
  'check-ins': 'check-in.list',
  'station.link-revoked': 'photo-session.show',
  // Coverage moves with them: whoever reads the project's coverage (the school too) is told.
  'photos.assigned': 'coverage.show',
  'photo-check.failed': 'photo-check.list',
  'station.frame': 'station.now',
};

/**
 * The read action an event needs: its type's, except that a flag on a photo no subject holds yet (a
 * picture-day frame not applied) is the studio's, as the school's photo checks list leaves such photos out.
 */
export function eventReadAction(event: LiveEvent): Action {
  if (event.type === 'photo-check.failed' && event.subject_id === null) return 'photo-batch.show';
  return EVENT_READ_ACTION[event.type];
}

/** Where an event goes: the streams of one project. */
export interface EventScope {
  projectId: string;
}

/** The notification's payload: the scope and the event. */
export const envelopeSchema = z.object({ project_id: id, event: liveEventSchema });

/** The payload of an event as NOTIFY carries it (checked: a type's fields only, under PostgreSQL's limit). */
export function eventPayload(scope: EventScope, event: LiveEvent): string {
  const payload = JSON.stringify(envelopeSchema.parse({ project_id: scope.projectId, event }));
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
    throw new Error(`live event ${event.type} is too large`);
  return payload;
}

/**
 * Sends `event` to the streams of `scope` on every instance, when the caller's transaction commits
 * (`db` is that transaction; outside one, at once). A rolled-back change sends nothing.
 */
export async function publishEvent(db: Db, scope: EventScope, event: LiveEvent): Promise<void> {
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${eventPayload(scope, event)})`.execute(db);
}
