import type { Db } from '../../db/database.js';
import { publishEvent } from '../../events/events.js';
import { assignPhotosInBulk, choosePrimaries, fitnessOf, setPrimariesInBulk } from '../photos/assignments.js';
import type { BatchRow } from './queries.js';

/** A matched frame of a batch being applied, in capture order: its item, subject and photo. */
interface AppliedFrame {
  id: string;
  subject_id: string;
  photo_id: string;
}

/**
 * Assigns a batch's matched frames (in capture order) to their subjects and chooses each subject's
 * primary by the batch's rule: the last frame that passed the photo checks (choosePrimaries), never one
 * without a usable face. A subject whose frames all failed gets none (Coverage: a retake). A subject with
 * a frame not checked yet gets its primary once they all are: its frames are marked `primary_pending` and
 * the checks job settles them (settlePendingPrimaries). Set-based: a handful of statements per batch,
 * whatever its size. Answers how many assignments were made.
 */
export async function assignBatchFrames(trx: Db, frames: AppliedFrame[], rule: BatchRow['primary_rule']) {
  const made = await assignPhotosInBulk(trx, frames);
  const fitness = await fitnessOf(
    trx,
    frames.map((f) => f.photo_id),
  );
  const { primaries, waiting } = choosePrimaries(
    frames.map((f) => ({ ...f, fitness: fitness.get(f.photo_id) ?? null })),
  );
  await setPrimariesInBulk(trx, primaries, rule);
  const pending = frames.filter((f) => waiting.has(f.subject_id)).map((f) => f.id);
  if (pending.length > 0)
    await trx
      .updateTable('photo_batch_items')
      .set({ primary_pending: true })
      .where('id', 'in', pending)
      .execute();
  if (made > 0)
    await publishAssigned(trx, frames[0]!.id, made, new Set(frames.map((f) => f.subject_id)).size);
  return made;
}

/**
 * Tells the project's streams (the school's Coverage, the dashboard) and its session's stations that
 * photos of a batch now count for their subjects, when the transaction commits: counts only.
 */
export async function publishAssigned(trx: Db, itemId: string, photos: number, subjects: number) {
  const batch = await trx
    .selectFrom('photo_batch_items as i')
    .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
    .select(['b.project_id', 'b.photo_session_id'])
    .where('i.id', '=', itemId)
    .executeTakeFirstOrThrow();
  await publishEvent(
    trx,
    { projectId: batch.project_id },
    { type: 'photos.assigned', photo_session_id: batch.photo_session_id, photos, subjects },
  );
}
