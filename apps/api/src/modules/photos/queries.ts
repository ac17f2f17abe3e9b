import { PORTRAIT_ASPECT } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import { selectPhotos } from './service.js';

/**
 * Flags that leave a frame without a usable portrait: nothing or more than one face found, or a blurred
 * face (an empty backdrop, a group, a moved child). A frame with only these flags never becomes a primary
 * by itself (picture day's apply), unless a person accepted its flags.
 */
export const UNUSABLE_PORTRAIT_CHECKS = ['no_face', 'several_faces', 'blurred'] as const;

/**
 * How fit a photo (`ph`) is to be a subject's portrait, from its checks: 2 passed (checked, no flag or
 * its flags accepted by a person), 1 usable (one sharp face, with flags a person may still review: too
 * small, cut, exposure), 0 failed (an unusable flag, or marked for a retake), null not checked yet.
 */
export const portraitFitness = (photo: string) => {
  const ph = (column: string) => sql.ref(`${photo}.${column}`);
  const unusable = sql.join(
    UNUSABLE_PORTRAIT_CHECKS.map((code) => sql`${ph('checks')} @> ${JSON.stringify([{ code }])}::jsonb`),
    sql` OR `,
  );
  return sql<number | null>`CASE
    WHEN ${ph('checked_at')} IS NULL THEN NULL
    WHEN ${ph('retake_needed')} THEN 0
    WHEN ${ph('checks')} = '[]'::jsonb OR ${ph('checks_accepted_at')} IS NOT NULL THEN 2
    WHEN ${unusable} THEN 0
    ELSE 1 END`;
};

/**
 * What other areas may read of a subject's photos, as SQL over a subject id column (`s.id`): the photos
 * module owns `subject_photo_assignments`, and these fragments are the only way others read it.
 */
export const subjectPhotoReads = (subjectIdColumn: string) => {
  const subjectId = sql.ref(subjectIdColumn);
  return {
    count: sql<number>`(SELECT count(*)::int FROM subject_photo_assignments a WHERE a.subject_id = ${subjectId})`,
    primaryPhotoId: sql<
      string | null
    >`(SELECT a.photo_id::text FROM subject_photo_assignments a WHERE a.subject_id = ${subjectId} AND a.is_primary)`,
    /** The most recently taken (created) of the subject's photos, for printing with the "latest" pose. */
    latestPhotoId: sql<
      string | null
    >`(SELECT a.photo_id::text FROM subject_photo_assignments a JOIN photos ph ON ph.id = a.photo_id WHERE a.subject_id = ${subjectId} ORDER BY ph.created_at DESC, ph.id DESC LIMIT 1)`,
    hasAny: sql<boolean>`EXISTS (SELECT 1 FROM subject_photo_assignments a WHERE a.subject_id = ${subjectId})`,
    /** Whether the subject's primary photo is marked for a retake (photo checks). */
    primaryRetakeNeeded: sql<boolean>`EXISTS (SELECT 1 FROM subject_photo_assignments a JOIN photos ph ON ph.id = a.photo_id WHERE a.subject_id = ${subjectId} AND a.is_primary AND ph.retake_needed)`,
    /**
     * Whether the subject has photos that all failed the photo checks (portraitFitness 0: no usable face,
     * or marked for a retake), so none became its portrait. Photos not checked yet do not count as failed.
     */
    allPhotosFailed: sql<boolean>`(EXISTS (SELECT 1 FROM subject_photo_assignments a WHERE a.subject_id = ${subjectId})
      AND NOT EXISTS (SELECT 1 FROM subject_photo_assignments a JOIN photos fp ON fp.id = a.photo_id
        WHERE a.subject_id = ${subjectId} AND coalesce(${portraitFitness('fp')}, 1) > 0))`,
  };
};

/**
 * Whether the subject (`s.id`) needs a retake: its primary photo is marked for one, or it has no primary
 * and its photos all failed the checks (Coverage's retake pending, the subjects' `images=retake`).
 */
export const subjectRetakeNeeded = (subjectIdColumn: string) => {
  const reads = subjectPhotoReads(subjectIdColumn);
  return sql<boolean>`(${reads.primaryRetakeNeeded} OR (${reads.primaryPhotoId} IS NULL AND ${reads.allPhotosFailed}))`;
};

/** Whether a photo is one of a subject's own (assigned to it). */
export async function isPhotoOfSubject(db: Db, subjectId: string, photoId: string) {
  const assigned = await db
    .selectFrom('subject_photo_assignments')
    .select('id')
    .where('subject_id', '=', subjectId)
    .where('photo_id', '=', photoId)
    .executeTakeFirst();
  return !!assigned;
}

