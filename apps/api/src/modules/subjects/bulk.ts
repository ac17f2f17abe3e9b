import { APP_SLUG } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Many subjects at once, for the roster import: the subjects' table stays this area's, the
 * import only calls these. Batches keep each statement under the protocol's parameter limit.
 */
const BATCH = 2000;

/** Every subject of a project, id and properties only (to match a roster against). */
export function projectSubjectProperties(db: Db, projectId: string) {
  return db.selectFrom('subjects').select(['id', 'properties']).where('project_id', '=', projectId).execute();
}

/** Inserts subjects in batches; `onBatch` hears how many are done after each. */
export async function insertSubjects(
  db: Db,
  projectId: string,
  rows: Record<string, string>[],
  onBatch?: (done: number) => Promise<void>,
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    // One array parameter for the whole batch, unnested in SQL.
    await sql`
      INSERT INTO subjects (project_id, properties, created_by_plic_app_id)
      SELECT ${projectId}::bigint, p::jsonb, ${APP_SLUG}
      FROM unnest(${batch.map((r) => JSON.stringify(r))}::text[]) AS p`.execute(db);
    await onBatch?.(i + batch.length);
  }
}

/** Replaces the properties of subjects of the project, in batches. */
export async function updateSubjectProperties(
  db: Db,
  projectId: string,
  rows: { id: string; properties: Record<string, string> }[],
  onBatch?: (done: number) => Promise<void>,
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await sql`
      UPDATE subjects s SET properties = v.p::jsonb, updated_at = now()
      FROM unnest(${batch.map((r) => r.id)}::bigint[], ${batch.map((r) => JSON.stringify(r.properties))}::text[]) AS v(id, p)
      WHERE s.id = v.id AND s.project_id = ${projectId}::bigint`.execute(db);
    await onBatch?.(i + batch.length);
  }
}

/** Every subject of a project with its values and camera card code (picture day's matching). */
export function projectSubjectsToMatch(db: Db, projectId: string) {
  return db
    .selectFrom('subjects')
    .select(['id', 'properties', 'card_code'])
    .where('project_id', '=', projectId)
    .execute();
}

/** Which of `ids` are subjects of the project: one indexed read, whatever the project's size. */
export function projectSubjectIds(db: Db, projectId: string, ids: string[]) {
  // One array parameter, not one parameter an id: a station's replay names 500.
  return db
    .selectFrom('subjects')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', sql<string>`any(${ids}::bigint[])`)
    .execute();
}

/**
 * New subjects with the given camera card codes and no values (picture day's extras: photos after a card
 * the project does not know). A code the project has meanwhile keeps its subject; answers every code's.
 */
export async function insertSubjectsWithCardCodes(db: Db, projectId: string, codes: string[]) {
  if (codes.length === 0) return new Map<string, string>();
  await sql`
    INSERT INTO subjects (project_id, properties, card_code, created_by_plic_app_id)
    SELECT ${projectId}::bigint, '{}'::jsonb, c, ${APP_SLUG}
    FROM unnest(${codes}::text[]) AS c
    ON CONFLICT (project_id, card_code) DO NOTHING`.execute(db);
  const rows = await db
    .selectFrom('subjects')
    .select(['id', 'card_code'])
    .where('project_id', '=', projectId)
    .where('card_code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.card_code, r.id]));
}

/** Deletes subjects `ids` of the project in one statement (a roster delta's removals); answers how many. */
export async function deleteSubjectsOfProject(db: Db, projectId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .deleteFrom('subjects')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Which of subjects `ids` have a yearbook photo chosen. */
export async function subjectsWithYearbookPhoto(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('subjects')
    .select('id')
    .where('id', 'in', ids)
    .where('yearbook_photo_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}
