import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { sessionAccountOf, userForSignIn } from '../users/queries.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { newSecret } from './tokens.js';

/** Failures are keyed by a hash of the e-mail, so the table holds no address in clear. */
export const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export type SignInResult =
  | { kind: 'ok'; accessToken: string; expiresIn: number; createdAt: Date }
  | { kind: 'invalid' }
  | { kind: 'limited'; retryAfterSeconds: number };

/**
 * Decides whether an attempt may be checked (SECURITY.md "Sign-in and tokens"), over the last hour:
 * - per (address, e-mail) pair, the first SIGN_IN_PAIR_FREE_FAILURES failures cost nothing; after f of
 *   them, the next attempt must wait 2^(f - free + 1) seconds after the last (at most
 *   SIGN_IN_PAIR_MAX_DELAY_SECONDS). Other addresses, and other e-mails behind the same address, are
 *   not affected.
 * - per account (e-mail, from any address): at most SIGN_IN_ACCOUNT_FAILURES_PER_HOUR failures;
 * - per address (any e-mail): at most SIGN_IN_ADDRESS_FAILURES_PER_HOUR failures, a ceiling for sprays.
 * When the attempt may go ahead it is recorded as a failure at once (and forgotten if the password is
 * right), under a lock per e-mail: concurrent attempts can't all slip in before the first one counts.
 */
async function admitAttempt(
  ctx: AppContext,
  key: string,
  address: string,
): Promise<{ retryAfterSeconds: number } | { attemptId: string }> {
  const { pairFreeFailures, pairMaxDelaySeconds, accountFailuresPerHour, addressFailuresPerHour } =
    ctx.config.signInLimits;
  return ctx.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in:${key}`}, 0))`.execute(trx);
    const row = await trx
      .selectFrom('sign_in_failures')
      .select([
        sql<number>`count(*) FILTER (WHERE email_key = ${key} AND address = ${address})::int`.as('pair'),
        sql<number>`count(*) FILTER (WHERE email_key = ${key})::int`.as('account'),
        sql<number>`count(*) FILTER (WHERE address = ${address})::int`.as('by_address'),
        // Seconds still to wait for each limit (<= 0: none), on the database's clock.
        sql<number>`coalesce(extract(epoch FROM
          max(created_at) FILTER (WHERE email_key = ${key} AND address = ${address})
          + make_interval(secs => least(${pairMaxDelaySeconds}::float8,
              power(2, greatest(count(*) FILTER (WHERE email_key = ${key} AND address = ${address}) - ${pairFreeFailures} + 1, 0))))
          - now()), 0)::float8`.as('pair_wait'),
        sql<number>`coalesce(extract(epoch FROM
          min(created_at) FILTER (WHERE email_key = ${key}) + interval '1 hour' - now()), 0)::float8`.as(
          'account_wait',
        ),
        sql<number>`coalesce(extract(epoch FROM
          min(created_at) FILTER (WHERE address = ${address}) + interval '1 hour' - now()), 0)::float8`.as(
          'address_wait',
        ),
      ])
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .where((eb) => eb.or([eb('email_key', '=', key), eb('address', '=', address)]))
      .executeTakeFirstOrThrow();
    const waits = [
      row.pair >= pairFreeFailures ? row.pair_wait : 0,
      row.account >= accountFailuresPerHour ? row.account_wait : 0,
      row.by_address >= addressFailuresPerHour ? row.address_wait : 0,
    ];
    const wait = Math.max(...waits);
    if (wait > 0) return { retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    const attempt = await trx
      .insertInto('sign_in_failures')
      .values({ email_key: key, address })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { attemptId: attempt.id };
  });
}

