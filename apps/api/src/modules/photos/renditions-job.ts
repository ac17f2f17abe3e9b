import { z } from 'zod';
import { renderRenditions } from '../../images/images.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import { baseOf, readVerifiedOriginal, storeRenditions } from './service.js';

/**
 * Makes a verified photo's thumbnails, from the verified bytes only (their SHA-256 must match). Idempotent: a photo whose renditions exist is skipped, and
 * writing the same keys twice leaves the same files.
 */
export const photoRenditionsJob = defineJob({
  schema: z.object({ photo_id: z.string().regex(/^\d+$/) }),
  // Two photos in flight, one libvips thread each (images.ts sets sharp.concurrency(1)).
  concurrency: 2,
  retryLimit: 3,
  retryDelaySeconds: 10,
  async handle({ photo_id }, { db, storage, log }: JobDeps) {
    const photo = await db
      .selectFrom('photos')
      .select([
        'id',
        'storage_key',
        'upload_content_type',
        'orientation',
        'renditions_ready_at',
        'upload_verified_at',
        'content_sha256',
      ])
      .where('id', '=', photo_id)
      .executeTakeFirst();
    if (!photo?.upload_verified_at || photo.renditions_ready_at) return;
    // Thumbnails are made only of the bytes that were verified.
    const original = await readVerifiedOriginal(storage, photo, log);
    if (!original) return;
    const renditions = await renderRenditions(original, {
      type: photo.upload_content_type as 'image/jpeg' | 'image/png',
      orientation: photo.orientation ?? 1,
    });
    await storeRenditions(
      storage,
      baseOf(photo.storage_key),
      original,
      photo.upload_content_type,
      renditions,
    );
    await db
      .updateTable('photos')
      .set({ renditions_ready_at: new Date() })
      .where('id', '=', photo.id)
      .execute();
  },
});
