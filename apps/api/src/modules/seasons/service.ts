import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { Access } from '../access/visibility.js';
import { organizationIdQuery, setCurrentSeason } from '../organizations/service.js';
import { seasonNameTakenOnConflict } from './names.js';
import { insertSeason, selectSeasons } from './queries.js';

/** One page of an organization's seasons (with `inherited`, also those above it), newest first. */
export function listSeasons(
  db: Db,
  access: Access,
  organizationId: string,
  inherited: boolean,
  page: PageRequest,
) {
  const owners = inherited
    ? access.selfAndAncestorIds(organizationId)
    : organizationIdQuery(db, organizationId);
  return pageOf(
    db,
    selectSeasons(db).where('s.organization_id', 'in', owners),
    (query) => query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc'),
    page,
  );
}

export function findSeason(db: Db, id: string) {
  return selectSeasons(db).where('s.id', '=', id).executeTakeFirstOrThrow();
}

/** Creates a season; the first one of the organization (or one marked current) becomes its current one. */
export async function createSeason(
  db: Db,
  organization: { id: string; current_season_id: string | null },
  values: { name: string; period_start?: string | null; period_end?: string | null; current?: boolean },
) {
  const create = db.transaction().execute(async (trx) => {
    const seasonId = await insertSeason(trx, organization.id, values);
    if (values.current || !organization.current_season_id) {
      await setCurrentSeason(trx, organization.id, seasonId);
    }
    return seasonId;
  });
  const id = await create.catch(seasonNameTakenOnConflict);
  return findSeason(db, id);
}
