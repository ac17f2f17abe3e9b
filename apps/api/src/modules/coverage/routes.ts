import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { csvResponse, sendCsv } from '../../http/csv.js';
import { idParam, listMeta, pageFields } from '../../http/params.js';
import { moduleRoutes } from '../../http/route.js';
import { renderSchema, serializeRender } from '../layouts/serialize.js';
import { renderById } from '../layouts/service.js';
import { coverageSchema, missingSubjectSchema } from './serialize.js';
import {
  coverageCsv,
  notifySchool,
  previewSchoolNotification,
  printMissing,
  projectCoverage,
} from './service.js';

/**
 * Coverage (docs/api.md "Coverage"): who has a portrait, a checked crop, a retake pending or no photo
 * at all, by class, and who is still missing; the missing list as CSV and as a printable PDF (a Contact
 * Sheet render, a page per class); the studio's "missing portraits" e-mail to the school.
 */
export function registerCoverageRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['coverage']);

  app.get(
    '/api/projects/:id/coverage',
    operation(
      'coverage.show',
      'The project’s counts by class (portrait, checked crop, retake pending, no photo) and a page of the subjects without a portrait',
      {
        params: idParam,
        querystring: z.object(pageFields(50)),
        response: {
          200: z.object({ coverage: coverageSchema, missing: z.array(missingSubjectSchema), meta: listMeta }),
        },
      },
    ),
    async (request) => projectCoverage(ctx, request, request.params.id, request.query),
  );

  app.get(
    '/api/projects/:id/coverage.csv',
    operation(
      'coverage.show',
      'The subjects without a portrait as CSV (UTF-8 with a byte-order mark; cells neutralized against formulas)',
      { params: idParam, response: csvResponse },
    ),
    async (request, reply) => {
      const { csv, fileName } = await coverageCsv(ctx, request, request.params.id);
      return sendCsv(reply, fileName, csv);
    },
  );

  app.post(
    '/api/projects/:id/coverage/print',
    operation(
      'coverage.print',
      'Print the subjects without a portrait (the Contact Sheet, a page per class): a layout render made by a job, followed and downloaded as any render',
      { params: idParam, response: { 201: z.object({ layout_render: renderSchema }) } },
    ),
    async (request, reply) => {
      const id = await printMissing(ctx, request, request.params.id);
      const row = await renderById(ctx.db, id);
      return reply.status(201).send({ layout_render: serializeRender(row) });
    },
  );

  app.get(
    '/api/projects/:id/coverage/notify/preview',
    operation(
      'coverage.notify',
      'The “missing portraits” e-mail as it would go now (recipient, subject and text), shown before sending it; sends nothing',
      {
        params: idParam,
        response: {
          200: z.object({
            notification_preview: z.object({
              organization_name: z.string(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              subjects: z.number(),
              without_portrait: z.number(),
            }),
          }),
        },
      },
    ),
    async (request) => previewSchoolNotification(ctx, request, request.params.id),
  );

  app.post(
    '/api/projects/:id/coverage/notify',
    operation(
      'coverage.notify',
      'E-mail the project’s school the missing portraits (counts and a link to the coverage page; no names), recorded in the activity trail',
      {
        params: idParam,
        response: {
          202: z.object({
            notification: z.object({
              organization_name: z.string(),
              subjects: z.number(),
              without_portrait: z.number(),
              sent_at: z.string(),
            }),
          }),
        },
      },
    ),
    async (request, reply) => reply.status(202).send(await notifySchool(ctx, request, request.params.id)),
  );
}
