import { type StudentState, sessionStates } from '@school-portal/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../api/client';
import {
  type Caller,
  type CheckIn,
  type CheckInStatus,
  fetchCheckIns,
  fetchPhotoSession,
  fetchRoster,
  postClock,
  type RosterPerson,
  sendCheckIns,
  type WalkUpFields,
} from '../api';
import { useSessionEvents } from '../events';
import {
  loadCheckIns,
  loadRoster,
  markSent,
  queueCheckIn,
  type StoredCheckIn,
  type StoredRoster,
  type SyncState,
  saveRoster,
  saveServerCheckIns,
  waitingCheckIns,
} from './store';

/** The most check-ins one call takes (API.md). */
export const SYNC_BATCH = 500;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** How often a station with check-ins waiting tries again when nothing else prompts it. */
const SYNC_TICK_MS = 5_000;

/** Why the station can't go on: its link was revoked or ran out, or the session is out of view. */
export type StationEnded = 'link-ended' | 'not-found' | null;

/**
 * A check-in's id made on the device (a UUID v4): `crypto.randomUUID` exists only on secure pages, so a
 * station opened over plain http on a school's network makes one from `getRandomValues` instead.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whom a check-in is about, as the station's lists key people. */
export function personKeyOf(stored: StoredCheckIn): string {
  const { check_in: checkIn, outcome } = stored;
  const walkUpId = outcome?.walk_up?.id ?? outcome?.check_in?.walk_up_id ?? checkIn.walk_up_id;
  if (walkUpId) return `w${walkUpId}`;
  if (checkIn.subject_id) return `s${checkIn.subject_id}`;
  return stored.person_key ?? `c${stored.client_id}`;
}

/** A walk-up made on this device, as a person of the roster (with its card code once the server gave it). */
function walkUpPerson(stored: StoredCheckIn): RosterPerson | null {
  const fields = stored.check_in.walk_up;
  if (!fields) return null;
  const walkUpId = stored.outcome?.walk_up?.id ?? null;
  return {
    key: personKeyOf(stored),
    subject_id: null,
    walk_up_id: walkUpId ? String(walkUpId) : null,
    first_name: fields.first_name,
    last_name: fields.last_name,
    grade: fields.grade ?? '',
    teacher: fields.teacher ?? '',
    card_code: stored.outcome?.walk_up?.card_code ?? null,
    student_id: null,
  };
}

/**
 * One station's day: the session's roster and every check-in known (cached on the device and read from
 * the server), this device's check-ins queued and sent in the foreground in batches with retries, and the
 * session's live events. Works from the device's copy when the network is away.
 */
