import { APP_SLUG, newUserFormSchema, userSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorize, sessionOf } from '../../http/auth.js';
import { unprocessable } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { findVisibleOrganization, organizationTarget } from '../organizations/service.js';
import { loadUserForViewer } from './viewer.js';

const TAKEN = { email: ['has already been taken'] };
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** New User (spec §2, §5, §6). */
export function registerUserCreationRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/organizations/:id/users',
    {
      config: { action: 'user.create' },
      schema: {
        tags: ['users'],
        summary:
          'Create a user with an account in the organization; limited to this app unless a manager chose all apps',
        params: idParam,
        body: z.object({
          user: newUserFormSchema
            .omit({ organization_id: true })
            .extend({ organization_id: z.unknown().optional() }),
          plic_app_id: z.string().max(64).default(APP_SLUG),
        }),
        response: { 201: z.object({ user: userSchema }) },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const { organization } = await findVisibleOrganization(ctx.db, s, request.params.id);
      const { name, email, enable_for_all_apps } = request.body.user;
      const appSlug = request.body.plic_app_id;
      authorize(request, {
        ...organizationTarget(organization, s),
        plic_app_id: appSlug,
        enable_for_all_apps: !!enable_for_all_apps,
      });
      // New users are limited to this app by default: whitelist on, with its slug only.
      const whitelist = enable_for_all_apps ? { on: false, slugs: [] } : { on: true, slugs: [appSlug] };
      const taken = await ctx.db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst();
      if (taken) throw unprocessable(TAKEN);
      let userId: string;
      try {
        userId = await ctx.db.transaction().execute(async (trx) => {
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
      const user = await loadUserForViewer(ctx, s, userId);
      return reply.status(201).send({ user: user! });
    },
  );
}
