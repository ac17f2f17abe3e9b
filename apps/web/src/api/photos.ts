import { APP_SLUG } from '@school-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from './api';
import { ApiError } from './client';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { sendRecord, useRecord } from './records';
import type { ApiResponse, ElementOf } from './types';
import { runQueued, UPLOAD_CONCURRENCY, uploadToPresignedPost, withRetry } from './uploads';

/** Spec §9: uploads run six at a time, queued; each step retried up to 7 times from 100 ms (backoff). */
/** Spec §9: image upload types png and jpeg; transparency sampling cap 512 px per side. */
export const PHOTO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export const TRANSPARENCY_SAMPLE_MAX = 512;
/** The subject-photo album of a project (spec §7). */
export const SUBJECT_PHOTO_ALBUM = {
  name: 'School Portal Subject Photos',
  tag: 'subject-photos',
  tags: [APP_SLUG, 'subject-photos'],
} as const;
/** Spec §4: the crop the cropper saves. */
export const SUBJECT_CROP_NAME = 'School Portal 8x10';

/** A photo (GET /api/photos/:id); its thumbnails are null until the server's job has made them. */
export type Photo = ApiResponse<'/api/photos/{id}', 'get'>['photo'];

/** tiny 80 px wide, small 200 px wide, large 600 px high, full. */
export type PhotoThumbnails = Photo['thumbnails'];

/** A photo as a subject lists it (GET /api/subjects/:id?include_photos=true). */
export type SubjectPhoto = ElementOf<
  NonNullable<ApiResponse<'/api/subjects/{id}', 'get'>['subject']['photos']>
>;

export type Album = ElementOf<ApiResponse<'/api/albums', 'get'>['albums']>;

/** A crop; x, y, width and height are fractions 0..1 of the (auto-rotated) image. */
export type PhotoCrop = ApiResponse<'/api/photo-crops/{id}', 'patch'>['photo_crop'];

// ---------------------------------------------------------------------------------------------------
// Retries and the upload queue

// ---------------------------------------------------------------------------------------------------
// Files in the browser

/** png or jpeg by type, else by extension (some systems leave the type blank); null for anything else. */
export function photoContentType(file: File): PhotoContentType | null {
  const type = file.type.toLowerCase();
  if (type === 'image/png') return 'image/png';
  if (type === 'image/jpeg' || type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  if (type) return null;
  const name = file.name.toLowerCase();
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.jpg') || name.endsWith('.jpeg')) return 'image/jpeg';
  return null;
}

/**
 * Whether a PNG's header rules out transparency: colour types 0 and 2 (grey, RGB) without a tRNS
 * chunk before the image data have no alpha at all. Null when it can't tell.
 */
async function pngWithoutAlpha(file: File): Promise<boolean | null> {
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  if (head.length < 33 || head[1] !== 0x50 || head[2] !== 0x4e || head[3] !== 0x47) return null;
  const colourType = head[25];
  if (colourType === 4 || colourType === 6) return false;
  // Walk the chunks up to IDAT looking for tRNS.
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = 8;
  while (offset + 8 <= head.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...head.subarray(offset + 4, offset + 8));
    if (type === 'tRNS') return false;
    if (type === 'IDAT' || type === 'IEND') return true;
    offset += 12 + length;
  }
  return null;
}

/**
 * Spec §5: a PNG is transparent if any pixel is not fully opaque, checked on a canvas sampling at
 * most 512x512 pixels. JPEGs never are.
 */
