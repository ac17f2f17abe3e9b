import { APP_SLUG, INVITE_STATUS_FILTERS, SCHOOL_PORTAL_PERMISSION_FILTERS } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { idParam, listMeta, pageQuery, queryBoolean } from '../../http/params.js';
import { countAll, findVisibleOrganization, keywordPattern } from '../organizations/service.js';

export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  invitation_sent_at: z.string().nullable(),
  invitation_accepted_at: z.string().nullable(),
  created_at: z.string(),
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

const listQuery = {
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(500).default(10),
  traverse_sub_organizations: queryBoolean,
  keyword: z.string().trim().max(200).optional(),
};

const accountsQuery = z
  .object({
    ...listQuery,
    include_managed_organization_ids: queryBoolean,
    include_organizations: queryBoolean,
    include_users: queryBoolean,
    'filter[school_portal_permission]': z.enum(SCHOOL_PORTAL_PERMISSION_FILTERS).optional(),
    'filter[invite_status]': z.enum(INVITE_STATUS_FILTERS).optional(),
  })
  .strict();

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Users and accounts of an organization (and, on request, of every one below it). */
export function registerUserDirectoryRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/organizations/:id/accounts',
    {
      config: { action: 'organization.list-accounts' },
      schema: {
        tags: ['users'],
        summary: 'Accounts of an organization, with filters for the All Users screen',
        params: idParam,
        querystring: accountsQuery,
        response: { 200: z.object({ accounts: z.array(accountRowSchema), meta: listMeta }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { organization } = await findVisibleOrganization(ctx.db, s, request.params.id);
      const q = request.query;
      // School Portal permission: the account is enabled for this app and the user holds an active license.
      const licensed = sql<boolean>`(
        (NOT a.enable_plic_app_whitelist OR ${APP_SLUG} = ANY(a.plic_app_whitelist_slugs))
        AND EXISTS (SELECT 1 FROM app_licenses l WHERE l.user_id = u.id AND l.plic_app_slug = ${APP_SLUG}
                    AND l.active AND (l.expires_at IS NULL OR l.expires_at > now())))`;
      let query = ctx.db
        .selectFrom('accounts as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .innerJoin('organizations as o', 'o.id', 'a.organization_id')
        .where('u.deleted_at', 'is', null);
      query = q.traverse_sub_organizations
        ? query.where('a.organization_id', 'in', request.access.subtreeIds(organization.id))
        : query.where('a.organization_id', '=', organization.id);
      if (q.keyword) {
        const pattern = keywordPattern(q.keyword);
        query = query.where((eb) =>
          eb.or([
            eb('u.name', 'ilike', pattern),
            eb('u.email', 'ilike', pattern),
            eb('o.name', 'ilike', pattern),
          ]),
        );
      }
      const permission = q['filter[school_portal_permission]'];
      if (permission)
        query = query.where(permission === 'allowed' ? licensed : sql<boolean>`NOT ${licensed}`);
      const invite = q['filter[invite_status]'];
      if (invite === 'accepted') query = query.where('u.invitation_accepted_at', 'is not', null);
      if (invite === 'sent') {
        query = query
          .where('u.invitation_accepted_at', 'is', null)
          .where('u.invitation_sent_at', 'is not', null);
      }
      if (invite === 'not-sent') {
        query = query.where('u.invitation_accepted_at', 'is', null).where('u.invitation_sent_at', 'is', null);
      }
      const [rows, total] = await Promise.all([
        query
          .select([
            'a.id',
            'a.user_id',
            'a.organization_id',
            'a.created_at',
            sql<string[]>`a.managed_organization_ids::text[]`.as('managed_organization_ids'),
            sql<boolean>`(NOT a.enable_plic_app_whitelist OR ${APP_SLUG} = ANY(a.plic_app_whitelist_slugs))`.as(
              'enabled',
            ),
            licensed.as('licensed'),
            'u.name as user_name',
            'u.email as user_email',
            'u.invitation_sent_at',
            'u.invitation_accepted_at',
            'u.created_at as user_created_at',
            'o.name as organization_name',
            'o.role as organization_role',
          ])
          .orderBy('u.name')
          .orderBy('a.id')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        query.select(countAll.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        accounts: rows.map((r) => ({
          id: r.id,
          user_id: r.user_id,
          organization_id: r.organization_id,
          created_at: r.created_at.toISOString(),
          enabled_for_school_portal: r.enabled,
          school_portal_permission: r.licensed ? ('allowed' as const) : ('not-allowed' as const),
          ...(q.include_managed_organization_ids
            ? { managed_organization_ids: r.managed_organization_ids }
            : {}),
          ...(q.include_users
            ? {
                user: {
                  id: r.user_id,
                  name: r.user_name,
                  email: r.user_email,
                  invitation_sent_at: iso(r.invitation_sent_at),
                  invitation_accepted_at: iso(r.invitation_accepted_at),
                  created_at: r.user_created_at.toISOString(),
                },
              }
            : {}),
          ...(q.include_organizations
            ? {
                organization: { id: r.organization_id, name: r.organization_name, role: r.organization_role },
              }
            : {}),
        })),
        meta: { page: q.page, limit: q.limit, total: total.n },
      };
    },
  );

  app.get(
    '/api/organizations/:id/users',
    {
      config: { action: 'organization.list-users' },
      schema: {
        tags: ['users'],
        summary: 'Users with an account in an organization (and, on request, below it)',
        params: idParam,
        querystring: z.object(listQuery).strict(),
        response: { 200: z.object({ users: z.array(userSummarySchema), meta: listMeta }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { organization } = await findVisibleOrganization(ctx.db, s, request.params.id);
      const q = request.query;
      const organizations = q.traverse_sub_organizations
        ? request.access.subtreeIds(organization.id)
        : ctx.db.selectFrom('organizations').select('id').where('id', '=', organization.id);
      let query = ctx.db
        .selectFrom('users as u')
        .where('u.deleted_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('accounts as a')
              .select('a.id')
              .whereRef('a.user_id', '=', 'u.id')
              .where('a.organization_id', 'in', organizations),
          ),
        );
      if (q.keyword) {
        const pattern = keywordPattern(q.keyword);
        query = query.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
      }
      const [rows, total] = await Promise.all([
        query
          .select([
            'u.id',
            'u.name',
            'u.email',
            'u.invitation_sent_at',
            'u.invitation_accepted_at',
            'u.created_at',
          ])
          .orderBy('u.name')
          .orderBy('u.id')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        query.select(countAll.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        users: rows.map((u) => ({
          ...u,
          invitation_sent_at: iso(u.invitation_sent_at),
          invitation_accepted_at: iso(u.invitation_accepted_at),
          created_at: u.created_at.toISOString(),
        })),
        meta: { page: q.page, limit: q.limit, total: total.n },
      };
    },
  );
}
