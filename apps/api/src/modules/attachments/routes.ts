import { randomBytes } from 'node:crypto';
import { attachmentContentType, MAX_ATTACHMENT_BYTES, recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { answerSignedDownload, signedDownloadSchema } from '../../http/download.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { idParam, listMeta, pageQuery } from '../../http/params.js';
import { mailDepsOf } from '../../mail/outbox.js';
import { requestCoversProject } from '../file-requests/service.js';
import { findVisibleProject } from '../projects/service.js';
import { announceUploads } from './notify.js';
import { attachmentSchema, serializeAttachment } from './serialize.js';
import { acceptAttachmentUpload, attachmentUploadKey, discardAttachment } from './verify.js';

const UPLOAD_EXPIRY_SECONDS = 30 * 60;

/** Files of a project: uploaded by presigned POST, checked from their bytes, downloaded by signed address. */
export function registerAttachmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const mailDeps = mailDepsOf(ctx);

  app.get(
    '/api/projects/:id/attachments',
    {
      config: { action: 'attachment.list' },
      schema: {
        tags: ['attachments'],
        summary: 'Files attached to a project (unverified ones show as Not Uploaded)',
        params: idParam,
        querystring: z.object({
          ...pageQuery,
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: z.object({ attachments: z.array(attachmentSchema), meta: listMeta }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const project = await findVisibleProject(ctx.db, s, request.params.id);
      const { page, limit } = request.query;
      const ofProject = ctx.db.selectFrom('attachments').where('project_id', '=', project.id);
      const [rows, total] = await Promise.all([
        ofProject
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        ofProject.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { attachments: rows.map(serializeAttachment), meta: { page, limit, total: total.n } };
    },
  );

  app.post(
    '/api/projects/:id/attachments',
    {
      config: { action: 'attachment.upload' },
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
        response: {
          201: z.object({
            attachment: attachmentSchema.extend({
              presigned_post: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
            }),
          }),
        },
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
      if (
        a.attachment_request_id &&
        !(await requestCoversProject(ctx, a.attachment_request_id, project.id))
      ) {
        throw unprocessable({ attachment_request_id: ['is invalid'] });
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

  async function findVisibleAttachment(request: FastifyRequest, id: string) {
    const ref = await request.access.findVisible('attachment', id);
    return ctx.db.selectFrom('attachments').selectAll().where('id', '=', ref.id).executeTakeFirstOrThrow();
  }

  app.patch(
    '/api/attachments/:id/verify',
    {
      config: { action: 'attachment.upload' },
      schema: {
        tags: ['attachments'],
        summary:
          'Check the uploaded file against its type; then the request’s creator is e-mailed, unless `notify` is false (a batch: see uploads-complete)',
        params: idParam,
        body: z.object({ notify: z.boolean().default(true) }).nullish(),
        response: { 200: z.object({ attachment: attachmentSchema }) },
      },
    },
    async (request) => {
      const row = await findVisibleAttachment(request, request.params.id);
      if (row.upload_verified_at) return { attachment: serializeAttachment(row) };
      const stored = await acceptAttachmentUpload(ctx, row);
      const notify = request.body?.notify ?? true;
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
        if (notify) await announceUploads(mailDeps, trx, [row.id]);
      });
      return { attachment: serializeAttachment(await findVisibleAttachment(request, row.id)) };
    },
  );

  app.post(
    '/api/attachment-requests/:id/uploads-complete',
    {
      config: { action: 'attachment.upload' },
      schema: {
        tags: ['attachments'],
        summary:
          'End an upload batch: one e-mail to the request’s creator names every verified file of it not announced yet',
        params: idParam,
        body: z.object({ attachment_ids: z.array(recordIdSchema).min(1).max(500) }),
        response: { 200: z.object({ notified_attachment_ids: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const found = await request.access.findVisible('file_request', request.params.id);
      const wanted = [...new Set(request.body.attachment_ids)];
      // Files of this request in view; any other id is invalid (nothing is sent then).
      const mine = await ctx.db
        .selectFrom('attachments')
        .select('id')
        .where('id', 'in', wanted)
        .where('id', 'in', request.access.ids('attachment'))
        .where('attachment_request_id', '=', found.id)
        .execute();
      if (mine.length !== wanted.length) throw unprocessable({ attachment_ids: ['is invalid'] });
      const notified = await ctx.db.transaction().execute((trx) => announceUploads(mailDeps, trx, wanted));
      return { notified_attachment_ids: notified };
    },
  );

  app.get(
    '/api/attachments/:id/download',
    {
      config: { action: 'attachment.download' },
      schema: signedDownloadSchema(
        ['attachments'],
        'Redirect to a signed, expiring download of a verified file (audited); format=json answers the address',
      ),
    },
    async (request, reply) => {
      const row = await findVisibleAttachment(request, request.params.id);
      if (!row.upload_verified_at) throw notFound();
      const project = await ctx.db
        .selectFrom('projects')
        .select('organization_id')
        .where('id', '=', row.project_id)
        .executeTakeFirstOrThrow();
      return answerSignedDownload(ctx, request, reply, {
        format: request.query.format,
        key: row.storage_key,
        downloadName: row.upload_file_name,
        contentType: row.upload_content_type,
        audit: {
          action: 'attachment.download',
          recordType: 'attachment',
          recordId: row.id,
          projectId: row.project_id,
          ownerOrganizationId: project.organization_id,
        },
      });
    },
  );

  app.delete(
    '/api/attachments/:id',
    {
      config: { action: 'attachment.discard' },
      schema: {
        tags: ['attachments'],
        summary: 'Remove a file that never arrived (Not Uploaded); verified files are kept (409)',
        params: idParam,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const row = await findVisibleAttachment(request, request.params.id);
      if (row.upload_verified_at) throw conflict({ base: ['A file that arrived cannot be removed here'] });
      await discardAttachment(ctx, row);
      return {};
    },
  );
}
