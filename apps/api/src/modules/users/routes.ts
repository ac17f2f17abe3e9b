import { licenseSchema, switchAccountSchema, userSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { idParam, isRecordId, queryBoolean } from '../../http/params.js';
import { visibleOrganizationIds } from '../organizations/access.js';
import { serializeUser } from './serialize.js';
import { buildAbilities, chooseAccount, loadAccounts, loadActiveSlugs, type SessionUser } from './session.js';

const includeAccountsQuery = z.object({ include_accounts: queryBoolean }).strict();

export function registerUserRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const adminUrlFor = (userId: string, allowed: boolean) =>
    allowed && ctx.config.web.adminUserUrl ? ctx.config.web.adminUserUrl.replace('{id}', userId) : null;

  app.get(
    '/api/users/me',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['current user'],
        summary: 'The signed-in user, the account this call acts as and, on request, all accounts',
        querystring: includeAccountsQuery,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const adminUrl = adminUrlFor(s.user.id, s.abilities.canOpenAdminUserUrl);
      return { user: serializeUser({ ...s, adminUrl }, request.query.include_accounts === true) };
    },
  );

  app.patch(
    '/api/users/me',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['current user'],
        summary: 'Switch account: make one of the caller’s accounts the current one',
        body: switchAccountSchema,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const target = chooseAccount(s.user, s.accounts, request.body.user.current_account_id);
      if (target === 'not_owned' || target === null) throw forbidden('account_not_owned');
      await ctx.db
        .updateTable('users')
        .set({ current_account_id: target.id, updated_at: new Date() })
        .where('id', '=', s.user.id)
        .execute();
      const user: SessionUser = { ...s.user, current_account_id: target.id };
      // The abilities of the new account decide the admin link.
      const abilities = buildAbilities(
        user,
        s.accounts,
        target,
        s.activeSlugs,
        !!ctx.config.web.supportChatUrl,
      );
      const adminUrl = adminUrlFor(user.id, abilities.canOpenAdminUserUrl);
      return {
        user: serializeUser(
          { user, accounts: s.accounts, account: target, activeSlugs: s.activeSlugs, adminUrl },
          true,
        ),
      };
    },
  );

  app.get(
    '/api/users/:id',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'One user; yourself, or a user with an account in an organization you can see',
        params: idParam,
        querystring: includeAccountsQuery,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const includeAccounts = request.query.include_accounts === true;
      if (request.params.id === s.user.id) {
        return {
          user: serializeUser(
            { ...s, adminUrl: adminUrlFor(s.user.id, s.abilities.canOpenAdminUserUrl) },
            includeAccounts,
          ),
        };
      }
      // Anyone else is looked at only by a licensed account, and only through organizations it can see.
      if (!s.abilities.isLicensed || !s.account || !isRecordId(request.params.id)) throw notFound();
      const visible = visibleOrganizationIds(ctx.db, s.account.organization_id);
      const user = await ctx.db
        .selectFrom('users')
        .select([
          'id',
          'name',
          'email',
          'roles',
          'enable_plic_app_whitelist',
          'plic_app_whitelist_slugs',
          'default_account_id',
          'current_account_id',
          'invitation_sent_at',
          'invitation_accepted_at',
          'created_at',
        ])
        .where('id', '=', request.params.id)
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('accounts')
              .select('accounts.id')
              .whereRef('accounts.user_id', '=', 'users.id')
              .where('accounts.organization_id', 'in', visible),
          ),
        )
        .executeTakeFirst();
      if (!user) throw notFound();
      const visibleIds = new Set((await visible.execute()).map((r) => r.id));
      const [allAccounts, activeSlugs] = await Promise.all([
        loadAccounts(ctx.db, [user.id]),
        loadActiveSlugs(ctx.db, user.id),
      ]);
      const accounts = allAccounts.filter((a) => visibleIds.has(a.organization_id));
      // Accounts in organizations the caller can't see don't leak, not even by id.
      const shownIds = new Set(accounts.map((a) => a.id));
      const visibleUser = {
        ...user,
        default_account_id: shownIds.has(user.default_account_id ?? '') ? user.default_account_id : null,
        current_account_id: shownIds.has(user.current_account_id ?? '') ? user.current_account_id : null,
      };
      const chosen = chooseAccount(visibleUser, accounts, undefined);
      const account = chosen === 'not_owned' ? null : chosen;
      return {
        user: serializeUser(
          {
            user: visibleUser,
            accounts,
            account,
            activeSlugs,
            adminUrl: adminUrlFor(user.id, s.abilities.canOpenAdminUserUrl),
          },
          includeAccounts,
        ),
      };
    },
  );

  app.get(
    '/api/plic-app-licenses',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['current user'],
        summary: 'The signed-in user’s application licenses',
        response: { 200: z.object({ plic_app_licenses: z.array(licenseSchema) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const rows = await ctx.db
        .selectFrom('app_licenses')
        .select(['id', 'plic_app_slug', 'active', 'expires_at'])
        .where('user_id', '=', s.user.id)
        .orderBy('plic_app_slug')
        .execute();
      const now = Date.now();
      return {
        plic_app_licenses: rows.map((r) => ({
          id: r.id,
          plic_app_slug: r.plic_app_slug,
          active: r.active && (!r.expires_at || r.expires_at.getTime() > now),
          expires_at: r.expires_at?.toISOString() ?? null,
        })),
      };
    },
  );
}