/**
 * What printing needs of photos: the stored original (verified ones only) and its crop: a person's (their
 * default one first), else the computer's 8x10 auto crop, else none (the print centres it).
 */
export async function printSources(db: Db, photoIds: string[]) {
  if (photoIds.length === 0) return [];
  return db
    .selectFrom('photos as ph')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('photo_crops as pc')
          .select(['pc.x', 'pc.y', 'pc.width', 'pc.height'])
          .whereRef('pc.photo_id', '=', 'ph.id')
          .where((w) => w.or([w('pc.source', '=', 'manual'), w('pc.aspect', '=', PORTRAIT_ASPECT)]))
          .orderBy(sql`pc.source = 'manual'`, 'desc')
          .orderBy('pc.is_default', 'desc')
          .orderBy('pc.id')
          .limit(1)
          .as('c'),
      (join) => join.onTrue(),
    )
    .select([
      'ph.id',
      'ph.storage_key',
      'ph.master_width',
      'ph.master_height',
      'c.x',
      'c.y',
      'c.width',
      'c.height',
    ])
    .where('ph.id', 'in', photoIds)
    .where('ph.upload_verified_at', 'is not', null)
    .execute();
}

/**
 * What exports need of subjects' photos: each subject's verified photos in upload order (with whether it
 * is the primary one, its stored original and size), and every crop of those photos.
 */
export async function exportPhotoSources(db: Db, subjectIds: string[]) {
  if (subjectIds.length === 0) return { photos: [], crops: [] };
  const photos = await db
    .selectFrom('subject_photo_assignments as a')
    .innerJoin('photos as ph', 'ph.id', 'a.photo_id')
    .select([
      'a.subject_id',
      'a.is_primary',
      'ph.id',
      'ph.storage_key',
      'ph.width',
      'ph.height',
      'ph.orientation',
      'ph.master_width',
      'ph.master_height',
      'ph.face',
      'ph.created_at',
    ])
    .where('a.subject_id', 'in', subjectIds)
    .where('ph.upload_verified_at', 'is not', null)
    .where('ph.width', 'is not', null)
    .where('ph.height', 'is not', null)
    .orderBy('a.subject_id')
    .orderBy('ph.created_at')
    .orderBy('ph.id')
    .execute();
  const photoIds = [...new Set(photos.map((p) => p.id))];
  const crops = photoIds.length
    ? await db
        .selectFrom('photo_crops')
        .select(['id', 'photo_id', 'name', 'is_default', 'source', 'aspect', 'x', 'y', 'width', 'height'])
        .where('photo_id', 'in', photoIds)
        .orderBy('photo_id')
        // A crop a person made wins over the computer's (auto) crops, default or not.
        .orderBy(sql`source = 'manual'`, 'desc')
        .orderBy('is_default', 'desc')
        .orderBy('id')
        .execute()
    : [];
  return { photos, crops };
}

/**
 * What a yearbook delivery records of subjects' photos (verified ones): each photo's content hash and when
 * it was taken (uploaded), per subject in upload order.
 */
export function yearbookPhotoFacts(db: Db, subjectIds: string[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subject_photo_assignments as a')
    .innerJoin('photos as ph', 'ph.id', 'a.photo_id')
    .select(['a.subject_id', 'ph.id', 'ph.content_sha256', 'ph.created_at'])
    .where('a.subject_id', 'in', subjectIds)
    .where('ph.upload_verified_at', 'is not', null)
    .where('ph.width', 'is not', null)
    .orderBy('a.subject_id')
    .orderBy('ph.created_at')
    .orderBy('ph.id')
    .execute();
}

/** How many verified photos a subject (`subjectIdColumn`) has: what a yearbook delivery can take. */
export const verifiedPhotoCount = (subjectIdColumn: string) =>
  sql<number>`(SELECT count(*)::int FROM subject_photo_assignments a JOIN photos ph ON ph.id = a.photo_id
    WHERE a.subject_id = ${sql.ref(subjectIdColumn)} AND ph.upload_verified_at IS NOT NULL AND ph.width IS NOT NULL)`;

/** What other areas may read of a project's photos, as SQL over a project id column. */
export const projectPhotoReads = (projectIdColumn: string) => {
  const projectId = sql.ref(projectIdColumn);
  const ofProject = sql`FROM photos ph JOIN albums al ON al.id = ph.album_id WHERE al.parent_resource_type = 'Project' AND al.parent_resource_id = ${projectId}`;
  return {
    verifiedCount: sql<number>`(SELECT count(*)::int ${ofProject} AND ph.upload_verified_at IS NOT NULL)`,
    oldest: sql<Date | null>`(SELECT min(ph.created_at) ${ofProject})`,
    newest: sql<Date | null>`(SELECT max(ph.created_at) ${ofProject})`,
  };
};

/**
 * Locks the photos of subjects (FOR UPDATE): an assignment of one of them to another subject (its foreign
 * key takes a share lock on the photo) either committed before, or waits for the caller's transaction.
 * `inIdOrder` takes the locks in id order (a merge of several subjects).
 */
export async function lockPhotosOfSubjects(db: Db, subjectIds: string[], { inIdOrder = false } = {}) {
  const query = db
    .selectFrom('photos')
    .select('id')
    .where('id', 'in', (eb) =>
      eb.selectFrom('subject_photo_assignments').select('photo_id').where('subject_id', 'in', subjectIds),
    );
  await (inIdOrder ? query.orderBy('id') : query).forUpdate().execute();
}

/** What a primary-photo thumbnail needs of photos: the stored original and whether renditions are made. */
export function thumbnailSources(db: Db, ids: string[]) {
  return db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'renditions_ready_at'])
    .where('id', 'in', ids)
    .execute();
}

