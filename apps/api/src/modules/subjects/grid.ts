import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import type { GridPageCache } from './grid-cache.js';
import { type ProjectFields, type SubjectRow, subjectColumns } from './service.js';

export type GridSort = 'reverse_full_name' | 'full_name' | 'created_at' | `field:${string}`;
type Direction = 'asc' | 'desc';

/** A grade written as a number: "-1", "3", "10.5" (the domain's NUMERIC_GRADE). */
const NUMBER_PATTERN = '^-?[0-9]+(\\.[0-9]+)?$';

/**
 * Grade ordering in SQL (spec §5, the domain's compareGrades) over a lowercased value: blanks last (in
 * either direction: the bucket is always ascending), k/kindergarten as 0, numbers by value, then text.
 */
export function gradeOrder(v: Expression<string>) {
  const kindergarten = sql`${v} IN ('k', 'kindergarten')`;
  return {
    bucket: sql<number>`CASE WHEN ${v} = '' THEN 2 WHEN ${kindergarten} OR ${v} ~ ${NUMBER_PATTERN} THEN 0 ELSE 1 END`,
    number: sql<number>`CASE WHEN ${kindergarten} THEN 0 WHEN ${v} ~ ${NUMBER_PATTERN} THEN ${v}::numeric END`,
    text: sql<string>`${v}`,
  };
}

/**
 * The ORDER BY keys of a grid sort, over `subjects s` and, for a grade, the lateral `gv` (its lowercased
 * value, computed once per row: PostgreSQL would otherwise evaluate the expression once per mention).
 * Grades (spec §5): blanks last in either direction, k/kindergarten as 0, numbers by value, then text.
 * Every sort ends with created_at and id, so pages never overlap.
 */
function sortKeys(pf: Pick<ProjectFields, 'fields'>, sort: GridSort, dir: Direction) {
  const value = (id: string) => sql<string>`lower(coalesce(s.properties ->> ${id}, ''))`;
  const keys: { expr: RawBuilder<unknown>; dir: Direction }[] = [];
  let grade: string | null = null;
  if (sort === 'full_name' || sort === 'reverse_full_name') {
    const first = pf.fields.find((f) => f.field_key === 'first_name')?.id;
    const last = pf.fields.find((f) => f.field_key === 'last_name')?.id;
    for (const id of sort === 'full_name' ? [first, last] : [last, first])
      if (id) keys.push({ expr: value(id), dir });
  } else if (sort.startsWith('field:')) {
    const id = sort.slice('field:'.length);
    const field = pf.fields.find((f) => f.id === id);
    if (!field) throw unprocessable({ sort: ['names a field this project does not have'] });
    if (field.field_key === 'grade') {
      grade = id;
      const g = gradeOrder(sql.ref('gv.v'));
      keys.push({ expr: g.bucket, dir: 'asc' }, { expr: g.number, dir }, { expr: g.text, dir });
    } else {
      keys.push({ expr: value(id), dir });
    }
  }
  keys.push({ expr: sql`s.created_at`, dir }, { expr: sql`s.id`, dir });
  return { keys, grade };
}

/** A grid row: the subject, its photo count, and its primary photo with what its thumbnails are made of. */
export type GridRow = SubjectRow & {
  primary_photo_storage_key: string | null;
  primary_photo_renditions_ready_at: Date | null;
};

/**
 * One page of the grid in one round trip. The matches are
 * sorted and counted on narrow rows (id and sort keys, a window count); only the page's rows are then
 * read whole, with their photo count and primary photo: a 20,000-subject project no longer pays those
 * per match. A page read before under the project's current grid version comes from `cache`.
 */
export async function gridPage(
  db: Db,
  cache: GridPageCache,
  pf: Pick<ProjectFields, 'fields' | 'project'>,
  where: Expression<SqlBool>,
  q: { sort: GridSort; direction: Direction; page: number; limit: number },
): Promise<{ rows: readonly GridRow[]; total: number | null }> {
  const { keys, grade } = sortKeys(pf, q.sort, q.direction);
  const order = (prefix: string) =>
    sql.join(keys.map((k, i) => sql`${sql.raw(`${prefix}k${i}`)} ${sql.raw(k.dir)}`));
  const gradeJoin = grade
    ? sql`CROSS JOIN LATERAL (SELECT lower(coalesce(s.properties ->> ${grade}, '')) AS v OFFSET 0) gv`
    : sql``;
  const page = sql`SELECT s.id AS page_id, count(*) OVER () AS page_total,
      ${sql.join(keys.map((k, i) => sql`${k.expr} AS ${sql.raw(`k${i}`)}`))}
    FROM subjects s ${gradeJoin}
    WHERE s.project_id = ${pf.project.id} AND ${where}
    ORDER BY ${order('')}
    LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const query = sql<GridRow & { page_total: string }>`WITH page AS (${page})
    SELECT ${subjectColumns},
      (SELECT count(*)::int FROM subject_photo_assignments a WHERE a.subject_id = s.id) AS photos_count,
      pp.id::text AS primary_photo_id, pp.storage_key AS primary_photo_storage_key,
      pp.renditions_ready_at AS primary_photo_renditions_ready_at, page.page_total
    FROM page JOIN subjects s ON s.id = page.page_id
    LEFT JOIN LATERAL (SELECT ph.id, ph.storage_key, ph.renditions_ready_at
      FROM subject_photo_assignments a JOIN photos ph ON ph.id = a.photo_id
      WHERE a.subject_id = s.id AND a.is_primary) pp ON true
    ORDER BY ${order('page.')}`.compile(db);
  // Not a named prepared statement: its generic plan (after five runs) can't see the filter's values and
  // scans the whole project instead of the GIN index; a custom plan per page is cheaper.
  const rows = await cache.read(
    query,
    pf.project.grid_version,
    async () => (await db.executeQuery(query)).rows,
  );
  return { rows, total: rows[0] ? Number(rows[0].page_total) : null };
}
