import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { enqueueEmailOn, queueEmail } from '../../mail/outbox.js';
import { invitationMessage } from '../../mail/templates.js';
import { hashPassword } from '../auth/passwords.js';
import { startSession } from '../auth/sign-in.js';
import { hashSecret, newSecret } from '../auth/tokens.js';
import { lockUserToInvite, updateUser } from '../users/queries.js';

export const INVITATION_TTL_DAYS = 14;

/**
 * Sends (or re-sends) an invitation: a new single-use link replaces any earlier one, the e-mail goes
 * out through the queue in the same transaction, and the user's invitation_sent_at moves to now.
 */
export async function sendInvitation(
  ctx: AppContext,
  args: { userId: string; inviter: { id: string; name: string }; organizationName: string },
): Promise<void> {
  const { secret, hash } = newSecret();
  const link = `${ctx.config.publicUrl}/invitations/${secret}`;
  await ctx.db.transaction().execute(async (trx) => {
    const user = await lockUserToInvite(trx, args.userId);
    if (user.invitation_accepted_at) throw conflict({ base: ['The invitation has already been accepted'] });
    const now = new Date();
    await replaceOpenInvitations(trx, user.id, now);
    await trx
      .insertInto('invitations')
      .values({
        user_id: user.id,
        invited_by_user_id: args.inviter.id,
        token_hash: hash,
        expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
      })
      .execute();
    await updateUser(trx, user.id, { invitation_sent_at: now, updated_at: now });
    await queueEmail(
      trx,
      enqueueEmailOn(ctx.queue),
      invitationMessage({
        to: user.email,
        name: user.name,
        organizationName: args.organizationName,
        inviterName: args.inviter.name,
        link,
        days: INVITATION_TTL_DAYS,
      }),
    );
  });
}

/** Marks a user's invitations not yet accepted as replaced, so their links stop working. */
export async function replaceOpenInvitations(
  trx: Transaction<Database>,
  userId: string,
  at: Date | RawBuilder<Date>,
): Promise<void> {
  await trx
    .updateTable('invitations')
    .set({ replaced_at: at })
    .where('user_id', '=', userId)
    .where('accepted_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}

export async function findOpenInvitation(ctx: AppContext, token: string) {
  return ctx.db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.expires_at', 'u.name', 'u.email'])
    .where('i.token_hash', '=', hashSecret(token))
    .where('i.accepted_at', 'is', null)
    .where('i.replaced_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Sets the password, marks the invitation accepted, and signs the user in. Null when the link is no good. */
export async function acceptInvitation(ctx: AppContext, token: string, password: string, address: string) {
  // The cheap lookup first: an unknown, used or expired link costs no hashing (SECURITY.md).
  if (!(await findOpenInvitation(ctx, token))) return null;
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('invitations')
      .select(['id', 'user_id'])
      .where('token_hash', '=', hashSecret(token))
      .where('accepted_at', 'is', null)
      .where('replaced_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) return null;
    const now = new Date();
    await trx.updateTable('invitations').set({ accepted_at: now }).where('id', '=', invitation.id).execute();
    await updateUser(trx, invitation.user_id, {
      password_hash: passwordHash,
      invitation_accepted_at: now,
      updated_at: now,
    });
    return invitation.user_id;
  });
  return userId ? startSession(ctx, userId, address, 'invitation') : null;
}
