import { randomBytes } from 'node:crypto';
import {
  attachmentContentType,
  attachmentRequestFormSchema,
  attachmentRequestProjectIdsSchema,
  MAX_ATTACHMENT_BYTES,
} from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import { idParam, isRecordId, listMeta, pageQuery } from '../../http/params.js';
import { queueEmail } from '../../mail/outbox.js';
import { fileRequestMessage, fileUploadedMessage } from '../../mail/templates.js';
import { visibleOrganizationIds } from '../organizations/access.js';
import { countAll, findVisibleOrganization } from '../organizations/service.js';
import { findVisibleProject } from '../projects/service.js';
import type { Session } from '../users/session.js';
import { acceptAttachmentUpload, attachmentUploadKey } from './verify.js';

const UPLOAD_EXPIRY_SECONDS = 30 * 60;
const DOWNLOAD_EXPIRY_SECONDS = 5 * 60;

const requestSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by_user: z.object({ id: z.string(), name: z.string() }).nullable(),
  projects: z.array(
    z.object({ id: z.string(), name: z.string(), organization_name: z.string(), pending: z.boolean() }),
  ),
});
const attachmentSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  attachment_request_id: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  upload_file_name: z.string(),
  upload_file_size: z.number(),
  upload_content_type: z.string(),
  uploaded_at: z.string().nullable(),
  upload_verified_at: z.string().nullable(),
  is_upload_verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

type AttachmentRow = {
  id: string;
  project_id: string;
  attachment_request_id: string | null;
  name: string;
  description: string | null;
  upload_file_name: string;
  upload_file_size: string;
  upload_content_type: string;
  uploaded_at: Date | null;
  upload_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
};
const serializeAttachment = (a: AttachmentRow) => ({
  id: a.id,
  project_id: a.project_id,
  attachment_request_id: a.attachment_request_id,
  name: a.name,
  description: a.description,
  upload_file_name: a.upload_file_name,
  upload_file_size: Number(a.upload_file_size),
  upload_content_type: a.upload_content_type,
  uploaded_at: a.uploaded_at?.toISOString() ?? null,
  upload_verified_at: a.upload_verified_at?.toISOString() ?? null,
  is_upload_verified: !!a.upload_verified_at,
  created_at: a.created_at.toISOString(),
  updated_at: a.updated_at.toISOString(),
});

