import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';

/** The answer for a season name the organization already uses (API.md: 422 with field errors). */
const TAKEN = { name: ['has already been taken'] };
const UNIQUE_INDEX = 'seasons_organization_name_unique';

/**
 * Season names are unique per organization, ignoring case and surrounding spaces: two seasons never differ
 * by those alone (migration 0008 holds the index). Throws the 422 when `name` is taken.
 */
export async function assertSeasonNameFree(db: Db, organizationId: string, name: string): Promise<void> {
  const clash = await db
    .selectFrom('seasons')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
  if (clash) throw unprocessable(TAKEN);
}

/** For `.catch` on the insert: a concurrent create that won the race becomes the same 422. */
export function seasonNameTakenOnConflict(error: unknown): never {
  const e = error as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === UNIQUE_INDEX) throw unprocessable(TAKEN);
  throw error;
}
