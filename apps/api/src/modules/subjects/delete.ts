import type { AppContext } from '../../context.js';
import { deletePhotos, photosUsedOnlyBy } from '../photos/service.js';

/**
 * Deletes a subject and the photos no other subject uses, with their files (original and every
 * rendition). Rows go in one transaction that also schedules the files and queues the job that deletes
 * them, so a crash never leaves files nobody knows of. Answers how many photos went.
 */
export async function deleteSubjectWithPhotos(ctx: AppContext, subjectId: string): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    // Lock the subject's photos: an assignment of one of them to another subject (its foreign key
    // takes a share lock on the photo) either committed before, and is seen below, or waits for us.
    await trx
      .selectFrom('photos')
      .select('id')
      .where('id', 'in', (eb) =>
        eb.selectFrom('subject_photo_assignments').select('photo_id').where('subject_id', '=', subjectId),
      )
      .forUpdate()
      .execute();
    const photoIds = await photosUsedOnlyBy(trx, subjectId);
    await trx.deleteFrom('subjects').where('id', '=', subjectId).execute();
    const deleted = await deletePhotos(trx, photoIds);
    if (deleted > 0) await ctx.queue.enqueue('storage.deletions', {}, { trx });
    return deleted;
  });
}
