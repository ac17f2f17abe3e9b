import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/errors.js';
import { actorOf, recordAudit } from '../audit/record.js';

const TAKEN = { email: ['has already been taken'] };
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * New User (spec §2, §5, §6): the user, its account in the organization and its licence for the app, in
 * the owner's trail; 422 when the e-mail is taken. Answers the new user's id.
 */
export async function createUser(
  ctx: AppContext,
  request: FastifyRequest,
  organization: { id: string },
  {
    name,
    email,
    appSlug,
    whitelist,
  }: {
    name: string;
    email: string;
    appSlug: string;
    whitelist: { on: boolean; slugs: string[] };
  },
): Promise<string> {
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  if (taken) throw unprocessable(TAKEN);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          name,
          email,
          password_hash: null,
          enable_plic_app_whitelist: whitelist.on,
          plic_app_whitelist_slugs: whitelist.slugs,
          default_account_id: null,
          current_account_id: null,
          invitation_sent_at: null,
          invitation_accepted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const account = await trx
        .insertInto('accounts')
        .values({
          user_id: user.id,
          organization_id: organization.id,
          enable_plic_app_whitelist: whitelist.on,
          plic_app_whitelist_slugs: whitelist.slugs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ default_account_id: account.id, current_account_id: account.id })
        .where('id', '=', user.id)
        .execute();
      const license = await trx
        .insertInto('app_licenses')
        .values({ user_id: user.id, plic_app_slug: appSlug })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A new user's rights (an account in this organization) and licence, in the owner's trail.
      const actor = actorOf(request);
      await recordAudit(trx, actor, {
        action: 'user.rights_change',
        recordType: 'account',
        recordId: account.id,
        ownerOrganizationId: organization.id,
        details: { user_id: user.id, change: 'account_created', enable_for_all_apps: !whitelist.on },
      });
      await recordAudit(trx, actor, {
        action: 'license.change',
        recordType: 'app_license',
        recordId: license.id,
        ownerOrganizationId: organization.id,
        details: { user_id: user.id, plic_app_slug: appSlug, active: true },
      });
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable(TAKEN);
    throw error;
  }
}
