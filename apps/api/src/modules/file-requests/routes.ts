import { attachmentRequestFormSchema, attachmentRequestProjectIdsSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { pageFields } from '../../http/params.js';
import { listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import type { Access } from '../access/visibility.js';
import { findOrganization } from '../organizations/service.js';
import { findProject } from '../projects/service.js';
import { loadRequests } from './queries.js';
import { requestSchema } from './serialize.js';
import { createFileRequest } from './service.js';

/** File requests (spec §2): a studio asks schools for files (rosters, logos) for some projects. */
export function registerFileRequestRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['file requests']);

  app.post(
    '/api/attachment-requests',
    operation(
      'file-request.create',
      'Ask schools for files for some projects; each project’s organization is e-mailed (studios)',
      {
        body: z.object({
          attachment_request: attachmentRequestFormSchema,
          project_ids: attachmentRequestProjectIdsSchema,
        }),
        response: { 201: z.object({ attachment_request: requestSchema }) },
      },
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const { attachment_request: form, project_ids } = request.body;
      const id = await createFileRequest(ctx, s, request.access, form, project_ids);
      const { requests } = await loadRequests(ctx.db, request.access, { id });
      return reply.status(201).send({ attachment_request: requests[0]! });
    },
  );

  app.get(
    '/api/attachment-requests/:id',
    operation(
      'file-request.show',
      'One file request with its requested projects',
      recordById('attachment_request', requestSchema),
    ),
    async (request) => {
      const found = await request.access.find('file_request', request.params.id);
      const { requests } = await loadRequests(ctx.db, request.access, { id: found.id });
      return { attachment_request: requests[0]! };
    },
  );

  /** Both lists: the same page and answer, over the requests of an organization or of a project. */
  const listOperation = (summary: string) =>
    operation(
      'file-request.list',
      summary,
      listUnderId('attachment_requests', requestSchema, z.object(pageFields(500)).strict()),
    );
  const listPage = async (
    access: Access,
    where: { organizationId: string } | { projectId: string },
    page: { page: number; limit: number },
  ) => {
    const { requests, total } = await loadRequests(ctx.db, access, where, page);
    return { attachment_requests: requests, meta: { page: page.page, limit: page.limit, total } };
  };

  app.get(
    '/api/organizations/:id/attachment-requests',
    listOperation('File requests made by an organization'),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      return listPage(request.access, { organizationId: organization.id }, request.query);
    },
  );

  app.get(
    '/api/projects/:id/attachment-requests',
    listOperation('File requests asking for a project’s files'),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      return listPage(request.access, { projectId: project.id }, request.query);
    },
  );
}
