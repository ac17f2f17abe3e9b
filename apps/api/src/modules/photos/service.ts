import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import { RENDITIONS, type Rendition } from '../../images/images.js';
import { liveJobById, liveJobFor } from '../../jobs/alive.js';
import type { Storage } from '../../storage/storage.js';
import {
  formKeyDeletion,
  lockUnverifiedUploads,
  scheduleDeletions,
  takeCheckedUpload,
  uploadKeyFor,
} from '../../storage/uploads.js';
import { serializeUpload } from '../../wire.js';
import type { Access, Decision } from '../access/visibility.js';

export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_PHOTO_BYTES = 60 * 1024 * 1024;
export const UPLOAD_EXPIRY_SECONDS = 15 * 60;
export const THUMB_EXPIRY_SECONDS = 60 * 60;

/** Keys are made here, under the organization's prefix; never from a user's file name. */
export function photoKeyBase(organizationId: string, projectId: string): string {
  return `org-${organizationId}/projects/${projectId}/photos/${randomBytes(16).toString('hex')}`;
}
export const originalKey = (base: string) => `${base}/original`;
export const renditionKey = (base: string, size: Rendition | 'master') => `${base}/${size}`;
export const baseOf = (storageKey: string) => storageKey.replace(/\/original$/, '');
/** The photo's working master in storage (see images.ts MASTER_LONG_EDGE), or null when it has none. */
export function workingMaster(photo: {
  storage_key: string;
  master_width: number | null;
  master_height: number | null;
}): { storageKey: string; width: number; height: number } | null {
  if (!photo.master_width || !photo.master_height) return null;
  return {
    storageKey: renditionKey(baseOf(photo.storage_key), 'master'),
    width: photo.master_width,
    height: photo.master_height,
  };
}

/** Writes a photo's renditions under its base key. The full rendition of an upright photo is the original. */
export async function storeRenditions(
  storage: Storage,
  base: string,
  originalKey: string,
  contentType: string,
  renditions: Record<Rendition, Buffer | 'original'>,
): Promise<void> {
  for (const size of RENDITIONS) {
    const body = renditions[size];
    // The original as it is (an upright full size): copied by the store, its bytes never sent again.
    if (body === 'original') await storage.copy(originalKey, renditionKey(base, size));
    else {
      const type = size === 'full' && contentType === 'image/png' ? 'image/png' : 'image/jpeg';
      await storage.put(renditionKey(base, size), body, type);
    }
  }
}

/**
 * A verified photo's original, only if it still is the bytes that were verified (their SHA-256 matches):
 * renditions and masters are made of nothing else. Null (and logged, without personal data) otherwise.
 */
export async function readVerifiedOriginal(
  storage: Storage,
  photo: { id: string; storage_key: string; content_sha256: string | null },
  log: { error(obj: object, msg: string): void },
): Promise<Buffer | null> {
  const original = await storage.read(photo.storage_key);
  if (createHash('sha256').update(original).digest('hex') === photo.content_sha256) return original;
  log.error({ photo_id: photo.id }, 'stored photo differs from the verified bytes; nothing made of it');
  return null;
}

/** Where the presigned form uploads: verify moves the bytes from there to the original's key. */
export const photoUploadKey = (base: string) => uploadKeyFor(originalKey(base));

/** Photos (as `ph`) with their album (as `al`), for a query to select from. */
export const photosWithAlbum = (db: Db) =>
  db.selectFrom('photos as ph').innerJoin('albums as al', 'al.id', 'ph.album_id');

/** The photos (as `ph`) of a project's albums, for a query to select from. */
export const projectPhotos = (db: Db, projectId: string) =>
  photosWithAlbum(db)
    .where('al.parent_resource_type', '=', 'Project')
    .where('al.parent_resource_id', '=', projectId);

