import { sql } from 'kysely';

/** What other areas may read of a project's families, as SQL over a project id column. */
export const projectGuardianReads = (projectIdColumn: string) => ({
  /** How many guardians claimed a child of the project. */
  count: sql<number>`(SELECT count(DISTINCT gl.guardian_id)::int FROM guardian_links gl JOIN subjects gs ON gs.id = gl.subject_id WHERE gs.project_id = ${sql.ref(projectIdColumn)})`,
});
