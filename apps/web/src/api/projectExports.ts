import { EXPORT_POLLING_INTERVAL_MS, type ProjectExportInput } from '@school-portal/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type RequestBodyOf } from './api';
import { saveLink } from './client';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { fetchSignedDownload, sendRecord, useListPage, useRecord } from './records';
import type { ApiResponse } from './types';

/** A project export as the API sends it (API.md `project exports`; exports §3, §4). */
export type ProjectExport = ApiResponse<'/api/project-exports/{id}', 'get'>['project_export'];
export type ProjectExportsResponse = ApiResponse<'/api/projects/{id}/project-exports', 'get'>;
/** The pre-export check's report. */
export type ExportCheckReport = ApiResponse<'/api/projects/{id}/project-exports/check', 'post'>['report'];
/** What the export wizard sends (API.md `project exports`; the domain's projectExportInputSchema). */
export type ProjectExportPayload = Omit<
  ProjectExportInput,
  'duplicate_search_fields' | 'custom_directory_group_field_key'
> & { duplicate_search_fields: string[]; custom_directory_group_field_key: string | null };

/**
 * The wizard's payload as the wire body. One of the few explicit types left: the wizard holds field
 * keys as any text (the template's keys), which the server checks against its catalogue (422); the
 * generated body type names the catalogue's keys only.
 */
const wireExport = (payload: ProjectExportPayload) =>
  payload as RequestBodyOf<'/api/projects/{id}/project-exports', 'post'>['project_export'];

/** Rows per page of the Downloads table. */
export const PROJECT_EXPORTS_PAGE_SIZE = 20;

/** Done (§4): completed or failed, or stalled (counted as failed). Nothing more will change. */
export const isExportDone = (e: Pick<ProjectExport, 'job_status' | 'stalled'>) =>
  e.job_status === 'completed' || e.job_status === 'failed' || e.stalled;

/**
 * A project's exports, newest first, one page. While `poll` (Auto Refresh) is on, the list is asked again
 * every 2000 ms (exports §4), so runs started elsewhere show up too; not while the tab is hidden.
 */
export function useProjectExports(projectId: string, page: number, poll: boolean) {
  return useListPage(
    queryKeys.projectExports.projectPage(projectId, page),
    '/api/projects/{id}/project-exports',
    projectId,
    { page, limit: PROJECT_EXPORTS_PAGE_SIZE },
    { refetchInterval: poll ? EXPORT_POLLING_INTERVAL_MS : false },
  );
}

/** One export; with `poll`, asked again every 2000 ms until it is done (the wizard and the download dialog). */
export function useProjectExport(exportId: string | undefined, poll = false) {
  return useRecord(queryKeys.projectExports.export, '/api/project-exports/{id}', exportId, 'project_export', {
    staleTime: 0,
    refetchInterval: (query) =>
      poll && !(query.state.data && isExportDone(query.state.data)) ? EXPORT_POLLING_INTERVAL_MS : false,
  });
}

/** POST /api/projects/:id/project-exports/check: what would go wrong (nothing is written). */
export function useExportCheck(projectId: string, payload: ProjectExportPayload | null) {
  return useQuery<ExportCheckReport>({
    queryKey: queryKeys.projectExports.check(projectId, payload),
    queryFn: ({ signal }) =>
      api
        .post('/api/projects/{id}/project-exports/check', {
          path: { id: projectId },
          body: { project_export: wireExport(payload!) },
          signal,
        })
        .then((b) => b.report),
    enabled: payload !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

const refreshProject = (projectId: string) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.projectExports.project(projectId) });

/** POST /api/projects/:id/project-exports: the run is checked, recorded and queued. */
export function useCreateProjectExport(projectId: string) {
  return useMutation({
    mutationFn: (payload: ProjectExportPayload) =>
      sendRecord('post', '/api/projects/{id}/project-exports', projectId, {
        project_export: wireExport(payload),
      }),
    onSuccess: (created) => {
      queryClient.setQueryData(queryKeys.projectExports.export(created.id), created);
      void refreshProject(projectId);
      // The project's export count changes.
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId) });
    },
  });
}

/** DELETE /api/project-exports/:id (only done or stalled exports; 409 while running). */
export function useDeleteProjectExport(projectId: string) {
  return useMutation({
    mutationFn: (projectExport: Pick<ProjectExport, 'id'>) =>
      api.delete('/api/project-exports/{id}', { path: { id: projectExport.id } }),
    onSuccess: (_done, projectExport) => {
      queryClient.removeQueries({ queryKey: queryKeys.projectExports.export(projectExport.id) });
      void refreshProject(projectId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId) });
    },
  });
}

/**
 * GET /api/project-exports/:id/download?format=json: a short-lived signed address of the ZIP (each call is
 * recorded in the audit trail).
 */
export function fetchProjectExportDownload(exportId: string): Promise<{ url: string; expires_at: string }> {
  return fetchSignedDownload('/api/project-exports/{id}/download', exportId);
}

/** The signed address, asked once per visit of the download page (each ask is audited). */
export function useProjectExportDownload(exportId: string) {
  return useQuery({
    queryKey: queryKeys.projectExports.download(exportId),
    queryFn: () => fetchProjectExportDownload(exportId),
    enabled: exportId !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** Downloads the export's ZIP straight from storage through its signed address; the page stays. */
export async function downloadProjectExport(exportId: string): Promise<void> {
  const { url } = await fetchProjectExportDownload(exportId);
  saveLink(url);
}