export function useStation(
  sessionId: string,
  stationId: string,
  caller: Caller,
  /** Hears each of the session's events too (the Now panel reads its frames again). */
  onEvent?: (event: string, data: string) => void,
) {
  const [roster, setRoster] = useState<StoredRoster | null>(null);
  const [checkIns, setCheckIns] = useState<StoredCheckIn[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [ended, setEnded] = useState<StationEnded>(null);
  const [lastSyncError, setLastSyncError] = useState(false);
  const callerRef = useRef(caller);
  callerRef.current = caller;
  const rosterRef = useRef<StoredRoster | null>(null);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  const reloadLocal = useCallback(async () => {
    setCheckIns(await loadCheckIns(sessionId));
  }, [sessionId]);

  const endFor = useCallback((error: unknown) => {
    if (isApiError(error, 401)) setEnded('link-ended');
    else if (isApiError(error, 404) || isApiError(error, 403)) setEnded('not-found');
    else return false;
    return true;
  }, []);

  /** New check-ins from the server (every station's), kept on the device. */
  const pull = useCallback(async () => {
    const since = rosterRef.current?.since ?? undefined;
    const answer = await fetchCheckIns(sessionId, callerRef.current, since);
    if (answer.check_ins.length > 0) await saveServerCheckIns(sessionId, answer.check_ins);
    const current = rosterRef.current;
    if (current && answer.next_since !== current.since) {
      const next = { ...current, since: answer.next_since };
      rosterRef.current = next;
      await saveRoster(next);
    }
    if (answer.check_ins.length > 0) await reloadLocal();
  }, [sessionId, reloadLocal]);

  // The device's copy first (a reload offline keeps the station), then the server's.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const cached = await loadRoster(sessionId);
      if (cancelled) return;
      if (cached) {
        rosterRef.current = cached;
        setRoster(cached);
      }
      await reloadLocal();
      setLoaded(true);
      try {
        const [fresh, session] = await Promise.all([
          fetchRoster(sessionId, callerRef.current),
          fetchPhotoSession(sessionId, callerRef.current).catch(() => null),
        ]);
        if (cancelled) return;
        const stations = session?.stations ?? [];
        const next: StoredRoster = {
          ...fresh,
          session: session ?? fresh.session ?? cached?.session ?? null,
          session_id: sessionId,
          saved_at: new Date().toISOString(),
          station: stations.find((s) => String(s.id) === stationId) ?? cached?.station ?? null,
          since: cached?.since ?? null,
        };
        rosterRef.current = next;
        await saveRoster(next);
        setRoster(next);
        await pull();
      } catch (error) {
        if (!cancelled) endFor(error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionId, stationId, reloadLocal, pull, endFor]);

  // Sending: one loop per station page, woken by a new check-in, the network coming back, or a tick.
  const syncing = useRef(false);
  const failures = useRef(0);
  const retryAt = useRef(0);
  const flush = useCallback(async () => {
    if (syncing.current || ended) return;
    if (Date.now() < retryAt.current) return;
    syncing.current = true;
    try {
      for (;;) {
        const batch = await waitingCheckIns(sessionId, SYNC_BATCH);
        if (batch.length === 0) break;
        const outcomes = await sendCheckIns(
          sessionId,
          callerRef.current,
          batch.map((stored) => stored.check_in),
        );
        const byClient = new Map(outcomes.map((outcome) => [outcome.client_id, outcome]));
        await markSent(
          batch.map((stored) => {
            const outcome = byClient.get(stored.client_id);
            const sync: SyncState = outcome?.outcome === 'rejected' ? 'refused' : 'synced';
            return { client_id: stored.client_id, sync, outcome };
          }),
        );
        failures.current = 0;
        retryAt.current = 0;
        setLastSyncError(false);
        await reloadLocal();
      }
    } catch (error) {
      if (!endFor(error)) {
        if (isApiError(error, 400) || isApiError(error, 422)) {
          // The batch as a whole was refused: nothing will mend it by sending it again.
          const batch = await waitingCheckIns(sessionId, SYNC_BATCH);
          await markSent(batch.map((stored) => ({ client_id: stored.client_id, sync: 'refused' })));
          await reloadLocal();
        } else {
          failures.current += 1;
          retryAt.current = Date.now() + Math.min(RETRY_FIRST_MS * 2 ** (failures.current - 1), RETRY_MAX_MS);
          setLastSyncError(true);
        }
      }
    } finally {
      syncing.current = false;
    }
  }, [sessionId, ended, reloadLocal, endFor]);

  useEffect(() => {
    const wake = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) {
        retryAt.current = 0;
        void flush();
        void pull().catch(() => undefined);
      }
    };
    window.addEventListener('online', wake);
    window.addEventListener('offline', wake);
    const tick = window.setInterval(() => void flush(), SYNC_TICK_MS);
    void flush();
    return () => {
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', wake);
      window.clearInterval(tick);
    };
  }, [flush, pull]);

  // Live: every station's check-ins pushed by the server; the stream says what changed, we read it.
  const { live } = useSessionEvents(
    sessionId,
    ended ? null : caller,
    (event, data) => {
      void pull().catch(() => undefined);
      onEventRef.current?.(event, data);
    },
    () => setEnded('link-ended'),
  );

  const record = useCallback(
    async (
      target: { person: RosterPerson } | { walkUp: WalkUpFields },
      status: CheckInStatus,
      note?: string,
    ) => {
      const checkIn: CheckIn = {
        client_id: newClientId(),
        station_id: stationId,
        status,
        at: new Date().toISOString(),
        ...(note ? { note } : {}),
      };
      let personKey = `c${checkIn.client_id}`;
      if ('walkUp' in target) checkIn.walk_up = target.walkUp;
      else if (target.person.subject_id) {
        checkIn.subject_id = target.person.subject_id;
        personKey = target.person.key;
      } else if (target.person.card_code) {
        // A walk-up is named by its card code: the server takes no other handle for one from a station.
        checkIn.code = target.person.card_code;
        personKey = target.person.key;
      } else return null;
      const stored = await queueCheckIn(sessionId, checkIn, personKey);
      await reloadLocal();
      retryAt.current = 0;
      void flush();
      return stored;
    },
    [sessionId, stationId, reloadLocal, flush],
  );

  /** The station's time on its clock card, told to the server (for the camera clock offset); offline: not. */
  const reportClock = useCallback(
    (at: Date) => {
      void postClock(sessionId, callerRef.current, stationId, at).catch(() => undefined);
    },
    [sessionId, stationId],
  );

  const people = useMemo(() => {
    const list = [...(roster?.people ?? [])];
    const known = new Set(list.map((person) => person.key));
    for (const stored of checkIns) {
      const person = stored.mine ? walkUpPerson(stored) : null;
      if (person && !known.has(person.key)) {
        list.push(person);
        known.add(person.key);
      }
    }
    return list;
  }, [roster, checkIns]);

  const states = useMemo(
    () =>
      sessionStates(
        checkIns
          .filter((stored) => stored.sync !== 'refused')
          .map((stored) => ({ ...stored.check_in, key: personKeyOf(stored) })),
      ) as Map<string, StudentState>,
    [checkIns],
  );

  const waiting = checkIns.filter((stored) => stored.mine && stored.sync === 'waiting').length;
  const refused = checkIns.filter((stored) => stored.mine && stored.sync === 'refused').length;

  return {
    loaded,
    roster,
    people,
    states,
    checkIns,
    waiting,
    refused,
    online,
    live,
    ended,
    syncFailing: lastSyncError,
    record,
    reportClock,
  };
}
