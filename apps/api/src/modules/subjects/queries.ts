import { BLANK_FILTER, type SubjectGridFilter, type SubjectSelection } from '@school-portal/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import { keywordPattern } from '../organizations/service.js';
import { subjectPhotoReads } from '../photos/queries.js';
import { fieldValue, type ProjectFields } from './service.js';

/** What other areas may read of a project's subjects, as SQL over a project id column. */
export const projectSubjectReads = (projectIdColumn: string) => ({
  count: sql<number>`(SELECT count(*)::int FROM subjects x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
  oldest: sql<Date | null>`(SELECT min(x.created_at) FROM subjects x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
  newest: sql<Date | null>`(SELECT max(x.updated_at) FROM subjects x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
});

type Fields = Pick<ProjectFields, 'fields'>;

/**
 * The subjects grid's filters as one SQL condition over `subjects s`: two field filters (a value, or
 * Blank), a keyword over the values the caller may see, with or without images, added since. A filter
 * on a field the project doesn't have, or that the caller may not see (hidden fields stay hidden), is a
 * 422. The grid, the selection resolver and the exports share it.
 */
export function gridFilterCondition(pf: Fields, filter: SubjectGridFilter): Expression<SqlBool> {
  const visible = new Set(pf.fields.map((f) => f.id));
  const badField = [filter.field_1, filter.field_2].find((f) => f !== undefined && !visible.has(f));
  if (badField) throw unprocessable({ filter: ['names a field this project does not have'] });

  const conditions: Expression<SqlBool>[] = [];
  for (const [field, value] of [
    [filter.field_1, filter.value_1],
    [filter.field_2, filter.value_2],
  ] as const) {
    if (!field || value === undefined) continue;
    conditions.push(sql<SqlBool>`${fieldValue(field)} = ${value === BLANK_FILTER ? '' : value.trim()}`);
  }
  if (filter.keyword) {
    // Over the values the caller may see only: hidden fields are not searchable by customers.
    const pattern = keywordPattern(filter.keyword.toLowerCase());
    conditions.push(
      pf.fields.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`(${sql.join(
            pf.fields.map((f) => sql`lower(${fieldValue(f.id)}) LIKE ${pattern}`),
            sql` OR `,
          )})`,
    );
  }
  const hasPhotos = subjectPhotoReads('s.id').hasAny;
  if (filter.images === 'with') conditions.push(hasPhotos);
  if (filter.images === 'without') conditions.push(sql<SqlBool>`NOT ${hasPhotos}`);
  if (filter.added_since) conditions.push(sql<SqlBool>`s.created_at >= ${new Date(filter.added_since)}`);
  return conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

const idArray = (ids: readonly string[]) => sql`${[...ids]}::bigint[]`;

/**
 * A subject selection as one SQL condition over `subjects s`: the subjects matching `filter` (every one
 * when there is no filter and no included ids), plus the included ids, minus the excluded ids. The caller
 * adds the project (`s.project_id = ...`), which keeps ids of other projects out.
 */
export function selectionCondition(pf: Fields, selection: SubjectSelection): Expression<SqlBool> {
  const included = selection.included_subject_ids;
  const base = selection.filter
    ? gridFilterCondition(pf, selection.filter)
    : included.length > 0
      ? sql<SqlBool>`false`
      : sql<SqlBool>`true`;
  const withIncluded =
    included.length > 0 ? sql<SqlBool>`(${base} OR s.id = ANY(${idArray(included)}))` : base;
  return selection.excluded_subject_ids.length > 0
    ? sql<SqlBool>`(${withIncluded} AND NOT (s.id = ANY(${idArray(selection.excluded_subject_ids)})))`
    : withIncluded;
}

/** The selected subjects of a project (visible to the caller: `pf` came from a lookup in view), as a query. */
export function selectedSubjects(
  db: Db,
  pf: Pick<ProjectFields, 'fields' | 'project'>,
  selection: SubjectSelection,
) {
  return db
    .selectFrom('subjects as s')
    .where('s.project_id', '=', pf.project.id)
    .where(selectionCondition(pf, selection));
}

/** Deletes up to `limit` subjects of a project (a deleted project's, in batches). Answers how many went. */
export async function deleteProjectSubjectBatch(db: Db, projectId: string, limit = 1000): Promise<number> {
  const deleted = await db
    .deleteFrom('subjects')
    .where('id', 'in', (eb) =>
      eb.selectFrom('subjects').select('id').where('project_id', '=', projectId).limit(limit),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
