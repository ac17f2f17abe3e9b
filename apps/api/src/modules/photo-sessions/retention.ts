import type { Db } from '../../db/database.js';
import { daysAfter } from '../../time.js';

/**
 * How long a walk-up the studio never approved is kept after its session's day: long enough for the
 * season's review and a retake day, not for good (a child's name and class that never joined the school's
 * data). An approved walk-up is its subject's and goes with it.
 */
export const WALK_UP_RETENTION_DAYS = 90;

/**
 * The retention sweep's part for picture day (jobs/retention.ts): walk-ups still waiting for review
 * WALK_UP_RETENTION_DAYS after their session's date, with their check-ins (ON DELETE CASCADE). Not those
 * of a session a batch is matched by: its check-ins are what the batch's photos are matched to, and a
 * walk-up's check-in taken away would let the photos after it fall to the student checked in before.
 */
export async function purgeWalkUps(db: Db, now: Date): Promise<number> {
  const cutoff = daysAfter(now, -WALK_UP_RETENTION_DAYS).toISOString().slice(0, 10);
  const removed = await db
    .deleteFrom('walk_ups')
    .where('approved_at', 'is', null)
    .where('photo_session_id', 'in', (q) =>
      q
        .selectFrom('photo_sessions as ps')
        .select('ps.id')
        .where('ps.date', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('photo_batches as b').select('b.id').whereRef('b.photo_session_id', '=', 'ps.id'),
            ),
          ),
        ),
    )
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}
