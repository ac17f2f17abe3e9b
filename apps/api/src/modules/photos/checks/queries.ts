import { DEFAULT_HEAD_SIZE_RULE, type HeadSizeRule, PORTRAIT_ASPECT } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type PageRequest, pageOf } from '../../../db/paging.js';
import type { PhotoCheck, PhotoFace } from '../../../db/schema.js';
import { exportImageSizesOfProject } from '../../project-exports/queries.js';
import { headSizeRuleOf } from '../../projects/queries.js';

/** What the checks job reads of a photo, with its project (photos of other albums are not checked). */
export function photoToCheck(db: Db, photoId: string) {
  return db
    .selectFrom('photos as ph')
    .innerJoin('albums as al', 'al.id', 'ph.album_id')
    .select([
      'ph.id',
      'ph.storage_key',
      'ph.width',
      'ph.height',
      'ph.upload_verified_at',
      'al.parent_resource_id',
    ])
    .where('ph.id', '=', photoId)
    .where('al.parent_resource_type', '=', 'Project')
    .executeTakeFirst();
}

/** The project's head-size rule (its own values, else the defaults) and the aspects its outputs use. */
export async function cropPlanOf(db: Db, projectId: string) {
  const project = await headSizeRuleOf(db, projectId);
  const rule: HeadSizeRule = {
    head_size_share: project?.head_size_share ?? DEFAULT_HEAD_SIZE_RULE.head_size_share,
    eye_line_from_top: project?.eye_line_from_top ?? DEFAULT_HEAD_SIZE_RULE.eye_line_from_top,
  };
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
    })
    .where('id', '=', photoId)
    .executeTakeFirst();
}

/** A project's photos with a face, for crops again after its rule changed, a page at a time. */
export function photosWithFace(db: Db, projectId: string, afterId: string, limit: number) {
  return db
    .selectFrom('photos as ph')
    .innerJoin('albums as al', 'al.id', 'ph.album_id')
    .select(['ph.id', 'ph.face', 'ph.width', 'ph.height'])
    .where('al.parent_resource_type', '=', 'Project')
    .where('al.parent_resource_id', '=', projectId)
    .where('ph.face', 'is not', null)
    .where(sql<boolean>`ph.id > ${afterId}::bigint`)
    .orderBy('ph.id')
    .limit(limit)
    .execute();
}

/** A project's checked photos with a flag (of this code) or marked for a retake, by id. */
export function flaggedPhotos(db: Db, projectId: string, code: string | undefined, paging: PageRequest) {
  const query = db
    .selectFrom('photos as ph')
    .innerJoin('albums as al', 'al.id', 'ph.album_id')
    .leftJoin('photo_crops as c', (join) =>
      join.onRef('c.photo_id', '=', 'ph.id').on('c.source', '=', 'auto').on('c.aspect', '=', PORTRAIT_ASPECT),
    )
    .select([
      'ph.id',
      'ph.face',
      'ph.checks',
      'ph.retake_needed',
      'ph.checked_at',
      'c.x as crop_x',
      'c.y as crop_y',
      'c.width as crop_width',
      'c.height as crop_height',
    ])
    .where('al.parent_resource_type', '=', 'Project')
    .where('al.parent_resource_id', '=', projectId)
    .where(
      code
        ? sql<boolean>`ph.checks @> ${JSON.stringify([{ code }])}::jsonb`
        : sql<boolean>`(ph.checks <> '[]'::jsonb OR ph.retake_needed)`,
    );
  return pageOf(db, query, (q) => q.orderBy('ph.id'), paging);
}

export function setRetakeNeeded(db: Db, photoId: string, retakeNeeded: boolean) {
  return db
    .updateTable('photos')
    .set({ retake_needed: retakeNeeded })
    .where('id', '=', photoId)
    .returning(['id', 'face', 'checks', 'retake_needed', 'checked_at'])
    .executeTakeFirstOrThrow();
}