export function selectPhotos(db: Db) {
  return photosWithAlbum(db)
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

/** A photo in view, else 404; then the route's action (or `decision`'s) decided. */
export function findPhoto(access: Access, id: string, decision?: Decision<PhotoRow>): Promise<PhotoRow> {
  return access.findRow('photo', id, selectPhotos, 'ph.id', decision);
}

/** An album in view, else 404; then the route's action decided. */
export function findAlbum(access: Access, id: string) {
  return access.findRow('album', id, (db) => db.selectFrom('albums').selectAll(), 'albums.id');
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
    ...serializeUpload(p),
    verification_state: p.verification_state,
    verification_error: p.verification_error,
    merged_into_photo_id: p.merged_into_photo_id,
    face: p.face,
    checks: p.checks,
    retake_needed: p.retake_needed,
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

/**
 * PATCH /photos/:id/verify. The cheap checks (the bytes are there, within the declared and the largest
 * size) answer at once; the byte checks (type, decoding, hash) are the photos.verify job's, off the
 * request path: the row moves from uploaded to verifying and the answer (202) says to wait. Asked again,
 * it answers the state reached: verified (200), merged (200, `merged`), refused (422 with the reason).
 * A refused upload leaves nothing: record, object and upload key go (the key once its form has expired).
 * Asked while verifying, it checks again a photo whose job is gone (it failed for good, or was lost with
 * its process): its bytes have arrived, so a new job is sent and the answer is still 202.
 */
export async function verifyPhotoUpload(ctx: AppContext, photo: PhotoRow) {
  if (photo.upload_verified_at)
    return { status: 200 as const, body: { photo: await serializePhoto(ctx.storage, photo) } };
  if (photo.verification_state === 'refused') {
    throw unprocessable({ file: [photo.verification_error ?? 'could not be verified'] });
  }
  if (photo.verification_state === 'merged' && photo.merged_into_photo_id) {
    const kept = await selectPhotos(ctx.db)
      .where('ph.id', '=', photo.merged_into_photo_id)
      .executeTakeFirst();
    if (kept)
      return { status: 200 as const, body: { photo: await serializePhoto(ctx.storage, kept), merged: true } };
  }
  if (photo.verification_state === 'verifying') {
    await restartLostVerification(ctx, photo.id);
    return { status: 202 as const, body: { photo: await serializePhoto(ctx.storage, photo) } };
  }
  const { size } = await takeCheckedUpload(ctx.storage, photo, MAX_PHOTO_BYTES, () =>
    discardPhoto(ctx, photo),
  );
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('photos')
      .set({ verification_state: 'verifying', uploaded_at: new Date(), upload_file_size: size })
      .where('id', '=', photo.id)
      .where('verification_state', '=', 'uploaded')
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await scheduleDeletions(trx, [formKeyDeletion(photo)]);
    await sendVerification(ctx, trx, photo.id);
    return true;
  });
  const row = await selectPhotos(ctx.db).where('ph.id', '=', photo.id).executeTakeFirstOrThrow();
  if (!moved) return verifyPhotoUpload(ctx, row);
  return { status: 202 as const, body: { photo: await serializePhoto(ctx.storage, row) } };
}

/** Sends a photo's verification job in `trx`, remembering its id on the photo. */
async function sendVerification(ctx: Pick<AppContext, 'queue'>, trx: Db, photoId: string) {
  const jobId = await ctx.queue.enqueueWithId(
    'photos.verify',
    { photo_id: photoId },
    { trx, singletonKey: `verify-${photoId}` },
  );
  await trx.updateTable('photos').set({ verify_job_id: jobId }).where('id', '=', photoId).execute();
}

/** Whether a verifying photo's job may still run (by the id it remembers; older rows by the payload). */
const verificationLive = sql<boolean>`CASE WHEN ph.verify_job_id IS NOT NULL
  THEN ${liveJobById('photos.verify', 'ph.verify_job_id')}
  ELSE ${liveJobFor('photos.verify', 'photo_id', 'ph.id')} END`;

/**
 * A verifying photo whose job is no longer live gets a new one. The photo's row is locked before the
 * job is looked for again, so that requests at once start one job between them.
 */
