import { projectExportInputSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { answerSignedDownload, downloadAudit, signedDownload } from '../../http/download.js';
import { HttpError, notFound } from '../../http/errors.js';
import { idParam, pageFields } from '../../http/params.js';
import { createUnderId, keyed, listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import { safeDownloadName } from '../../storage/storage.js';
import { findProject } from '../projects/service.js';
import { listProjectExports } from './queries.js';
import { checkReportSchema, isDownloadable, projectExportSchema, serializeExport } from './serialize.js';
import { checkRun, createExport, deleteExport, findExport, findProjectExport } from './service.js';

const body = keyed('project_export', projectExportInputSchema);

/** Project exports: runs of an export format over a project's subjects (exports-and-printing §2-§4). */
export function registerProjectExportRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['project exports']);

  app.get(
    '/api/projects/:id/project-exports',
    operation(
      'project-export.list',
      "A project's exports, newest first",
      listUnderId('project_exports', projectExportSchema, z.object(pageFields(100))),
    ),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      const { rows, meta } = await listProjectExports(ctx.db, request.access, project.id, request.query);
      return { project_exports: rows.map(serializeExport), meta };
    },
  );

  app.post(
    '/api/projects/:id/project-exports',
    operation(
      'project-export.create',
      'Run an export format over the selected subjects (empty included ids = all, minus excluded ids): checked, then built by a job',
      createUnderId('project_export', projectExportInputSchema, projectExportSchema),
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const project = await findProject(request.access, request.params.id);
      const id = await createExport(ctx, request, s, project, request.body.project_export);
      return reply.status(201).send({ project_export: serializeExport(await findExport(ctx.db, id)) });
    },
  );

  app.post(
    '/api/projects/:id/project-exports/check',
    operation(
      'project-export.check',
      'The pre-export check: what would go wrong for these options and subjects (nothing is written)',
      { params: idParam, body, response: { 200: z.object({ report: checkReportSchema }) } },
    ),
    async (request) => {
      const s = sessionOf(request);
      const project = await findProject(request.access, request.params.id);
      const { report } = await checkRun(request, ctx.db, s, project, request.body.project_export);
      return { report };
    },
  );

  app.get(
    '/api/project-exports/:id',
    operation(
      'project-export.show',
      'One export with its progress',
      recordById('project_export', projectExportSchema),
    ),
    async (request) => {
      return { project_export: serializeExport(await findProjectExport(request.access, request.params.id)) };
    },
  );

  app.delete(
    '/api/project-exports/:id',
    operation(
      'project-export.delete',
      'Delete a done or stalled export and its archive (its creator or a manager); 409 while running',
      { params: idParam, response: { 204: z.null().describe('Deleted') } },
    ),
    async (request, reply) => {
      const row = await findProjectExport(request.access, request.params.id);
      await deleteExport(ctx, row);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/project-exports/:id/download',
    operation(
      'project-export.download',
      "Redirect to a signed, expiring download of a completed export's ZIP (audited); format=json answers the address; 410 once expired",
      signedDownload,
    ),
    async (request, reply) => {
      const ref = await request.access.find('project_export', request.params.id);
      const row = await findExport(ctx.db, ref.id);
      if (row.job_status === 'completed' && row.expired_at !== null) {
        throw new HttpError(410, {
          errors: {
            base: ['This export has expired and its archive was deleted. Please run the export again.'],
          },
        });
      }
      if (!isDownloadable(row) || !row.storage_key) throw notFound();
      return answerSignedDownload(ctx, request, reply, {
        format: request.query.format,
        key: row.storage_key,
        downloadName: `${safeDownloadName(row.project_export_format_name)}.zip`,
        contentType: 'application/zip',
        audit: downloadAudit('project_export', ref),
      });
    },
  );
}
