import { PORTRAIT_ASPECT } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type PageRequest, pageOf } from '../../../db/paging.js';
import type { PhotoCheck, PhotoFace } from '../../../db/schema.js';
import { batchSessionOfPhoto } from '../../picture-day/apply.js';
import { photoBatchItemReads } from '../../picture-day/queries.js';
import { exportImageSizesOfProject } from '../../project-exports/queries.js';
import { projectHeadSizeRule } from '../../projects/queries.js';
import { photosWithAlbum, projectPhotos } from '../service.js';

/** What the checks job reads of a photo, with its project (photos of other albums are not checked). */
export function photoToCheck(db: Db, photoId: string) {
  return photosWithAlbum(db)
    .select([
      'ph.id',
      'ph.storage_key',
      'ph.width',
      'ph.height',
      'ph.upload_verified_at',
      'ph.detected_faces',
      'al.parent_resource_id',
    ])
    .where('ph.id', '=', photoId)
    .where('al.parent_resource_type', '=', 'Project')
    .executeTakeFirst();
}

/**
 * Where a photo stands, for its live event: the subject it is assigned to (its primary one first) and
 * the session of the batch it came in, when that batch was matched by check-in.
 */
export async function photoPlaceOf(db: Db, photoId: string) {
  const [assigned, photoSessionId] = await Promise.all([
    db
      .selectFrom('subject_photo_assignments')
      .select('subject_id')
      .where('photo_id', '=', photoId)
      .orderBy('is_primary', 'desc')
      .orderBy('id')
      .executeTakeFirst(),
    batchSessionOfPhoto(db, photoId),
  ]);
  return { subject_id: assigned?.subject_id ?? null, photo_session_id: photoSessionId };
}

/** The project's head-size rule (its own values, else the defaults) and the aspects its outputs use. */
export async function cropPlanOf(db: Db, projectId: string) {
  const rule = await projectHeadSizeRule(db, projectId);
  // The export formats the project's exports were made with: each one's width:height, portrait ones only
  // (a head-size rule places a head in a portrait frame).
  const formats = await exportImageSizesOfProject(db, projectId);
  const aspects = new Set([PORTRAIT_ASPECT]);
  let largestOutputHeight = 0;
  for (const f of formats) {
    if (f.width > 0 && f.height >= f.width) aspects.add(Math.round((f.width / f.height) * 10_000) / 10_000);
    largestOutputHeight = Math.max(largestOutputHeight, f.height);
  }
  return { rule, aspects: [...aspects], largestOutputHeight };
}

export type CropPlan = Awaited<ReturnType<typeof cropPlanOf>>;

/**
 * Whether an export format of this size would give the project's photos a new auto crop aspect (a portrait
 * one no export of the project used yet): its export then queues the auto crops (photo-checks.auto-crops).
 */
export async function isNewCropAspect(db: Db, projectId: string, width: number, height: number) {
  if (!(width > 0 && height >= width)) return false;
  const aspect = Math.round((width / height) * 10_000) / 10_000;
  return !(await cropPlanOf(db, projectId)).aspects.includes(aspect);
}

/**
 * Replaces a photo's auto crops with these (one per aspect). The portrait one is the photo's default when
 * the photo has no other default crop, so that printing, which takes the default, uses it; a crop a person
 * made is never touched.
 */
