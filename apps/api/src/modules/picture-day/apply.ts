import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { publishEvent } from '../../events/events.js';
import {
  assignPhotosInBulk,
  choosePrimaries,
  type Frame,
  fitnessOf,
  photoUncheckedRead,
  setPrimariesInBulk,
} from '../photos/assignments.js';
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
async function publishAssigned(trx: Db, itemId: string, photos: number, subjects: number) {
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

/**
 * Called when a photo's checks are saved: when it is a frame whose subject's primary waits for the
 * checks (apply came first), and the subject's other waiting frames of that batch are checked too, the
 * primary is chosen now as apply would have, by the batch's rule, and the frames no longer wait. Claimed
 * in one statement, so two checks finishing at once settle it once.
 */
export async function settlePendingPrimaries(db: Db, photoId: string) {
  const item = await db
    .selectFrom('photo_batch_items as i')
    .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
    .select(['i.id', 'i.photo_batch_id', 'i.subject_id', 'b.primary_rule'])
    .where('i.photo_id', '=', photoId)
    .where('i.primary_pending', '=', true)
    .executeTakeFirst();
  if (!item?.subject_id) return;
  const subjectId = item.subject_id;
  await db.transaction().execute(async (trx) => {
    // Every waiting frame of the subject in the batch, claimed only when none is left unchecked.
    const { rows } = await sql<{ id: string; photo_id: string; sequence: number | null }>`
      UPDATE photo_batch_items i SET primary_pending = false
      WHERE i.photo_batch_id = ${item.photo_batch_id} AND i.subject_id = ${subjectId} AND i.primary_pending
        AND NOT EXISTS (
          SELECT 1 FROM photo_batch_items o
          WHERE o.photo_batch_id = i.photo_batch_id AND o.subject_id = i.subject_id AND o.primary_pending
            AND ${photoUncheckedRead('o.photo_id')})
      RETURNING i.id, i.photo_id, i.sequence`.execute(trx);
    if (rows.length === 0) return;
    rows.sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0) || Number(BigInt(a.id) - BigInt(b.id)));
    const fitness = await fitnessOf(
      trx,
      rows.map((r) => r.photo_id),
    );
    const frames: Frame[] = rows.map((r) => ({
      subject_id: subjectId,
      photo_id: r.photo_id,
      fitness: fitness.get(r.photo_id) ?? null,
    }));
    await setPrimariesInBulk(trx, choosePrimaries(frames).primaries, item.primary_rule);
    // Its portrait may have come now: Coverage reads again.
    await publishAssigned(trx, item.id, rows.length, 1);
  });
}

/** The session of the batch a photo came in, when that batch was matched by check-in (else null). */
export async function batchSessionOfPhoto(db: Db, photoId: string): Promise<string | null> {
  const row = await db
    .selectFrom('photo_batch_items as i')
    .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
    .select('b.photo_session_id')
    .where('i.photo_id', '=', photoId)
    .where('b.photo_session_id', 'is not', null)
    .executeTakeFirst();
  return row?.photo_session_id ?? null;
}