async function restartLostVerification(ctx: Pick<AppContext, 'db' | 'queue' | 'log'>, photoId: string) {
  const live = async (db: Db) =>
    (
      await db
        .selectFrom('photos as ph')
        .select(verificationLive.as('live'))
        .where('ph.id', '=', photoId)
        .executeTakeFirst()
    )?.live ?? true;
  if (await live(ctx.db)) return;
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('photos')
      .select('id')
      .where('id', '=', photoId)
      .where('verification_state', '=', 'verifying')
      .forUpdate()
      .executeTakeFirst();
    if (!locked || (await live(trx))) return;
    await sendVerification(ctx, trx, photoId);
    ctx.log.info({ photo_id: photoId }, 'verification restarted: its job was gone');
  });
}

/** Deletes a refused upload's row and files now (the scheduled deletions are a safety net). */
async function discardPhoto(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  photo: Pick<PhotoRow, 'id' | 'storage_key' | 'created_at'>,
) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('photos').where('id', '=', photo.id).execute();
    await scheduleDeletions(trx, [
      { key: `${baseOf(photo.storage_key)}/`, prefix: true },
      formKeyDeletion(photo),
    ]);
  });
  await ctx.storage.deletePrefix(`${baseOf(photo.storage_key)}/`);
}

/**
 * Deletes photos (their crops and assignments go with them) and schedules their files for deletion:
 * the original, the form's key and every rendition, all under the photo's folder. In the caller's
 * transaction, so the files are forgotten only if the rows really go.
 */
export async function deletePhotos(db: Db, photoIds: string[]): Promise<number> {
  if (photoIds.length === 0) return 0;
  const deleted = await db
    .deleteFrom('photos')
    .where('id', 'in', photoIds)
    .returning('storage_key')
    .execute();
  await scheduleDeletions(
    db,
    deleted.map((p) => ({ key: `${baseOf(p.storage_key)}/`, prefix: true })),
  );
  return deleted.length;
}

/**
 * Merging subjects: the photos assigned to `fromSubjectIds` become `toSubjectId`'s (one assignment per
 * photo; a photo it already has stays as it is). The moved ones are not primary, so the kept subject keeps
 * its primary photo; one without takes the first merged subject's primary. Answers the moved photo ids.
 * In the caller's transaction, with the subjects' rows locked.
 */
export async function moveSubjectPhotos(
  db: Db,
  fromSubjectIds: string[],
  toSubjectId: string,
): Promise<string[]> {
  if (fromSubjectIds.length === 0) return [];
  const rows = await db
    .selectFrom('subject_photo_assignments')
    .select(['id', 'subject_id', 'photo_id', 'is_primary'])
    .where('subject_id', 'in', [toSubjectId, ...fromSubjectIds])
    .orderBy('id')
    .execute();
  const order = (subjectId: string) => fromSubjectIds.indexOf(subjectId);
  const kept = new Set(rows.filter((r) => r.subject_id === toSubjectId).map((r) => r.photo_id));
  const moving = new Map<string, (typeof rows)[number]>();
  for (const row of rows
    .filter((r) => r.subject_id !== toSubjectId && !kept.has(r.photo_id))
    .sort((a, b) => order(a.subject_id) - order(b.subject_id)))
    if (!moving.has(row.photo_id)) moving.set(row.photo_id, row);
  const moved = [...moving.values()];
  if (moved.length === 0) return [];
  await db
    .updateTable('subject_photo_assignments')
    .set({ subject_id: toSubjectId, is_primary: false })
    .where(
      'id',
      'in',
      moved.map((r) => r.id),
    )
    .execute();
  const hasPrimary = rows.some((r) => r.subject_id === toSubjectId && r.is_primary);
  const primary = moved.find((r) => r.is_primary) ?? moved[0]!;
  if (!hasPrimary)
    await db
      .updateTable('subject_photo_assignments')
      .set({ is_primary: true })
      .where('id', '=', primary.id)
      .execute();
  return moved.map((r) => r.photo_id);
}

