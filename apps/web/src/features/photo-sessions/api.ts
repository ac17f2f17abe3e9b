import { useMutation, useQuery } from '@tanstack/react-query';
import type { RequestBodyOf } from '../../api/api';
import { apiFetch, downloadWithToken, type RequestOptions } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import type { ApiResponse, ElementOf } from '../../api/types';

// Picture-day sessions and stations (API.md "picture-day sessions and stations"). The calls go through
// apiFetch, so a station signed in by its link (a token of its own, not the app's session) uses the same
// client; the shapes are the API's own (schema.d.ts, generated from its OpenAPI description).

/**
 * A session with its counts and its stations. `live_apply`: a station's matched frames (tethered capture)
 * are applied as they arrive (true), or held for review.
 */
export type PhotoSession = ApiResponse<'/api/photo-sessions/{id}', 'get'>['photo_session'];

export type SessionCounts = PhotoSession['counts'];

/** A station; `link_active`: whether its link still signs a device in. */
export type Station = ElementOf<PhotoSession['stations']>;

export type StationLink = ApiResponse<'/api/photo-sessions/{id}/stations', 'post', 201>['station_link'];

/** One person a station can check in: a roster subject or a walk-up added on the day. */
export interface RosterPerson {
  /** `s<subject id>` or `w<walk-up id>`; a walk-up still on this device only: `c<client id>`. */
  key: string;
  subject_id: string | null;
  walk_up_id: string | null;
  first_name: string;
  last_name: string;
  grade: string;
  teacher: string;
  card_code: string | null;
  student_id: string | null;
  /** The status the server has merged from every station, when the roster was read. */
  current?: { status: 'photographed' | 'absent' | 'retake'; at: string; note: string | null } | null;
}

export interface Roster {
  session: PhotoSession | null;
  people: RosterPerson[];
}

/** A check-in as a station sends it. */
type CheckInInput = ElementOf<RequestBodyOf<'/api/photo-sessions/{id}/check-ins', 'post'>['check_ins']>;

export type CheckInStatus = CheckInInput['status'];

export type WalkUpFields = NonNullable<CheckInInput['walk_up']>;

// Hand-written: one record for a check-in as queued and sent and as listed; the schema has two shapes.
/** A check-in as sent (API.md) and as the server lists it. */
export interface CheckIn {
  client_id: string;
  station_id: string;
  subject_id?: string | null;
  walk_up_id?: string | null;
  code?: string;
  walk_up?: WalkUpFields;
  status: CheckInStatus;
  at: string;
  note?: string | null;
  received_at?: string;
}

/**
 * What the server made of one check-in of a batch: `duplicate` when it had this client id already (nothing
 * changed), `rejected` with its `errors`; `walk_up` is the walk-up the item made, with its card code.
 */
export type CheckInOutcome = ElementOf<
  ApiResponse<'/api/photo-sessions/{id}/check-ins', 'post'>['check_ins']
>;

/** Who calls: the app's signed-in session, or a station link's own token. */
export type Caller = { token?: string };

function call<T>(path: string, caller: Caller, options: RequestOptions = {}) {
  // A station link's token is not the app's session: a 401 ends the station, not the app's sign-in.
  const auth: RequestOptions = caller.token ? { token: caller.token, handleAuthFailures: false } : {};
  return apiFetch<T>(`/api${path}`, { ...options, ...auth });
}

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const nullable = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** A roster entry as the server sends it: a subject, or a walk-up awaiting review (`walk_up_id`). */
export function toRosterPerson(raw: Record<string, unknown>): RosterPerson {
  const walkUpId = nullable(raw.walk_up_id);
  const subjectId = nullable(raw.subject_id);
  return {
    key: walkUpId ? `w${walkUpId}` : `s${subjectId}`,
    subject_id: walkUpId ? null : subjectId,
    walk_up_id: walkUpId,
    first_name: str(raw.first_name ?? raw.display_name),
    last_name: str(raw.last_name),
    grade: str(raw.grade),
    teacher: str(raw.teacher ?? raw.home_room),
    card_code: nullable(raw.card_code),
    student_id: nullable(raw.student_id),
    current: (raw.current as RosterPerson['current']) ?? null,
  };
}

export const sessionKeys = {
  all: ['photo-sessions'] as const,
  project: (projectId: string) => ['photo-sessions', 'project', projectId] as const,
  session: (sessionId: string) => ['photo-sessions', sessionId] as const,
  roster: (sessionId: string) => ['photo-sessions', sessionId, 'roster'] as const,
};

export function usePhotoSessions(projectId: string, enabled = true) {
  return useQuery({
    queryKey: sessionKeys.project(projectId),
    queryFn: ({ signal }) =>
      call<{ photo_sessions: PhotoSession[] }>(
        `/projects/${encodeURIComponent(projectId)}/photo-sessions`,
        {},
        {
          signal,
          query: { limit: 100 },
        },
      ).then((answer) => answer.photo_sessions),
    enabled: enabled && projectId !== '',
  });
}

export function fetchPhotoSession(sessionId: string, caller: Caller, signal?: AbortSignal) {
  return call<{ photo_session: PhotoSession }>(`/photo-sessions/${encodeURIComponent(sessionId)}`, caller, {
    signal,
  }).then((answer) => answer.photo_session);
}

export function usePhotoSession(sessionId: string) {
  return useQuery({
    queryKey: sessionKeys.session(sessionId),
    queryFn: ({ signal }) => fetchPhotoSession(sessionId, {}, signal),
    enabled: sessionId !== '',
    staleTime: 0,
  });
}