/** A project's albums, optionally those with a tag. */
export function projectAlbums(db: Db, projectId: string, tag: string | undefined) {
  let query = db.selectFrom('albums').selectAll().where('parent_resource_id', '=', projectId).orderBy('id');
  if (tag) query = query.where((eb) => eb(eb.val(tag), '=', eb.fn.any('tags')));
  return query.execute();
}

export function createAlbum(db: Db, projectId: string, album: { name: string; tags: string[] }) {
  return db
    .insertInto('albums')
    .values({
      name: album.name,
      tags: album.tags,
      parent_resource_type: 'Project',
      parent_resource_id: projectId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of an album's verified photos, in upload order. */
export function albumPhotos(db: Db, albumId: string, paging: PageRequest) {
  return pageOf(
    db,
    selectPhotos(db).where('ph.album_id', '=', albumId).where('ph.upload_verified_at', 'is not', null),
    (query) => query.orderBy('ph.id'),
    paging,
  );
}

/**
 * How many photos each of `subjectIds` has besides `exceptPhotoIds` (picture day's report: subjects still
 * without a photo, subjects photographed again). Subjects without any are absent from the map.
 */
export async function photoCountsOfSubjects(db: Db, subjectIds: string[], exceptPhotoIds: string[]) {
  if (subjectIds.length === 0) return new Map<string, number>();
  const { rows } = await sql<{ subject_id: string; n: number }>`
    SELECT a.subject_id::text AS subject_id, count(*)::int AS n
    FROM subject_photo_assignments a
    WHERE a.subject_id = ANY(${subjectIds}::bigint[]) AND NOT (a.photo_id = ANY(${exceptPhotoIds}::bigint[]))
    GROUP BY a.subject_id`.execute(db);
  return new Map(rows.map((r) => [r.subject_id, r.n]));
}

/** Whether a photo (by an id column, `i.photo_id`) is verified, as SQL: picture day's counts. */
export const photoVerifiedRead = (photoIdColumn: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM photos ph WHERE ph.id = ${sql.ref(photoIdColumn)} AND ph.upload_verified_at IS NOT NULL)`;

/** Whether a photo's bytes arrived and are being checked (verifying: its job queued, running or retried). */
export const photoVerifyingRead = (photoIdColumn: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM photos ph WHERE ph.id = ${sql.ref(photoIdColumn)} AND ph.verification_state = 'verifying')`;

/**
 * The content hashes among `hashes` that photos of the project outside `albumId` (the batch's own album)
 * already have: a batch uploaded again holds the same bytes. One query, by the (album, hash) index.
 */
export async function hashesHeldElsewhere(
  db: Db,
  projectId: string,
  albumId: string,
  hashes: string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('photos as ph')
    .innerJoin('albums as al', 'al.id', 'ph.album_id')
    .select('ph.content_sha256')
    .distinct()
    .where('al.parent_resource_type', '=', 'Project')
    .where('al.parent_resource_id', '=', projectId)
    .where('ph.album_id', '!=', albumId)
    .where('ph.upload_verified_at', 'is not', null)
    .where('ph.content_sha256', 'in', hashes)
    .execute();
  return new Set(rows.map((r) => r.content_sha256!));
}

/** Which of subjects `ids` have a photo assigned. */
export async function subjectsWithAssignedPhotos(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('subject_photo_assignments')
    .select('subject_id')
    .distinct()
    .where('subject_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.subject_id));
}
