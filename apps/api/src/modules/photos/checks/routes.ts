import { CHECK_CODES, headSizeRuleSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { idParam, listMeta, pageQuery } from '../../../http/params.js';
import { REVIEW_STATES } from './queries.js';
import { photoCheckCountsSchema, photoCheckSchema } from './serialize.js';
import { projectPhotoChecks, recomputeAutoCrops, reviewPhotoChecks } from './service.js';

/**
 * Photo checks (docs/api.md "Photo checks"): each verified photo's face, quality flags and auto crops
 * (the photos.checks job); the review list of a project's flagged photos, accepting and the retake mark, and the
 * project's auto crops again after its head-size rule changed.
 */
export function registerPhotoCheckRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/projects/:id/photo-checks',
    {
      config: { action: 'photo-check.list' },
      schema: {
        tags: ['photo-checks'],
        summary:
          'The project’s review list: photos by state (open, accepted, retake, all), flag and class, with their subject, flags and portrait auto crop; the project’s counts in meta',
        params: idParam,
        querystring: z.object({
          ...pageQuery,
          limit: z.coerce.number().int().min(1).max(100).default(50),
          code: z.enum(CHECK_CODES).optional(),
          class: z.string().trim().min(1).max(200).optional(),
          state: z.enum(REVIEW_STATES).default('open'),
        }),
        response: {
          200: z.object({
            photo_checks: z.array(photoCheckSchema),
            meta: listMeta.extend({ counts: photoCheckCountsSchema }),
          }),
        },
      },
    },
    async (request) => projectPhotoChecks(ctx, request, request.params.id, request.query),
  );

  app.patch(
    '/api/photos/:id',
    {
      config: { action: 'photo-check.retake' },
      schema: {
        tags: ['photo-checks'],
        summary:
          'Review a photo’s checks: mark it for a retake (or clear the mark), accept its flags (or reopen them)',
        params: idParam,
        body: z.object({
          photo: z
            .object({ retake_needed: z.boolean().optional(), checks_accepted: z.boolean().optional() })
            .refine((p) => p.retake_needed !== undefined || p.checks_accepted !== undefined, {
              message: 'give retake_needed or checks_accepted',
            }),
        }),
        response: { 200: z.object({ photo_check: photoCheckSchema }) },
      },
    },
    async (request) => reviewPhotoChecks(ctx, request, request.params.id, request.body.photo),
  );

  app.post(
    '/api/projects/:id/auto-crops',
    {
      config: { action: 'photo-check.auto-crops' },
      schema: {
        tags: ['photo-checks'],
        summary:
          'Make the project’s auto crops again (202), with a new head-size rule when given; crops made by a person stay',
        params: idParam,
        body: z.object({ head_size: headSizeRuleSchema.optional() }).optional(),
        response: { 202: z.object({}) },
      },
    },
    async (request, reply) => {
      await recomputeAutoCrops(ctx, request, request.params.id, request.body?.head_size);
      return reply.status(202).send({});
    },
  );
}
