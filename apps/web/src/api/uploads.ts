import pLimit from 'p-limit';
import pRetry from 'p-retry';
import { ApiError, isApiError } from './client';
import type { ApiResponse } from './types';

/**
 * Uploading to storage (spec §4, §9), shared by subject photos and project files: at most 6 uploads at
 * once, queued; transient failures retried up to 7 times with exponential backoff from 100 ms.
 */
export const UPLOAD_CONCURRENCY = 6;
export const RETRY_ATTEMPTS = 7;
export const RETRY_BASE_DELAY_MS = 100;

/** Where the browser sends a file: the address and the form fields of a presigned POST. */
export type PresignedPost = ApiResponse<
  '/api/projects/{id}/attachments',
  'post',
  201
>['attachment']['presigned_post'];

/** Worth asking again: no network, the server busy or failing. A 4xx answer stays the same. */
export function isTransientError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Runs `step`, retrying transient failures up to RETRY_ATTEMPTS times with exponential backoff
 * (100 ms, 200 ms, 400 ms, ...) through p-retry. Anything else (a 422, an abort) is thrown at once.
 */
export function withRetry<T>(
  step: () => Promise<T>,
  options: { signal?: AbortSignal; retries?: number; baseDelayMs?: number } = {},
): Promise<T> {
  const { signal, retries = RETRY_ATTEMPTS, baseDelayMs = RETRY_BASE_DELAY_MS } = options;
  return pRetry(step, {
    retries,
    factor: 2,
    minTimeout: baseDelayMs,
    maxTimeout: Number.POSITIVE_INFINITY,
    randomize: false,
    signal,
    shouldRetry: (error) => !signal?.aborted && isTransientError(error),
  });
}

/** Runs `work` over `items` through p-limit, at most `concurrency` at a time, in order of the queue. */
export async function runQueued<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  const limit = pLimit(concurrency);
  await Promise.all(items.map((item, index) => limit(() => work(item, index))));
}

/**
 * POST to a presigned target as multipart/form-data: every field of the policy first, then the file as
 * `file`. Reports progress as a fraction 0..1. Rejects with ApiError (status 0 without network).
 */
export function uploadToPresignedPost(
  target: PresignedPost,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const { onProgress, signal } = options;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(target.fields)) form.append(key, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // S3 answers XML.
      }
      reject(new ApiError(xhr.status, body));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, null, 'Network error'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    });
    xhr.open('POST', target.url);
    xhr.send(form);
  });
}
