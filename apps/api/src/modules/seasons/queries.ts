import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { seasonProjectReads } from '../projects/queries.js';

/** Seasons as the API answers them: whether each is its organization's current one, and its project count. */
export function selectSeasons(db: Db) {
  return db
    .selectFrom('seasons as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .select([
      's.id',
      's.organization_id',
      's.name',
      's.period_start',
      's.period_end',
      's.created_at',
      's.updated_at',
      sql<boolean>`o.current_season_id IS NOT DISTINCT FROM s.id`.as('current'),
      seasonProjectReads('s.id').count.as('projects_count'),
    ]);
}

/** Adds a season to an organization (in the caller's transaction, if any); answers its id. */
export async function insertSeason(
  db: Db,
  organizationId: string,
  values: { name: string; period_start?: string | null; period_end?: string | null },
): Promise<string> {
  const season = await db
    .insertInto('seasons')
    .values({
      organization_id: organizationId,
      name: values.name,
      period_start: values.period_start ?? null,
      period_end: values.period_end ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return season.id;
}

export type SeasonRow = Awaited<ReturnType<ReturnType<typeof selectSeasons>['executeTakeFirstOrThrow']>>;
