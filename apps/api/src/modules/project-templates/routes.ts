import {
  FIELD_KEYS,
  projectTemplateFormSchema,
  readsHiddenFields,
  recordIdSchema,
} from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { owningOrganization } from '../../http/owner.js';
import { idParam, pageFields } from '../../http/params.js';
import { deleteById, deleteHandler, listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import { recordSchema } from '../../wire.js';
import { findOrganization } from '../organizations/service.js';
import { serializeField, serializeTemplate } from './serialize.js';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  loadFields,
  replaceTemplate,
  type TemplateRow,
} from './service.js';

const fieldSchema = z.object({
  id: z.string(),
  project_template_id: z.string(),
  field_key: z.string().nullable(),
  label: z.string().nullable(),
  effective_label: z.string(),
  is_custom: z.boolean(),
  arrangement_position: z.number(),
  auto_suggest_enabled: z.boolean(),
  visible_to_customers: z.boolean(),
});
const templateSchema = recordSchema({
  name: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  project_id: z.string().nullable(),
});
const templateDetailSchema = templateSchema.extend({ subject_fields: z.array(fieldSchema) });

const templateBody = z.object({
  project_template: projectTemplateFormSchema.extend({
    organization_id: recordIdSchema.optional(),
  }),
});

export function registerProjectTemplateRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['project templates']);

  const detail = async (template: TemplateRow, includeHidden: boolean) => ({
    project_template: {
      ...serializeTemplate(template),
      subject_fields: (await loadFields(ctx.db, [template.id], includeHidden)).map(serializeField),
    },
  });

  app.get(
    '/api/project-templates/field-keys',
    operation('template.field-keys', 'The subject-field catalogue', {
      response: {
        200: z.object({ field_keys: z.array(z.object({ key: z.string(), label: z.string() })) }),
      },
    }),
    async () => ({ field_keys: FIELD_KEYS.map((f) => ({ ...f })) }),
  );

  app.get(
    '/api/organizations/:id/project-templates',
    operation(
      'template.list',
      'Reusable templates of an organization, newest first',
      listUnderId('project_templates', templateSchema, z.object(pageFields(500)).strict()),
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      const q = request.query;
      const { rows, meta } = await listTemplates(ctx.db, organization.id, q);
      return { project_templates: rows.map(serializeTemplate), meta };
    },
  );

  app.post(
    '/api/project-templates',
    operation('template.create', 'Create a template in the own studio or lab (managers)', {
      body: templateBody,
      response: { 201: z.object({ project_template: templateDetailSchema }) },
    }),
    async (request, reply) => {
      const form = request.body.project_template;
      const organization = await owningOrganization(request, form.organization_id);
      const row = await createTemplate(ctx.db, organization.id, form);
      return reply.status(201).send(await detail(row, true));
    },
  );

  app.get(
    '/api/project-templates/:id',
    operation(
      'template.show',
      'One template with its fields in order; hidden fields only with canViewHiddenFields',
      recordById('project_template', templateDetailSchema),
    ),
    async (request) => {
      const s = sessionOf(request);
      const template = await findTemplate(request.access, request.params.id);
      return detail(template, readsHiddenFields(s.abilities));
    },
  );

  app.put(
    '/api/project-templates/:id',
    operation(
      'template.update',
      'Replace a template’s name and fields (only templates not tied to a project)',
      {
        params: idParam,
        body: templateBody,
        response: { 200: z.object({ project_template: templateDetailSchema }) },
      },
    ),
    async (request) => {
      const template = await findTemplate(request.access, request.params.id);
      const form = request.body.project_template;
      const row = await replaceTemplate(ctx.db, template.id, form);
      return detail(row, true);
    },
  );

  app.delete(
    '/api/project-templates/:id',
    operation(
      'template.delete',
      'Delete a template (studio or lab managers of its organization); projects keep their copies',
      deleteById,
    ),
    deleteHandler(findTemplate, (template) => deleteTemplate(ctx.db, template.id)),
  );
}
