import { APP_SLUG } from '@school-portal/domain';
import { useEffect, useRef, useState } from 'react';
import { readFrames, wait } from '../../api/projectEvents';
import { getToken } from '../../api/token';
import type { Caller } from './api';

const RETRY_DEFAULT_MS = 3_000;
const RETRY_MAX_MS = 30_000;

/**
 * A photo session's live events (GET /api/photo-sessions/:id/events: check-ins from every station, a
 * station link revoked), read with fetch like the project's stream so the token stays in a header. Each
 * frame (and each reconnection, which may have missed some) calls `onChange`: the page reads afresh.
 * `onRefused` hears a 401 to a station link's token (revoked or out of date): the stream then stops.
 */
export function useSessionEvents(
  sessionId: string,
  caller: Caller | null,
  onChange: () => void,
  onRefused?: () => void,
) {
  const handlers = useRef({ onChange, onRefused });
  handlers.current = { onChange, onRefused };
  const [live, setLive] = useState(false);
  const token = caller?.token;
  const enabled = caller !== null && sessionId !== '';

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let failures = 0;
      while (!signal.aborted) {
        let retryMs = RETRY_DEFAULT_MS;
        try {
          const bearer = token ?? getToken();
          if (!bearer) return;
          const response = await fetch(`/api/photo-sessions/${encodeURIComponent(sessionId)}/events`, {
            headers: {
              Accept: 'text/event-stream',
              Authorization: `Bearer ${bearer}`,
              'X-App-Slug': APP_SLUG,
            },
            credentials: 'same-origin',
            signal,
          });
          if (response.status === 401 && token) {
            handlers.current.onRefused?.();
            return;
          }
          if ([401, 403, 404].includes(response.status)) return;
          if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
          await readFrames(
            response.body,
            (event) => {
              if (event === 'ready') {
                setLive(true);
                failures = 0;
              }
              handlers.current.onChange();
            },
            (ms) => {
              retryMs = ms;
            },
          );
        } catch {
          if (signal.aborted) return;
          failures += 1;
        }
        setLive(false);
        await wait(Math.min(retryMs * 2 ** failures, RETRY_MAX_MS), signal);
      }
    })();
    return () => {
      controller.abort();
      setLive(false);
    };
  }, [sessionId, token, enabled]);

  return { live };
}
