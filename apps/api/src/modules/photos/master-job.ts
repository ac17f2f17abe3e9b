import { renderWorkingMaster } from '../../images/images.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import { baseOf, readVerifiedOriginal, renditionKey } from './service.js';

/**
 * Makes a verified photo's working master (images.ts renderWorkingMaster), which exports and print sheets
 * read instead of the original. Queued by photos.verify once the thumbnails are there, so it never delays
 * them on picture day. Two in flight like every image job: on picture day the masters are what the match
 * waits for once the uploads end, and one at a time left a core idle (bench:picture-day). Idempotent: a photo with a
 * master is skipped. Until it has one, exports and prints read the original (slower, same result).
 */
export const photoMasterJob = defineJob('photos.master', {
  concurrency: 2,
  retryLimit: 3,
  retryDelaySeconds: 30,
  async handle({ photo_id }, { db, storage, log }: JobDeps) {
    const photo = await db
      .selectFrom('photos')
      .select(['id', 'storage_key', 'upload_verified_at', 'content_sha256', 'master_width'])
      .where('id', '=', photo_id)
      .executeTakeFirst();
    if (!photo?.upload_verified_at || photo.master_width) return;
    const original = await readVerifiedOriginal(storage, photo, log);
    if (!original) {
      // Marked, so the backfill sweep does not take it again every quarter of an hour.
      await db
        .updateTable('photos')
        .set({ master_refused_at: new Date() })
        .where('id', '=', photo.id)
        .execute();
      return;
    }
    const master = await renderWorkingMaster(original);
    const key = renditionKey(baseOf(photo.storage_key), 'master');
    await storage.put(key, master.jpeg, 'image/jpeg');
    const updated = await db
      .updateTable('photos')
      .set({ master_width: master.width, master_height: master.height })
      .where('id', '=', photo.id)
      .executeTakeFirst();
    // Deleted meanwhile: its files went with it, so must this one.
    if (updated.numUpdatedRows === 0n) await storage.delete(key);
  },
});

/** Photos a backfill sweep queues at most (the next sweep takes the next ones). */
export const MASTERS_BACKFILL_BATCH = 200;

/**
 * Queues the master of verified photos that have none: photos verified before working masters existed,
 * or whose master job gave up; not those whose original no longer matches its verified bytes. Photos verified in the last ten minutes are left to their own job. Each
 * photo has one master job at a time (a singleton key), so a sweep never doubles one already queued.
 */
export const photoMastersBackfillJob = defineJob('photos.masters-backfill', {
  retryLimit: 1,
  retryDelaySeconds: 300,
  schedule: '*/15 * * * *',
  async handle(_payload, { db, enqueuePhotoMaster, log }: JobDeps) {
    const photos = await db
      .selectFrom('photos')
      .select('id')
      .where('master_width', 'is', null)
      .where('upload_verified_at', 'is not', null)
      .where('master_refused_at', 'is', null)
      .where('upload_verified_at', '<', new Date(Date.now() - 10 * 60_000))
      .orderBy('id')
      .limit(MASTERS_BACKFILL_BATCH)
      .execute();
    for (const { id } of photos) await enqueuePhotoMaster(id);
    if (photos.length > 0) log.info({ queued: photos.length }, 'working masters queued');
  },
});