export async function signIn(
  ctx: AppContext,
  email: string,
  password: string,
  address: string,
): Promise<SignInResult> {
  const key = emailKey(email);
  const admitted = await admitAttempt(ctx, key, address);
  if ('retryAfterSeconds' in admitted)
    return { kind: 'limited', retryAfterSeconds: admitted.retryAfterSeconds };

  // With the account a session of this user starts in (current, else default): the trail's organization.
  const user = await userForSignIn(ctx.db, email);
  // The trail never holds the e-mail typed: an unknown address leaves no user, only the caller's address.
  const actor: AuditActor = {
    userId: user?.id ?? null,
    accountId: user?.account_id ?? null,
    actingOrganizationId: user?.organization_id ?? null,
    ip: address,
  };
  const signInEntry = (action: 'session.sign_in' | 'session.sign_in_failed') => ({
    action,
    recordType: 'user',
    recordId: user?.id ?? null,
    ownerOrganizationId: user?.organization_id ?? null,
  });
  const valid = user?.password_hash
    ? await verifyPassword(password, user.password_hash)
    : await verifyAgainstDecoy(password);

  if (!user || !valid) {
    // The attempt stays recorded as a failure, timed from its answer: the wait starts when the caller
    // learns of the failure, however long the hash took. Failures older than an hour no longer count.
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sign_in_failures')
        .set({ created_at: sql<Date>`now()` })
        .where('id', '=', admitted.attemptId)
        .execute();
      await recordAudit(trx, actor, signInEntry('session.sign_in_failed'));
    });
    await ctx.db
      .deleteFrom('sign_in_failures')
      .where('created_at', '<', sql<Date>`now() - interval '1 hour'`)
      .execute();
    return { kind: 'invalid' };
  }

  // A right password clears this pair's failures only: other pairs' count towards the account ceiling.
  await ctx.db
    .deleteFrom('sign_in_failures')
    .where('email_key', '=', key)
    .where('address', '=', address)
    .execute();
  const issued = await ctx.db.transaction().execute(async (trx) => {
    const token = await issueAccessToken({ db: trx, config: ctx.config }, user.id);
    await recordAudit(trx, actor, signInEntry('session.sign_in'));
    return token;
  });
  return { kind: 'ok', ...issued };
}

/** A new bearer token for a user (sign-in, accepted invitation). */
export async function issueAccessToken(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
): Promise<{ accessToken: string; expiresIn: number; createdAt: Date }> {
  const { secret, hash } = newSecret();
  const createdAt = new Date();
  await ctx.db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: hash,
      created_at: createdAt,
      last_used_at: createdAt,
      expires_at: new Date(createdAt.getTime() + ctx.config.tokenTtlSeconds * 1000),
    })
    .execute();
  return { accessToken: secret, expiresIn: ctx.config.tokenTtlSeconds, createdAt };
}

/**
 * A session started without a password check here (an accepted invitation): the token and its
 * `session.sign_in` row in one transaction, with the account the session starts in (current, else default).
 */
export async function startSession(ctx: AppContext, userId: string, address: string, via: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const account = await sessionAccountOf(trx, userId);
    const token = await issueAccessToken({ db: trx, config: ctx.config }, userId);
    await recordAudit(
      trx,
      {
        userId,
        accountId: account?.id ?? null,
        actingOrganizationId: account?.organization_id ?? null,
        ip: address,
      },
      {
        action: 'session.sign_in',
        recordType: 'user',
        recordId: userId,
        ownerOrganizationId: account?.organization_id ?? null,
        details: { via },
      },
    );
    return token;
  });
}

/** The RFC 6749 token answer. */
/** The token answer of API.md (RFC 6749 §5.1). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  created_at: z.number(),
});

export const tokenResponse = (t: { accessToken: string; expiresIn: number; createdAt: Date }) => ({
  access_token: t.accessToken,
  token_type: 'Bearer' as const,
  expires_in: t.expiresIn,
  created_at: Math.floor(t.createdAt.getTime() / 1000),
});

/** Revokes, as of `at`, the tokens not revoked yet that the caller's condition picks. */
const revokeOpenTokens = (db: AppContext['db'], at: Date | RawBuilder<Date>) =>
  db.updateTable('access_tokens').set({ revoked_at: at }).where('revoked_at', 'is', null);

/** Revokes one token; unknown tokens are fine (RFC 7009). */
export async function revokeToken(ctx: AppContext, tokenHash: Buffer): Promise<void> {
  await revokeOpenTokens(ctx.db, new Date()).where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user (password reset, disabling). */
export async function revokeAllTokens(
  db: AppContext['db'],
  userId: string,
  at: Date | RawBuilder<Date> = new Date(),
): Promise<void> {
  await revokeOpenTokens(db, at).where('user_id', '=', userId).execute();
}
