import { APP_SLUG } from '@school-portal/domain';
import { useEffect, useRef, useState } from 'react';
import { pathOf } from './api';
import { getToken } from './token';

/**
 * A project's live events (GET /api/projects/{id}/events, server-sent events), from whichever API
 * instance the browser reaches: what changed, by id; the page reads the records again through its queries.
 * `resync` says some may have been missed (the stream was cut and is back): read everything again.
 */
export type ProjectEvent =
  | { type: 'photo-batch.state'; photo_batch_id: string; state: string }
  | { type: 'photo-batch.photo-verified'; photo_batch_id: string; photo_id: string }
  | {
      type: 'check-ins';
      photo_session_id: string;
      check_ins: { check_in_id: string; subject_id: string | null; status: string }[];
    }
  | { type: 'photos.assigned'; photo_session_id: string | null; photos: number; subjects: number }
  | { type: 'photo-check.failed'; photo_id: string; subject_id: string | null; flags: number }
  | { type: 'resync' };

/** The server's answers that no retry mends: signed out, refused, the project out of view. */
const FINAL = new Set([401, 403, 404]);
const RETRY_DEFAULT_MS = 3_000;
const RETRY_MAX_MS = 30_000;

/**
 * Reads an event stream's frames (`event:` and `data:` lines, a blank line ends one; `retry:` sets the
 * wait before connecting again; comment lines are heartbeats).
 */
async function readFrames(
  body: ReadableStream<Uint8Array>,
  onFrame: (event: string, data: string) => void,
  onRetry: (ms: number) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      let event = 'message';
      const data: string[] = [];
      for (const line of buffer.slice(0, end).split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
        else if (field === 'retry' && /^\d+$/.test(text)) onRetry(Number(text));
      }
      if (data.length > 0) onFrame(event, data.join('\n'));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Holds a server-sent event stream open while mounted (`path` null: none) and hands each frame to
 * `onFrame`. Read with fetch, not EventSource: EventSource can't send the bearer token in a header, and a
 * token in the address would end up in proxies' and servers' access logs. `token` is the caller's own (a
 * station link's), else the signed-in user's. It connects again after a cut (the server's `retry:` hint,
 * longer after each failure); an answer no retry mends (401, 403, 404) ends it and goes to `onFinal`.
 * `live` is true while the stream is open, so a page may poll less meanwhile.
 */
export function useEventStream(
  path: string | null,
  token: string | undefined,
  onFrame: (event: string, data: string) => void,
  onFinal?: (status: number) => void,
) {
  const handlers = useRef({ onFrame, onFinal });
  handlers.current = { onFrame, onFinal };
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let failures = 0;
      while (!signal.aborted) {
        let retryMs = RETRY_DEFAULT_MS;
        try {
          const bearer = token ?? getToken();
          if (!bearer) return;
          const response = await fetch(path, {
            headers: {
              Accept: 'text/event-stream',
              Authorization: `Bearer ${bearer}`,
              'X-App-Slug': APP_SLUG,
            },
            credentials: 'same-origin',
            signal,
          });
          if (FINAL.has(response.status)) {
            handlers.current.onFinal?.(response.status);
            return;
          }
          if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
          await readFrames(
            response.body,
            (event, data) => {
              if (event === 'ready') {
                setLive(true);
                failures = 0;
              }
              handlers.current.onFrame(event, data);
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
  }, [path, token]);

  return { live };
}

/**
 * The project's event stream (useEventStream) while mounted, each event to `onEvent`; after a cut it is
 * back, `resync`: events sent meanwhile are gone, the page reads afresh.
 */
export function useProjectEvents(projectId: string | undefined, onEvent: (event: ProjectEvent) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const connectedBefore = useRef(false);
  // A new project is a first connection again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the project changes
  useEffect(() => {
    connectedBefore.current = false;
  }, [projectId]);
  return useEventStream(
    projectId ? pathOf('/api/projects/{id}/events', { id: projectId }) : null,
    undefined,
    (event, data) => {
      if (event === 'ready') {
        if (connectedBefore.current) handler.current({ type: 'resync' });
        connectedBefore.current = true;
      } else if (event === 'resync') handler.current({ type: 'resync' });
      else {
        try {
          handler.current(JSON.parse(data) as ProjectEvent);
        } catch {
          // Not ours to read: ignored.
        }
      }
    },
  );
}
