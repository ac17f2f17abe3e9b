import { licenseSchema, switchAccountSchema, userSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorize, sessionOf } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { idParam, isRecordId, queryBoolean } from '../../http/params.js';
import { deleteUser, userTargetFor } from './delete.js';
import { serializeUser } from './serialize.js';
import { buildAbilities, chooseAccount, type SessionUser } from './session.js';
import { adminUrlFor, loadUserForViewer } from './viewer.js';

const includeAccountsQuery = z.object({ include_accounts: queryBoolean }).strict();

export function registerUserRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/me',
    {
      config: { action: 'current-user.show' },
      schema: {
        tags: ['current user'],
        summary: 'The signed-in user, the account this call acts as and, on request, all accounts',
        querystring: includeAccountsQuery,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const adminUrl = adminUrlFor(ctx, s.user.id, s.abilities.canOpenAdminUserUrl);
      return { user: serializeUser({ ...s, adminUrl }, request.query.include_accounts === true) };
    },
  );

  app.patch(
    '/api/users/me',
    {
      config: { action: 'current-user.switch-account' },
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
      const adminUrl = adminUrlFor(ctx, user.id, abilities.canOpenAdminUserUrl);
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
      config: { action: 'user.show' },
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
            { ...s, adminUrl: adminUrlFor(ctx, s.user.id, s.abilities.canOpenAdminUserUrl) },
            includeAccounts,
          ),
        };
      }
      // Anyone else is looked at only by a licensed account, and only through organizations it can see.
      if (!s.abilities.isLicensed) throw forbidden('not_licensed');
      if (!isRecordId(request.params.id)) throw notFound();
      const user = await loadUserForViewer(ctx, s, request.params.id, includeAccounts);
      if (!user) throw notFound();
      return { user };
    },
  );

  app.get(
    '/api/plic-app-licenses',
    {
      config: { action: 'licenses.list' },
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

  app.delete(
    '/api/users/:id',
    {
      config: { action: 'user.delete' },
      schema: {
        tags: ['users'],
        summary:
          'Delete (deactivate) a user: ends their sessions at once, hides them from lists; managers over all their organizations, never yourself',
        params: idParam,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const user = await request.access.findVisible('user', request.params.id);
      authorize(request, await userTargetFor(ctx, request.access, s.user.id, user.id));
      if (!(await deleteUser(ctx, request, user))) throw notFound();
      return {};
    },
  );
}
