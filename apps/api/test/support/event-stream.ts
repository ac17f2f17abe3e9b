import { bearer } from './factories.js';

export interface Received {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/** An event stream (a project's, a session's) read as the web reads it: fetch with the bearer token, frames parsed. */
export async function openEventStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: bearer(token),
    signal: controller.signal,
  });
  const received: Received[] = [];
  let raw = '';
  let ended = false;
  const waiting = new Set<() => void>();
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const text = decoder.decode(chunk, { stream: true });
          raw += text;
          buffer += text;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) received.push({ event, data: JSON.parse(data), at: Date.now() });
          }
          for (const wake of waiting) wake();
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const wake of waiting) wake();
    })();
  }
  /** The first event of `type` received after index `from`, within `timeoutMs`. */
  const next = (type: string, timeoutMs = 2_000, from = 0) =>
    new Promise<Received>((resolve, reject) => {
      const check = () => {
        const found = received.slice(from).find((r) => r.event === type);
        if (found) {
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
        } else if (ended) {
          waiting.delete(check);
          clearTimeout(timer);
          reject(new Error(`stream ended before ${type}`));
        }
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(
          new Error(`no ${type} within ${timeoutMs} ms (got ${received.map((r) => r.event).join(', ')})`),
        );
      }, timeoutMs);
      waiting.add(check);
      check();
    });
  return {
    response,
    received,
    raw: () => raw,
    ended: () => ended,
    next,
    close: () => controller.abort(),
  };
}
