import { useMutation, useQuery } from '@tanstack/react-query';
import { api, pathOf } from './api';
import { downloadWithToken } from './client';
import { queryKeys } from './keys';
import { useListPage } from './records';
import type { ApiResponse, ElementOf } from './types';

// Coverage (docs/api.md "Coverage"): a project's counts by class and who has no portrait yet; the
// missing list as CSV and as a PDF (a Subject Directory render); the studio's e-mail to the school.

export type CoverageAnswer = ApiResponse<'/api/projects/{id}/coverage', 'get'>;
export type Coverage = CoverageAnswer['coverage'];
export type CoverageClass = ElementOf<Coverage['classes']>;
export type MissingSubject = ElementOf<CoverageAnswer['missing']>;

export const MISSING_PAGE_SIZE = 50;

/** The counts and one page of the missing list; live figures, so read afresh on every visit. */
export function useCoverage(projectId: string, page = 1, limit = MISSING_PAGE_SIZE, enabled = true) {
  return useListPage(
    [...queryKeys.projects.coverage(projectId, page), limit],
    '/api/projects/{id}/coverage',
    projectId,
    { page, limit },
    { enabled, staleTime: 0 },
  );
}

/** The missing list as CSV, saved by the browser. */
export function downloadCoverageCsv(projectId: string, projectName: string): Promise<void> {
  return downloadWithToken(
    pathOf('/api/projects/{id}/coverage.csv', { id: projectId }),
    `Missing portraits - ${projectName}.csv`,
  );
}

/** Prints the missing list (a layout render): answers the render to follow and download. */
export function usePrintMissing(projectId: string) {
  return useMutation({
    mutationFn: () =>
      api.post('/api/projects/{id}/coverage/print', { path: { id: projectId } }).then((b) => b.layout_render),
  });
}

export type NotificationPreview = ApiResponse<
  '/api/projects/{id}/coverage/notify/preview',
  'get'
>['notification_preview'];

/**
 * The "missing portraits" e-mail as it would go now (recipient, subject, text), read when the
 * confirmation opens and afresh each time (the figures move): nothing is sent until `useNotifySchool`.
 */
export function useNotificationPreview(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.projects.coverageNotifyPreview(projectId),
    queryFn: ({ signal }) =>
      api
        .get('/api/projects/{id}/coverage/notify/preview', { path: { id: projectId }, signal })
        .then((b) => b.notification_preview),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The studio's "missing portraits" e-mail to the school (sent once the studio confirmed its preview). */
export function useNotifySchool(projectId: string) {
  return useMutation({
    mutationFn: () =>
      api.post('/api/projects/{id}/coverage/notify', { path: { id: projectId } }).then((b) => b.notification),
  });
}
