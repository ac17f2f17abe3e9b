import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { notifyRequester } from '../file-requests/service.js';

/**
 * Tells requests' creators about verified files they have not been told about yet: one e-mail per
 * request and project, naming every file of the batch (issue 11 item 5). The rows are locked and marked,
 * so a repeated or concurrent call sends nothing twice. Answers the ids it announced.
 */
export async function announceUploads(
  ctx: AppContext,
  trx: Transaction<Database>,
  attachmentIds: string[],
): Promise<string[]> {
  if (attachmentIds.length === 0) return [];
  const rows = await trx
    .selectFrom('attachments')
    .select(['id', 'project_id', 'attachment_request_id', 'upload_file_name'])
    .where('id', 'in', attachmentIds)
    .where('attachment_request_id', 'is not', null)
    .where('upload_verified_at', 'is not', null)
    .where('requester_notified_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (rows.length === 0) return [];
  const batches = new Map<string, { requestId: string; projectId: string; names: string[] }>();
  for (const row of rows) {
    const requestId = row.attachment_request_id!;
    const key = `${requestId}:${row.project_id}`;
    const batch = batches.get(key) ?? { requestId, projectId: row.project_id, names: [] };
    batch.names.push(row.upload_file_name);
    batches.set(key, batch);
  }
  for (const batch of batches.values()) {
    await notifyRequester(ctx, trx, {
      attachment_request_id: batch.requestId,
      project_id: batch.projectId,
      file_names: batch.names,
    });
  }
  const ids = rows.map((r) => r.id);
  await trx
    .updateTable('attachments')
    .set({ requester_notified_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
  return ids;
}
