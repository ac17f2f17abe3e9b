import type { Db } from '../../db/database.js';
import { daysAfter } from '../../time.js';

/**
 * How long a guardian is kept after its last sign-in: a school year and a season's margin. A guardian who
 * has not signed in again within it is removed with its claims, tokens and unsubscribe links (its opt-out
 * requests and pose choices stay, without it: the school's records of what was asked and chosen).
 */
export const GUARDIAN_RETENTION_DAYS = 400;

/** The retention sweep's part for families (jobs/retention.ts): guardians past retention, spent links. */
export async function purgeFamilies(db: Db, now: Date): Promise<number> {
  const removed = await db
    .deleteFrom('guardians')
    .where('last_signed_in_at', '<', daysAfter(now, -GUARDIAN_RETENTION_DAYS))
    .executeTakeFirst();
  await db.deleteFrom('family_sign_in_links').where('expires_at', '<', daysAfter(now, -1)).execute();
  await db.deleteFrom('family_tokens').where('expires_at', '<', now).execute();
  await db.deleteFrom('family_gallery_grants').where('expires_at', '<', now).execute();
  return Number(removed.numDeletedRows);
}
