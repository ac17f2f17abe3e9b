import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { idParam, isRecordId, pageQuery, queryBoolean } from '../../http/params.js';
import { canSeeOrganization, currentSeasonId, visibleOrganizationIds } from '../organizations/access.js';

const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_code: z.string().nullable(),
  organization_id: z.string(),
  organization_name: z.string(),
  season_id: z.string().nullable(),
  season_name: z.string().nullable(),
  enable_plic_app_whitelist: z.boolean(),
  plic_app_whitelist_slugs: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

const listQuery = z.object({
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  traverse_sub_organizations: queryBoolean,
  include_unseasoned: queryBoolean,
  'filter[plic_app_slug]': z.string().max(64).optional(),
  'filter[season_id]': z.union([z.literal('current'), z.string().regex(/^\d{1,18}$/)]).optional(),
  'workflow_ids[]': z.union([z.string(), z.array(z.string())]).optional(),
});

function baseProjectQuery(ctx: AppContext) {
  return ctx.db
    .selectFrom('projects as p')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .leftJoin('seasons as s', 's.id', 'p.season_id')
    .select([
      'p.id',
      'p.name',
      'p.short_code',
      'p.organization_id',
      'o.name as organization_name',
      'p.season_id',
      's.name as season_name',
      'p.enable_plic_app_whitelist',
      'p.plic_app_whitelist_slugs',
      'p.created_at',
      'p.updated_at',
    ]);
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof baseProjectQuery>['executeTakeFirstOrThrow']>>;
const serializeProject = (p: ProjectRow) => ({
  ...p,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
});

/** Projects, as far as the dashboard needs them; the projects issue grows this module. */
export function registerProjectRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/organizations/:id/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Projects of an organization (and, on request, of the ones below it), newest first',
        params: idParam,
        querystring: listQuery,
        response: {
          200: z.object({
            projects: z.array(projectSchema),
            meta: z.object({ page: z.number(), limit: z.number(), total: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { id } = request.params;
      if (!s.account || !(await canSeeOrganization(ctx.db, s.account.organization_id, id))) throw notFound();
      const q = request.query;
      let query = baseProjectQuery(ctx);
      query = q.traverse_sub_organizations
        ? query.where('p.organization_id', 'in', visibleOrganizationIds(ctx.db, id))
        : query.where('p.organization_id', '=', id);
      const slug = q['filter[plic_app_slug]'];
      if (slug) {
        query = query.where((eb) =>
          eb.or([
            eb('p.enable_plic_app_whitelist', '=', false),
            eb(sql.val(slug), '=', sql<string>`ANY(p.plic_app_whitelist_slugs)`),
          ]),
        );
      }
      const seasonFilter = q['filter[season_id]'];
      if (seasonFilter) {
        const seasonId = seasonFilter === 'current' ? await currentSeasonId(ctx.db, id) : seasonFilter;
        query = query.where((eb) => {
          const conditions = [];
          if (seasonId) conditions.push(eb('p.season_id', '=', seasonId));
          if (q.include_unseasoned) conditions.push(eb('p.season_id', 'is', null));
          return conditions.length > 0 ? eb.or(conditions) : eb.lit(false);
        });
      }
      const [rows, total] = await Promise.all([
        query
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { projects: rows.map(serializeProject), meta: { page: q.page, limit: q.limit, total: total.n } };
    },
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'One project',
        params: idParam,
        response: { 200: z.object({ project: projectSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      if (!s.account || !isRecordId(request.params.id)) throw notFound();
      const project = await baseProjectQuery(ctx)
        .where('p.id', '=', request.params.id)
        .where('p.organization_id', 'in', visibleOrganizationIds(ctx.db, s.account.organization_id))
        .executeTakeFirst();
      if (!project) throw notFound();
      return { project: serializeProject(project) };
    },
  );
}
