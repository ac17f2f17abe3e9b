import { randomBytes } from 'node:crypto';
import { attachmentContentType } from '@school-portal/domain';
import type { AppContext } from '../../context.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import { unprocessable } from '../../http/errors.js';
import { mailDepsOf } from '../../mail/outbox.js';
import type { Access } from '../access/visibility.js';
import type { AuditEntry } from '../audit/record.js';
import { requestCoversProject } from '../file-requests/service.js';
import { projectOrganizationId } from '../projects/queries.js';
import type { Session } from '../users/session.js';
import { announceUploads } from './notify.js';
import { ATTACHMENT_UPLOAD_EXPIRY_SECONDS, acceptAttachmentUpload, attachmentUploadKey } from './verify.js';

/** A page of a project's files, newest first. */
export function listProjectAttachments(ctx: AppContext, projectId: string, paging: PageRequest) {
  return pageOf(
    ctx.db,
    ctx.db.selectFrom('attachments').selectAll().where('project_id', '=', projectId),
    (query) => query.orderBy('created_at', 'desc').orderBy('id', 'desc'),
    paging,
  );
}

export interface AttachmentForm {
  name?: string | undefined;
  description?: string | null | undefined;
  attachment_request_id?: string | null | undefined;
  upload_file_name: string;
  upload_file_size: number;
  upload_content_type?: string | null | undefined;
}

/**
 * Records a file of a project (its type inferred from the extension when blank) and answers it with the
 * presigned form its bytes are uploaded with.
 */
export async function createAttachment(
  ctx: AppContext,
  session: Session,
  project: { id: string; organization_id: string },
  a: AttachmentForm,
) {
  const contentType = attachmentContentType(a.upload_file_name, a.upload_content_type);
  if (!contentType)
    throw unprocessable({
      upload_content_type: ['is not a supported file type (png, jpeg, csv, txt, pdf, xls, xlsx, zip)'],
    });
  if (a.attachment_request_id && !(await requestCoversProject(ctx, a.attachment_request_id, project.id))) {
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
      created_by_user_id: session.user.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const presigned = await ctx.storage.presignPost({
    key: attachmentUploadKey(key),
    contentType,
    maxBytes: a.upload_file_size,
    expiresInSeconds: ATTACHMENT_UPLOAD_EXPIRY_SECONDS,
  });
  return { row, presigned };
}

/** A file in view, else 404; then the route's action decided. */
export function findAttachment(access: Access, id: string) {
  return access.findRow('attachment', id, (db) => db.selectFrom('attachments').selectAll(), 'attachments.id');
}
type AttachmentRecord = Awaited<ReturnType<typeof findAttachment>>;

/**
 * Checks an uploaded file and marks it verified; with `notify`, the request's creator is e-mailed in the
 * same transaction.
 */
export async function verifyAttachment(ctx: AppContext, row: AttachmentRecord, notify: boolean) {
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
    if (notify) await announceUploads(mailDepsOf(ctx), trx, [row.id]);
  });
}

/** Ends an upload batch of a file request: announces its verified files not announced yet, in one e-mail. */
export async function completeUploads(ctx: AppContext, access: Access, requestId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  // Files of this request in view; any other id is invalid (nothing is sent then).
  const mine = await ctx.db
    .selectFrom('attachments')
    .select('id')
    .where('id', 'in', wanted)
    .where('id', 'in', access.ids('attachment'))
    .where('attachment_request_id', '=', requestId)
    .execute();
  if (mine.length !== wanted.length) throw unprocessable({ attachment_ids: ['is invalid'] });
  return ctx.db.transaction().execute((trx) => announceUploads(mailDepsOf(ctx), trx, wanted));
}

/** The trail row of a file's download: the file's project and that project's organization. */
export async function attachmentDownloadAudit(ctx: AppContext, row: AttachmentRecord): Promise<AuditEntry> {
  return {
    action: 'attachment.download',
    recordType: 'attachment',
    recordId: row.id,
    projectId: row.project_id,
    ownerOrganizationId: await projectOrganizationId(ctx.db, row.project_id),
  };
}
