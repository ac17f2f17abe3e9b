import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** One in this many requests also removes the rows of windows that have ended (no sweep job needed). */
const PRUNE_EVERY = 200;

/**
 * A fixed-window request count per client address, kept in PostgreSQL so that every API instance counts
 * against one allowance (three instances once accepted 89 requests where one allows 30): for public
 * endpoints whose cost (hashing, e-mail) an attacker could multiply. One upsert per request. `hit` counts
 * one request and answers how many seconds the caller must wait, or null when the request may go ahead.
 * Addresses are stored as digests, never as they are.
 */
export function createAddressLimiter(
  db: Db,
  options: { bucket: string; limit: number; windowSeconds: number },
) {
  const window = `${options.windowSeconds} seconds`;
  return {
    async hit(address: string): Promise<number | null> {
      const digest = createHash('sha256').update(`${options.bucket}\n${address}`).digest('base64url');
      const row = await db
        .insertInto('request_limits')
        .values({ bucket: options.bucket, address_digest: digest, window_start: sql`now()`, count: 1 })
        .onConflict((oc) =>
          oc.columns(['bucket', 'address_digest']).doUpdateSet({
            // A window that has ended starts again at this request.
            count: sql`CASE WHEN request_limits.window_start <= now() - ${window}::interval THEN 1 ELSE request_limits.count + 1 END`,
            window_start: sql`CASE WHEN request_limits.window_start <= now() - ${window}::interval THEN now() ELSE request_limits.window_start END`,
          }),
        )
        .returning([
          'count',
          sql<number>`ceil(extract(epoch FROM window_start + ${window}::interval - now()))`.as('wait'),
        ])
        .executeTakeFirstOrThrow();
      if (Math.random() * PRUNE_EVERY < 1)
        await db
          .deleteFrom('request_limits')
          .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
          .execute();
      if (row.count <= options.limit) return null;
      return Math.max(1, Number(row.wait));
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
    const wait = await limiter.hit(request.ip);
    if (wait !== null) {
      return reply.status(429).header('Retry-After', String(wait)).send({ error: 'too_many_requests' });
    }
  };
}

/** The limit every public reset and invitation endpoint gets, from configuration, counted per `bucket`. */
export const tokenLinkLimiter = (
  ctx: { db: Db; config: { tokenLinkRequestsPerAddress: number } },
  bucket: string,
) =>
  createAddressLimiter(ctx.db, {
    bucket,
    limit: ctx.config.tokenLinkRequestsPerAddress,
    windowSeconds: 15 * 60,
  });
