import { useRef } from 'react';
import { useEventStream } from '../../api/projectEvents';
import type { Caller } from './api';

/**
 * A photo session's live events (GET /api/photo-sessions/:id/events: check-ins from every station, a
 * station link revoked, a frame of a station's current student checked), through useEventStream with the
 * station link's token when it has one. Each frame (and each reconnection, `ready`, which may have missed
 * some) calls `onChange` with its event name and data: the page reads afresh what it shows.
 * `onRefused` hears a 401 to a station link's token (revoked or out of date): the stream then stops.
 */
export function useSessionEvents(
  sessionId: string,
  caller: Caller | null,
  onChange: (event: string, data: string) => void,
  onRefused?: () => void,
) {
  const handlers = useRef({ onChange, onRefused });
  handlers.current = { onChange, onRefused };
  const token = caller?.token;
  return useEventStream(
    caller !== null && sessionId !== ''
      ? `/api/photo-sessions/${encodeURIComponent(sessionId)}/events`
      : null,
    token,
    (event, data) => handlers.current.onChange(event, data),
    (status) => {
      if (status === 401 && token) handlers.current.onRefused?.();
    },
  );
}
