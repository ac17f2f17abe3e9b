import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobDeps, MailDeps } from '../../jobs/deps.js';
import { defineSweep } from '../../jobs/queue.js';
import { notifyRequester } from '../file-requests/service.js';

/**
 * Tells requests' creators about verified files they have not been told about yet: one e-mail per
 * request and project, naming every file of the batch, not one e-mail a file. The rows are locked and marked,
 * so a repeated or concurrent call sends nothing twice. Answers the ids it announced.
 */
export async function announceUploads(
  deps: MailDeps,
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
    await notifyRequester(deps, trx, {
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

/** How long a request's uploads to a project stay quiet before an unfinished batch is announced. */
export const UNFINISHED_BATCH_QUIET_MS = 15 * 60_000;

/**
 * Announces the verified files of batches that never ended: the web verifies each file of a batch
 * without an e-mail and ends it with uploads-complete, which never comes when the browser is closed
 * midway. A batch (a request's files for one project) counts as ended once none of its files has been
 * added or changed for UNFINISHED_BATCH_QUIET_MS; its creator then gets the one e-mail the batch would
 * have sent. Answers how many files were announced.
 */
export async function announceUnfinishedBatches(deps: MailDeps & Pick<JobDeps, 'db'>, now = new Date()) {
  const quietSince = new Date(now.getTime() - UNFINISHED_BATCH_QUIET_MS);
  const rows = await deps.db
    .selectFrom('attachments as a')
    .select('a.id')
    .where('a.requester_notified_at', 'is', null)
    .where('a.upload_verified_at', 'is not', null)
    .where('a.attachment_request_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('attachments as b')
            .select(sql`1`.as('one'))
            .whereRef('b.attachment_request_id', '=', 'a.attachment_request_id')
            .whereRef('b.project_id', '=', 'a.project_id')
            .where(sql<boolean>`greatest(b.created_at, b.updated_at) > ${quietSince}`),
        ),
      ),
    )
    .orderBy('a.id')
    .limit(500)
    .execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  return (await deps.db.transaction().execute((trx) => announceUploads(deps, trx, ids))).length;
}

export const attachmentsAnnounceUnfinishedJob = defineSweep(
  'attachments.announce-unfinished',
  {
    retryLimit: 3,
    retryDelaySeconds: 60,
    schedule: '*/5 * * * *',
    log: 'when-any',
    message: 'unfinished upload batches announced',
  },
  async (deps: JobDeps) => ({ announced: await announceUnfinishedBatches(deps) }),
);
