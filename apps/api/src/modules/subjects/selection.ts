import { subjectSelectionSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { idParam } from '../../http/params.js';
import { selectedSubjects } from './queries.js';
import { loadProjectFields } from './service.js';

/**
 * `POST /api/projects/:id/subject-selection`: how many subjects a selection means, as every call that takes
 * a selection will resolve it (one query, inside the caller's view), and with `ids: true` which ones (the
 * screen uses that to combine selections it cannot say as one, e.g. Exclude Filter Results after Select All).
 */
export function registerSubjectSelectionRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/projects/:id/subject-selection',
    {
      config: { action: 'subject.list' },
      schema: {
        tags: ['subjects'],
        summary:
          'Resolve a subject selection (grid filter, plus included ids, minus excluded ids): its count, and ids on request',
        params: idParam,
        body: subjectSelectionSchema.extend({ ids: z.boolean().optional() }),
        response: {
          200: z.object({
            selection: z.object({ count: z.number(), subject_ids: z.array(z.string()).optional() }),
          }),
        },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(ctx.db, s, request.params.id);
      const { ids, ...selection } = request.body;
      const query = selectedSubjects(ctx.db, pf, selection);
      if (ids) {
        const rows = await query.select('s.id').orderBy('s.created_at').orderBy('s.id').execute();
        return { selection: { count: rows.length, subject_ids: rows.map((r) => r.id) } };
      }
      const row = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return { selection: { count: row.n } };
    },
  );
}
