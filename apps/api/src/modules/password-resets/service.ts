import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { JobDeps } from '../../jobs/deps.js';
import { queueEmail } from '../../mail/outbox.js';
import { passwordResetMessage } from '../../mail/templates.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeAllTokens } from '../auth/sign-in.js';
import { hashSecret, newSecret } from '../auth/tokens.js';
import { activeUserByEmail, updateUser } from '../users/queries.js';

// At most this many reset e-mails an hour to one user: the endpoint can't be used to flood an inbox.
const MAX_RESETS_PER_HOUR = 5;

/**
 * Starts a password reset (the `password-resets.request` job, after the request has been answered):
 * when the address belongs to a user, e-mails a single-use link valid for a limited time.
 */
export async function requestPasswordReset(
  deps: Pick<JobDeps, 'db' | 'config' | 'enqueueEmail'>,
  email: string,
): Promise<void> {
  const { db, config } = deps;
  const user = await activeUserByEmail(db, email);
  if (!user) return;
  const recent = await db
    .selectFrom('password_resets')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (recent.n >= MAX_RESETS_PER_HOUR) return;

  const { secret, hash } = newSecret();
  const minutes = config.passwordResetTtlMinutes;
  // The link is built from configuration, never from the request's Host header.
  const link = `${config.publicUrl}/reset-password/${secret}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('password_resets')
      .values({ user_id: user.id, token_hash: hash, expires_at: new Date(Date.now() + minutes * 60_000) })
      .execute();
    await queueEmail(
      trx,
      deps.enqueueEmail,
      passwordResetMessage({ to: user.email, name: user.name, link, minutes }),
    );
  });
}

/**
 * What the request itself does, the same for every address: queue the work and nothing else, so that
 * neither the answer nor its timing tells whether the address has an account.
 */
export async function queuePasswordResetRequest(ctx: AppContext, email: string): Promise<void> {
  await ctx.queue.enqueue('password-resets.request', { email: email.trim().toLowerCase() });
}

function findUsableReset(ctx: AppContext, token: string) {
  return ctx.db
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'expires_at'])
    .where('token_hash', '=', hashSecret(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function findPasswordReset(ctx: AppContext, token: string) {
  return (await findUsableReset(ctx, token)) ?? null;
}

/** Sets the new password, uses up every open reset link of the user, and ends all their sessions. */
export async function completePasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<boolean> {
  // The cheap lookup first: an unknown, used or expired link costs no hashing (SECURITY.md).
  if (!(await findUsableReset(ctx, token))) return false;
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    const reset = await trx
      .selectFrom('password_resets')
      .select(['id', 'user_id'])
      .where('token_hash', '=', hashSecret(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!reset) return false;
    await updateUser(trx, reset.user_id, { password_hash: passwordHash, updated_at: new Date() });
    await useUpResets(trx, reset.user_id);
    await revokeAllTokens(trx, reset.user_id);
    return true;
  });
}

/** Marks every reset link of a user not yet used as used, so none of them works any more. */
export async function useUpResets(
  trx: Transaction<Database>,
  userId: string,
  at: Date | RawBuilder<Date> = new Date(),
): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
