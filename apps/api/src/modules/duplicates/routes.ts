import { DEFAULT_DUPLICATE_FIELDS, duplicateSearchSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { idParam } from '../../http/params.js';
import { subjectSchema } from '../subjects/routes.js';
import { loadProjectFields } from '../subjects/service.js';
import { findDuplicateGroups } from './service.js';

export function registerDuplicateRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/projects/:id/duplicate-subjects',
    {
      config: { action: 'subject.find-duplicates' },
      schema: {
        tags: ['subjects'],
        summary:
          'Groups of selected subjects whose chosen fields match (case and surrounding spaces ignored, blanks never match); fields default to First Name, Last Name, Student ID',
        params: idParam,
        body: duplicateSearchSchema,
        response: {
          200: z.object({
            duplicate_groups: z.array(
              z.object({ values: z.record(z.string(), z.string()), subjects: z.array(subjectSchema) }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(ctx.db, s, request.params.id);
      const { fields, ...selection } = request.body;
      const groups = await findDuplicateGroups(
        ctx.db,
        ctx.storage,
        pf,
        fields ?? [...DEFAULT_DUPLICATE_FIELDS],
        selection,
      );
      return { duplicate_groups: groups };
    },
  );
}
