import type { SubjectSelection } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { selectedSubjects } from './queries.js';
import type { ProjectFields } from './service.js';

/**
 * How many subjects a selection means, as every call that takes a selection will resolve it (one query,
 * inside the caller's view), and with `ids` which ones (the screen uses that to combine selections it
 * cannot say as one, e.g. Exclude Filter Results after Select All).
 */
export async function resolveSelection(
  db: Db,
  pf: Pick<ProjectFields, 'fields' | 'project'>,
  selection: SubjectSelection,
  ids: boolean | undefined,
): Promise<{ count: number; subject_ids?: string[] }> {
  const query = selectedSubjects(db, pf, selection);
  if (ids) {
    const rows = await query.select('s.id').orderBy('s.created_at').orderBy('s.id').execute();
    return { count: rows.length, subject_ids: rows.map((r) => r.id) };
  }
  const row = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { count: row.n };
}
