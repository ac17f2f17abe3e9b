import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type RequestBodyOf } from './api';
import { queryKeys } from './keys';
import { fetchAllOf } from './pages';
import { verifyPhoto } from './photos';
import { queryClient } from './queryClient';
import { sendRecord, useEveryPage, useRecord } from './records';
import type { ApiResponse, ElementOf } from './types';
import { uploadToPresignedPost, withRetry } from './uploads';

// Picture day (API.md "picture day"): photo batches, their photos, matching, review and apply.

/** A batch with its state and counts (GET /api/photo-batches/:id). */
export type PhotoBatch = ApiResponse<'/api/photo-batches/{id}', 'get'>['photo_batch'];
export type PhotoBatchState = PhotoBatch['state'];
export type PhotoBatchCounts = PhotoBatch['counts'];
export type MatchBy = PhotoBatch['match_by'];
export type NewPhotoBatch = RequestBodyOf<'/api/projects/{id}/photo-batches', 'post'>['photo_batch'];
/** One photo of a batch and what matching made of it. */
export type PhotoBatchItem = ElementOf<
  ApiResponse<'/api/photo-batches/{id}/items', 'get'>['photo_batch_items']
>;
export type PhotoBatchItemState = PhotoBatchItem['state'];
export type PhotoBatchItemChange = RequestBodyOf<'/api/photo-batch-items/{id}', 'patch'>['photo_batch_item'];

/** The lists' largest pages: batches, and a batch's photos. */
const BATCHES_PAGE = 100;
const ITEMS_PAGE = 500;
/** How often a batch is asked again while its job (matching, applying) runs. */
export const BATCH_POLL_MS = 1500;
/** The states in which the server is still working on the batch. */
const WORKING: ReadonlySet<PhotoBatchState> = new Set<PhotoBatchState>(['matching', 'applying']);
export const isWorking = (state: PhotoBatchState) => WORKING.has(state);

/** A project's batches, newest first (every page: a project has a handful). */
export function usePhotoBatches(projectId: string, enabled = true) {
  return useEveryPage(
    queryKeys.photoBatches.project,
    '/api/projects/{id}/photo-batches',
    projectId,
    'photo_batches',
    BATCHES_PAGE,
    { enabled },
  );
}

/** While the project's live events reach the page (useProjectEvents), polling is only a fallback. */
export const BATCH_LIVE_POLL_MS = 15_000;

/**
 * One batch; asked again while matching or applying runs, and while this tab uploads to it: often, or
 * seldom when `live` (its changes are pushed, and the page reads it again on each).
 */
export function usePhotoBatch(batchId: string, uploading = false, live = false) {
  return useRecord(queryKeys.photoBatches.batch, '/api/photo-batches/{id}', batchId, 'photo_batch', {
    refetchInterval: (query) =>
      uploading || (query.state.data && isWorking(query.state.data.state))
        ? live
          ? BATCH_LIVE_POLL_MS
          : BATCH_POLL_MS
        : false,
  });
}

/** The batch and its lists read afresh (an upload has finished). */
export function invalidatePhotoBatch(batchId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.batch(batchId) });
}

/** The batch, its items and the project's list read afresh (a live event said it changed). */
export function refreshChangedBatch(batchId: string, projectId: string): void {
  // A fetch already under way is kept, not restarted: a batch's photos are verified many a second.
  const options = { cancelRefetch: false };
  void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.batch(batchId) }, options);
  void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.itemsOf(batchId) }, options);
  void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.project(projectId) }, options);
}

/** A batch's photos in capture order (every one, or those in the given states), every page. */
export function fetchPhotoBatchItems(
  batchId: string,
  states: readonly PhotoBatchItemState[] = [],
  signal?: AbortSignal,
) {
  return fetchAllOf('/api/photo-batches/{id}/items', 'photo_batch_items', ITEMS_PAGE, {
    path: { id: batchId },
    query: { state: states.length > 0 ? states.join(',') : undefined },
    signal,
  });
}