export async function replaceAutoCrops(
  trx: Db,
  photoId: string,
  crops: { aspect: number; x: number; y: number; width: number; height: number }[],
) {
  await trx.deleteFrom('photo_crops').where('photo_id', '=', photoId).where('source', '=', 'auto').execute();
  if (crops.length === 0) return;
  const manualDefault = await trx
    .selectFrom('photo_crops')
    .select('id')
    .where('photo_id', '=', photoId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  await trx
    .insertInto('photo_crops')
    .values(
      crops.map((c) => ({
        photo_id: photoId,
        name: `Auto ${c.aspect}`,
        source: 'auto' as const,
        aspect: c.aspect,
        is_default: !manualDefault && c.aspect === PORTRAIT_ASPECT,
        x: c.x,
        y: c.y,
        width: c.width,
        height: c.height,
      })),
    )
    .execute();
}

export function saveChecks(
  trx: Db,
  photoId: string,
  values: { face: PhotoFace | null; checks: PhotoCheck[] },
) {
  return trx
    .updateTable('photos')
    .set({
      face: values.face ? JSON.stringify(values.face) : null,
      checks: JSON.stringify(values.checks),
      checked_at: new Date(),
      // Checked again: its flags may differ from those a person accepted.
      checks_accepted_at: null,
      checks_accepted_by: null,
    })
    .where('id', '=', photoId)
    .executeTakeFirst();
}

/** A project's photos with a face, for crops again after its rule changed, a page at a time. */
export function photosWithFace(db: Db, projectId: string, afterId: string, limit: number) {
  return projectPhotos(db, projectId)
    .select(['ph.id', 'ph.face', 'ph.width', 'ph.height'])
    .where('ph.face', 'is not', null)
    .where(sql<boolean>`ph.id > ${afterId}::bigint`)
    .orderBy('ph.id')
    .limit(limit)
    .execute();
}

/** The review list's states: open (flagged, not accepted, no retake), accepted, retake, all (any of them). */
export const REVIEW_STATES = ['open', 'accepted', 'retake', 'all'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export interface ReviewFilter {
  state: ReviewState;
  /** Only photos that are a subject's (a school's view). */
  subjectsOnly: boolean;
  code?: string | undefined;
  /** A class value and the ids of the fields (teacher, grade, home room) the caller may see it in. */
  class?: { value: string; fieldIds: string[] } | undefined;
}

const flagged = sql<boolean>`ph.checks <> '[]'::jsonb`;
/** Camera cards are never reviewed as portraits (a shoot has one per subject: hundreds of "no face"). */
const notACard = sql<boolean>`NOT ${photoBatchItemReads('ph.id').isCard}`;
/**
 * The photos a caller reviews: the project's (cards aside), or, for a caller who does not run picture day
 * (a school), only those that are a subject's: not the studio's unapplied or ignored shots.
 */
const reviewedPhotos = (subjectsOnly: boolean) =>
  subjectsOnly
    ? sql<boolean>`(${notACard} AND EXISTS (SELECT 1 FROM subject_photo_assignments spa WHERE spa.photo_id = ph.id))`
    : notACard;
const stateCondition = (state: ReviewState) => {
  switch (state) {
    case 'open':
      return sql<boolean>`(${flagged} AND ph.checks_accepted_at IS NULL AND NOT ph.retake_needed)`;
    case 'accepted':
      return sql<boolean>`(ph.checks_accepted_at IS NOT NULL AND NOT ph.retake_needed)`;
    case 'retake':
      return sql<boolean>`ph.retake_needed`;
    case 'all':
      return sql<boolean>`(${flagged} OR ph.retake_needed)`;
  }
};

/**
 * A project's photos on the review list with what the screen shows: the subject the photo is assigned to
 * (the one it is primary for first), the portrait auto crop and whether a person made a crop.
 */
function reviewRows(db: Db) {
  return photosWithAlbum(db)
    .leftJoin('photo_crops as c', (join) =>
      join.onRef('c.photo_id', '=', 'ph.id').on('c.source', '=', 'auto').on('c.aspect', '=', PORTRAIT_ASPECT),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('subject_photo_assignments as a')
          .innerJoin('subjects as s', 's.id', 'a.subject_id')
          .select(['s.id', 's.properties'])
          .whereRef('a.photo_id', '=', 'ph.id')
          .orderBy('a.is_primary', 'desc')
          .orderBy('a.id')
          .limit(1)
          .as('sub'),
      (join) => join.onTrue(),
    )
    .select([
      'ph.id',
      'ph.storage_key',
      'ph.renditions_ready_at',
      'ph.face',
      'ph.checks',
      'ph.retake_needed',
      'ph.checked_at',
      'ph.checks_accepted_at',
      'c.x as crop_x',
      'c.y as crop_y',
      'c.width as crop_width',
      'c.height as crop_height',
      'sub.id as subject_id',
      'sub.properties as subject_properties',
      sql<boolean>`EXISTS (SELECT 1 FROM photo_crops m WHERE m.photo_id = ph.id AND m.source = 'manual')`.as(
        'has_manual_crop',
      ),
    ]);
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['executeTakeFirstOrThrow']>>;

/** A project's photos on the review list (by state, flag and class), by id. */
export function flaggedPhotos(db: Db, projectId: string, filter: ReviewFilter, paging: PageRequest) {
  let query = reviewRows(db)
    .where('al.parent_resource_type', '=', 'Project')
    .where('al.parent_resource_id', '=', projectId)
    .where(stateCondition(filter.state))
    .where(reviewedPhotos(filter.subjectsOnly));
  if (filter.code)
    query = query.where(sql<boolean>`ph.checks @> ${JSON.stringify([{ code: filter.code }])}::jsonb`);
  const wanted = filter.class;
  if (wanted) {
    query =
      wanted.fieldIds.length === 0
        ? query.where(sql<boolean>`false`)
        : query.where(
            sql<boolean>`(${sql.join(
              wanted.fieldIds.map(
                (id) => sql`sub.properties @> ${JSON.stringify({ [id]: wanted.value.trim() })}::jsonb`,
              ),
              sql` OR `,
            )})`,
          );
  }
  return pageOf(db, query, (q) => q.orderBy('ph.id'), paging);
}

/** One photo as the review list shows it. */
export function reviewRowOf(db: Db, photoId: string) {
  return reviewRows(db).where('ph.id', '=', photoId).executeTakeFirstOrThrow();
}

/** The project's counts for the dashboard, whatever the list's filters (see docs/api.md "Photo checks"). */
export async function reviewCounts(
  db: Db,
  projectId: string,
  codes: readonly string[],
  subjectsOnly: boolean,
) {
  const row = await projectPhotos(db, projectId)
    .where('ph.checked_at', 'is not', null)
    .where(reviewedPhotos(subjectsOnly))
    .select([
      sql<number>`count(*)::int`.as('checked'),
      sql<number>`(count(*) FILTER (WHERE ${stateCondition('open')}))::int`.as('flagged_open'),
      sql<number>`(count(*) FILTER (WHERE ${stateCondition('accepted')}))::int`.as('accepted'),
      sql<number>`(count(*) FILTER (WHERE ${stateCondition('retake')}))::int`.as('retakes'),
      sql<number>`(count(*) FILTER (WHERE EXISTS (SELECT 1 FROM photo_crops c WHERE c.photo_id = ph.id AND c.source = 'auto' AND c.aspect = ${PORTRAIT_ASPECT})))::int`.as(
        'auto_cropped',
      ),
      sql<number>`(count(*) FILTER (WHERE ph.face IS NULL))::int`.as('centred_no_face'),
    ])
    .executeTakeFirstOrThrow();
  // Open photos by flag (a photo counts once per code it has).
  const perCode = await sql<{ code: string; n: number }>`
    SELECT f.code, count(*)::int AS n
    FROM photos ph
    JOIN albums al ON al.id = ph.album_id
    CROSS JOIN LATERAL (SELECT DISTINCT e ->> 'code' AS code FROM jsonb_array_elements(ph.checks) e) f
    WHERE al.parent_resource_type = 'Project' AND al.parent_resource_id = ${projectId}
      AND ${stateCondition('open')} AND ${reviewedPhotos(subjectsOnly)}
    GROUP BY f.code`.execute(db);
  const found = new Map(perCode.rows.map((r) => [r.code, r.n]));
  return { ...row, by_code: Object.fromEntries(codes.map((c) => [c, found.get(c) ?? 0])) };
}

/** A person's review of a photo: the retake mark, and accepting its flags (who and when) or reopening them. */
export function reviewPhoto(
  db: Db,
  photoId: string,
  changes: { retake_needed?: boolean | undefined; checks_accepted?: boolean | undefined },
  userId: string,
) {
  return db
    .updateTable('photos')
    .set({
      ...(changes.retake_needed !== undefined ? { retake_needed: changes.retake_needed } : {}),
      ...(changes.checks_accepted === true
        ? { checks_accepted_at: new Date(), checks_accepted_by: userId }
        : changes.checks_accepted === false
          ? { checks_accepted_at: null, checks_accepted_by: null }
          : {}),
    })
    .where('id', '=', photoId)
    .execute();
}
