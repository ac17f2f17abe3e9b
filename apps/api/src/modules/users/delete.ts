import type { UserTarget } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Access, VisibleRef } from '../access/visibility.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { revokeAllTokens } from '../auth/sign-in.js';
import { replaceOpenInvitations } from '../invitations/service.js';
import { useUpResets } from '../password-resets/service.js';

/** Where each of a user's accounts sits for the caller: 'other' when out of the caller's view. */
export async function userTargetFor(
  ctx: AppContext,
  access: Access,
  callerId: string,
  userId: string,
): Promise<UserTarget> {
  const accounts = await ctx.db
    .selectFrom('accounts as a')
    .select([
      'a.organization_id',
      (eb) => eb('a.organization_id', 'in', access.organizationIds()).as('in_view'),
    ])
    .where('a.user_id', '=', userId)
    .execute();
  return {
    is_self: userId === callerId,
    placements: accounts.map((a) => (a.in_view ? access.placementOf(a.organization_id) : 'other')),
  };
}

/**
 * Deletes (deactivates) a user: sets deleted_at, so it leaves every list and picker and can't sign in,
 * and ends every way in at once: access tokens revoked, reset links used up, invitations replaced. The
 * row stays (its name shows as "(Deleted)" where records name their creator). Recorded in the trail in
 * the same transaction. Answers false when the user was already deleted.
 */
export async function deleteUser(ctx: AppContext, request: FastifyRequest, user: VisibleRef) {
  return ctx.db.transaction().execute(async (trx) => {
    const now = sql<Date>`now()`;
    const marked = await trx
      .updateTable('users')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', user.id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!marked) return false;
    await revokeAllTokens(trx, user.id, now);
    await useUpResets(trx, user.id, now);
    await replaceOpenInvitations(trx, user.id, now);
    await recordAudit(trx, actorOf(request), {
      action: 'user.delete',
      recordType: 'user',
      recordId: user.id,
      ownerOrganizationId: user.organization_id,
    });
    return true;
  });
}
