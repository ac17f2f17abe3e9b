import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { SubjectImportsTable } from '../../db/schema.js';

export type SubjectImportRow = Selectable<SubjectImportsTable>;

export const findImport = (db: Db, id: string) =>
  db.selectFrom('subject_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A page of a project's roster imports, newest first. */
export function listImports(db: Db, projectId: string, paging: PageRequest) {
  return pageOf(
    db,
    db.selectFrom('subject_imports').selectAll().where('project_id', '=', projectId),
    (query) => query.orderBy('created_at', 'desc').orderBy('id', 'desc'),
    paging,
  );
}

export const insertImport = (db: Db, values: Insertable<SubjectImportsTable>) =>
  db.insertInto('subject_imports').values(values).returningAll().executeTakeFirstOrThrow();

export async function deleteImport(db: Db, id: string) {
  await db.deleteFrom('subject_imports').where('id', '=', id).execute();
}

/** Sets an import's mapping and choices; any change makes the last check stale. */
export const updateImportSettings = (
  db: Db,
  id: string,
  settings: {
    mapping: Record<string, string | null>;
    match_by: SubjectImportRow['match_by'];
    mode: SubjectImportRow['mode'];
    skip_invalid_rows: boolean;
  },
) =>
  db
    .updateTable('subject_imports')
    .set({
      mapping: JSON.stringify(settings.mapping),
      match_by: settings.match_by,
      mode: settings.mode,
      skip_invalid_rows: settings.skip_invalid_rows,
      status: 'ready',
      check_report: null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Marks a checked (or failed) import as applying; none when another request got there first. */
export const markApplying = (db: Db, id: string, skip: boolean) =>
  db
    .updateTable('subject_imports')
    .set({
      status: 'applying',
      skip_invalid_rows: skip,
      failure: null,
      progress_done: 0,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['checked', 'failed'])
    .returningAll()
    .executeTakeFirst();

/** The saved mapping of the first of these organizations that has one. */
export async function savedMapping(
  db: Db,
  organizationIds: string[],
): Promise<Record<string, string | null>> {
  const rows = await db
    .selectFrom('subject_import_mappings')
    .select(['organization_id', 'mapping'])
    .where('organization_id', 'in', organizationIds)
    .execute();
  for (const id of organizationIds) {
    const found = rows.find((r) => r.organization_id === id);
    if (found) return found.mapping;
  }
  return {};
}

/** Adds the headers' choices to each organization's saved mapping (newer choices win). */
export async function saveMapping(db: Db, organizationIds: string[], mapping: Record<string, string | null>) {
  for (const id of new Set(organizationIds)) {
    await db
      .insertInto('subject_import_mappings')
      .values({ organization_id: id, mapping: JSON.stringify(mapping) })
      .onConflict((oc) =>
        oc.column('organization_id').doUpdateSet({
          mapping: sql`subject_import_mappings.mapping || excluded.mapping` as never,
          updated_at: new Date(),
        }),
      )
      .execute();
  }
}
