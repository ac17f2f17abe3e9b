import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** The e-mail of an organization's earliest-created active user (who gets mail when it has no contact). */
export async function earliestUserEmail(db: Db | Transaction<Database>, organizationId: string) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.user_id', 'u.id')
    .select('u.email')
    .where('a.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.created_at')
    .orderBy('u.id')
    .executeTakeFirst();
  return row?.email ?? null;
}
