import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Access } from '../access/visibility.js';

/** What other areas may read of a project's layout renders, as SQL over a project id column. */
export const projectRenderReads = (projectIdColumn: string) => {
  const projectId = sql.ref(projectIdColumn);
  return {
    /** Renders whose PDF is still stored (complete and not expired). */
    storedCount: sql<number>`(SELECT count(*)::int FROM layout_renders r WHERE r.project_id = ${projectId} AND r.worker_status = 'complete' AND r.expired_at IS NULL)`,
    oldest: sql<Date | null>`(SELECT min(r.created_at) FROM layout_renders r WHERE r.project_id = ${projectId})`,
    newest: sql<Date | null>`(SELECT max(r.created_at) FROM layout_renders r WHERE r.project_id = ${projectId})`,
  };
};

/** Layout renders (as `r`) with their layout (as `l`), for a query to select from. */
export const rendersWithLayout = (db: Db) =>
  db.selectFrom('layout_renders as r').innerJoin('layouts as l', 'l.id', 'r.layout_id');

/** The worker status of the renders in view among these worker tokens (unknown ones are left out). */
export function renderWorkerStatuses(db: Db, access: Access, tokens: string[]) {
  return db
    .selectFrom('layout_renders')
    .select(['worker_token', 'worker_status'])
    .where('worker_token', 'in', tokens)
    .where('id', 'in', access.ids('layout_render'))
    .execute();
}
