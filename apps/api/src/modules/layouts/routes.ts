import {
  DEFAULT_SUBJECTS_WITHOUT_PHOTO,
  layoutDefinitionSchema,
  layoutFieldListSchema,
  MAX_SELECTION_IDS,
  SUBJECTS_WITHOUT_PHOTO,
  subjectSelectionSchema,
  WORKER_STATUSES,
} from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { answerSignedDownload, downloadAudit, signedDownload } from '../../http/download.js';
import { conflict } from '../../http/errors.js';
import { idParam, pageFields } from '../../http/params.js';
import { changeById, listUnderId, moduleRoutes, operations, recordById } from '../../http/route.js';
import { findOrganization } from '../organizations/service.js';
import { findProject } from '../projects/service.js';
import { renderWorkerStatuses } from './queries.js';
import {
  categorySchema,
  layoutSchema,
  renderSchema,
  serializeCategory,
  serializeLayout,
  serializeRender,
} from './serialize.js';
import {
  categoriesFor,
  copyLayout,
  createRender,
  findCategory,
  findLayout,
  layoutById,
  layoutPreview,
  listRenders,
  renderById,
  updateLayout,
  withLayouts,
} from './service.js';

const recordId = z.string().regex(/^\d{1,18}$/, 'is invalid');
/** `x[]=a&x[]=b`, `x=a` or `x=a&x=b`: always a list. */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).max(200).optional(),
  );

const renderOperation = operations(['layout renders']);

