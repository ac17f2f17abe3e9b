import { MAX_ATTACHMENT_BYTES, recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { answerSignedDownload, signedDownload } from '../../http/download.js';
import { conflict, notFound } from '../../http/errors.js';
import { idParam, pageFields } from '../../http/params.js';
import { createUnderId, deleteById, listUnderId, moduleRoutes } from '../../http/route.js';
import { uploadFileName, uploadFileSize } from '../../http/upload-fields.js';
import { findProject } from '../projects/service.js';
import { attachmentSchema, serializeAttachment } from './serialize.js';
import {
  attachmentDownloadAudit,
  completeUploads,
  createAttachment,
  findAttachment,
  listProjectAttachments,
  verifyAttachment,
} from './service.js';
import { discardAttachment } from './verify.js';

/** Files of a project: uploaded by presigned POST, checked from their bytes, downloaded by signed address. */
export function registerAttachmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['attachments']);

  app.get(
    '/api/projects/:id/attachments',
    operation(
      'attachment.list',
      'Files attached to a project (unverified ones show as Not Uploaded)',
      listUnderId('attachments', attachmentSchema, z.object(pageFields(100))),
    ),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      const { rows, meta } = await listProjectAttachments(ctx, project.id, request.query);
      return { attachments: rows.map(serializeAttachment), meta };
    },
  );

  app.post(
    '/api/projects/:id/attachments',
    operation(
      'attachment.upload',
      'Create an attachment and get its presigned upload; the type is inferred from the extension when blank',
      createUnderId(
        'attachment',
        z.object({
          name: z.string().trim().max(200).optional(),
          description: z.string().trim().max(5000).nullish(),
          attachment_request_id: z
            .union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()])
            .transform(String)
            .nullish(),
          upload_file_name: uploadFileName,
          upload_file_size: uploadFileSize(MAX_ATTACHMENT_BYTES),
          upload_content_type: z.string().max(200).nullish(),
        }),
        attachmentSchema.extend({
          presigned_post: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
        }),
      ),
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const project = await findProject(request.access, request.params.id);
      const { row, presigned } = await createAttachment(ctx, s, project, request.body.attachment);
      return reply
        .status(201)
        .send({ attachment: { ...serializeAttachment(row), presigned_post: presigned } });
    },
  );

  app.patch(
    '/api/attachments/:id/verify',
    operation(
      'attachment.upload',
      'Check the uploaded file against its type; then the request’s creator is e-mailed, unless `notify` is false (a batch: see uploads-complete)',
      {
        params: idParam,
        body: z.object({ notify: z.boolean().default(true) }).nullish(),
        response: { 200: z.object({ attachment: attachmentSchema }) },
      },
    ),
    async (request) => {
      const row = await findAttachment(request.access, request.params.id);
      if (row.upload_verified_at) return { attachment: serializeAttachment(row) };
      await verifyAttachment(ctx, row, request.body?.notify ?? true);
      return { attachment: serializeAttachment(await findAttachment(request.access, row.id)) };
    },
  );

  app.post(
    '/api/attachment-requests/:id/uploads-complete',
    operation(
      'attachment.upload',
      'End an upload batch: one e-mail to the request’s creator names every verified file of it not announced yet',
      {
        params: idParam,
        body: z.object({ attachment_ids: z.array(recordIdSchema).min(1).max(500) }),
        response: { 200: z.object({ notified_attachment_ids: z.array(z.string()) }) },
      },
    ),
    async (request) => {
      const found = await request.access.find('file_request', request.params.id);
      const notified = await completeUploads(ctx, request.access, found.id, request.body.attachment_ids);
      return { notified_attachment_ids: notified };
    },
  );

  app.get(
    '/api/attachments/:id/download',
    operation(
      'attachment.download',
      'Redirect to a signed, expiring download of a verified file (audited); format=json answers the address',
      signedDownload,
    ),
    async (request, reply) => {
      const row = await findAttachment(request.access, request.params.id);
      if (!row.upload_verified_at) throw notFound();
      return answerSignedDownload(ctx, request, reply, {
        format: request.query.format,
        key: row.storage_key,
        downloadName: row.upload_file_name,
        contentType: row.upload_content_type,
        audit: await attachmentDownloadAudit(ctx, row),
      });
    },
  );

  app.delete(
    '/api/attachments/:id',
    operation(
      'attachment.discard',
      'Remove a file that never arrived (Not Uploaded); verified files are kept (409)',
      deleteById,
    ),
    async (request) => {
      const row = await findAttachment(request.access, request.params.id);
      if (row.upload_verified_at) throw conflict({ base: ['A file that arrived cannot be removed here'] });
      await discardAttachment(ctx, row);
      return {};
    },
  );
}
