import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { idParam } from '../../http/params.js';
import { findVisibleProject } from '../projects/service.js';

/** Project imports: a batch of photos brought into a project, started and then finished. */
export function registerImportRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const importSchema = z.object({
    id: z.string(),
    project_id: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  });
  const serializeImport = (i: {
    id: string;
    project_id: string;
    created_at: Date;
    finished_at: Date | null;
  }) => ({
    id: i.id,
    project_id: i.project_id,
    created_at: i.created_at.toISOString(),
    finished_at: i.finished_at?.toISOString() ?? null,
  });

  app.post(
    '/api/projects/:id/project-imports',
    {
      config: { action: 'photo.import' },
      schema: {
        tags: ['photos'],
        summary: 'Start a photo import into a project',
        params: idParam,
        response: { 201: z.object({ project_import: importSchema }) },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const project = await findVisibleProject(ctx.db, s, request.params.id);
      const row = await ctx.db
        .insertInto('project_imports')
        .values({ project_id: project.id, created_by_user_id: s.user.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ project_import: serializeImport(row) });
    },
  );

  app.patch(
    '/api/project-imports/:id/finish',
    {
      config: { action: 'photo.import' },
      schema: {
        tags: ['photos'],
        summary: 'Finish a photo import (idempotent: retries are harmless)',
        params: idParam,
        response: { 200: z.object({ project_import: importSchema }) },
      },
    },
    async (request) => {
      const started = await request.access.findVisible('project_import', request.params.id);
      const row = await ctx.db
        .updateTable('project_imports')
        .set({ finished_at: sql`coalesce(finished_at, now())` })
        .where('id', '=', started.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { project_import: serializeImport(row) };
    },
  );
}