/** Layouts, their previews and layout renders (exports-and-printing §2-§4; API.md `layouts`, `layout renders`). */
export function registerLayoutRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['layouts']);
  // A layout or render as the answers show it, read again after a change or by the id its lookup found.

  app.get(
    '/api/organizations/:id/layout-categories',
    operation(
      'layout.list',
      "Layout categories an organization uses (built-in ones and its own or its parents'), with their layouts",
      { params: idParam, response: { 200: z.object({ layout_categories: z.array(categorySchema) }) } },
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      const categories = await categoriesFor(ctx.db, request.access, organization.id);
      return { layout_categories: categories.map(serializeCategory) };
    },
  );

  app.get(
    '/api/layout-categories/:id',
    operation(
      'layout.show',
      'One layout category with its layouts; the id may be a slug such as subject-directory-sheets',
      recordById('layout_category', categorySchema),
    ),
    async (request) => {
      const category = await findCategory(request.access, request.params.id);
      const [withItems] = await withLayouts(ctx.db, request.access, [category]);
      return { layout_category: serializeCategory(withItems!) };
    },
  );

  app.get(
    '/api/layouts/:id',
    operation('layout.show', 'One layout with its definition', recordById('layout', layoutSchema)),
    async (request) => ({
      layout: serializeLayout(await findLayout(request.access, request.params.id)),
    }),
  );

  app.post(
    '/api/layouts/:id/copy',
    operation(
      'layout.copy',
      "Copy a layout in view (a built-in one, say) into the manager's own organization, to edit it there",
      {
        params: idParam,
        body: z
          .object({ layout: z.object({ name: z.string().trim().min(1).max(200).optional() }).default({}) })
          .default({ layout: {} }),
        response: { 201: z.object({ layout: layoutSchema }) },
      },
    ),
    async (request, reply) => {
      const layout = await findLayout(request.access, request.params.id);
      const id = await copyLayout(ctx.db, layout, sessionOf(request), request.body.layout.name);
      return reply.status(201).send({ layout: serializeLayout(await layoutById(ctx.db, id)) });
    },
  );

  app.put(
    '/api/layouts/:id',
    operation(
      'layout.update',
      "Change a layout of the manager's own organization: its name and its definition (checked by the domain's schema)",
      changeById(
        'layout',
        z.object({
          name: z.string().trim().min(1).max(200).optional(),
          definition: layoutDefinitionSchema,
        }),
        layoutSchema,
      ),
    ),
    async (request) => {
      const layout = await findLayout(request.access, request.params.id);
      const { name, definition } = request.body.layout;
      await updateLayout(ctx.db, layout.id, { name, definition });
      return { layout: serializeLayout(await layoutById(ctx.db, layout.id)) };
    },
  );

  app.get(
    '/api/layouts/:id/preview',
    operation(
      'layout.show',
      "The layout's first page as a 640x480 PNG, for a subject in view or for sample subjects",
      {
        params: idParam,
        querystring: z.object({ subject_id: recordId.optional() }).strict(),
        response: { 200: z.any().describe('PNG image, 640x480') },
      },
    ),
    async (request, reply) => {
      const layout = await findLayout(request.access, request.params.id);
      const png = await layoutPreview(
        ctx,
        sessionOf(request),
        layout,
        request.query.subject_id,
        request.access,
      );
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'private, max-age=60')
        .send(png);
    },
  );

  app.post(
    '/api/layout-renders',
    renderOperation(
      'layout-render.create',
      'Print a layout for subjects of a project (subject_ids or a selection; all without either): a PDF made by a job (worker_status running)',
      {
        body: z.object({
          layout_render: z
            .object({
              layout_id: recordId,
              project_id: recordId,
              pdf_name: z.string().trim().max(200).optional(),
              batch_name: z.string().trim().max(200).optional(),
              subject_ids: z.array(recordId).max(20_000).optional(),
              // Or a selection, as every call that takes one (API.md `selection`).
              filter: subjectSelectionSchema.shape.filter,
              included_subject_ids: z.array(recordId).max(MAX_SELECTION_IDS).optional(),
              excluded_subject_ids: z.array(recordId).max(MAX_SELECTION_IDS).optional(),
              group_by: layoutFieldListSchema.default([]),
              sort_by: layoutFieldListSchema.default([]),
              subjects_without_photo: z.enum(SUBJECTS_WITHOUT_PHOTO).default(DEFAULT_SUBJECTS_WITHOUT_PHOTO),
            })
            .strict(),
        }),
        response: { 201: z.object({ layout_render: renderSchema }) },
      },
    ),
    async (request, reply) => {
      const id = await createRender(ctx, request, sessionOf(request), request.body.layout_render);
      return reply.status(201).send({ layout_render: serializeRender(await renderById(ctx.db, id)) });
    },
  );

  app.get(
    '/api/projects/:id/layout-renders',
    renderOperation(
      'layout-render.list',
      "A project's renders, newest first, optionally of some render types, a page at a time",
      listUnderId(
        'layout_renders',
        renderSchema,
        z
          .object({
            ...pageFields(100),
            'render_types[]': listParam(z.enum(['Basic', 'Sheet'])),
            render_types: listParam(z.enum(['Basic', 'Sheet'])),
          })
          .strict(),
      ),
    ),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      const types = request.query['render_types[]'] ?? request.query.render_types;
      const { rows, meta } = await listRenders(
        ctx.db,
        request.access,
        project.id,
        types ?? [],
        request.query,
      );
      return { layout_renders: rows.map(serializeRender), meta };
    },
  );

  app.get(
    '/api/layout-renders/worker-statuses',
    renderOperation(
      'layout-render.worker-statuses',
      'The worker status of renders in view, by worker token (unknown tokens are left out)',
      {
        querystring: z
          .object({
            'worker_tokens[]': listParam(z.string().regex(/^[a-f0-9]{32}$/, 'is invalid')),
            worker_tokens: listParam(z.string().regex(/^[a-f0-9]{32}$/, 'is invalid')),
          })
          .strict(),
        response: {
          200: z.object({
            worker_statuses: z.array(
              z.object({ worker_token: z.string(), worker_status: z.enum(WORKER_STATUSES) }),
            ),
          }),
        },
      },
    ),
    async (request) => {
      const tokens = [...(request.query['worker_tokens[]'] ?? []), ...(request.query.worker_tokens ?? [])];
      if (tokens.length === 0) return { worker_statuses: [] };
      return { worker_statuses: await renderWorkerStatuses(ctx.db, request.access, tokens) };
    },
  );

  app.get(
    '/api/layout-renders/:id',
    renderOperation('layout-render.show', 'One render', recordById('layout_render', renderSchema)),
    async (request) => {
      const ref = await request.access.find('layout_render', request.params.id);
      return { layout_render: serializeRender(await renderById(ctx.db, ref.id)) };
    },
  );

  app.get(
    '/api/layout-renders/:id/download',
    renderOperation(
      'layout-render.download',
      "Redirect to a signed, expiring download of a complete render's PDF; format=json answers the address",
      signedDownload,
    ),
    async (request, reply) => {
      const ref = await request.access.find('layout_render', request.params.id);
      const row = await renderById(ctx.db, ref.id);
      if (row.worker_status !== 'complete' || !row.storage_key)
        throw conflict({ base: ['The render is not complete yet.'] });
      if (row.expired_at) throw conflict({ base: ['The render has expired.'] });
      return answerSignedDownload(ctx, request, reply, {
        format: request.query.format,
        key: row.storage_key,
        downloadName: `${row.render_name}.pdf`,
        contentType: 'application/pdf',
        audit: downloadAudit('layout_render', ref),
      });
    },
  );
}
