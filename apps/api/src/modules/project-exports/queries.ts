import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { Access } from '../access/visibility.js';

/** What other areas may read of a project's exports, as SQL over a project id column. */
export const projectExportReads = (projectIdColumn: string) => ({
  count: sql<number>`(SELECT count(*)::int FROM project_exports x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
  /** The count a caller who may not read hidden fields is given: exports holding none of their values. */
  countWithoutHidden: sql<number>`(SELECT count(*)::int FROM project_exports x WHERE x.project_id = ${sql.ref(projectIdColumn)} AND NOT x.holds_hidden_fields)`,
  /** Exports whose archive is still stored (completed, not expired): the data summary's count. */
  storedCount: sql<number>`(SELECT count(*)::int FROM project_exports x WHERE x.project_id = ${sql.ref(projectIdColumn)} AND x.job_status = 'completed' AND x.expired_at IS NULL)`,
  oldest: sql<Date | null>`(SELECT min(x.created_at) FROM project_exports x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
  newest: sql<Date | null>`(SELECT max(x.created_at) FROM project_exports x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
});

/** Exports with their creator (null when the creator's user row is gone). */
export const selectExports = (db: Db) =>
  db
    .selectFrom('project_exports as e')
    .leftJoin('users as u', 'u.id', 'e.created_by_user_id')
    .selectAll('e')
    .select([
      'u.name as created_by_user_name',
      'u.email as created_by_user_email',
      'u.deleted_at as created_by_user_deleted_at',
    ]);
export type ExportRow = Awaited<ReturnType<ReturnType<typeof selectExports>['executeTakeFirstOrThrow']>>;

/** Stalled (§4, counted as failed): started, not completed, and has neither job id nor job status. */
export const isStalled = (
  row: Pick<ExportRow, 'export_started_at' | 'export_completed_at' | 'job_id' | 'job_status'>,
) =>
  row.export_started_at !== null &&
  row.export_completed_at === null &&
  row.job_id === null &&
  row.job_status === null;

/** Done (§4): completed or failed. Only done or stalled exports may be deleted. */
export const isDone = (row: Pick<ExportRow, 'job_status'>) =>
  row.job_status === 'completed' || row.job_status === 'failed';

/** A page of a project's exports in the caller's view, newest first. */
export function listProjectExports(db: Db, access: Access, projectId: string, paging: PageRequest) {
  return pageOf(
    db,
    selectExports(db).where('e.project_id', '=', projectId).where('e.id', 'in', access.ids('project_export')),
    (query) => query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc'),
    paging,
  );
}

/** The image sizes (crop width and height in pixels) of the export formats a project's exports used. */
export function exportImageSizesOfProject(db: Db, projectId: string) {
  return db
    .selectFrom('project_exports as e')
    .innerJoin('project_export_formats as f', 'f.id', 'e.project_export_format_id')
    .select(['f.images_crop_width_pixels as width', 'f.images_crop_height_pixels as height'])
    .distinct()
    .where('e.project_id', '=', projectId)
    .execute();
}
