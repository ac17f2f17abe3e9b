import { createHash } from 'node:crypto';
import { publishEvent } from '../../events/events.js';
import type { DetectedFace } from '../../images/faces.js';
import {
  ImageRejected,
  type inspectAndRender,
  sniffImageType,
  type WorkingMaster,
} from '../../images/images.js';
import { imageThreads } from '../../images/threads/pool.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import { scheduleDeletions } from '../../storage/uploads.js';
import { batchItemOfPhoto } from '../picture-day/jobs.js';
import { type Reading, saveReadings } from '../picture-day/queries.js';
import { baseOf, MAX_PHOTO_BYTES, renditionKey, storeRenditions } from './service.js';

/**
 * The byte checks of an uploaded photo, off the request path (PATCH /photos/:id/verify set it verifying):
 * the object is read as a stream and hashed while it arrives, its type sniffed from the first bytes, then
 * one shrink-on-load decode both checks it whole and makes the renditions (decode once). A picture-day
 * photo (a batch's item) is decoded once at the working master's scale instead, and everything is derived
 * from that decode: renditions, working master, and what the match needs (capture time, card code, and
 * in a frame without a code whether it has a sharp face), so that no later job decodes it again (decode once, derive many; a single upload keeps the smaller decode,
 * its thumbnails first, and its master from photos.master). The image work runs on an image thread
 * (images/threads), off the thread that serves requests. It ends
 * verified (renditions ready), merged (the same bytes already in the album, when asked) or refused with
 * the reason; refused and merged uploads keep no files. Idempotent: only a verifying row is worked on.
 */
export const photoVerifyJob = defineJob('photos.verify', {
  // Two photos in flight, one libvips thread each (images.ts sets sharp.concurrency(1)).
  concurrency: 2,
  retryLimit: 3,
  retryDelaySeconds: 5,
  async handle({ photo_id }, { db, storage, log, enqueuePhotoMaster, enqueuePhotoChecks }: JobDeps) {
    const photo = await db
      .selectFrom('photos')
      .select([
        'id',
        'album_id',
        'storage_key',
        'upload_content_type',
        'merge_duplicate',
        'verification_state',
      ])
      .where('id', '=', photo_id)
      .executeTakeFirst();
    if (photo?.verification_state !== 'verifying') return;
    const base = baseOf(photo.storage_key);
    const end = async (state: 'refused' | 'merged', values: { error?: string; mergedInto?: string }) => {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('photos')
          .set({
            verification_state: state,
            verification_error: values.error ?? null,
            merged_into_photo_id: values.mergedInto ?? null,
          })
          .where('id', '=', photo.id)
          .execute();
        await scheduleDeletions(trx, [{ key: `${base}/`, prefix: true }]);
      });
      await storage.deletePrefix(`${base}/`);
    };

    const stored = await storage.head(photo.storage_key);
    if (!stored) throw new Error('the uploaded photo is not in storage');
    if (stored.size > MAX_PHOTO_BYTES) return end('refused', { error: 'is too large' });
    const hash = createHash('sha256');
    // Read into memory shared with the image threads (pool.ts SharedBytes), which read it where it is,
    // hashed as it arrives: the bytes are held once.
    const outcome = await imageThreads().shared.with(stored.size, async (bytes) => {
      let at = 0;
      for await (const chunk of await storage.stream(photo.storage_key)) {
        const piece = chunk as Buffer;
        if (at + piece.length > bytes.length) throw new Error('the stored photo grew while it was read');
        hash.update(piece);
        at += piece.copy(bytes, at);
      }
      if (at !== bytes.length) throw new Error('the stored photo shrank while it was read');
      const sha256 = hash.digest('hex');
      const sniffed = await sniffImageType(bytes.subarray(0, 4100));
      if (!sniffed) return { refused: 'is not a PNG or JPEG image' };
      if (sniffed !== photo.upload_content_type)
        return { refused: `is a ${sniffed === 'image/png' ? 'PNG' : 'JPEG'}, not what was declared` };
      if (photo.merge_duplicate) {
        const duplicate = await db
          .selectFrom('photos')
          .select('id')
          .where('album_id', '=', photo.album_id)
          .where('content_sha256', '=', sha256)
          .where('upload_verified_at', 'is not', null)
          .where('id', '!=', photo.id)
          .executeTakeFirst();
        if (duplicate) return { mergedInto: duplicate.id };
      }
      const item = await batchItemOfPhoto(db, photo.id);
      let checked: Awaited<ReturnType<typeof inspectAndRender>>;
      let master: WorkingMaster | null = null;
      let reading: Reading | undefined;
      let detected: DetectedFace[] | null = null;
      try {
        if (item) {
          const frame = await imageThreads().run('readFrame', bytes, item.match_by);
          checked = frame;
          master = frame.master;
          reading = { id: item.id, ...frame.reading };
          detected = frame.detected;
        } else checked = await imageThreads().run('inspectAndRender', bytes);
      } catch (error) {
        if (error instanceof ImageRejected) return { refused: error.message };
        throw error;
      }
      await storeRenditions(storage, base, photo.storage_key, photo.upload_content_type, checked.renditions);
      if (master) await storage.put(renditionKey(base, 'master'), master.jpeg, 'image/jpeg');
      return { item, facts: checked.facts, master, reading, detected, sha256 };
    });
    if ('refused' in outcome) return end('refused', { error: outcome.refused });
    if ('mergedInto' in outcome) return end('merged', { mergedInto: outcome.mergedInto });
    const { item, facts, master, reading, detected, sha256 } = outcome;
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      const verified = await trx
        .updateTable('photos')
        .set({
          verification_state: 'verified',
          upload_verified_at: now,
          renditions_ready_at: now,
          width: facts.width,
          height: facts.height,
          orientation: facts.orientation,
          content_sha256: sha256,
          ...(master ? { master_width: master.width, master_height: master.height } : {}),
          // The faces its frame's look found: photos.checks takes them rather than detecting again.
          detected_faces: detected ? JSON.stringify(detected) : null,
        })
        .where('id', '=', photo.id)
        .where('verification_state', '=', 'verifying')
        .executeTakeFirst();
      // Its working master next, off the path to its thumbnails (photos.master), unless made already; its
      // face and flags from the rendition just made (photos.checks), unless it is a camera card (a code
      // read in it): a card is never a portrait.
      if (verified.numUpdatedRows > 0n) {
        if (reading) await saveReadings(trx, [reading]);
        if (item)
          await publishEvent(
            trx,
            { projectId: item.project_id },
            { type: 'photo-batch.photo-verified', photo_batch_id: item.photo_batch_id, photo_id: photo.id },
          );
        if (!master) await enqueuePhotoMaster(photo.id, trx);
        if (!reading?.card_code) await enqueuePhotoChecks(photo.id, trx);
      }
    });
    log.debug({ photo_id }, 'photo verified');
  },
});
