import { APP_SLUG, MULTI_PAGE_SIZES } from '@school-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { queryKeys } from './keys';
import type { Project, ProjectsResponse } from './types';

/** Current-season projects of this app for the dashboard redirect of customer organizations. */
export function fetchDashboardProjects(organizationId: string, signal?: AbortSignal) {
  return apiFetch<ProjectsResponse>(`/api/organizations/${encodeURIComponent(organizationId)}/projects`, {
    query: {
      'filter[plic_app_slug]': APP_SLUG,
      'filter[season_id]': 'current',
      include_unseasoned: true,
      limit: MULTI_PAGE_SIZES.projects,
    },
    signal,
  });
}

export function useDashboardProjects(organizationId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dashboardProjects(organizationId ?? ''),
    queryFn: ({ signal }) => fetchDashboardProjects(organizationId!, signal),
    enabled: enabled && !!organizationId,
    staleTime: 0,
  });
}

/** All projects of the organization and its sub-organizations, newest first. */
export function useOrganizationProjects(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.organizationProjects(organizationId ?? ''),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<ProjectsResponse>(
        `/api/organizations/${encodeURIComponent(organizationId!)}/projects`,
        { query: { traverse_sub_organizations: true, limit: MULTI_PAGE_SIZES.projects }, signal },
      );
      return [...body.projects].sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
    enabled: !!organizationId,
  });
}

export function useProject(projectId: string) {
  return useQuery({
    queryKey: queryKeys.project(projectId),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<{ project: Project }>(`/api/projects/${encodeURIComponent(projectId)}`, {
        signal,
      });
      return body.project;
    },
  });
}
