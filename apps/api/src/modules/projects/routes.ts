import {
  headSizeRuleSchema,
  projectFormSchema,
  projectUpdateSchema,
  readsHiddenFields,
  recordIdSchema,
} from '@school-portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import { idParam, isRecordId, pageFields, queryBoolean } from '../../http/params.js';
import { listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import { isoTimestamps, namedRef, recordSchema } from '../../wire.js';
import { findOrganization } from '../organizations/service.js';
import { dataSummarySchema, projectDataSummary } from './data-summary.js';
import { startProjectDeletion } from './delete.js';
import {
  changeProject,
  checkProjectReferences,
  createProject,
  findProject,
  listProjectOrganizations,
  listProjects,
  PROJECT_SORTS,
  type ProjectRow,
  projectById,
  projectEnabledFor,
} from './service.js';

const projectSchema = recordSchema({
  name: z.string(),
  short_code: z.string().nullable(),
  organization_id: z.string(),
  organization_name: z.string(),
  season_id: z.string().nullable(),
  season_name: z.string().nullable(),
  project_template_id: z.string().nullable(),
  enable_plic_app_whitelist: z.boolean(),
  plic_app_whitelist_slugs: z.array(z.string()),
  subjects_count: z.number(),
  attachments_count: z.number(),
  attachment_requests_count: z.number(),
  pending_attachment_requests_count: z.number(),
  project_exports_count: z.number(),
  /** The head-size rule of the project's auto crops, defaults filled in (docs/api.md "Photo checks"). */
  head_size_share: z.number(),
  eye_line_from_top: z.number(),
  /** Families (docs/families.md): until when guardians choose the yearbook pose (null: no choice). */
  family_pose_deadline: z.string().nullable(),
  /** Families: guardians' opt-out requests set the flags at once (the school's setting). */
  family_opt_outs_apply_at_once: z.boolean(),
});

const sortValues = Object.keys(PROJECT_SORTS).flatMap((k) => [k, `-${k}`]) as [string, ...string[]];

const listQuery = z.object({
  ...pageFields(1000, 1000),
  traverse_sub_organizations: queryBoolean,
  include_unseasoned: queryBoolean,
  keyword: z.string().trim().max(200).optional(),
  sort: z.enum(sortValues).default('-created_at'),
  'filter[plic_app_slug]': z.string().max(64).optional(),
  'filter[season_id]': z
    .union([z.literal('current'), z.literal('none'), z.string().regex(/^\d{1,18}$/)])
    .optional(),
  'filter[organization_id]': z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  'workflow_ids[]': z.union([z.string(), z.array(z.string())]).optional(),
});

/** A project as the caller may see it: its exports count leaves out those holding hidden values unless
 * the caller may read them (they are out of the caller's view, docs/authorization.md). */
const serializeProject = (
  { project_exports_count, project_exports_without_hidden_count, ...p }: ProjectRow,
  request: FastifyRequest,
) => ({
  ...p,
  ...isoTimestamps(p),
  family_pose_deadline: p.family_pose_deadline?.toISOString() ?? null,
  project_exports_count: readsHiddenFields(sessionOf(request).abilities)
    ? project_exports_count
    : project_exports_without_hidden_count,
});

export function registerProjectRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['projects']);
  const one = async (id: string, request: FastifyRequest) => ({
    project: serializeProject(await projectById(ctx.db, id), request),
  });

  app.get(
    '/api/organizations/:id/projects',
    operation(
      'project.list',
      'Projects of an organization (and, on request, of the ones below it), newest first by default',
      listUnderId('projects', projectSchema, listQuery),
    ),
    async (request) => {
      const organization = { id: request.params.id };
      // The organization must be in view (else 404). The list holds only projects of organizations in
      // view, so a page with rows proves it without a lookup of its own; an empty page, or a caller whose
      // action is still undecided (refused once the organization is found: 403), asks the lookup.
      const checkOrganization = () => findOrganization(request.access, organization.id);
      if (!request.authorized || !isRecordId(organization.id)) await checkOrganization();
      const q = request.query;
      const { rows, total } = await listProjects(
        ctx.db,
        request.access,
        organization.id,
        q,
        checkOrganization,
      );
      return {
        projects: rows.map(({ total: _, ...p }) => serializeProject(p, request)),
        meta: { page: q.page, limit: q.limit, total },
      };
    },
  );

  app.get(
    '/api/organizations/:id/project-organizations',
    operation(
      'project.list',
      "The organizations of the projects under an organization and those below it, once each, by name (paged): the Projects page's organization filter",
      listUnderId('organizations', namedRef, z.object(pageFields(500)).strict()),
    ),
    async (request) => {
      await findOrganization(request.access, request.params.id);
      const { rows, meta } = await listProjectOrganizations(
        ctx.db,
        request.access,
        request.params.id,
        request.query,
      );
      return { organizations: rows, meta };
    },
  );

  app.post(
    '/api/projects',
    operation(
      'project.create',
      'Create a project from a template (its subject fields are copied); studio and lab managers',
      {
        body: z.object({
          project: projectFormSchema,
          project_template_id: recordIdSchema,
        }),
        response: { 201: z.object({ project: projectSchema }) },
      },
    ),
    async (request, reply) => {
      const { project: form, project_template_id } = request.body;
      await checkProjectReferences(
        request.access,
        { organization_id: form.organization_id, project_template_id, season_id: form.season_id },
        form.organization_id,
      );
      const id = await createProject(
        ctx,
        { ...form, season_id: form.season_id ?? null },
        project_template_id,
      );
      return reply.status(201).send(await one(id, request));
    },
  );

  app.get(
    '/api/projects/:id',
    operation('project.show', 'One project with its counts', recordById('project', projectSchema)),
    async (request) => {
      return { project: serializeProject(await findProject(request.access, request.params.id), request) };
    },
  );

  app.patch(
    '/api/projects/:id',
    operation(
      'project.update',
      'Change a project’s name, short code, season, apps or head-size rule (its auto crops are made again), or give a project without a template a copy of one (studio and lab managers)',
      {
        params: idParam,
        body: z.object({
          // The head-size rule: the domain's ranges; null goes back to the default.
          project: projectUpdateSchema
            .extend({
              head_size_share: headSizeRuleSchema.shape.head_size_share.nullable(),
              eye_line_from_top: headSizeRuleSchema.shape.eye_line_from_top.nullable(),
              family_pose_deadline: z.iso
                .datetime({ offset: true, message: 'must be an ISO 8601 time' })
                .nullable()
                .optional(),
            })
            .default({}),
          // Only while the project has none: it takes a copy, as a new project does.
          project_template_id: recordIdSchema.optional(),
        }),
        response: { 200: z.object({ project: projectSchema }) },
      },
    ),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      const { project: changes, project_template_id } = request.body;
      if (changes.season_id || project_template_id)
        await checkProjectReferences(
          request.access,
          { season_id: changes.season_id, project_template_id },
          project.organization_id,
        );
      await changeProject(ctx, project.id, changes, project_template_id);
      return one(project.id, request);
    },
  );

  app.patch(
    '/api/projects/:id/activate',
    operation(
      'project.activate',
      'Open a project in an app: 200 when it is enabled for the app, else 403 not_activated',
      {
        params: idParam,
        body: z.object({ plic_app_id: z.string().min(1).max(64) }),
        response: { 200: z.object({ project: projectSchema }) },
      },
    ),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      if (!projectEnabledFor(project, request.body.plic_app_id)) throw forbidden('not_activated');
      return { project: serializeProject(project, request) };
    },
  );

  app.delete(
    '/api/projects/:id',
    operation(
      'project.delete',
      'Delete a project with its subjects, photos, crops, files, exports and renders (managers; type the name to confirm). The project is hidden at once; a job removes it and its stored files.',
      {
        params: idParam,
        body: z.object({ confirm_name: z.string().max(1000) }),
        response: {
          202: z.object({
            project_deletion: z.object({ project_id: z.string(), status: z.literal('deleting') }),
          }),
        },
      },
    ),
    async (request, reply) => {
      const project = await findProject(request.access, request.params.id);
      if (request.body.confirm_name !== project.name)
        throw unprocessable({ confirm_name: ["Does not match the project's name."] });
      if (!(await startProjectDeletion(ctx, request, project))) throw notFound();
      return reply
        .status(202)
        .send({ project_deletion: { project_id: project.id, status: 'deleting' as const } });
    },
  );

  app.get(
    '/api/projects/:id/data-summary',
    operation(
      'project.data-summary',
      'What the portal holds about a project: counts, field names (no values), where files are stored, retention',
      recordById('data_summary', dataSummarySchema),
    ),
    async (request) => {
      const s = sessionOf(request);
      const project = await findProject(request.access, request.params.id);
      return { data_summary: await projectDataSummary(ctx, s, project.id) };
    },
  );
}
