import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Outputs kept for a while after they are made (a render's PDF, an export's archive): up to `limit` whose
 * expiry has come by `now` and that are not marked expired yet, the earliest expiry first. Answers the
 * query, for the caller to lock the rows or to run it as it is.
 */
export function dueToExpire(
  db: Kysely<Database>,
  table: 'layout_renders' | 'project_exports',
  now: Date,
  limit: number,
) {
  return db
    .selectFrom(table)
    .select(['id', 'storage_key'])
    .where('expired_at', 'is', null)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit);
}