export async function hasTransparency(file: File): Promise<boolean> {
  if (photoContentType(file) !== 'image/png') return false;
  try {
    if ((await pngWithoutAlpha(file)) === true) return false;
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(
      1,
      TRANSPARENCY_SAMPLE_MAX / bitmap.width,
      TRANSPARENCY_SAMPLE_MAX / bitmap.height,
    );
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return false;
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const { data } = context.getImageData(0, 0, width, height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) return true;
    return false;
  } catch {
    // An image the browser can't decode: the server decides (verify refuses damaged files).
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// The calls of the subject photo upload flow (spec §4)

/** The project's subject-photo album, created when there is none yet. */
export async function findOrCreateSubjectAlbum(projectId: string, signal?: AbortSignal): Promise<Album> {
  const { albums } = await withRetry(
    () =>
      api.get('/api/albums', {
        query: {
          tag: SUBJECT_PHOTO_ALBUM.tag,
          parent_resource_type: 'Project',
          parent_resource_id: projectId,
        },
        signal,
      }),
    { signal },
  );
  if (albums[0]) return albums[0];
  const { album } = await withRetry(
    () =>
      api.post('/api/albums', {
        body: {
          album: {
            name: SUBJECT_PHOTO_ALBUM.name,
            tags: [...SUBJECT_PHOTO_ALBUM.tags],
            parent_resource_type: 'Project',
            parent_resource_id: projectId,
          },
        },
        signal,
      }),
    { signal },
  );
  return album;
}

export async function startProjectImport(projectId: string, signal?: AbortSignal): Promise<{ id: string }> {
  const { project_import } = await withRetry(
    () => api.post('/api/projects/{id}/project-imports', { path: { id: projectId }, signal }),
    { signal },
  );
  return project_import;
}

/** Idempotent on the server, so retried (spec §7) — and run even when the uploads were cancelled. */
export async function finishProjectImport(importId: string): Promise<void> {
  await withRetry(() => api.patch('/api/project-imports/{id}/finish', { path: { id: importId } }));
}

export interface NewPhoto {
  albumId: string;
  subjectId: string;
  file: File;
  contentType: PhotoContentType;
  transparent: boolean;
}

export async function createPhoto(photo: NewPhoto, signal?: AbortSignal) {
  const body = await withRetry(
    () =>
      api.post('/api/albums/{id}/photos', {
        path: { id: photo.albumId },
        body: {
          photo: {
            upload_file_name: photo.file.name,
            upload_file_size: photo.file.size,
            upload_content_type: photo.contentType,
            subject_ids: [photo.subjectId],
            tags: [APP_SLUG],
            merge_duplicate: true,
            ...(photo.transparent ? { chroma_key: 'processed' } : {}),
            created_by_plic_app_id: APP_SLUG,
          },
        },
        signal,
      }),
    { signal },
  );
  return body.photo;
}

/**
 * PATCH /api/photos/:id/verify: `merged` when the same content was in the album already. The server
 * checks the bytes in a job: while the photo is `verifying` (202) we ask again, a little later each
 * time, until it is verified (or refused: 422, thrown).
 */
export async function verifyPhoto(photoId: string, signal?: AbortSignal) {
  for (let wait = 250; ; wait = Math.min(wait * 1.5, 2000)) {
    const answer = await withRetry(
      () => api.patch('/api/photos/{id}/verify', { path: { id: photoId }, signal }),
      { signal },
    );
    if (answer.photo.verification_state !== 'verifying') return answer;
    await new Promise((resolve) => setTimeout(resolve, wait));
    signal?.throwIfAborted();
  }
}

/** POST /api/subject-photo-assignments (an upsert): the photo is the subject's, primary when asked. */
export async function assignPhoto(
  subjectId: string,
  photoId: string,
  isPrimary: boolean,
  signal?: AbortSignal,
) {
  return withRetry(
    () =>
      api.post('/api/subject-photo-assignments', {
        body: {
          subject_photo_assignment: { subject_id: subjectId, photo_id: photoId, is_primary: isPrimary },
        },
        signal,
      }),
    { signal },
  );
}

export const assignPrimaryPhoto = (subjectId: string, photoId: string, signal?: AbortSignal) =>
  assignPhoto(subjectId, photoId, true, signal);

export type UploadStage = 'ready' | 'uploading' | 'processing' | 'done' | 'failed';

export interface UploadItemUpdate {
  stage?: UploadStage;
  /** 0..1 */
  progress?: number;
  error?: unknown;
  photo?: Photo;
}

export interface UploadResult {
  key: string;
  photo: Photo | null;
  error: unknown;
}

/**
 * Spec §4, subject photo upload: album (created if none), project import, then per file (six at a
 * time) create the photo record, upload it, verify it (unless verified already) and assign it to the
 * subject; then the last file
 * in the user's order that arrived becomes the primary photo; finally finish the import. A file's
 * failure stays with that file. Results are in the files' order.
 */
export async function uploadSubjectPhotos(args: {
  projectId: string;
  subjectId: string;
  files: { key: string; file: File }[];
  onItem: (key: string, update: UploadItemUpdate) => void;
  signal?: AbortSignal;
}): Promise<UploadResult[]> {
  const { projectId, subjectId, files, onItem, signal } = args;
  const album = await findOrCreateSubjectAlbum(projectId, signal);
  const projectImport = await startProjectImport(projectId, signal);
  const results: UploadResult[] = [];
  try {
    await runQueued(files, UPLOAD_CONCURRENCY, async ({ key, file }, index) => {
      try {
        if (signal?.aborted) throw signal.reason;
        const contentType = photoContentType(file);
        if (!contentType) throw new ApiError(422, { errors: { file: ['must be a PNG or JPEG image'] } });
        onItem(key, { stage: 'uploading', progress: 0 });
        const transparent = await hasTransparency(file);
        const created = await createPhoto(
          { albumId: album.id, subjectId, file, contentType, transparent },
          signal,
        );
        let photo: Photo = created;
        if (!created.upload_verified_at) {
          const target = created.presigned_post;
          // An unverified photo always comes with its upload target.
          if (!target) throw new Error('The photo has no upload target');
          await withRetry(
            () =>
              uploadToPresignedPost(target, file, {
                signal,
                onProgress: (fraction) => onItem(key, { progress: fraction }),
              }),
            { signal },
          );
          onItem(key, { stage: 'processing', progress: 1 });
          photo = (await verifyPhoto(created.id, signal)).photo;
        }
        // Assigned as it arrives; which one is primary is decided once all are in (below).
        await assignPhoto(subjectId, photo.id, false, signal);
        results[index] = { key, photo, error: null };
        onItem(key, { stage: 'done', progress: 1, photo });
      } catch (error) {
        onItem(key, { stage: 'failed', error });
        results[index] = { key, photo: null, error };
      }
    });
    // Spec §4: "The photo uploaded last becomes the primary photo": the last file in the user's order
    // that arrived, whichever upload finished last (uploads run in parallel).
    const last = results.findLast((result) => result?.photo);
    if (last?.photo && !signal?.aborted) {
      await assignPrimaryPhoto(subjectId, last.photo.id, signal).catch((error: unknown) => {
        onItem(last.key, { stage: 'failed', error });
        last.error = error;
      });
    }
  } finally {
    await finishProjectImport(projectImport.id).catch(() => undefined);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------
// One photo and its crops

const THUMBNAIL_POLL_MS = 2000;
/** Polls while thumbnails are missing, giving up after this many answers without them. */
export const THUMBNAIL_POLL_LIMIT = 30;

/** GET /api/photos/:id, asked again every 2 s until the large thumbnail exists (the job makes it). */
export function usePhoto(photoId: string) {
  return useRecord(queryKeys.photos.photo, '/api/photos/{id}', photoId, 'photo', {
    refetchInterval: (query) => {
      const photo = query.state.data;
      if (!photo || (photo.thumbnails.large ?? photo.thumbnails.full)) return false;
      return query.state.dataUpdateCount < THUMBNAIL_POLL_LIMIT ? THUMBNAIL_POLL_MS : false;
    },
  });
}

/** Whether usePhoto stopped asking for the thumbnails without getting them. */
export function photoPollingGaveUp(photoId: string): boolean {
  const state = queryClient.getQueryState<Photo>(queryKeys.photos.photo(photoId));
  const photo = state?.data;
  if (!photo || photo.thumbnails.large || photo.thumbnails.full) return false;
  return state.dataUpdateCount >= THUMBNAIL_POLL_LIMIT;
}

/** Starts the thumbnail polling of usePhoto over. */
export function restartPhotoPolling(photoId: string): void {
  void queryClient.resetQueries({ queryKey: queryKeys.photos.photo(photoId), exact: true });
}

export function usePhotoCrops(photoId: string) {
  return useRecord(queryKeys.photos.crops, '/api/photos/{id}/photo-crops', photoId, 'photo_crops', {
    staleTime: 0,
  });
}

export type NewPhotoCrop = Pick<PhotoCrop, 'x' | 'y' | 'width' | 'height'>;

/** POST /api/photos/:id/photo-crops as the default crop named School Portal 8x10. */
export function useSaveDefaultCrop(photoId: string) {
  return useMutation({
    mutationFn: (crop: NewPhotoCrop) =>
      sendRecord('post', '/api/photos/{id}/photo-crops', photoId, {
        photo_crop: { name: SUBJECT_CROP_NAME, is_default: true, ...crop },
      }),
    onSuccess: (crop) => {
      queryClient.setQueryData<PhotoCrop[]>(queryKeys.photos.crops(photoId), (crops) => [
        ...(crops ?? []).map((c) => ({ ...c, is_default: false })),
        crop,
      ]);
      queryClient.setQueryData<Photo>(queryKeys.photos.photo(photoId), (photo) =>
        photo ? { ...photo, default_photo_crop_id: crop.id } : photo,
      );
      // Subjects list their photos' default crops.
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
    },
  });
}
