import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Project imports: a batch of photos brought into a project, started and then finished. */
export function startImport(db: Db, projectId: string, userId: string) {
  return db
    .insertInto('project_imports')
    .values({ project_id: projectId, created_by_user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Finishes an import; idempotent (the first finish time stays). */
export function finishImport(db: Db, id: string) {
  return db
    .updateTable('project_imports')
    .set({ finished_at: sql`coalesce(finished_at, now())` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
