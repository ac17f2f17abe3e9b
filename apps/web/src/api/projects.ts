import { APP_SLUG, MULTI_PAGE_SIZES, type OrganizationRole } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useProjectId } from '../app/routes';
import { api, type RequestBodyOf } from './api';
import { isApiError } from './client';
import { queryKeys } from './keys';
import { fetchAllOf } from './pages';
import { queryClient } from './queryClient';
import { sendRecord, useListPage, useRecord } from './records';
import type { ApiResponse, ElementOf, paths } from './types';

/** A project as GET /api/projects/:id and the project lists answer it. */
export type ProjectRecord = ApiResponse<'/api/projects/{id}', 'get'>['project'];

/**
 * An organization as the organization lists answer it (the fields the project screens read); the
 * caller's own organization is added from the session, whose role may be any text.
 */
export type OrganizationOption = Pick<
  ApiOrganization,
  'id' | 'name' | 'short_code' | 'parent_organization_id' | 'parent_organization_name'
> & { role: ApiOrganization['role'] | string };

type ApiOrganization = ElementOf<
  ApiResponse<'/api/organizations/{id}/organizations', 'get'>['organizations']
>;

const newestFirst = <P extends { created_at: string }>(a: P, b: P) =>
  b.created_at.localeCompare(a.created_at);

/** Current-season projects of this app for the dashboard redirect of customer organizations. */
export function fetchDashboardProjects(organizationId: string, signal?: AbortSignal) {
  return api.get('/api/organizations/{id}/projects', {
    path: { id: organizationId },
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
    queryKey: queryKeys.projects.dashboard(organizationId ?? ''),
    queryFn: ({ signal }) => fetchDashboardProjects(organizationId!, signal),
    enabled: enabled && !!organizationId,
    staleTime: 0,
  });
}

/**
 * All projects of the organization and of every organization below it (studios see their schools'),
 * every page, newest first (spec §9): for pickers that offer every project (the activity filter).
 */
export function useOrganizationProjects(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.projects.list(organizationId ?? ''),
    queryFn: async ({ signal }) => {
      const projects = await fetchAllOf(
        '/api/organizations/{id}/projects',
        'projects',
        MULTI_PAGE_SIZES.projects,
        {
          path: { id: organizationId! },
          query: { traverse_sub_organizations: true, sort: '-created_at' },
          signal,
        },
      );
      return projects.sort(newestFirst);
    },
    enabled: !!organizationId,
  });
}

type ProjectListQuery = NonNullable<paths['/api/organizations/{id}/projects']['get']['parameters']['query']>;
/** An order the projects list takes: a key, with `-` in front for descending. */
export type ProjectSort = NonNullable<ProjectListQuery['sort']>;

/** The projects screen's filters and order, all applied by the server. */
export interface ProjectListFilters {
  /** A season id, `none` for projects without a season, undefined for any. */
  seasonId: string | undefined;
  organizationId: string | undefined;
  keyword: string;
  sort: ProjectSort;
}

/** Rows per request of the projects screen: a scrolled window (about 20 rows) needs one page, at most two. */
export const PROJECT_PAGE_SIZE = 100;

/**
 * One page (from 1) of the projects of the organization and of every organization below it, filtered
 * and sorted by the server. While another page or other filters load, the previous answer stays (its
 * `meta` says which page and filters it holds apart from the key: check `isPlaceholderData`).
 */
export function useProjectPage(
  organizationId: string | null | undefined,
  filters: ProjectListFilters,
  page: number,
  enabled = true,
) {
  return useListPage(
    queryKeys.projects.page(organizationId ?? '', filters, page),
    '/api/organizations/{id}/projects',
    organizationId,
    {
      traverse_sub_organizations: true,
      sort: filters.sort,
      keyword: filters.keyword || undefined,
      'filter[season_id]': filters.seasonId,
      'filter[organization_id]': filters.organizationId,
      page,
      limit: PROJECT_PAGE_SIZE,
    },
    { enabled },
  );
}

export function useProject(projectId: string) {
  return useRecord(queryKeys.projects.project, '/api/projects/{id}', projectId, 'project');
}

/** The project a screen under `/projects/:projectId` is about: its id from the address, and its record. */
export function useCurrentProject() {
  const projectId = useProjectId();
  return { projectId, project: useProject(projectId) };
}

/**
 * PATCH /api/projects/:id/activate {plic_app_id}: a project's sub-screens open only once this succeeds
 * (spec §4); 403 {reason: 'not_activated'} means the project is not enabled for this app. Kept for a
 * while so moving between sub-screens does not ask again.
 */
export function useProjectActivation(projectId: string) {
  return useQuery({
    queryKey: queryKeys.projects.activation(projectId),
    queryFn: ({ signal }) =>
      api
        .patch('/api/projects/{id}/activate', {
          path: { id: projectId },
          body: { plic_app_id: APP_SLUG },
          signal,
        })
        .then((body) => body.project),
    staleTime: 5 * 60_000,
    enabled: projectId !== '',
  });
}

export const isNotActivated = (error: unknown) => isApiError(error, 403) && error.reason === 'not_activated';

/** The body of POST /api/projects: the template id travels at the top level (spec §7). */
export type NewProject = RequestBodyOf<'/api/projects', 'post'>;

/** After a project or its subjects change: every organization's project lists, organization pages and season counts. */
export function invalidateProjectLists(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects.lists });
  void queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.seasons.all });
}

