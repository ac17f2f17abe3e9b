import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { newSecret } from './tokens.js';

/** Failures are keyed by a hash of the e-mail, so the table holds no address in clear. */
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export type SignInResult =
  | { kind: 'ok'; accessToken: string; expiresIn: number; createdAt: Date }
  | { kind: 'invalid' }
  | { kind: 'limited'; retryAfterSeconds: number };

/** Too many recent failures for this e-mail or this address? Then the answer is 429, without a check. */
async function rateLimited(ctx: AppContext, key: string, address: string): Promise<number | null> {
  const { perEmail, perAddress, windowMinutes } = ctx.config.signInLimits;
  const since = sql<Date>`now() - make_interval(mins => ${windowMinutes})`;
  const row = await ctx.db
    .selectFrom('sign_in_failures')
    .select([
      sql<number>`count(*) FILTER (WHERE email_key = ${key})::int`.as('by_email'),
      sql<number>`count(*) FILTER (WHERE address = ${address})::int`.as('by_address'),
      sql<Date | null>`min(created_at) FILTER (WHERE email_key = ${key} OR address = ${address})`.as(
        'oldest',
      ),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('email_key', '=', key), eb('address', '=', address)]))
    .executeTakeFirstOrThrow();
  if (row.by_email < perEmail && row.by_address < perAddress) return null;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
  return Math.max(1, Math.ceil((oldest + windowMinutes * 60_000 - Date.now()) / 1000));
}

export async function signIn(
  ctx: AppContext,
  email: string,
  password: string,
  address: string,
): Promise<SignInResult> {
  const key = emailKey(email);
  const retryAfter = await rateLimited(ctx, key, address);
  if (retryAfter !== null) return { kind: 'limited', retryAfterSeconds: retryAfter };

  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const valid = user?.password_hash
    ? await verifyPassword(password, user.password_hash)
    : await verifyAgainstDecoy(password);

  if (!user || !valid) {
    await ctx.db.insertInto('sign_in_failures').values({ email_key: key, address }).execute();
    await ctx.db
      .deleteFrom('sign_in_failures')
      .where(
        'created_at',
        '<',
        sql<Date>`now() - make_interval(mins => ${ctx.config.signInLimits.windowMinutes})`,
      )
      .execute();
    return { kind: 'invalid' };
  }

  await ctx.db.deleteFrom('sign_in_failures').where('email_key', '=', key).execute();
  return { kind: 'ok', ...(await issueAccessToken(ctx, user.id)) };
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

/** The RFC 6749 token answer. */
export const tokenResponse = (t: { accessToken: string; expiresIn: number; createdAt: Date }) => ({
  access_token: t.accessToken,
  token_type: 'Bearer' as const,
  expires_in: t.expiresIn,
  created_at: Math.floor(t.createdAt.getTime() / 1000),
});

/** Revokes one token; unknown tokens are fine (RFC 7009). */
export async function revokeToken(ctx: AppContext, tokenHash: Buffer): Promise<void> {
  await ctx.db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password reset, disabling). */
export async function revokeAllTokens(db: AppContext['db'], userId: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
