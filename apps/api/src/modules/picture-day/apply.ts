import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  choosePrimaries,
  type Frame,
  fitnessOf,
  photoUncheckedRead,
  setPrimariesInBulk,
} from '../photos/assignments.js';
import { publishAssigned } from './assign.js';
import { matchLiveFrame } from './live-match.js';

/**
 * Called when a photo's checks are saved (photos.checks). A frame of a station's live batch is matched
 * first, with its batch, as it arrives (live-match.ts). Then, when it is a frame whose subject's primary
 * waits for the checks (apply came first), and the subject's other waiting frames of that batch are checked too, the
 * primary is chosen now as apply would have, by the batch's rule, and the frames no longer wait. Claimed
 * in one statement, so two checks finishing at once settle it once.
 */
export async function settlePendingPrimaries(db: Db, photoId: string) {
  await matchLiveFrame(db, photoId);
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
