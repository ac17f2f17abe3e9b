import { publishEvent } from '../../../events/events.js';
import { imageThreads } from '../../../images/threads/pool.js';
import type { JobDeps } from '../../../jobs/deps.js';
import { defineJob } from '../../../jobs/queue.js';
import { settlePendingPrimaries } from '../../picture-day/apply.js';
import { baseOf, renditionKey } from '../service.js';
import { autoCrops, DEFAULT_LARGEST_OUTPUT_HEIGHT, headOfFace } from './checks.js';
import {
  cropPlanOf,
  photoPlaceOf,
  photosWithFace,
  photoToCheck,
  replaceAutoCrops,
  saveChecks,
} from './queries.js';

/**
 * Finds the face of a verified photo, its quality flags and its auto crops. Queued by photos.verify in the
 * transaction that verified it, beside the working master: it reads the 600 px rendition the verification
 * just made (not the original), so it never delays the thumbnails and decodes little. The examination
 * runs on an image thread (images/threads), two photos at a time as the threads are two.
 */
export const photoChecksJob = defineJob('photos.checks', {
  concurrency: 2,
  retryLimit: 2,
  retryDelaySeconds: 30,
  handle: ({ photo_id }, deps: JobDeps) => checkPhoto(deps, photo_id),
});

/**
 * The checks of one verified photo (the job's work): its face, flags and auto crops from its 600 px
 * rendition. Also run by the development seed on the demo's photos, which it stores without the
 * verification that would queue the job.
 */
export async function checkPhoto({ db, storage }: Pick<JobDeps, 'db' | 'storage'>, photoId: string) {
  const photo = await photoToCheck(db, photoId);
  if (!photo?.upload_verified_at || !photo.width || !photo.height) return;
  const rendition = await storage.read(renditionKey(baseOf(photo.storage_key), 'large')).catch(() => null);
  if (!rendition) return;
  const plan = await cropPlanOf(db, photo.parent_resource_id);
  const findings = await imageThreads().run('examinePortrait', rendition, {
    originalHeight: photo.height,
    largestOutputHeight: plan.largestOutputHeight || DEFAULT_LARGEST_OUTPUT_HEIGHT,
    rule: plan.rule,
    // Found by its verification in the same rendition's pixels (picture day's camera-card frames).
    detected: photo.detected_faces,
  });
  const imageAspect = photo.width / photo.height;
  await db.transaction().execute(async (trx) => {
    const saved = await saveChecks(trx, photo.id, findings);
    if (saved.numUpdatedRows === 0n) return;
    const crops = findings.head ? autoCrops(findings.head, imageAspect, plan.aspects, plan.rule) : [];
    await replaceAutoCrops(trx, photo.id, crops);
    // A flag: the project's streams are told as this commits (ids and a count; the flags are read
    // through the photo checks routes).
    if (findings.checks.length > 0) {
      const place = await photoPlaceOf(trx, photo.id);
      await publishEvent(
        trx,
        { projectId: photo.parent_resource_id },
        {
          type: 'photo-check.failed',
          photo_id: photo.id,
          subject_id: place.subject_id,
          photo_session_id: place.photo_session_id,
          flags: findings.checks.length,
        },
      );
    }
  });
  // A picture-day frame applied before it was checked: its subject's primary is chosen now.
  await settlePendingPrimaries(db, photo.id);
}

/** Photos a project's auto crops job takes per transaction. */
const AUTO_CROPS_PAGE = 200;

/**
 * The auto crops of a project's photos again, from their stored faces (no detection again): after its
 * head-size rule changed or its exports use a new format. Manual crops stay as they are.
 */
export const projectAutoCropsJob = defineJob('photo-checks.auto-crops', {
  retryLimit: 2,
  retryDelaySeconds: 30,
  async handle({ project_id }, { db }: JobDeps) {
    const plan = await cropPlanOf(db, project_id);
    let after = '0';
    for (;;) {
      const photos = await photosWithFace(db, project_id, after, AUTO_CROPS_PAGE);
      if (photos.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const p of photos) {
          if (!p.face || !p.width || !p.height) continue;
          const crops = autoCrops(headOfFace(p.face), p.width / p.height, plan.aspects, plan.rule);
          await replaceAutoCrops(trx, p.id, crops);
        }
      });
      after = photos[photos.length - 1]!.id;
    }
  },
});
