import { sql } from 'kysely';

/** What other areas may read of a project's subjects, as SQL over a project id column. */
export const projectSubjectReads = (projectIdColumn: string) => ({
  count: sql<number>`(SELECT count(*)::int FROM subjects x WHERE x.project_id = ${sql.ref(projectIdColumn)})`,
});