/** SQL: the request has no verified upload for the project yet. */
const pendingFor = (requestId: string, projectId: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM attachments f WHERE f.attachment_request_id = ${sql.ref(requestId)} AND f.project_id = ${sql.ref(projectId)} AND f.upload_verified_at IS NOT NULL)`;

export function registerAttachmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const projectsInView = (s: Session) =>
    ctx.db
      .selectFrom('projects')
      .select('projects.id')
      .where('projects.organization_id', 'in', visibleOrganizationIds(ctx.db, s.account!.organization_id));

  /** A request the caller may see: made in an organization in view, or asking for a project in view. */
  async function loadRequests(
    s: Session,
    where: { id?: string; organizationId?: string; projectId?: string },
    page?: { page: number; limit: number },
  ) {
    let query = ctx.db
      .selectFrom('attachment_requests as r')
      .leftJoin('users as u', 'u.id', 'r.created_by_user_id')
      .select([
        'r.id',
        'r.organization_id',
        'r.name',
        'r.description',
        'r.created_at',
        'r.updated_at',
        'u.id as user_id',
        'u.name as user_name',
      ])
      .where((eb) =>
        eb.or([
          eb('r.organization_id', 'in', visibleOrganizationIds(ctx.db, s.account!.organization_id)),
          eb(
            'r.id',
            'in',
            eb
              .selectFrom('attachment_request_projects')
              .select('attachment_request_id')
              .where('project_id', 'in', projectsInView(s)),
          ),
        ]),
      );
    if (where.id) query = query.where('r.id', '=', where.id);
    if (where.organizationId) query = query.where('r.organization_id', '=', where.organizationId);
    if (where.projectId) {
      query = query.where(
        'r.id',
        'in',
        ctx.db
          .selectFrom('attachment_request_projects')
          .select('attachment_request_id')
          .where('project_id', '=', where.projectId),
      );
    }
    const total = page ? (await query.clearSelect().select(countAll.as('n')).executeTakeFirstOrThrow()).n : 0;
    const rows = await query
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .$if(!!page, (q) => q.limit(page!.limit).offset((page!.page - 1) * page!.limit))
      .execute();
    const ids = rows.map((r) => r.id);
    // The requested projects the caller can see, with whether each still waits for a file.
    const projects = ids.length
      ? await ctx.db
          .selectFrom('attachment_request_projects as rp')
          .innerJoin('projects as p', 'p.id', 'rp.project_id')
          .innerJoin('organizations as o', 'o.id', 'p.organization_id')
          .select([
            'rp.attachment_request_id',
            'p.id',
            'p.name',
            'o.name as organization_name',
            pendingFor('rp.attachment_request_id', 'rp.project_id').as('pending'),
          ])
          .where('rp.attachment_request_id', 'in', ids)
          .where('p.id', 'in', projectsInView(s))
          .orderBy('p.name')
          .execute()
      : [];
    const requests = rows.map((r) => ({
      id: r.id,
      organization_id: r.organization_id,
      name: r.name,
      description: r.description,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      created_by_user: r.user_id ? { id: r.user_id, name: r.user_name! } : null,
      projects: projects
        .filter((p) => p.attachment_request_id === r.id)
        .map(({ id, name, organization_name, pending }) => ({ id, name, organization_name, pending })),
    }));
    return { requests, total };
  }

  app.post(
    '/api/attachment-requests',
    {
      schema: {
        tags: ['file requests'],
        summary: 'Ask schools for files for some projects; each project’s organization is e-mailed (studios)',
        body: z.object({
          attachment_request: attachmentRequestFormSchema,
          project_ids: attachmentRequestProjectIdsSchema,
        }),
        response: { 201: z.object({ attachment_request: requestSchema }) },
      },
      preValidation: async (request) => {
        // File requests are for studio accounts that manage their own organization (spec §2, §6).
        if (!sessionOf(request).abilities.sidebar.fileRequests) throw forbidden('cannot_request_files');
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const { attachment_request: form, project_ids } = request.body;
      const projects = await ctx.db
        .selectFrom('projects as p')
        .innerJoin('organizations as o', 'o.id', 'p.organization_id')
        .select(['p.id', 'p.name', 'p.organization_id', 'o.name as organization_name', 'o.contact_email'])
        .where('p.id', 'in', [...new Set(project_ids)])
        .where('p.id', 'in', projectsInView(s))
        .execute();
      if (projects.length !== new Set(project_ids).size) throw unprocessable({ project_ids: ['is invalid'] });
      const id = await ctx.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('attachment_requests')
          .values({
            organization_id: s.account!.organization_id,
            created_by_user_id: s.user.id,
            name: form.name,
            description: form.description,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('attachment_request_projects')
          .values(projects.map((p) => ({ attachment_request_id: created.id, project_id: p.id })))
          .execute();
        for (const project of projects) {
          // The organization's contact, else its earliest-created user (spec §2).
          const to =
            project.contact_email ??
            (
              await trx
                .selectFrom('users as u')
                .innerJoin('accounts as a', 'a.user_id', 'u.id')
                .select('u.email')
                .where('a.organization_id', '=', project.organization_id)
                .where('u.deleted_at', 'is', null)
                .orderBy('u.created_at')
                .orderBy('u.id')
                .executeTakeFirst()
            )?.email;
          if (!to) continue;
          await queueEmail(
            trx,
            (outboxId, t) => ctx.queue.enqueue('email.send', { outbox_id: outboxId }, { trx: t }),
            fileRequestMessage({
              to,
              organizationName: project.organization_name,
              projectName: project.name,
              requestName: form.name,
              description: form.description,
              requesterName: s.user.name,
              link: `${ctx.config.publicUrl}/projects/${project.id}/files/upload/${created.id}`,
            }),
          );
        }
        return created.id;
      });
      const { requests } = await loadRequests(s, { id });
      return reply.status(201).send({ attachment_request: requests[0]! });
    },
  );

  app.get(
    '/api/attachment-requests/:id',
    {
      schema: {
        tags: ['file requests'],
        summary: 'One file request with its requested projects',
        params: idParam,
        response: { 200: z.object({ attachment_request: requestSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      if (!s.account || !isRecordId(request.params.id)) throw notFound();
      const { requests } = await loadRequests(s, { id: request.params.id });
      if (!requests[0]) throw notFound();
      return { attachment_request: requests[0] };
    },
  );

  const listResponse = { 200: z.object({ attachment_requests: z.array(requestSchema), meta: listMeta }) };
  const listQuery = z
    .object({ ...pageQuery, limit: z.coerce.number().int().min(1).max(500).default(500) })
    .strict();

  app.get(
    '/api/organizations/:id/attachment-requests',
    {
      schema: {
        tags: ['file requests'],
        summary: 'File requests made by an organization',
        params: idParam,
        querystring: listQuery,
        response: listResponse,
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const { organization } = await findVisibleOrganization(ctx.db, s, request.params.id);
      const { requests, total } = await loadRequests(s, { organizationId: organization.id }, request.query);
      return {
        attachment_requests: requests,
        meta: { page: request.query.page, limit: request.query.limit, total },
      };
    },
  );

  app.get(
    '/api/projects/:id/attachment-requests',
    {
      schema: {
        tags: ['file requests'],
        summary: 'File requests asking for a project’s files',
        params: idParam,
        querystring: listQuery,
        response: listResponse,
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const project = await findVisibleProject(ctx.db, s, request.params.id);
      const { requests, total } = await loadRequests(s, { projectId: project.id }, request.query);
      return {
        attachment_requests: requests,
        meta: { page: request.query.page, limit: request.query.limit, total },
      };
    },
  );

  app.get(
    '/api/projects/:id/attachments',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Files attached to a project (unverified ones show as Not Uploaded)',
        params: idParam,
        response: { 200: z.object({ attachments: z.array(attachmentSchema) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const project = await findVisibleProject(ctx.db, s, request.params.id);
      const rows = await ctx.db
        .selectFrom('attachments')
        .selectAll()
        .where('project_id', '=', project.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return { attachments: rows.map(serializeAttachment) };
    },
  );

  app.post(
    '/api/projects/:id/attachments',
    {
      schema: {
        tags: ['attachments'],
        summary:
          'Create an attachment and get its presigned upload; the type is inferred from the extension when blank',
        params: idParam,
        body: z.object({
          attachment: z.object({
            name: z.string().trim().max(200).optional(),
            description: z.string().trim().max(5000).nullish(),
            attachment_request_id: z
              .union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()])
              .transform(String)
              .nullish(),
            upload_file_name: z.string().trim().min(1).max(255),
            upload_file_size: z
              .number()
              .int()
              .min(1)
              .max(MAX_ATTACHMENT_BYTES, `must be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`),
            upload_content_type: z.string().max(200).nullish(),
          }),
        }),
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const project = await findVisibleProject(ctx.db, s, request.params.id);
      const a = request.body.attachment;
      const contentType = attachmentContentType(a.upload_file_name, a.upload_content_type);
      if (!contentType)
        throw unprocessable({
          upload_content_type: ['is not a supported file type (png, jpeg, csv, txt, pdf, xls, xlsx, zip)'],
        });
      if (a.attachment_request_id) {
        const linked = await ctx.db
          .selectFrom('attachment_request_projects')
          .select('project_id')
          .where('attachment_request_id', '=', a.attachment_request_id)
          .where('project_id', '=', project.id)
          .executeTakeFirst();
        if (!linked) throw unprocessable({ attachment_request_id: ['is invalid'] });
      }
      const key = `org-${project.organization_id}/projects/${project.id}/attachments/${randomBytes(16).toString('hex')}`;
      const row = await ctx.db
        .insertInto('attachments')
        .values({
          project_id: project.id,
          attachment_request_id: a.attachment_request_id ?? null,
          name: a.name || a.upload_file_name,
          description: a.description ?? null,
          storage_key: key,
          upload_file_name: a.upload_file_name,
          upload_file_size: a.upload_file_size,
          upload_content_type: contentType,
          created_by_user_id: s.user.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const presigned = await ctx.storage.presignPost({
        key: attachmentUploadKey(key),
        contentType,
        maxBytes: a.upload_file_size,
        expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
      });
      return reply
        .status(201)
        .send({ attachment: { ...serializeAttachment(row), presigned_post: presigned } });
    },
  );

  async function findVisibleAttachment(s: Session, id: string) {
    if (!s.account || !isRecordId(id)) throw notFound();
    const row = await ctx.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', 'in', projectsInView(s))
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  app.patch(
    '/api/attachments/:id/verify',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Check the uploaded file against its type; then the request’s creator is e-mailed',
        params: idParam,
        response: { 200: z.object({ attachment: attachmentSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const row = await findVisibleAttachment(s, request.params.id);
      if (row.upload_verified_at) return { attachment: serializeAttachment(row) };
      const stored = await acceptAttachmentUpload(ctx, row);
      await ctx.db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx
          .updateTable('attachments')
          .set({
            uploaded_at: now,
            upload_verified_at: now,
            upload_file_size: stored.size,
            content_sha256: stored.sha256,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .execute();
        if (!row.attachment_request_id) return;
        const info = await trx
          .selectFrom('attachment_requests as r')
          .innerJoin('users as u', 'u.id', 'r.created_by_user_id')
          .innerJoin('projects as p', (join) => join.on('p.id', '=', row.project_id))
          .select(['r.name', 'u.email', 'p.name as project_name'])
          .where('r.id', '=', row.attachment_request_id)
          .executeTakeFirst();
        if (!info) return;
        await queueEmail(
          trx,
          (outboxId, t) => ctx.queue.enqueue('email.send', { outbox_id: outboxId }, { trx: t }),
          fileUploadedMessage({
            to: info.email,
            requestName: info.name,
            projectName: info.project_name,
            fileName: row.upload_file_name,
            link: `${ctx.config.publicUrl}/projects/${row.project_id}/files`,
          }),
        );
      });
      return { attachment: serializeAttachment(await findVisibleAttachment(s, row.id)) };
    },
  );

  app.get(
    '/api/attachments/:id/download',
    {
      schema: {
        tags: ['attachments'],
        summary:
          'Redirect to a signed, expiring download of a verified file (audited); format=json answers the address',
        params: idParam,
        querystring: z.object({ format: z.enum(['redirect', 'json']).default('redirect') }).strict(),
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const row = await findVisibleAttachment(s, request.params.id);
      if (!row.upload_verified_at) throw notFound();
      await ctx.db
        .insertInto('audit_events')
        .values({
          user_id: s.user.id,
          action: 'download',
          record_type: 'attachment',
          record_id: row.id,
          project_id: row.project_id,
        })
        .execute();
      const url = await ctx.storage.presignGet({
        key: row.storage_key,
        expiresInSeconds: DOWNLOAD_EXPIRY_SECONDS,
        downloadName: row.upload_file_name,
        contentType: row.upload_content_type,
      });
      // A browser can't carry its bearer token through a redirect into a download: it asks for the address.
      if (request.query.format === 'json') {
        return {
          download: { url, expires_at: new Date(Date.now() + DOWNLOAD_EXPIRY_SECONDS * 1000).toISOString() },
        };
      }
      return reply.redirect(url, 302);
    },
  );
}
