import { APP_SLUG, BLANK_FILTER, type SubjectGridFilter, type SubjectSelection } from '@school-portal/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import type { Access } from '../access/visibility.js';
import { keywordPattern } from '../organizations/service.js';
import { subjectRetakeAsked } from '../photo-sessions/retakes.js';
import { subjectPhotoReads, subjectRetakeNeeded } from '../photos/queries.js';
import { fieldValue, type ProjectFields, selectSubjectRows } from './service.js';

/**
 * What other areas may read of a project's subjects, as SQL over a project id column. The count is kept
 * by triggers on subjects (migration 0018): a 20,000-subject project is not counted on every read.
 */
export const projectSubjectReads = (projectIdColumn: string) => ({
  count: sql<number>`coalesce((SELECT x.subjects_count FROM project_subject_counts x WHERE x.project_id = ${sql.ref(projectIdColumn)}), 0)`,
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
    const wanted = value === BLANK_FILTER ? '' : value.trim();
    // Values are stored trimmed: containment, which the GIN index on properties serves.
    conditions.push(
      wanted === ''
        ? sql<SqlBool>`${fieldValue(field)} = ''`
        : sql<SqlBool>`s.properties @> ${JSON.stringify({ [field]: wanted })}::jsonb`,
    );
  }
  if (filter.keyword) conditions.push(keywordCondition(pf, filter.keyword));
  const hasPhotos = subjectPhotoReads('s.id').hasAny;
  if (filter.images === 'with') conditions.push(hasPhotos);
  if (filter.images === 'without') conditions.push(sql<SqlBool>`NOT ${hasPhotos}`);
  // Retake Needed: a photo marked or failing its checks, or a station asked for a retake (the retake day's
  // camera cards are printed from this filter).
  if (filter.images === 'retake')
    conditions.push(sql<SqlBool>`(${subjectRetakeNeeded('s.id')} OR ${subjectRetakeAsked('s.id')})`);
  if (filter.added_since) conditions.push(sql<SqlBool>`s.created_at >= ${new Date(filter.added_since)}`);
  return conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * Accented Latin letters (both cases: the embedded database's C locale lowercases ASCII only) and the
 * plain lowercase letter each stands for, for searches that ignore accents. `translate` with these is
 * plain SQL: the unaccent extension is not installed by our migrations, and any PostgreSQL 15+ has this.
 */
const FOLD = (() => {
  const map = new Map<string, string>();
  for (let code = 0xc0; code <= 0x24f; code++) {
    const ch = String.fromCodePoint(code);
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[a-z]$/.test(base)) map.set(ch, base);
  }
  // Letters whose stroke is not a combining mark.
  for (const [ch, base] of Object.entries({
    ø: 'o',
    Ø: 'o',
    ł: 'l',
    Ł: 'l',
    đ: 'd',
    Đ: 'd',
    ħ: 'h',
    Ħ: 'h',
    ı: 'i',
  }))
    map.set(ch, base);
  const variants = new Map<string, string>();
  for (const [ch, base] of map) variants.set(base, (variants.get(base) ?? '') + ch);
  // Combining accents (text typed decomposed) are dropped: listed in `from` with nothing in `to`.
  let marks = '';
  for (let code = 0x300; code <= 0x36f; code++) marks += String.fromCodePoint(code);
  return { map, variants, from: [...map.keys()].join('') + marks, to: [...map.values()].join('') };
})();

/** Lowercase without accents, as `foldedSql` makes a value in SQL. */
export const foldText = (text: string) =>
  [...text.normalize('NFC').toLowerCase()]
    .map((ch) => FOLD.map.get(ch) ?? ch)
    .join('')
    .replace(/[\u0300-\u036f]/g, '');

const foldedSql = (value: Expression<string>) =>
  sql<string>`translate(lower(${value}), ${FOLD.from}, ${FOLD.to})`;

/**
 * A regular expression for `search_text` (lowercased only) that finds a folded word written with or
 * without accents: each letter is the class of its accented forms. pg_trgm's index serves it.
 */
function accentPattern(folded: string): string {
  return [...folded]
    .map((ch) => {
      const variants = FOLD.variants.get(ch);
      if (variants) return `[${ch}${variants}]`;
      return /[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/.test(ch) ? `\\${ch}` : ch;
    })
    .join('');
}

/**
 * A keyword over the values the caller may see only (hidden fields are not searchable by customers), as
 * a condition over `subjects s`. The keyword is split into words (at spaces and commas), and every word
 * must be found in some visible value, accents ignored either way ("Zoe Brown" finds Zoë Brown).
 * `search_text` (every value, lowercased, as JSON text) narrows the rows first through its trigram index;
 * the per-field test then decides. A word JSON would escape (a quote, a backslash, a control character)
 * is not looked for in search_text.
 */
export function keywordCondition(pf: Fields, keyword: string): Expression<SqlBool> {
  if (pf.fields.length === 0) return sql<SqlBool>`false`;
  const words = [
    ...new Set(
      keyword
        .split(/[\s,]+/)
        .map(foldText)
        .filter(Boolean),
    ),
  ];
  if (words.length === 0) return sql<SqlBool>`true`;
  const perWord = words.map((word) => {
    const pattern = keywordPattern(word);
    const perField = sql<SqlBool>`(${sql.join(
      pf.fields.map((f) => sql`${foldedSql(fieldValue(f.id))} LIKE ${pattern}`),
      sql` OR `,
    )})`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes control characters
    if (/["\\\u0000-\u001f]/.test(word)) return perField;
    return sql<SqlBool>`(s.search_text ~ ${accentPattern(word)} AND ${perField})`;
  });
  return sql<SqlBool>`(${sql.join(perWord, sql` AND `)})`;
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

/** Which of `ids` are subjects of the project in the caller's view. */
export function subjectsOfProjectInView(db: Db, access: Access, projectId: string, ids: string[]) {
  return db
    .selectFrom('subjects')
    .select('id')
    .where('id', 'in', ids)
    .where('project_id', '=', projectId)
    .where('id', 'in', access.ids('subject'))
    .execute();
}

/** Locks subjects of a project (FOR UPDATE, in id order) and reads what a merge combines of them. */
export function lockSubjectsOfProject(db: Db, projectId: string, ids: string[]) {
  return db
    .selectFrom('subjects')
    .select(['id', 'properties', 'yearbook_photo_id'])
    .where('id', 'in', ids)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Writes a merge's result into the subject kept. */
export async function writeMergedSubject(
  db: Db,
  id: string,
  values: { properties: Record<string, string>; yearbook_photo_id: string | null },
) {
  await db
    .updateTable('subjects')
    .set({
      properties: JSON.stringify(values.properties),
      yearbook_photo_id: values.yearbook_photo_id,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes subjects by id (the merged ones: their photos have moved to the subject kept). */
export async function deleteSubjects(db: Db, ids: string[]) {
  await db.deleteFrom('subjects').where('id', 'in', ids).execute();
}

const matchingSubjects = (db: Db, projectId: string, where: Expression<SqlBool>) =>
  db.selectFrom('subjects as s').where('s.project_id', '=', projectId).where(where);

/** The ids of a project's subjects matching a grid condition, oldest first. */
export async function matchingSubjectIds(db: Db, projectId: string, where: Expression<SqlBool>) {
  const rows = await matchingSubjects(db, projectId, where)
    .select('s.id')
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => r.id);
}

/** How many of a project's subjects match a grid condition. */
export async function countMatchingSubjects(db: Db, projectId: string, where: Expression<SqlBool>) {
  const row = await matchingSubjects(db, projectId, where)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The first 50 subjects of a project matching a keyword, oldest first. */
export function searchSubjects(db: Db, pf: Pick<ProjectFields, 'fields' | 'project'>, keyword: string) {
  return selectSubjectRows(db)
    .where('s.project_id', '=', pf.project.id)
    .where(keywordCondition(pf, keyword))
    .orderBy('s.created_at')
    .orderBy('s.id')
    .limit(50)
    .execute();
}

/** Adds a subject to a project (added here, not by an app) and answers its row. */
export async function createSubject(db: Db, projectId: string, properties: Record<string, string>) {
  const created = await db
    .insertInto('subjects')
    .values({
      project_id: projectId,
      properties: JSON.stringify(properties),
      created_by_plic_app_id: APP_SLUG,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return subjectRowById(db, created.id);
}

/**
 * Merges changed values into a subject's (the others, hidden ones included, stay) and sets its yearbook
 * photo when given; answers its row.
 */
export async function updateSubject(
  db: Db,
  id: string,
  changes: Record<string, string>,
  yearbook: string | null | undefined,
) {
  await db
    .updateTable('subjects')
    .set({
      properties: sql`properties || ${JSON.stringify(changes)}::jsonb`,
      ...(yearbook !== undefined ? { yearbook_photo_id: yearbook } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  return subjectRowById(db, id);
}

/** One subject's row (found in view already), as its routes answer it. */
export const subjectRowById = (db: Db, id: string) =>
  selectSubjectRows(db).where('s.id', '=', id).executeTakeFirstOrThrow();

/** How many of `ids` are subjects of the project. */
export async function countSubjectsOfProject(db: Db, projectId: string, ids: string[]) {
  const found = await db
    .selectFrom('subjects')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return found.n;
}

/**
 * The next batch of a project's subjects matching a condition, in creation order after `after` (keyset
 * paging). `created_key` is created_at as PostgreSQL's text, which keeps its microseconds (a Date would
 * round them away).
 */
export function subjectBatchAfter(
  db: Db,
  projectId: string,
  where: Expression<SqlBool>,
  after: { created_at: string; id: string } | null,
  batchSize: number,
) {
  let query = db
    .selectFrom('subjects as s')
    .select([
      's.id',
      's.properties',
      's.yearbook_photo_id',
      sql<string>`s.created_at::text`.as('created_key'),
    ])
    .where('s.project_id', '=', projectId)
    .where(where);
  if (after !== null) {
    const { created_at, id } = after;
    query = query.where(sql<SqlBool>`(s.created_at, s.id) > (${created_at}::timestamptz, ${id}::bigint)`);
  }
  return query.orderBy('s.created_at').orderBy('s.id').limit(batchSize).execute();
}

/** Ids of a project's subjects in the caller's view, as a query to narrow further (`s` is subjects). */
export function subjectIdsOfProjectInView(db: Db, access: Access, projectId: string) {
  return db
    .selectFrom('subjects as s')
    .select('s.id')
    .where('s.project_id', '=', projectId)
    .where('s.id', 'in', access.ids('subject'));
}

/** Whether any of the given subjects of a project has a photo. */
export async function anySubjectHasPhoto(db: Db, projectId: string, subjectIds: string[]) {
  if (subjectIds.length === 0) return false;
  const row = await db
    .selectFrom('subjects as s')
    .select('s.id')
    .where('s.project_id', '=', projectId)
    .where('s.id', 'in', subjectIds)
    .where(subjectPhotoReads('s.id').hasAny)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Subjects of a project (all, or `subjectIds`) with their values and their primary and latest photos;
 * with `leaveOutDirectoryOptOuts`, none whose family opted out of directory information (consent, 0030).
 */
export async function subjectsWithPhotos(
  db: Db,
  projectId: string,
  subjectIds: string[] | null,
  leaveOutDirectoryOptOuts = false,
) {
  if (subjectIds && subjectIds.length === 0) return [];
  let query = db
    .selectFrom('subjects as s')
    .select([
      's.id',
      's.properties',
      's.card_code',
      subjectPhotoReads('s.id').primaryPhotoId.as('primary_photo_id'),
      subjectPhotoReads('s.id').latestPhotoId.as('latest_photo_id'),
    ])
    .where('s.project_id', '=', projectId);
  if (subjectIds) query = query.where('s.id', 'in', subjectIds);
  if (leaveOutDirectoryOptOuts) query = query.where('s.directory_opt_out', '=', false);
  return query.execute();
}

/** Consent flags to set (migration 0030); a flag left out stays as it is. */
export interface ConsentFlags {
  directory_opt_out?: boolean | undefined;
  yearbook_opt_out?: boolean | undefined;
}

/**
 * Sets consent flags on a project's subjects matching a condition over `subjects s`, only where a flag
 * changes; answers the subjects changed with their flags now.
 */
export function updateConsent(db: Db, projectId: string, where: Expression<SqlBool>, flags: ConsentFlags) {
  const set = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) as ConsentFlags;
  const differs = Object.entries(set).map(([column, value]) =>
    value ? sql<SqlBool>`NOT ${sql.ref(`s.${column}`)}` : sql<SqlBool>`${sql.ref(`s.${column}`)}`,
  );
  return db
    .updateTable('subjects as s')
    .set({ ...set, updated_at: sql`now()` })
    .where('s.project_id', '=', projectId)
    .where(where)
    .where(sql<SqlBool>`(${sql.join(differs, sql` OR `)})`)
    .returning(['s.id', 's.directory_opt_out', 's.yearbook_opt_out'])
    .execute();
}

/** The project's subjects with their Student ID and flags now (what the file is matched against). */
export function subjectsByStudentId(db: Db, projectId: string, studentIdFieldId: string) {
  return db
    .selectFrom('subjects as s')
    .select([
      's.id',
      sql<string>`btrim(s.properties ->> ${studentIdFieldId})`.as('student_id'),
      's.directory_opt_out',
      's.yearbook_opt_out',
    ])
    .where('s.project_id', '=', projectId)
    .where(sql`coalesce(btrim(s.properties ->> ${studentIdFieldId}), '')`, '<>', '')
    .execute();
}
