import { recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { eventStreams } from '../../events/routes.js';
import { csvResponse, sendCsv } from '../../http/csv.js';
import { idParam, pageFields } from '../../http/params.js';
import { changeById, createUnderId, keyed, listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import { cameraCardPdf, DAY_LISTS, type DayList, dayList, dayListCsv, dayListEntrySchema } from './day.js';
import {
  CHECK_IN_STATUSES,
  checkInOutcomeSchema,
  checkInSchema,
  photoSessionSchema,
  rosterEntrySchema,
  stationSchema,
  walkUpSchema,
} from './serialize.js';
import {
  approveWalkUp,
  changeSession,
  createCheckIns,
  createSession,
  createStation,
  listCheckIns,
  listSessions,
  listWalkUps,
  recordStationClock,
  revokeLink,
  roster,
  sessionStream,
  showSession,
} from './service.js';

const MAX_CHECK_INS = 500;
const text = (max: number) =>
  z.string().trim().min(1, "can't be blank").max(max, `is too long (maximum is ${max} characters)`);
// PostgreSQL has no year 0: such a time is refused here, not by the database.
const isoTime = () =>
  z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 time' })
    .transform((v) => new Date(v))
    .refine((d) => d.getUTCFullYear() >= 1, 'is out of range');
const deviceTime = isoTime();

/** A student not on the roster: name and class, as a station adds them. */
const walkUpInput = z.strictObject({
  first_name: text(200),
  last_name: text(200),
  grade: text(100).optional(),
  teacher: text(200).optional(),
  home_room: text(100).optional(),
  student_id: text(100).optional(),
});

const checkInInput = z
  .object({
    // In lower case, as PostgreSQL writes a uuid: some devices write theirs in upper case.
    client_id: z.uuid('must be a UUID').overwrite((id) => id.toLowerCase()),
    station_id: recordIdSchema,
    subject_id: recordIdSchema.optional(),
    code: text(200).optional(),
    walk_up: walkUpInput.optional(),
    status: z.enum(CHECK_IN_STATUSES),
    at: deviceTime,
    note: z.string().trim().max(1000, 'is too long (maximum is 1000 characters)').nullable().optional(),
  })
  .superRefine((item, check) => {
    const named = [item.subject_id, item.code, item.walk_up].filter((v) => v !== undefined).length;
    if (named !== 1)
      check.addIssue({
        code: 'custom',
        path: ['subject_id'],
        message: 'give one of subject_id, code or walk_up',
      });
    if (item.walk_up && item.status === 'undo')
      check.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'a walk-up is added with a status, not undo',
      });
  });

const sinceQuery = z.object({
  since: isoTime().optional(),
});

/**
 * Picture-day sessions and stations (docs/api.md "Photo sessions and stations"): a project's sessions, the
 * stations of a session with their device links, the roster a station caches, check-ins, the live stream,
 * clock cards and the review of walk-ups. The studio or lab runs them; the school reads sessions, check-ins
 * and the stream; a station link reaches only its own session's station routes.
 */
