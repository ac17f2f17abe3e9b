import { seasonFormSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { pageOf } from '../../db/paging.js';
import { authorize, sessionOf } from '../../http/auth.js';
import { idParam, listMeta, pageQuery } from '../../http/params.js';
import { findVisibleOrganization, organizationTarget, setCurrentSeason } from '../organizations/service.js';
import { seasonProjectReads } from '../projects/queries.js';
import { assertSeasonNameFree, seasonNameTakenOnConflict } from './names.js';

export const seasonSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  current: z.boolean(),
  projects_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

function selectSeasons(ctx: AppContext) {
  return ctx.db
    .selectFrom('seasons as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .select([
      's.id',
      's.organization_id',
      's.name',
      's.period_start',
      's.period_end',
      's.created_at',
      's.updated_at',
      sql<boolean>`o.current_season_id IS NOT DISTINCT FROM s.id`.as('current'),
      seasonProjectReads('s.id').count.as('projects_count'),
    ]);
}
type SeasonRow = Awaited<ReturnType<ReturnType<typeof selectSeasons>['executeTakeFirstOrThrow']>>;
const serializeSeason = (s: SeasonRow) => ({
  ...s,
  created_at: s.created_at.toISOString(),
  updated_at: s.updated_at.toISOString(),
});

export function registerSeasonRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/organizations/:id/seasons',
    {
      config: { action: 'season.list' },
      schema: {
        tags: ['seasons'],
        summary:
          'Seasons of an organization; with include_inherited, also those of the organizations above it',
        params: idParam,
        querystring: z
          .object({
            ...pageQuery,
            limit: z.coerce.number().int().min(1).max(500).default(500),
            include_inherited: z.enum(['true', 'false']).optional(),
          })
          .strict(),
        response: { 200: z.object({ seasons: z.array(seasonSchema), meta: listMeta }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { organization } = await findVisibleOrganization(ctx.db, s, request.params.id);
      const q = request.query;
      const owners =
        q.include_inherited === 'true'
          ? request.access.selfAndAncestorIds(organization.id)
          : ctx.db.selectFrom('organizations').select('id').where('id', '=', organization.id);
      const { rows, meta } = await pageOf(
        ctx.db,
        selectSeasons(ctx).where('s.organization_id', 'in', owners),
        (query) => query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc'),
        q,
      );
      return { seasons: rows.map(serializeSeason), meta };
    },
  );

  app.post(
    '/api/organizations/:id/seasons',
    {
      config: { action: 'season.create' },
      schema: {
        tags: ['seasons'],
        summary:
          'Create a season in the own studio or lab; the first one (or one marked current) becomes current',
        params: idParam,
        body: z.object({ season: seasonFormSchema }),
        response: { 201: z.object({ season: seasonSchema }) },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const { organization } = await findVisibleOrganization(ctx.db, s, request.params.id);
      authorize(request, organizationTarget(organization, s));
      const { name, period_start, period_end, current } = request.body.season;
      await assertSeasonNameFree(ctx.db, organization.id, name);
      const create = ctx.db.transaction().execute(async (trx) => {
        const season = await trx
          .insertInto('seasons')
          .values({
            organization_id: organization.id,
            name,
            period_start: period_start ?? null,
            period_end: period_end ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (current || !organization.current_season_id) {
          await setCurrentSeason(trx, organization.id, season.id);
        }
        return season.id;
      });
      const id = await create.catch(seasonNameTakenOnConflict);
      const row = await selectSeasons(ctx).where('s.id', '=', id).executeTakeFirstOrThrow();
      return reply.status(201).send({ season: serializeSeason(row) });
    },
  );

  app.get(
    '/api/seasons/:id',
    {
      config: { action: 'season.show' },
      schema: {
        tags: ['seasons'],
        summary: 'One season: of an organization in view, or of one above the caller’s (a school’s studio)',
        params: idParam,
        response: { 200: z.object({ season: seasonSchema }) },
      },
    },
    async (request) => {
      const season = await request.access.findVisible('season', request.params.id);
      const row = await selectSeasons(ctx).where('s.id', '=', season.id).executeTakeFirstOrThrow();
      return { season: serializeSeason(row) };
    },
  );
}
