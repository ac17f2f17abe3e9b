import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import { subjectPhotoReads } from '../photos/queries.js';
import { gradeOrder } from '../subjects/grid.js';
import { selectSubjectRows } from '../subjects/service.js';

/** A class field of the project the caller sees: its key (teacher, grade, home_room) and its field id. */
export interface ClassField {
  key: 'teacher' | 'grade' | 'home_room';
  id: string;
}

/** The counts of one class (one combination of class values), or of the whole project. */
export interface CoverageCounts {
  subjects: number;
  with_portrait: number;
  with_checked_crop: number;
  retake_pending: number;
  without_photo: number;
}

const value = (fieldId: string) => sql<string>`coalesce(s.properties ->> ${fieldId}, '')`;

/** Whether the subject `s` has photos that all failed the photo checks (none became its portrait). */
const allPhotosFailed = subjectPhotoReads('s.id').allPhotosFailed;

/** Whether the subject `s` has a portrait (a primary photo). */
const hasPortrait = sql<boolean>`EXISTS (SELECT 1 FROM subject_photo_assignments a WHERE a.subject_id = s.id AND a.is_primary)`;

/**
 * The counts by class, computed from the tables on every call (so they move as picture-day batches land):
 * a portrait is the subject's primary photo; its crop is checked when a person made one, or when the
 * photo checks passed (checked with no flag, or its flags accepted by a person) and so its auto crop
 * stands; a retake is pending while the portrait is marked for one, or when the subject has photos that
 * all failed the checks (none could be its portrait); no photo at all is no assignment. One row per
 * combination of the class fields' values (one row for the project without class fields); read-only,
 * across subjects and photos.
 */
export async function classCounts(db: Db, projectId: string, classFields: ClassField[]) {
  const columns = classFields.map((f) => sql`${value(f.id)} AS ${sql.raw(`c_${f.key}`)}`);
  const groupBy = classFields.length
    ? sql`GROUP BY ${sql.join(classFields.map((_, i) => sql.raw(String(i + 1))))}`
    : sql``;
  const orderBy = classOrder(classFields, (f) => sql.ref(`c_${f.key}`));
  const rows = await sql<CoverageCounts & Record<string, string>>`
    SELECT * FROM (SELECT ${sql.join([...columns, sql`count(*)::int AS subjects`])},
      count(pp.photo_id)::int AS with_portrait,
      (count(*) FILTER (WHERE pp.checked_crop))::int AS with_checked_crop,
      (count(*) FILTER (WHERE pp.retake_needed OR (pp.photo_id IS NULL AND ${allPhotosFailed})))::int AS retake_pending,
      (count(*) FILTER (WHERE NOT EXISTS (
        SELECT 1 FROM subject_photo_assignments x WHERE x.subject_id = s.id)))::int AS without_photo
    FROM subjects s
    LEFT JOIN LATERAL (
      SELECT ph.id AS photo_id, ph.retake_needed,
        EXISTS (SELECT 1 FROM photo_crops c WHERE c.photo_id = ph.id
          AND (c.source = 'manual' OR (ph.checked_at IS NOT NULL
            AND (ph.checks = '[]'::jsonb OR ph.checks_accepted_at IS NOT NULL)))) AS checked_crop
      FROM subject_photo_assignments a JOIN photos ph ON ph.id = a.photo_id
      WHERE a.subject_id = s.id AND a.is_primary
      LIMIT 1
    ) pp ON true
    WHERE s.project_id = ${projectId}
    ${groupBy}) counts
    ${orderBy.length ? sql`ORDER BY ${sql.join(orderBy)}` : sql``}`.execute(db);
  return rows.rows.filter((r) => r.subjects > 0);
}

/**
 * Titles a teacher's name may start with ("Ms. Lee", "Mme Roy", "Mr Ortiz"), left out when classes sort by
 * the teacher, so that "Mme Roy" does not come before "Mr. Ortiz" and "Ms. Lee" by the title's letters.
 */
const TEACHER_TITLE = String.raw`^(mr|mrs|ms|miss|mx|dr|prof|mme|mlle|mmes|m|madame|mademoiselle|monsieur|sr|sra|srta|herr|frau)\.?\s+`;

/** Everything up to a name's last word. */
const LAST_WORD_PREFIX = String.raw`^.*\s`;

/**
 * The ORDER BY keys of classes: grade first (by grade ordering), then the teacher's surname
 * (the name without its title: the part before a comma in "Lee, Jane", else the last word), then the
 * rest of the teacher's name, then the home room. `column` reads a class field's value.
 */
function classOrder(classFields: ClassField[], column: (f: ClassField) => Expression<string>) {
  const keys: RawBuilder<unknown>[] = [];
  const field = (key: ClassField['key']) => classFields.find((f) => f.key === key);
  const lower = (f: ClassField) => sql<string>`lower(btrim(${column(f)}))`;
  const grade = field('grade');
  if (grade) {
    const g = gradeOrder(lower(grade));
    keys.push(g.bucket, g.number, g.text);
  }
  const teacher = field('teacher');
  if (teacher) {
    const name = sql<string>`regexp_replace(${lower(teacher)}, ${TEACHER_TITLE}, '')`;
    keys.push(
      sql`CASE WHEN ${name} LIKE '%,%' THEN btrim(split_part(${name}, ',', 1))
        ELSE regexp_replace(${name}, ${LAST_WORD_PREFIX}, '') END`,
      name,
    );
  }
  const homeRoom = field('home_room');
  if (homeRoom) keys.push(lower(homeRoom));
  return keys;
}

/**
 * The subjects without a portrait, in class order (grade by grade ordering, the teacher's surname, home
 * room) then by last and first name; `nameFields` are the ids of the last and first name fields the caller sees.
 */
function missingSubjects(db: Db, projectId: string, classFields: ClassField[], nameFields: string[]) {
  const keys = classOrder(classFields, (f) => value(f.id));
  for (const id of nameFields) keys.push(sql`lower(${value(id)})`);
  const query = selectSubjectRows(db)
    .select(allPhotosFailed.as('needs_retake'))
    .where('s.project_id', '=', projectId)
    .where(sql<boolean>`NOT ${hasPortrait}`);
  return {
    query,
    order: (q: typeof query) => {
      let ordered = q;
      for (const key of keys) ordered = ordered.orderBy(key);
      return ordered.orderBy('s.id');
    },
  };
}

/** One page of the missing list, with its meta. */
export function missingPage(
  db: Db,
  projectId: string,
  classFields: ClassField[],
  nameFields: string[],
  page: PageRequest,
) {
  const { query, order } = missingSubjects(db, projectId, classFields, nameFields);
  return pageOf(db, query, order, page);
}

/** The whole missing list (the CSV and the PDF), in the same order. */
export function missingAll(db: Db, projectId: string, classFields: ClassField[], nameFields: string[]) {
  const { query, order } = missingSubjects(db, projectId, classFields, nameFields);
  return order(query).execute();
}