/** The photos of a batch in some states (the review's unmatched and ambiguous ones). */
export function usePhotoBatchItems(batchId: string, states: readonly PhotoBatchItemState[], enabled = true) {
  return useQuery({
    queryKey: queryKeys.photoBatches.items(batchId, states.join(',')),
    queryFn: ({ signal }) => fetchPhotoBatchItems(batchId, states, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function refreshBatch(batch: PhotoBatch) {
  queryClient.setQueryData(queryKeys.photoBatches.batch(batch.id), batch);
  void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.project(batch.project_id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.itemsOf(batch.id) });
}

export function useCreatePhotoBatch(projectId: string) {
  return useMutation({
    mutationFn: (photoBatch: NewPhotoBatch) =>
      sendRecord('post', '/api/projects/{id}/photo-batches', projectId, { photo_batch: photoBatch }),
    onSuccess: refreshBatch,
  });
}

/** The files a mapping file may be, as the file chooser offers them: comma- or tab-separated text. */
export const MAPPING_FILE_TYPES = '.csv,.tsv,.txt,text/csv,text/plain';

/** The mapping file (file name → field value) of a `mapping_file` batch: presigned POST, as a photo. */
export async function uploadMappingFile(batchId: string, file: File) {
  const created = await withRetry(() =>
    api.post('/api/photo-batches/{id}/mapping-file', {
      path: { id: batchId },
      body: { mapping_file: { file_name: file.name, byte_size: file.size } },
    }),
  );
  await withRetry(() => uploadToPresignedPost(created.presigned_post, file));
  refreshBatch(created.photo_batch);
  // The answer above was made before the bytes arrived: the batch says so once they have.
  await queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.batch(batchId) });
}

export function useStartMatching(batchId: string) {
  return useMutation({
    mutationFn: () =>
      api.post('/api/photo-batches/{id}/match', { path: { id: batchId } }).then((b) => b.photo_batch),
    onSuccess: refreshBatch,
  });
}

export type PrimaryChoice = PhotoBatch['primary'];

export function useApplyBatch(batchId: string) {
  return useMutation({
    mutationFn: (primary: PrimaryChoice) =>
      sendRecord('post', '/api/photo-batches/{id}/apply', batchId, { photo_batch: { primary } }),
    onSuccess: refreshBatch,
  });
}

/**
 * The job has assigned the photos (and made the extras' subjects): subjects and the project's counts are
 * read afresh.
 */
export function refreshSubjectsAfterApply(projectId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId) });
}

/** Assign a photo of the review to a subject, or ignore it. */
export function useChangeBatchItem(batchId: string) {
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: PhotoBatchItemChange }) =>
      sendRecord('patch', '/api/photo-batch-items/{id}', id, { photo_batch_item: change }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.itemsOf(batchId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.photoBatches.batch(batchId) });
    },
  });
}

/** The batch's record of a file and the time its upload form was made (forms expire: see freshFor). */
export interface RegisteredFile {
  answer: ApiResponse<'/api/photo-batches/{id}/photos', 'post', 201>;
  at: number;
}

/** How long a registered file's upload form is used before a new one is asked (the server's last 30 min). */
const FORM_FRESH_MS = 20 * 60 * 1000;

/**
 * The batch's record of a file (POST /api/photo-batches/:id/photos, the album upload's field names): made
 * for every chosen file before its bytes are sent, so that a batch whose upload stops (a reload, a
 * closed tab) knows each file it is missing. A name and size the batch has already answers its records.
 */
export async function registerBatchPhoto(
  batchId: string,
  file: File,
  signal?: AbortSignal,
): Promise<RegisteredFile> {
  const answer = await withRetry(
    () =>
      api.post('/api/photo-batches/{id}/photos', {
        path: { id: batchId },
        body: {
          photo: {
            upload_file_name: file.name,
            upload_file_size: file.size,
            upload_content_type: 'image/jpeg',
            ...(file.lastModified ? { last_modified: new Date(file.lastModified).toISOString() } : {}),
          },
        },
        signal,
      }),
    { signal },
  );
  return { answer, at: Date.now() };
}

/**
 * One file into a batch: its record (the one registered before, while its form is fresh, else asked
 * again: for a name and size the batch has already, the server answers the records it has: verified,
 * nothing is sent again; bytes that never arrived, a new upload target), then the bytes by presigned
 * POST, then the verification. Each step retried on transient failures (spec §9).
 */
export async function uploadBatchPhoto(
  batchId: string,
  file: File,
  options: {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    registered?: RegisteredFile | undefined;
  } = {},
): Promise<'sent' | 'already-there'> {
  const { signal, onProgress, registered } = options;
  const fresh = registered && Date.now() - registered.at < FORM_FRESH_MS ? registered : undefined;
  const created = (fresh ?? (await registerBatchPhoto(batchId, file, signal))).answer;
  const target = created.photo.presigned_post;
  if (!target && created.photo_batch_item.verified) return 'already-there';
  if (target) await withRetry(() => uploadToPresignedPost(target, file, { signal, onProgress }), { signal });
  await verifyPhoto(created.photo.id, signal);
  return 'sent';
}
