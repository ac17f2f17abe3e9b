import { sql, type Transaction, type Updateable } from 'kysely';
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

/** The sign-in check's user: an active user by e-mail (any case), with the account a session starts in. */
export function userForSignIn(db: Db, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('accounts as a', (join) =>
      join.on('a.id', '=', sql<string>`coalesce(u.current_account_id, u.default_account_id)`),
    )
    .select(['u.id', 'u.password_hash', 'a.id as account_id', 'a.organization_id'])
    .where(sql`lower(u.email)`, '=', email.trim().toLowerCase())
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The account a session of the user starts in (current, else default). */
export function sessionAccountOf(db: Db | Transaction<Database>, userId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('accounts as a', (join) =>
      join.on('a.id', '=', sql<string>`coalesce(u.current_account_id, u.default_account_id)`),
    )
    .select(['a.id', 'a.organization_id'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** An active user by e-mail (any case). */
export function activeUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The user to invite, locked until the transaction ends so concurrent invitations queue up. */
export function lockUserToInvite(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'name', 'email', 'invitation_accepted_at'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Changes a user's fields (and its updated_at). */
export async function updateUser(
  db: Db | Transaction<Database>,
  userId: string,
  changes: Omit<Updateable<Database['users']>, 'id'> & { updated_at: Date },
) {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** A user's application licences, by app. */
export function licensesOf(db: Db, userId: string) {
  return db
    .selectFrom('app_licenses')
    .select(['id', 'plic_app_slug', 'active', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('plic_app_slug')
    .execute();
}

/** An active user's name and e-mail (who is told that something they started is ready); none once deleted. */
export function activeUserContact(db: Db | Transaction<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
