import { sql } from 'kysely';

/** What other areas may read of a season's projects, as SQL over a season id column. */
export const seasonProjectReads = (seasonIdColumn: string) => ({
  count: sql<number>`(SELECT count(*)::int FROM projects p WHERE p.season_id = ${sql.ref(seasonIdColumn)} AND p.deleting_at IS NULL)`,
});
