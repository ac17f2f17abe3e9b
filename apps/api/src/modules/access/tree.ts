import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The organizations an account can see: its own and every one below it (lab > studio > school).
 * Lookups of records go through this, so another tree's records are simply not found.
 */
export function visibleOrganizationIds(db: Db, rootOrganizationId: string) {
  return db
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', rootOrganizationId)
        .unionAll((qb2) =>
          qb2
            .selectFrom('organizations as o')
            .innerJoin('tree', 'tree.id', 'o.parent_organization_id')
            .select('o.id'),
        ),
    )
    .selectFrom('tree')
    .select('tree.id');
}

export async function canSeeOrganization(
  db: Db,
  rootOrganizationId: string,
  organizationId: string,
): Promise<boolean> {
  if (!/^\d{1,18}$/.test(organizationId)) return false;
  const row = await visibleOrganizationIds(db, rootOrganizationId)
    .where('tree.id', '=', organizationId)
    .executeTakeFirst();
  return !!row;
}

/** The organization's current season, or the nearest ancestor's (schools use their studio's seasons). */
export async function currentSeasonId(db: Db, organizationId: string): Promise<string | null> {
  const row = await db
    .withRecursive('chain(id, parent_organization_id, current_season_id, depth)', (qb) =>
      qb
        .selectFrom('organizations')
        .select(['id', 'parent_organization_id', 'current_season_id', sql<number>`0`.as('depth')])
        .where('id', '=', organizationId)
        .unionAll((qb2) =>
          qb2
            .selectFrom('organizations as o')
            .innerJoin('chain', 'chain.parent_organization_id', 'o.id')
            .select([
              'o.id',
              'o.parent_organization_id',
              'o.current_season_id',
              sql<number>`chain.depth + 1`.as('depth'),
            ]),
        ),
    )
    .selectFrom('chain')
    .select('current_season_id')
    .where('current_season_id', 'is not', null)
    .orderBy('depth')
    .limit(1)
    .executeTakeFirst();
  return row?.current_season_id ?? null;
}

/** The organization and every one above it (a school, its studio, the studio's lab). */
export function ancestorOrganizationIds(db: Db, organizationId: string) {
  return db
    .withRecursive('up(id, parent_organization_id)', (qb) =>
      qb
        .selectFrom('organizations')
        .select(['id', 'parent_organization_id'])
        .where('id', '=', organizationId)
        .unionAll((qb2) =>
          qb2
            .selectFrom('organizations as o')
            .innerJoin('up', 'up.parent_organization_id', 'o.id')
            .select(['o.id', 'o.parent_organization_id']),
        ),
    )
    .selectFrom('up')
    .select('up.id');
}
