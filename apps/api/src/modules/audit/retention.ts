import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Deletes trail rows made before `before` (AUDIT_RETENTION_DAYS). The table refuses DELETE unless the
 * transaction set `audit.purge` (migration 0013), so this is the only code that can remove a row.
 */
export async function purgeAuditEvents(db: Db, before: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL audit.purge = 'on'`.execute(trx);
    const purged = await trx.deleteFrom('audit_events').where('created_at', '<', before).executeTakeFirst();
    return Number(purged.numDeletedRows);
  });
}
