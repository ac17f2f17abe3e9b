import { seasonFormSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { pageFields } from '../../http/params.js';
import { createUnderId, listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import { recordSchema } from '../../wire.js';
import { findOrganization } from '../organizations/service.js';
import { assertSeasonNameFree } from './names.js';
import { serializeSeason } from './serialize.js';
import { createSeason, findSeason, listSeasons } from './service.js';

export const seasonSchema = recordSchema({
  organization_id: z.string(),
  name: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  current: z.boolean(),
  projects_count: z.number(),
});

export function registerSeasonRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['seasons']);

  app.get(
    '/api/organizations/:id/seasons',
    operation(
      'season.list',
      'Seasons of an organization; with include_inherited, also those of the organizations above it',
      listUnderId(
        'seasons',
        seasonSchema,
        z.object({ ...pageFields(500), include_inherited: z.enum(['true', 'false']).optional() }).strict(),
      ),
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      const q = request.query;
      const { rows, meta } = await listSeasons(
        ctx.db,
        request.access,
        organization.id,
        q.include_inherited === 'true',
        q,
      );
      return { seasons: rows.map(serializeSeason), meta };
    },
  );

  app.post(
    '/api/organizations/:id/seasons',
    operation(
      'season.create',
      'Create a season in the own studio or lab; the first one (or one marked current) becomes current',
      createUnderId('season', seasonFormSchema, seasonSchema),
    ),
    async (request, reply) => {
      const organization = await findOrganization(request.access, request.params.id);
      const values = request.body.season;
      await assertSeasonNameFree(ctx.db, organization.id, values.name);
      const row = await createSeason(ctx.db, organization, values);
      return reply.status(201).send({ season: serializeSeason(row) });
    },
  );

  app.get(
    '/api/seasons/:id',
    operation(
      'season.show',
      'One season: of an organization in view, or of one above the caller’s (a school’s studio)',
      recordById('season', seasonSchema),
    ),
    async (request) => {
      const season = await request.access.find('season', request.params.id);
      const row = await findSeason(ctx.db, season.id);
      return { season: serializeSeason(row) };
    },
  );
}
