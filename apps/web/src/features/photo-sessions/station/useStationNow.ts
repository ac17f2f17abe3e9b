import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { queryClient } from '../../../api/queryClient';
import { type Caller, fetchStationNow, pickStationFrame, type StationNow, sessionKeys } from '../api';

/** While the session's event stream is open, a slow read in case an event was lost; without it, faster. */
const POLL_LIVE_MS = 30_000;
const POLL_NOT_LIVE_MS = 5_000;
/** Events that come together (a burst of check-ins, frames checked one after another) make one read. */
const EVENT_GATHER_MS = 250;

export const nowKey = (sessionId: string, stationId: string) =>
  [...sessionKeys.session(sessionId), 'stations', stationId, 'now'] as const;

/**
 * Tethered capture at this station: its current student (its last check-in) and their frames from the
 * live batch, with their checks. Read afresh on the session's events that concern the station (`onEvent`,
 * handed the station's event stream), and every few seconds only while that stream is not open.
 */
export function useStationNow(
  sessionId: string,
  stationId: string,
  caller: Caller,
  live: boolean,
  /** False once the station has ended (its link revoked or run out): nothing more is asked. */
  enabled = true,
) {
  const callerRef = useRef(caller);
  callerRef.current = caller;
  const key = nowKey(sessionId, stationId);
  const now = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchStationNow(stationId, callerRef.current, signal),
    enabled: enabled && stationId !== '',
    staleTime: 0,
    refetchInterval: live ? POLL_LIVE_MS : POLL_NOT_LIVE_MS,
    // The frames stay on the screen through a failed read (the network away a moment).
    placeholderData: (previous) => previous,
  });

  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  /** One of the session's events: the view is read again when it may have changed for this station. */
  const onEvent = useCallback(
    (event: string, data: string) => {
      if (!concernsStation(event, data, stationId)) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: nowKey(sessionId, stationId) });
      }, EVENT_GATHER_MS);
    },
    [sessionId, stationId],
  );

  const pick = useMutation({
    mutationFn: (photoId: string) => pickStationFrame(stationId, callerRef.current, photoId),
    // Shown picked at once; put back if the server refuses, else its answer is the view.
    onMutate: async (photoId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<StationNow>(key);
      if (before) {
        queryClient.setQueryData<StationNow>(key, {
          ...before,
          frames: before.frames.map((frame) => ({ ...frame, picked: frame.photo_id === photoId })),
        });
      }
      return { before };
    },
    onError: (_error, _photoId, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (view) => queryClient.setQueryData(key, view),
  });

  return { now, onEvent, pick };
}

/**
 * Whether a session event may change this station's view: a frame of its own live batch, a check-in at
 * it (a new current student), a reconnection (events may have been missed). Unreadable data: read again.
 */
export function concernsStation(event: string, data: string, stationId: string): boolean {
  if (event === 'ready' || event === 'resync') return true;
  if (event !== 'station.frame' && event !== 'check-ins') return false;
  try {
    const body = JSON.parse(data) as { station_id?: unknown; check_ins?: { station_id?: unknown }[] };
    if (event === 'station.frame') return String(body.station_id) === stationId;
    const checkIns = body.check_ins ?? [];
    return (
      checkIns.length === 0 ||
      checkIns.some((c) => c.station_id === undefined || String(c.station_id) === stationId)
    );
  } catch {
    return true;
  }
}
