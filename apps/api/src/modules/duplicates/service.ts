import { duplicateFieldErrors, type SubjectSelection } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import type { Storage } from '../../storage/storage.js';
import { selectedSubjects } from '../subjects/queries.js';
import {
  fieldValue,
  type ProjectFields,
  selectSubjectRows,
  serializeSubject,
  withPrimaryThumbnails,
} from '../subjects/service.js';

/** At most this many groups in one answer (the largest first would be no better: they come in value order). */
export const MAX_DUPLICATE_GROUPS = 1000;

/**
 * The field ids to match for the chosen keys, after the spec's rules (at most 5, no repeats, only keys of
 * fields the caller may see: a hidden field is not one for a customer). A key used by two fields means
 * the first of them, as the derived values do.
 */
export function duplicateFieldIds(pf: Pick<ProjectFields, 'fields'>, keys: readonly string[]): string[] {
  const known = [...new Set(pf.fields.map((f) => f.field_key).filter((k): k is string => !!k))];
  const errors = duplicateFieldErrors(keys, known);
  if (errors.length > 0) throw unprocessable({ fields: errors });
  return keys.map((key) => pf.fields.find((f) => f.field_key === key)!.id);
}

/**
 * Groups the selected subjects whose chosen fields all match, ignoring case and surrounding spaces; a
 * subject with any of those fields blank matches nothing. The grouping is one SQL query; the group's
 * subjects are then loaded for display.
 */
export async function findDuplicateGroups(
  db: Db,
  storage: Storage,
  pf: ProjectFields,
  keys: readonly string[],
  selection: SubjectSelection,
) {
  const fieldIds = duplicateFieldIds(pf, keys);
  const normalized = fieldIds.map((id) => sql<string>`lower(${fieldValue(id)})`);
  const groupKeys = fieldIds.map((_, i) => sql.ref(`c.k${i}`));
  // The selected subjects with their normalized keys (blank keys out), counted per key by a window, so
  // that only the rows of duplicate keys reach the (ordered) aggregation.
  const selected = selectedSubjects(db, pf, selection)
    .select(['s.id', 's.created_at'])
    .select(normalized.map((n, i) => n.as(`k${i}`)))
    .select(fieldIds.map((id, i) => fieldValue(id).as(`v${i}`)));
  const counted = db
    .selectFrom(selected.as('d'))
    .selectAll('d')
    .select(
      sql<number>`count(*) OVER (PARTITION BY ${sql.join(fieldIds.map((_, i) => sql.ref(`d.k${i}`)))})`.as(
        'n',
      ),
    )
    .where((eb) => eb.and(fieldIds.map((_, i) => eb(sql.ref(`d.k${i}`), '<>', ''))));
  let query = db
    .selectFrom(counted.as('c'))
    .select(sql<string[]>`array_agg(c.id::text ORDER BY c.created_at, c.id)`.as('ids'))
    .select(
      fieldIds.map((_, i) =>
        sql<string>`(array_agg(${sql.ref(`c.v${i}`)} ORDER BY c.created_at, c.id))[1]`.as(`v${i}`),
      ),
    )
    .where(sql.ref('c.n'), '>', 1)
    .groupBy(groupKeys);
  for (const key of groupKeys) query = query.orderBy(key);
  const groups = await query.limit(MAX_DUPLICATE_GROUPS).execute();

  const ids = groups.flatMap((g) => g.ids);
  const rows = ids.length > 0 ? await selectSubjectRows(db).where('s.id', 'in', ids).execute() : [];
  const subjects = await withPrimaryThumbnails(
    db,
    storage,
    rows.map((r) => serializeSubject(r, pf)),
  );
  const byId = new Map(subjects.map((s) => [s.id, s]));
  return groups.map((g) => {
    const row = g as unknown as Record<string, string>;
    return {
      values: Object.fromEntries(keys.map((key, i) => [key, row[`v${i}`] ?? ''])),
      subjects: g.ids.map((id) => byId.get(id)).filter((s) => s !== undefined),
    };
  });
}
