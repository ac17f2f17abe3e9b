import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dueToExpire } from '../../storage/retention.js';
import { scheduleDeletions } from '../../storage/uploads.js';

/**
 * Marks the renders past their expiry as expired and schedules their PDFs for deletion, in batches, each
 * in one transaction (the file is forgotten only if the mark commits). Renders completed before expiry
 * dates existed get theirs first. `now` is the sweep's clock. Answers how many expired.
 */
export async function expireRenders(db: Db, now: Date, retentionDays: number, limit = 500): Promise<number> {
  await db
    .updateTable('layout_renders')
    .set({ expires_at: sql<Date>`completed_at + make_interval(days => ${retentionDays})` })
    .where('expires_at', 'is', null)
    .where('worker_status', '=', 'complete')
    .where('completed_at', 'is not', null)
    .execute();
  let total = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const due = await dueToExpire(trx, 'layout_renders', now, limit).forUpdate().skipLocked().execute();
      if (due.length === 0) return 0;
      await trx
        .updateTable('layout_renders')
        .set({ expired_at: now })
        .where(
          'id',
          'in',
          due.map((r) => r.id),
        )
        .execute();
      await scheduleDeletions(
        trx,
        due.flatMap((r) => (r.storage_key ? [{ key: r.storage_key }] : [])),
      );
      return due.length;
    });
    total += done;
    if (done < limit) return total;
  }
}
