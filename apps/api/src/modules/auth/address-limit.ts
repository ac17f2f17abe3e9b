import type { FastifyReply, FastifyRequest } from 'fastify';

// Enough addresses for any real load; past it, windows that have ended are dropped, then the oldest.
const MAX_TRACKED_ADDRESSES = 50_000;

/**
 * A fixed-window request count per client address, in this process's memory: for public endpoints
 * whose cost (hashing, e-mail) is spent in this process. `hit` counts one request and answers how many
 * seconds the caller must wait, or null when the request may go ahead.
 */
export function createAddressLimiter(options: { limit: number; windowSeconds: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const windowMs = options.windowSeconds * 1000;

  function prune(now: number) {
    for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
    // Maps iterate in insertion order: the first keys are the oldest windows.
    for (const key of windows.keys()) {
      if (windows.size <= MAX_TRACKED_ADDRESSES) break;
      windows.delete(key);
    }
  }

  return {
    hit(address: string, now = Date.now()): number | null {
      let w = windows.get(address);
      if (!w || now - w.start >= windowMs) {
        windows.delete(address);
        if (windows.size >= MAX_TRACKED_ADDRESSES) prune(now);
        w = { start: now, count: 0 };
        windows.set(address, w);
      }
      w.count += 1;
      if (w.count <= options.limit) return null;
      return Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
    },
  };
}

export type AddressLimiter = ReturnType<typeof createAddressLimiter>;

/**
 * An `onRequest` hook answering 429 `{error:'too_many_requests'}` with Retry-After once an address has
 * used up its requests; it runs before the body is read or validated.
 */
export function limitByAddress(limiter: AddressLimiter) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = limiter.hit(request.ip);
    if (wait !== null) {
      return reply.status(429).header('Retry-After', String(wait)).send({ error: 'too_many_requests' });
    }
  };
}

/** The limit every public reset and invitation endpoint gets, from configuration. */
export const tokenLinkLimiter = (config: { tokenLinkRequestsPerAddress: number }) =>
  createAddressLimiter({ limit: config.tokenLinkRequestsPerAddress, windowSeconds: 15 * 60 });
