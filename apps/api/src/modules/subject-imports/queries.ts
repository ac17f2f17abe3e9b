import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SubjectImportsTable } from '../../db/schema.js';

export type SubjectImportRow = Selectable<SubjectImportsTable>;

export const findImport = (db: Db, id: string) =>
  db.selectFrom('subject_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export async function listImports(db: Db, projectId: string, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('subject_imports')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('subject_imports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

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
