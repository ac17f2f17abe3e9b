import type { AppContext } from '../../context.js';
import { requireWritten } from '../../http/errors.js';
import { type AuditActor, type AuditEntry, recordAudits } from '../audit/record.js';
import { lockPhotosOfSubjects } from '../photos/queries.js';
import { deletePhotos, photosUsedOnlyBy } from '../photos/service.js';

/**
 * Deletes a subject and the photos no other subject uses, with their files (original and every
 * rendition). Rows go in one transaction that also schedules the files, queues the job that deletes
 * them and records each deletion in the trail (ids only), so a crash never leaves files nobody knows
 * of. Answers how many photos went.
 */
export async function deleteSubjectWithPhotos(
  ctx: AppContext,
  actor: AuditActor,
  subject: { id: string; project_id: string; organization_id: string },
): Promise<number> {
  const subjectId = subject.id;
  return ctx.db.transaction().execute(async (trx) => {
    // Lock the subject's photos: an assignment of one of them to another subject (its foreign key
    // takes a share lock on the photo) either committed before, and is seen below, or waits for us.
    await lockPhotosOfSubjects(trx, [subjectId]);
    const photoIds = await photosUsedOnlyBy(trx, subjectId);
    const gone = await trx.deleteFrom('subjects').where('id', '=', subjectId).executeTakeFirst();
    // A concurrent delete got there first (and recorded the deletion): 404, as a moment later.
    requireWritten(gone);
    const deleted = await deletePhotos(trx, photoIds);
    const where = { projectId: subject.project_id, ownerOrganizationId: subject.organization_id };
    await recordAudits(trx, actor, [
      {
        action: 'subject.delete',
        recordType: 'subject',
        recordId: subjectId,
        ...where,
        details: { photo_ids: photoIds },
      },
      ...photoIds.map(
        (photoId): AuditEntry => ({
          action: 'photo.delete',
          recordType: 'photo',
          recordId: photoId,
          ...where,
          details: { subject_id: subjectId },
        }),
      ),
    ]);
    if (deleted > 0) await ctx.queue.enqueue('storage.deletions', {}, { trx });
    return deleted;
  });
}
