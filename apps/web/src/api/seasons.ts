import type { SeasonForm } from '@school-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { sendRecord, useEveryPage } from './records';
import type { ApiResponse } from './types';

/** A season; `current` says whether it is its own organization's current season. */
export type Season = ApiResponse<'/api/seasons/{id}', 'get'>['season'];

/** The largest page the seasons list serves. */
const SEASON_PAGE_SIZE = 500;

/**
 * The seasons an organization can use: its own and those of the organizations above it (a school uses
 * its studio's), newest first (GET /api/organizations/:id/seasons?include_inherited=true).
 */
export function useSeasons(organizationId: string | null | undefined, enabled = true) {
  return useEveryPage(
    queryKeys.seasons.list,
    '/api/organizations/{id}/seasons',
    organizationId,
    'seasons',
    SEASON_PAGE_SIZE,
    { query: { include_inherited: true }, enabled },
  );
}

/**
 * The season that is current for an organization: its own current season, else the nearest
 * organization's above it (the list holds each owner's current one).
 */
export function currentSeasonOf(
  seasons: readonly Season[],
  ownOrganizationId: string | null | undefined,
  parentOrganizationId: string | null | undefined,
): Season | null {
  const current = seasons.filter((s) => s.current);
  return (
    current.find((s) => s.organization_id === ownOrganizationId) ??
    current.find((s) => s.organization_id === parentOrganizationId) ??
    current[0] ??
    null
  );
}

export function useCreateSeason(organizationId: string) {
  return useMutation({
    mutationFn: (season: SeasonForm) =>
      sendRecord('post', '/api/organizations/{id}/seasons', organizationId, { season }),
    onSuccess: (season) => {
      queryClient.setQueryData(queryKeys.seasons.season(season.id), season);
      // Shown at once (newest first, and the only current one if it became current); then refreshed.
      queryClient.setQueryData<Season[]>(queryKeys.seasons.list(organizationId), (list) =>
        list
          ? [
              season,
              ...list.map((s) =>
                season.current && s.organization_id === season.organization_id ? { ...s, current: false } : s,
              ),
            ]
          : list,
      );
      // Every organization below may inherit it; project lists show season names.
      void queryClient.invalidateQueries({ queryKey: queryKeys.seasons.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
    },
  });
}
