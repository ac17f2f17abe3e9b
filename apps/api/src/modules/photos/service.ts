import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { RENDITIONS, type Rendition } from '../../images/images.js';
import type { Storage } from '../../storage/storage.js';
import { Access } from '../access/visibility.js';
import type { Session } from '../users/session.js';

export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_PHOTO_BYTES = 60 * 1024 * 1024;
export const UPLOAD_EXPIRY_SECONDS = 15 * 60;
export const THUMB_EXPIRY_SECONDS = 60 * 60;

/** Keys are made here, under the organization's prefix; never from a user's file name. */
export function photoKeyBase(organizationId: string, projectId: string): string {
  return `org-${organizationId}/projects/${projectId}/photos/${randomBytes(16).toString('hex')}`;
}
export const originalKey = (base: string) => `${base}/original`;
export const renditionKey = (base: string, size: Rendition) => `${base}/${size}`;
export const baseOf = (storageKey: string) => storageKey.replace(/\/original$/, '');

export function selectPhotos(db: Db) {
  return db
    .selectFrom('photos as ph')
    .innerJoin('albums as al', 'al.id', 'ph.album_id')
    .innerJoin('projects as pr', 'pr.id', 'al.parent_resource_id')
    .selectAll('ph')
    .select([
      'pr.id as project_id',
      'pr.organization_id',
      sql<
        string[]
      >`ARRAY(SELECT a.subject_id::text FROM subject_photo_assignments a WHERE a.photo_id = ph.id ORDER BY a.subject_id)`.as(
        'subject_ids',
      ),
      sql<string | null>`(SELECT c.id::text FROM photo_crops c WHERE c.photo_id = ph.id AND c.is_default)`.as(
        'default_photo_crop_id',
      ),
    ]);
}
export type PhotoRow = Awaited<ReturnType<ReturnType<typeof selectPhotos>['executeTakeFirstOrThrow']>>;

export async function findVisiblePhoto(db: Db, session: Session, id: string): Promise<PhotoRow> {
  const ref = await new Access(db, session).findVisible('photo', id);
  return selectPhotos(db).where('ph.id', '=', ref.id).executeTakeFirstOrThrow();
}

/** A photo with signed addresses: the original, and the thumbnails once made. */
export async function serializePhoto(
  storage: Storage,
  p: PhotoRow,
  extra: { presigned_post?: { url: string; fields: Record<string, string> } } = {},
) {
  const base = baseOf(p.storage_key);
  const thumbnails: Record<Rendition, string | null> = { tiny: null, small: null, large: null, full: null };
  if (p.renditions_ready_at) {
    for (const size of RENDITIONS) {
      thumbnails[size] = await storage.presignGet({
        key: renditionKey(base, size),
        expiresInSeconds: THUMB_EXPIRY_SECONDS,
      });
    }
  }
  return {
    id: p.id,
    album_id: p.album_id,
    project_id: p.project_id,
    width: p.width,
    height: p.height,
    category: p.category,
    chroma_key: p.chroma_key,
    tags: p.tags,
    merge_duplicate: p.merge_duplicate,
    subject_ids: p.subject_ids,
    default_photo_crop_id: p.default_photo_crop_id,
    upload_file_name: p.upload_file_name,
    upload_file_size: Number(p.upload_file_size),
    upload_content_type: p.upload_content_type,
    uploaded_at: p.uploaded_at?.toISOString() ?? null,
    upload_verified_at: p.upload_verified_at?.toISOString() ?? null,
    created_by_plic_app_id: p.created_by_plic_app_id,
    created_at: p.created_at.toISOString(),
    presigned_get: p.upload_verified_at
      ? await storage.presignGet({
          key: p.storage_key,
          expiresInSeconds: THUMB_EXPIRY_SECONDS,
          downloadName: p.upload_file_name,
        })
      : null,
    thumbnails,
    ...extra,
  };
}
