import {
  APP_SLUG,
  INVITE_STATUS_FILTERS,
  licenseSchema,
  newUserFormSchema,
  SCHOOL_PORTAL_PERMISSION_FILTERS,
  switchAccountSchema,
  userSchema,
} from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { idParam, isRecordId, queryBoolean, treeListQuery } from '../../http/params.js';
import { deleteById, listUnderId, moduleRoutes, operations } from '../../http/route.js';
import { createdRecordSchema } from '../../wire.js';
import { findOrganization, organizationTarget } from '../organizations/service.js';
import { createUser } from './create.js';
import { deleteUser, userTargetFor } from './delete.js';
import { listAccounts, listUsers } from './directory.js';
import { licensesOf, updateUser } from './queries.js';
import { serializeAccountRow, serializeLicense, serializeUser, serializeUserSummary } from './serialize.js';
import { buildAbilities, chooseAccount, type Session, type SessionUser } from './session.js';
import { adminUrlFor, loadUserForViewer } from './viewer.js';

const userSummarySchema = createdRecordSchema({
  name: z.string(),
  email: z.string(),
  invitation_sent_at: z.string().nullable(),
  invitation_accepted_at: z.string().nullable(),
});

const accountRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  organization_id: z.string(),
  created_at: z.string(),
  enabled_for_school_portal: z.boolean(),
  school_portal_permission: z.enum(SCHOOL_PORTAL_PERMISSION_FILTERS),
  managed_organization_ids: z.array(z.string()).optional(),
  user: userSummarySchema.optional(),
  organization: z.object({ id: z.string(), name: z.string(), role: z.string() }).optional(),
});

const accountsQuery = z
  .object({
    ...treeListQuery,
    include_managed_organization_ids: queryBoolean,
    include_organizations: queryBoolean,
    include_users: queryBoolean,
    'filter[school_portal_permission]': z.enum(SCHOOL_PORTAL_PERMISSION_FILTERS).optional(),
    'filter[invite_status]': z.enum(INVITE_STATUS_FILTERS).optional(),
  })
  .strict();

const includeAccountsQuery = z.object({ include_accounts: queryBoolean }).strict();

const currentUserOperation = operations(['current user']);

export function registerUserRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['users']);
  /** The caller as they see themselves, with the admin link their current account's abilities allow. */
  const callerAnswer = (s: Session, includeAccounts: boolean) => ({
    user: serializeUser(
      { ...s, adminUrl: adminUrlFor(ctx, s.user.id, s.abilities.canOpenAdminUserUrl) },
      includeAccounts,
    ),
  });

  app.get(
    '/api/users/me',
    currentUserOperation(
      'current-user.show',
      'The signed-in user, the account this call acts as and, on request, all accounts',
      { querystring: includeAccountsQuery, response: { 200: z.object({ user: userSchema }) } },
    ),
    async (request) => callerAnswer(sessionOf(request), request.query.include_accounts === true),
  );

  app.patch(
    '/api/users/me',
    currentUserOperation(
      'current-user.switch-account',
      'Switch account: make one of the caller’s accounts the current one',
      { body: switchAccountSchema, response: { 200: z.object({ user: userSchema }) } },
    ),
    async (request) => {
      const s = sessionOf(request);
      const target = chooseAccount(s.user, s.accounts, request.body.user.current_account_id);
      if (target === 'not_owned' || target === null) throw forbidden('account_not_owned');
      await updateUser(ctx.db, s.user.id, { current_account_id: target.id, updated_at: new Date() });
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
    operation('user.show', 'One user; yourself, or a user with an account in an organization you can see', {
      params: idParam,
      querystring: includeAccountsQuery,
      response: { 200: z.object({ user: userSchema }) },
    }),
    async (request) => {
      const s = sessionOf(request);
      const includeAccounts = request.query.include_accounts === true;
      if (request.params.id === s.user.id) return callerAnswer(s, includeAccounts);
      // Anyone else is looked at only by a licensed account, and only through organizations it can see.
      if (!s.abilities.isLicensed) throw forbidden('not_licensed');
      if (!isRecordId(request.params.id)) throw notFound();
      const user = await loadUserForViewer(ctx, request.access, s, request.params.id, includeAccounts);
      if (!user) throw notFound();
      return { user };
    },
  );

  app.get(
    '/api/plic-app-licenses',
    currentUserOperation('licenses.list', 'The signed-in user’s application licenses', {
      response: { 200: z.object({ plic_app_licenses: z.array(licenseSchema) }) },
    }),
    async (request) => {
      const s = sessionOf(request);
      const rows = await licensesOf(ctx.db, s.user.id);
      const now = Date.now();
      return { plic_app_licenses: rows.map((r) => serializeLicense(r, now)) };
    },
  );

  app.delete(
    '/api/users/:id',
    operation(
      'user.delete',
      'Delete (deactivate) a user: ends their sessions at once, hides them from lists; managers over all their organizations, never yourself',
      deleteById,
    ),
    async (request) => {
      const s = sessionOf(request);
      const user = await request.access.find('user', request.params.id, {
        target: (found) => userTargetFor(ctx, request.access, s.user.id, found.id),
      });
      if (!(await deleteUser(ctx, request, user))) throw notFound();
      return {};
    },
  );
}

/** Users and accounts of an organization (and, on request, of every one below it). */
export function registerUserDirectoryRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['users']);

  app.get(
    '/api/organizations/:id/accounts',
    operation(
      'organization.list-accounts',
      'Accounts of an organization, with filters for the All Users screen',
      listUnderId('accounts', accountRowSchema, accountsQuery),
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      const q = request.query;
      const { rows, meta } = await listAccounts(ctx.db, request.access, organization.id, q);
      return { accounts: rows.map((r) => serializeAccountRow(r, q)), meta };
    },
  );

  app.get(
    '/api/organizations/:id/users',
    operation(
      'organization.list-users',
      'Users with an account in an organization (and, on request, below it)',
      listUnderId('users', userSummarySchema, z.object(treeListQuery).strict()),
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      const { rows, meta } = await listUsers(ctx.db, request.access, organization.id, request.query);
      return { users: rows.map(serializeUserSummary), meta };
    },
  );
}

/** New User (spec §2, §5, §6). */
export function registerUserCreationRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['users']);

  app.post(
    '/api/organizations/:id/users',
    operation(
      'user.create',
      'Create a user with an account in the organization; limited to this app unless a manager chose all apps',
      {
        params: idParam,
        body: z.object({
          user: newUserFormSchema
            .omit({ organization_id: true })
            .extend({ organization_id: z.unknown().optional() }),
          plic_app_id: z.string().max(64).default(APP_SLUG),
        }),
        response: { 201: z.object({ user: userSchema }) },
      },
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const { name, email, enable_for_all_apps } = request.body.user;
      const appSlug = request.body.plic_app_id;
      const organization = await findOrganization(request.access, request.params.id, {
        target: (found) => ({
          ...organizationTarget(found, request.access),
          plic_app_id: appSlug,
          enable_for_all_apps: !!enable_for_all_apps,
        }),
      });
      // New users are limited to this app by default: whitelist on, with its slug only.
      const whitelist = enable_for_all_apps ? { on: false, slugs: [] } : { on: true, slugs: [appSlug] };
      const userId = await createUser(ctx, request, organization, { name, email, appSlug, whitelist });
      const user = await loadUserForViewer(ctx, request.access, s, userId);
      return reply.status(201).send({ user: user! });
    },
  );
}
