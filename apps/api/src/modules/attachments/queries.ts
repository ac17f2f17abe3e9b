import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What other areas may read of a project's files, as SQL over id columns. */
export const projectAttachmentReads = (projectIdColumn: string) => ({
  verifiedCount: sql<number>`(SELECT count(*)::int FROM attachments x WHERE x.project_id = ${sql.ref(projectIdColumn)} AND x.upload_verified_at IS NOT NULL)`,
  oldest: sql<Date | null>`(SELECT min(x.created_at) FROM attachments x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
  newest: sql<Date | null>`(SELECT max(x.created_at) FROM attachments x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
  /** Whether a verified file answers a file request for the project. */
  answers: (requestIdColumn: string) =>
    sql<boolean>`EXISTS (SELECT 1 FROM attachments f WHERE f.attachment_request_id = ${sql.ref(requestIdColumn)} AND f.project_id = ${sql.ref(projectIdColumn)} AND f.upload_verified_at IS NOT NULL)`,
});

/** One attachment's row, or none. */
export function attachmentById(db: Db, id: string) {
  return db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
}
