import { MAX_ATTACHMENT_BYTES } from '@school-portal/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { requireWritten } from '../../http/errors.js';
import {
  formKeyDeletion,
  lockUnverifiedUploads,
  scheduleDeletions,
  takeCheckedUpload,
  uploadKeyFor,
} from '../../storage/uploads.js';
import { checkStoredContent } from './sniff.js';

export const ATTACHMENT_UPLOAD_EXPIRY_SECONDS = 30 * 60;

/** Where an attachment's presigned form uploads; verify moves the bytes from there to its key. */
export const attachmentUploadKey = (storageKey: string) => uploadKeyFor(storageKey);

interface UploadedAttachment {
  id: string;
  storage_key: string;
  upload_file_name: string;
  upload_file_size: string | number;
  upload_content_type: string;
  created_at: Date;
}

/**
 * The checking half of verify: takes the uploaded bytes away from the form's key (so the form can't
 * replace them once checked), then checks the whole file against its type. Answers the size and the
 * SHA-256 to keep on the record. A refused file leaves nothing: the record and the object go now, the
 * form's key once the form has expired (in case it is posted again). Throws 422 either way.
 */
export async function acceptAttachmentUpload(
  ctx: AppContext,
  row: UploadedAttachment,
): Promise<{ size: number; sha256: string }> {
  const { size, refuse } = await takeCheckedUpload(ctx.storage, row, MAX_ATTACHMENT_BYTES, () =>
    discardAttachment(ctx, row),
  );
  const { problem, sha256 } = await checkStoredContent(
    ctx.storage,
    row.storage_key,
    row.upload_content_type,
    size,
  );
  if (problem) {
    const kind = row.upload_file_name.includes('.')
      ? ` ${row.upload_file_name.split('.').pop()!.toUpperCase()}`
      : '';
    return refuse(`is not a real${kind} file${problem === 'wrong type' ? '' : ` (${problem})`}`);
  }
  await scheduleDeletions(ctx.db, [formKeyDeletion(row)]);
  return { size, sha256 };
}

/**
 * Attachments whose upload was never verified, made before `before` (abandoned forms): the rows go and
 * their files (the record's key and the form's) are scheduled for deletion, in one transaction.
 */
export async function purgeUnverifiedAttachments(db: Db, before: Date, limit = 1000): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = await lockUnverifiedUploads(trx, 'attachments', before, limit);
    if (stale.length === 0) return 0;
    await trx
      .deleteFrom('attachments')
      .where(
        'id',
        'in',
        stale.map((a) => a.id),
      )
      .execute();
    await scheduleDeletions(
      trx,
      stale.flatMap((a) => [{ key: a.storage_key }, { key: uploadKeyFor(a.storage_key) }]),
    );
    return stale.length;
  });
}

/**
 * Removes an attachment that was never verified, with its bytes: the record and the object go now, the
 * form's key once the form has expired (in case it is posted again).
 */
export async function discardAttachment(
  ctx: AppContext,
  row: { id: string; storage_key: string; created_at: Date },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    requireWritten(await trx.deleteFrom('attachments').where('id', '=', row.id).executeTakeFirst());
    await scheduleDeletions(trx, [{ key: row.storage_key }, formKeyDeletion(row)]);
  });
  await ctx.storage.delete(row.storage_key);
  await ctx.storage.delete(uploadKeyFor(row.storage_key));
}