export function useCreatePhotoSession(projectId: string) {
  return useMutation({
    mutationFn: (photoSession: { name: string; date: string }) =>
      call<{ photo_session: PhotoSession }>(
        `/projects/${encodeURIComponent(projectId)}/photo-sessions`,
        {},
        {
          method: 'POST',
          body: { photo_session: photoSession },
        },
      ).then((answer) => answer.photo_session),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.project(projectId) }),
  });
}

export function useCreateStation(sessionId: string) {
  return useMutation({
    mutationFn: (station: { name: string }) =>
      call<{ station: Station; station_link: StationLink }>(
        `/photo-sessions/${encodeURIComponent(sessionId)}/stations`,
        {},
        { method: 'POST', body: { station } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.session(sessionId) }),
  });
}

export function useRevokeStationLink(sessionId: string) {
  return useMutation({
    mutationFn: (stationId: string) =>
      call<unknown>(`/stations/${encodeURIComponent(stationId)}/link`, {}, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.session(sessionId) }),
  });
}

/** Everything a station caches to work offline. */
export async function fetchRoster(sessionId: string, caller: Caller): Promise<Roster> {
  const answer = await call<{ subjects: Record<string, unknown>[] }>(
    `/photo-sessions/${encodeURIComponent(sessionId)}/roster`,
    caller,
  );
  return { session: null, people: answer.subjects.map(toRosterPerson) };
}

/** The session's check-ins received at or after `since` (all without it), and the `next_since` to ask with next. */
export function fetchCheckIns(sessionId: string, caller: Caller, since?: string) {
  return call<{ check_ins: CheckIn[]; next_since: string }>(
    `/photo-sessions/${encodeURIComponent(sessionId)}/check-ins`,
    caller,
    { query: { since } },
  );
}

/** Sends up to 500 check-ins; answers each one's outcome. */
export async function sendCheckIns(sessionId: string, caller: Caller, checkIns: CheckIn[]) {
  const answer = await call<{ check_ins: CheckInOutcome[] }>(
    `/photo-sessions/${encodeURIComponent(sessionId)}/check-ins`,
    caller,
    { method: 'POST', body: { check_ins: checkIns } },
  );
  return answer.check_ins;
}

/** The station's time as its clock card showed it (API.md: for the camera clock offset). */
export function postClock(sessionId: string, caller: Caller, stationId: string, at: Date) {
  return call<unknown>(`/photo-sessions/${encodeURIComponent(sessionId)}/clock`, caller, {
    method: 'POST',
    body: { clock: { station_id: stationId, at: at.toISOString() } },
  });
}

/** The session's roster with each student's merged status, for the studio's lists (absent, retake). */
export function useSessionRoster(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.roster(sessionId),
    queryFn: () => fetchRoster(sessionId, {}),
    enabled: enabled && sessionId !== '',
    staleTime: 0,
  });
}

/** A session's end-of-day list (absent, or retakes with their reasons) as CSV, saved by the browser. */
export function downloadDayList(
  sessionId: string,
  list: 'absent' | 'retakes',
  fileName: string,
): Promise<void> {
  return downloadWithToken(`/api/photo-sessions/${encodeURIComponent(sessionId)}/${list}.csv`, fileName);
}

/**
 * One student's camera card (a PDF the server makes at once), saved by the browser: what a station
 * signed in by its link prints (the print jobs are the studio's).
 */
export function downloadCameraCard(sessionId: string, subjectId: string, caller: Caller, fileName: string) {
  return downloadWithToken(
    `/api/photo-sessions/${encodeURIComponent(sessionId)}/camera-card`,
    fileName,
    { subject_id: subjectId },
    caller.token,
  );
}

// ---------- Tethered capture: the station's current student and their frames ----------

/** GET /api/stations/:id/now: the station's current student and their frames (capture order). */
export type StationNow = ApiResponse<'/api/stations/{id}/now', 'get'>['station_now'];

/** The station's current student: whom its last standing check-in names. */
export type NowStudent = NonNullable<StationNow['student']>;

/**
 * One frame of the current student in the station's live batch (API.md "Tethered capture"): `matched` to
 * the student or offered to them for the studio's review; `checks` it fails once `checked`.
 */
export type NowFrame = ElementOf<StationNow['frames']>;

/** A check the server runs on each frame (the Photo Checks' codes); `message` is the server's words. */
export type FrameCheck = ElementOf<NowFrame['checks']>;

/** A rectangle on a frame as fractions 0..1 of the upright image. */
export type FrameBox = NonNullable<NowFrame['face']>;

/** GET /api/stations/:id/now */
export function fetchStationNow(stationId: string, caller: Caller, signal?: AbortSignal) {
  return call<{ station_now: StationNow }>(`/stations/${encodeURIComponent(stationId)}/now`, caller, {
    signal,
  }).then((answer) => answer.station_now);
}

/** PUT /api/stations/:id/now/pick: the frame the current student keeps; answers the view after it. */
export function pickStationFrame(stationId: string, caller: Caller, photoId: string) {
  return call<{ station_now: StationNow }>(`/stations/${encodeURIComponent(stationId)}/now/pick`, caller, {
    method: 'PUT',
    body: { photo_id: photoId },
  }).then((answer) => answer.station_now);
}

/** PATCH /api/photo-sessions/:id: the session's name, or whether matched frames apply as they arrive. */
export function useChangePhotoSession(sessionId: string) {
  return useMutation({
    mutationFn: (change: { name?: string; live_apply?: boolean }) =>
      call<{ photo_session: PhotoSession }>(
        `/photo-sessions/${encodeURIComponent(sessionId)}`,
        {},
        { method: 'PATCH', body: { photo_session: change } },
      ).then((answer) => answer.photo_session),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKeys.session(sessionId), session);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.session(sessionId) });
    },
  });
}
