import {
  checkExportFormat,
  type ExportFormatValues,
  exportFormatBaseSchema,
  normalizeExportFormat,
  recordIdSchema,
} from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { owningOrganization } from '../../http/owner.js';
import { idParam } from '../../http/params.js';
import { changeById, deleteById, deleteHandler, keyed, moduleRoutes, recordById } from '../../http/route.js';
import { findOrganization } from '../organizations/service.js';
import { exportFormatSchema } from './serialize.js';
import {
  copyFormat,
  createFormat,
  deleteFormat,
  findFormat,
  listForOrganization,
  listForProject,
  serializeOne,
  updateFormat,
} from './service.js';

const formatInput = exportFormatBaseSchema
  .extend({ organization_id: recordIdSchema.optional() })
  .superRefine(checkExportFormat)
  .transform(normalizeExportFormat);
const formatBody = keyed('project_export_format', formatInput);
const one = keyed('project_export_format', exportFormatSchema);
const many = keyed('project_export_formats', z.array(exportFormatSchema));

export function registerExportFormatRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['export formats']);

  app.get(
    '/api/projects/:id/project-export-formats',
    operation(
      'export-format.list',
      'Formats a project may use: built-in ones, its organization’s own, and those shared from above',
      { params: idParam, response: { 200: many } },
    ),
    async (request) => {
      const project = await request.access.find('project', request.params.id);
      return {
        project_export_formats: await listForProject(ctx.db, request.access, project.organization_id),
      };
    },
  );

  app.get(
    '/api/organizations/:id/project-export-formats',
    operation('export-format.list', 'An organization’s own custom formats', {
      params: idParam,
      response: { 200: many },
    }),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      return { project_export_formats: await listForOrganization(ctx.db, organization.id) };
    },
  );

  app.post(
    '/api/project-export-formats',
    operation(
      'export-format.create',
      'Create a custom format in the own organization (accounts that manage it)',
      { body: formatBody, response: { 201: one } },
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const { organization_id, ...values } = request.body.project_export_format;
      const organization = await owningOrganization(request, organization_id);
      const id = await createFormat(ctx.db, s, organization.id, values);
      return reply.status(201).send({ project_export_format: await serializeOne(ctx.db, id) });
    },
  );

  app.get(
    '/api/project-export-formats/:id',
    operation(
      'export-format.show',
      'One format with its field mappings in order',
      recordById('project_export_format', exportFormatSchema),
    ),
    async (request) => {
      const format = await findFormat(request.access, request.params.id);
      return { project_export_format: await serializeOne(ctx.db, format.id) };
    },
  );

  app.put(
    '/api/project-export-formats/:id',
    operation(
      'export-format.update',
      'Replace a custom format’s settings and mappings (built-in formats never)',
      changeById('project_export_format', formatInput, exportFormatSchema),
    ),
    async (request) => {
      const s = sessionOf(request);
      const format = await findFormat(request.access, request.params.id);
      const { organization_id: _ignored, ...values } = request.body.project_export_format;
      await updateFormat(ctx.db, s, format, values);
      return { project_export_format: await serializeOne(ctx.db, format.id) };
    },
  );

  app.delete(
    '/api/project-export-formats/:id',
    operation('export-format.delete', 'Delete a custom format', deleteById),
    deleteHandler(findFormat, (format) => deleteFormat(ctx.db, format)),
  );

  app.post(
    '/api/project-export-formats/:id/copy',
    operation(
      'export-format.copy',
      'Copy a custom format as "name (Copy)" with its settings, mappings and duplicate search fields (the copy wizard sends its edited values as the body)',
      { params: idParam, body: formatBody.nullish(), response: { 201: one } },
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const format = await findFormat(request.access, request.params.id);
      const edited = request.body?.project_export_format;
      let values: ExportFormatValues | undefined;
      if (edited) {
        const { organization_id: _ignored, ...rest } = edited;
        values = rest;
      }
      const id = await copyFormat(ctx.db, s, format, values);
      return reply.status(201).send({ project_export_format: await serializeOne(ctx.db, id) });
    },
  );
}