/** The photos of a subject that no other subject uses (as an assigned photo or a yearbook photo). */
export async function photosUsedOnlyBy(db: Db, subjectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subject_photo_assignments as a')
    .select('a.photo_id')
    .where('a.subject_id', '=', subjectId)
    .where(({ not, or, exists, selectFrom }) =>
      not(
        or([
          exists(
            selectFrom('subject_photo_assignments as b')
              .select('b.id')
              .whereRef('b.photo_id', '=', 'a.photo_id')
              .where('b.subject_id', '!=', subjectId),
          ),
          exists(
            selectFrom('subjects as s')
              .select('s.id')
              .whereRef('s.yearbook_photo_id', '=', 'a.photo_id')
              .where('s.id', '!=', subjectId),
          ),
        ]),
      ),
    )
    .execute();
  return rows.map((r) => r.photo_id);
}

/** Photos whose upload was never verified, made before `before`: the rows go, their files are scheduled. */
export async function purgeUnverifiedPhotos(db: Db, before: Date, limit = 1000): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = await lockUnverifiedUploads(trx, 'photos', before, limit);
    return deletePhotos(
      trx,
      stale.map((p) => p.id),
    );
  });
}

/** A subject's verified photos, primary first, each with its assignment. */
export async function photosOfSubject(db: Db, storage: Storage, subjectId: string) {
  const rows = await selectPhotos(db)
    .innerJoin('subject_photo_assignments as asg', 'asg.photo_id', 'ph.id')
    .select(['asg.id as assignment_id', 'asg.is_primary'])
    .where('asg.subject_id', '=', subjectId)
    .where('ph.upload_verified_at', 'is not', null)
    .orderBy('asg.is_primary', 'desc')
    .orderBy('ph.id')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      ...(await serializePhoto(storage, row)),
      assignment_id: row.assignment_id,
      is_primary: row.is_primary,
    })),
  );
}

/**
 * Deletes up to `limit` photos of a project (crops and assignments go with them), rows only: the
 * project's deletion removes its files by the project's prefix. Answers how many went.
 */
export async function deleteProjectPhotoBatch(db: Db, projectId: string, limit = 1000): Promise<number> {
  const deleted = await db
    .deleteFrom('photos')
    .where('id', 'in', projectPhotos(db, projectId).select('ph.id').limit(limit))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** A new presigned form for a photo whose bytes never arrived (an upload resumed after the browser closed). */
export const presignPhotoUpload = (
  storage: Storage,
  p: Pick<PhotoRow, 'storage_key' | 'upload_content_type' | 'upload_file_size'>,
) =>
  storage.presignPost({
    key: uploadKeyFor(p.storage_key),
    contentType: p.upload_content_type,
    maxBytes: Number(p.upload_file_size),
    expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
  });

/** Records a photo of an album and answers it with the presigned form its bytes are uploaded with. */
export async function createPhoto(
  ctx: AppContext,
  albumId: string,
  project: { id: string; organization_id: string },
  p: {
    upload_file_name: string;
    upload_file_size: number;
    upload_content_type: (typeof PHOTO_TYPES)[number];
    tags: string[];
    merge_duplicate: boolean;
    chroma_key?: 'processed' | null | undefined;
    category?: string | null | undefined;
    created_by_plic_app_id: string;
  },
) {
  const base = photoKeyBase(project.organization_id, project.id);
  const created = await ctx.db
    .insertInto('photos')
    .values({
      album_id: albumId,
      storage_key: originalKey(base),
      upload_file_name: p.upload_file_name,
      upload_file_size: p.upload_file_size,
      upload_content_type: p.upload_content_type,
      tags: p.tags,
      merge_duplicate: p.merge_duplicate,
      chroma_key: p.chroma_key ?? null,
      category: p.category ?? null,
      created_by_plic_app_id: p.created_by_plic_app_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const presigned = await ctx.storage.presignPost({
    key: photoUploadKey(base),
    contentType: p.upload_content_type,
    maxBytes: p.upload_file_size,
    expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
  });
  const row = await selectPhotos(ctx.db).where('ph.id', '=', created.id).executeTakeFirstOrThrow();
  return { row, presigned };
}