export function registerPhotoSessionRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['photo-sessions']);
  const openStream = eventStreams(root, ctx);

  app.post(
    '/api/projects/:id/photo-sessions',
    operation(
      'photo-session.create',
      'A photo session of the project (a picture day, a retake day) on a date',
      createUnderId(
        'photo_session',
        z.object({
          name: text(200),
          date: z.iso.date('must be a date (YYYY-MM-DD)').refine((d) => d >= '0001-01-01', 'is out of range'),
        }),
        photoSessionSchema,
      ),
    ),
    async (request, reply) => {
      const session = await createSession(ctx, request, request.params.id, request.body.photo_session);
      return reply.status(201).send({ photo_session: session });
    },
  );

  app.get(
    '/api/projects/:id/photo-sessions',
    operation(
      'photo-session.list',
      'The photo sessions of a project, latest date first, each with its counts and stations (paged)',
      listUnderId('photo_sessions', photoSessionSchema, z.object(pageFields(25, 100))),
    ),
    async (request) => listSessions(ctx, request, request.params.id, request.query),
  );

  app.get(
    '/api/photo-sessions/:id',
    operation(
      'photo-session.show',
      'A photo session: counts (checked_in, photographed, absent, retake, walk_ups, remaining) and stations',
      recordById('photo_session', photoSessionSchema),
    ),
    async (request) => ({ photo_session: await showSession(ctx, request, request.params.id) }),
  );

  app.patch(
    '/api/photo-sessions/:id',
    operation(
      'photo-session.update',
      "Change a photo session: its name, and `live_apply` (tethered capture: a station's live batch applies its matched frames as they come, the first good frame of a student becoming the primary unless one exists; false, the default: held for the studio's review)",
      changeById(
        'photo_session',
        z.object({ name: text(200).optional(), live_apply: z.boolean().optional() }).strict(),
        photoSessionSchema,
      ),
    ),
    async (request) => ({
      photo_session: await changeSession(ctx, request, request.params.id, request.body.photo_session),
    }),
  );

  app.post(
    '/api/photo-sessions/:id/stations',
    operation(
      'station.create',
      "A station of the session, with its link: a Bearer token that signs a device in for this session only, until the end of the session's day",
      {
        params: idParam,
        body: keyed('station', z.object({ name: text(200) })),
        response: {
          201: z.object({
            station: stationSchema,
            station_link: z.object({ url: z.string(), token: z.string(), expires_at: z.string() }),
          }),
        },
      },
    ),
    async (request, reply) =>
      reply.status(201).send(await createStation(ctx, request, request.params.id, request.body.station)),
  );

  app.delete(
    '/api/stations/:id/link',
    operation(
      'station.revoke-link',
      "Revoke a station's link: its device is signed out at once",
      recordById('station', stationSchema),
    ),
    async (request) => ({ station: await revokeLink(ctx, request, request.params.id) }),
  );

  app.get(
    '/api/photo-sessions/:id/roster',
    operation(
      'photo-session.roster',
      'Everything a station caches to work offline: every subject (and walk-up awaiting review) with name, class fields, card code, Student ID and status in the session',
      {
        params: idParam,
        response: {
          200: z.object({
            subjects: z.array(rosterEntrySchema),
            meta: z.object({ page: z.number(), limit: z.number(), total: z.number() }),
          }),
        },
      },
    ),
    async (request) => roster(ctx, request, request.params.id),
  );

  app.post(
    '/api/photo-sessions/:id/check-ins',
    operation(
      'check-in.create',
      "A station's check-ins (up to 500): each item's outcome (created, duplicate for a client_id seen before, rejected with errors)",
      {
        params: idParam,
        body: z.object({
          check_ins: z
            .array(checkInInput)
            .min(1, "can't be blank")
            .max(MAX_CHECK_INS, `holds at most ${MAX_CHECK_INS} check-ins`),
        }),
        response: { 200: z.object({ check_ins: z.array(checkInOutcomeSchema) }) },
      },
    ),
    async (request) => createCheckIns(ctx, request, request.params.id, request.body.check_ins),
  );

  app.get(
    '/api/photo-sessions/:id/check-ins',
    operation(
      'check-in.list',
      'The session’s check-ins received at or after `since` (all without it), oldest first, and the `next_since` to ask with next',
      {
        params: idParam,
        querystring: sinceQuery,
        response: { 200: z.object({ check_ins: z.array(checkInSchema), next_since: z.string() }) },
      },
    ),
    async (request) => listCheckIns(ctx, request, request.params.id, request.query.since),
  );

  app.get(
    '/api/photo-sessions/:id/events',
    operation(
      'photo-session.events',
      "The session's live events (text/event-stream): `ready` once listening, then `check-in` events (ids and a status, never student data), `resync` when some may have been missed",
      { params: idParam, response: { 200: z.string().describe('text/event-stream') } },
    ),
    async (request, reply) => {
      const { projectId, ...options } = await sessionStream(ctx, request, request.params.id);
      return openStream(request, reply, projectId, options);
    },
  );

  app.post(
    '/api/photo-sessions/:id/clock',
    operation(
      'photo-session.clock',
      "A clock card shown at a station: the station's time on it, stored for the camera clock offset",
      {
        params: idParam,
        body: keyed('clock', z.object({ station_id: recordIdSchema, at: deviceTime })),
        response: { 200: z.object({ station: stationSchema, server_time: z.string() }) },
      },
    ),
    async (request) => recordStationClock(ctx, request, request.params.id, request.body.clock),
  );

  app.get(
    '/api/photo-sessions/:id/walk-ups',
    operation(
      'walk-up.list',
      'The walk-ups added in the session (students not on the roster), awaiting review or approved',
      {
        params: idParam,
        response: {
          200: z.object({
            walk_ups: z.array(walkUpSchema),
            meta: z.object({ page: z.number(), limit: z.number(), total: z.number() }),
          }),
        },
      },
    ),
    async (request) => listWalkUps(ctx, request, request.params.id),
  );

  app.post(
    '/api/walk-ups/:id/approve',
    operation(
      'walk-up.approve',
      'Approve a walk-up: it becomes a subject of the project with its card code, and its check-ins move to it (409 when already approved)',
      recordById('walk_up', walkUpSchema),
    ),
    async (request) => ({ walk_up: await approveWalkUp(ctx, request, request.params.id) }),
  );

  // The day's end: who was absent, who waits for a retake (JSON, and CSV to download).
  for (const list of Object.keys(DAY_LISTS) as DayList[]) {
    const what = list === 'absent' ? 'absent' : 'asked for a retake';
    app.get(
      `/api/photo-sessions/:id/${list}`,
      operation(
        'photo-session.day-lists',
        `The session's people whose status is ${what}, with the reason (the check-in's note), by class and name`,
        { params: idParam, response: { 200: z.object({ [list]: z.array(dayListEntrySchema) }) } },
      ),
      async (request) => ({ [list]: (await dayList(ctx, request, request.params.id, list)).entries }),
    );
    app.get(
      `/api/photo-sessions/:id/${list}.csv`,
      operation(
        'photo-session.day-lists',
        `The session's people whose status is ${what}, as CSV (UTF-8 with a byte-order mark; cells neutralized against formulas)`,
        { params: idParam, response: csvResponse },
      ),
      async (request, reply) => {
        const { csv, fileName } = await dayListCsv(ctx, request, request.params.id, list);
        return sendCsv(reply, fileName, csv);
      },
    );
  }

  app.get(
    '/api/photo-sessions/:id/camera-card',
    operation(
      'photo-session.camera-card',
      "One subject of the session's project: its camera card again, as a PDF (the built-in Camera Card layout)",
      {
        params: idParam,
        querystring: z.object({ subject_id: recordIdSchema }),
        response: { 200: z.string().describe('application/pdf') },
      },
    ),
    async (request, reply) => {
      const pdf = await cameraCardPdf(ctx, request, request.params.id, request.query.subject_id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="Camera card.pdf"')
        .send(pdf as never);
    },
  );
}