export function useCreateProject() {
  return useMutation({
    mutationFn: (body: NewProject) => api.post('/api/projects', { body }).then((b) => b.project),
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.projects.project(project.id), project);
      // The signed-in account's full list (newest first) shows it at once; then everything refreshes.
      queryClient.setQueriesData<ProjectRecord[]>({ queryKey: queryKeys.projects.fullLists }, (list) =>
        list && !list.some((p) => p.id === project.id) ? [project, ...list] : list,
      );
      // Project lists (of any organization) and season counts change.
      invalidateProjectLists();
    },
  });
}

/** PATCH /api/projects/:id: the form's changes, and/or a template for a project that has none yet. */
export type ProjectPatch = RequestBodyOf<'/api/projects/{id}', 'patch'>;

export function useUpdateProject(projectId: string) {
  return useMutation({
    mutationFn: (body: ProjectPatch) =>
      api.patch('/api/projects/{id}', { path: { id: projectId }, body }).then((b) => b.project),
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.projects.project(project.id), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects.activation(project.id) });
      invalidateProjectLists();
    },
  });
}

/**
 * The organizations a project can belong to, for the list filter and the project form: the current
 * one and every one below it (GET /api/organizations/:id/organizations?traverse_sub_organizations=true).
 */
export function useProjectOrganizationOptions(
  organization: { id: string; name: string | null; role: string } | null | undefined,
  enabled = true,
) {
  const id = organization?.id ?? '';
  return useQuery({
    queryKey: queryKeys.organizations.projectOptions(id),
    queryFn: async ({ signal }): Promise<OrganizationOption[]> => {
      const below: OrganizationOption[] = await fetchAllOf(
        '/api/organizations/{id}/organizations',
        'organizations',
        MULTI_PAGE_SIZES.organizations,
        { path: { id }, query: { traverse_sub_organizations: true }, signal },
      );
      const own: OrganizationOption = {
        id,
        name: organization?.name ?? '',
        role: organization?.role ?? '',
        short_code: null,
        parent_organization_id: null,
        parent_organization_name: null,
      };
      return [own, ...below.sort((a, b) => a.name.localeCompare(b.name))];
    },
    enabled: enabled && id !== '',
  });
}

/**
 * The organizations of the projects listed under an organization and those below it, by name
 * (GET /api/organizations/:id/project-organizations): the list filter's options for callers who may
 * filter by organization but not read the organization lists (studio and lab staff).
 */
export function useListedProjectOrganizations(organizationId: string | undefined, enabled = true) {
  const id = organizationId ?? '';
  return useQuery({
    queryKey: queryKeys.organizations.ofListedProjects(id),
    queryFn: async ({ signal }): Promise<OrganizationOption[]> => {
      const listed = await fetchAllOf(
        '/api/organizations/{id}/project-organizations',
        'organizations',
        MULTI_PAGE_SIZES.organizations,
        { path: { id }, signal },
      );
      return listed.map((o) => ({
        ...o,
        role: '',
        short_code: null,
        parent_organization_id: null,
        parent_organization_name: null,
      }));
    },
    enabled: enabled && id !== '',
  });
}

/** POST /api/organizations/:parentId/organizations, inline from the project form. */
export function useCreateChildOrganization(parentOrganizationId: string) {
  return useMutation({
    mutationFn: (organization: { name: string; role: OrganizationRole }): Promise<OrganizationOption> =>
      sendRecord('post', '/api/organizations/{id}/organizations', parentOrganizationId, { organization }),
    onSuccess: (created) => {
      queryClient.setQueryData<OrganizationOption[]>(
        queryKeys.organizations.projectOptions(parentOrganizationId),
        (options) => (options ? [...options, created] : options),
      );
      void queryClient.invalidateQueries({
        queryKey: queryKeys.organizations.children(parentOrganizationId),
      });
    },
  });
}

/**
 * DELETE /api/projects/:id {confirm_name}: 202 once the project is marked (a job removes it and its
 * files); 422 `confirm_name` when the typed name differs. The project leaves every list at once.
 * `leave` takes the screen off the project's pages first: a page still showing the project would
 * fetch it again once its queries are gone, and get a 404.
 */
export function useDeleteProject(projectId: string, leave: () => Promise<void> | void) {
  return useMutation({
    mutationFn: (confirmName: string) =>
      api.delete('/api/projects/{id}', { path: { id: projectId }, body: { confirm_name: confirmName } }),
    onSuccess: async () => {
      await leave();
      for (const queryKey of [
        queryKeys.projects.project(projectId),
        queryKeys.subjects.project(projectId),
        queryKeys.attachments.projectRequests(projectId),
        queryKeys.attachments.projectAttachments(projectId),
        queryKeys.exportFormats.project(projectId),
        queryKeys.projectExports.project(projectId),
      ]) {
        queryClient.removeQueries({ queryKey });
      }
      queryClient.setQueriesData<ProjectRecord[]>({ queryKey: queryKeys.projects.fullLists }, (list) =>
        list?.filter((p) => p.id !== projectId),
      );
      invalidateProjectLists();
    },
  });
}

export type ProjectDataSummary = ApiResponse<'/api/projects/{id}/data-summary', 'get'>['data_summary'];

/** GET /api/projects/:id/data-summary: what the portal holds about the project (counts, fields, storage, retention). */
export function useProjectDataSummary(projectId: string) {
  return useRecord(
    queryKeys.projects.dataSummary,
    '/api/projects/{id}/data-summary',
    projectId,
    'data_summary',
  );
}
