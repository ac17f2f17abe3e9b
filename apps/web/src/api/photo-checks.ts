import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type RequestBodyOf } from './api';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { useListPage } from './records';
import type { ApiResponse, ElementOf, paths } from './types';

// Photo checks (docs/api.md "Photo checks"): the review list of a project's flagged photos and the whole
// project's counts, accepting a photo's flags and the retake mark, and the project's head-size rule.

type ChecksAnswer = ApiResponse<'/api/projects/{id}/photo-checks', 'get'>;
/** A flagged photo on the review list: its subject, thumbnail, face, flags and 8x10 auto crop. */
export type PhotoCheck = ElementOf<ChecksAnswer['photo_checks']>;
/** The whole project's counts (whatever the filters). */
export type PhotoCheckCounts = ChecksAnswer['meta']['counts'];
/** A box on a photo as fractions 0..1 of the upright image. */
export type PhotoBox = NonNullable<PhotoCheck['auto_crop']>;
type ChecksQuery = NonNullable<paths['/api/projects/{id}/photo-checks']['get']['parameters']['query']>;
export type CheckCode = NonNullable<ChecksQuery['code']>;
export type CheckState = NonNullable<ChecksQuery['state']>;
/** The flags the server raises, in its order (the filter offers them). */
export { CHECK_CODES } from '@school-portal/domain';
/** The lists the review offers: to review (the default), accepted, marked for a retake. */
export const CHECK_STATES = ['open', 'accepted', 'retake'] as const satisfies readonly CheckState[];

/** The review screen's filters, all applied by the server. */
export interface PhotoCheckFilters {
  state: CheckState;
  code?: CheckCode;
  class?: string;
}

export const PHOTO_CHECKS_PAGE = 24;

/** One page of a project's flagged photos. */
export function usePhotoChecks(projectId: string, filters: PhotoCheckFilters, page: number) {
  return useListPage(
    queryKeys.photoChecks.page(projectId, filters, page),
    '/api/projects/{id}/photo-checks',
    projectId,
    { ...filters, page, limit: PHOTO_CHECKS_PAGE },
    // The checks job and the cropper (a person's crop) change the list elsewhere: read afresh on each visit.
    { staleTime: 0 },
  );
}

/** The project's counts (checked, flagged, retakes, auto-cropped, centred): a list of one, for its meta. */
export function usePhotoCheckCounts(projectId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.photoChecks.counts(projectId),
    queryFn: ({ signal }) =>
      api
        .get('/api/projects/{id}/photo-checks', { path: { id: projectId }, query: { limit: 1 }, signal })
        .then((b) => b.meta.counts),
    staleTime: 0,
  });
}

/**
 * The review lists and counts read afresh (after a change of a photo, or of the project's head-size rule,
 * saved with useUpdateProject), and the photo (its crops) when one changed.
 */
export function refreshPhotoChecks(photoId?: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.photoChecks.all });
  if (photoId) void queryClient.invalidateQueries({ queryKey: queryKeys.photos.photo(photoId) });
}

export type PhotoCheckChange = RequestBodyOf<'/api/photos/{id}', 'patch'>['photo'];

/** PATCH /api/photos/:id: accept a photo's flags (or reopen it), mark it for a retake or clear the mark. */
export function useChangePhotoCheck() {
  return useMutation({
    mutationFn: ({ photoId, change }: { photoId: string; change: PhotoCheckChange }) =>
      api
        .patch('/api/photos/{id}', { path: { id: photoId }, body: { photo: change } })
        .then((b) => b.photo_check),
    onSuccess: (check) => {
      refreshPhotoChecks(check.photo_id);
      // The subjects to retake are a selection (the Camera Cards print).
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
    },
  });
}

/** The head-size rule as a project carries it (the values in force) and PATCH /api/projects/:id takes it. */
export type HeadSizeRuleInput = Pick<
  NonNullable<RequestBodyOf<'/api/projects/{id}', 'patch'>['project']>,
  'head_size_share' | 'eye_line_from_top'
>;
