import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { unprocessable } from '../http/errors.js';
import type { Storage, StoredObject } from './storage.js';

const UPLOAD_KEY_SUFFIX = '.upload';

/**
 * The lifecycle of a presigned upload, the same on both drivers (SECURITY.md "Files"):
 *
 * 1. The form targets `uploadKeyFor(record.storage_key)`, never the record's key itself.
 * 2. Verify moves the bytes to the record's key (`takeUpload`), which no form can write, then checks
 *    them there and keeps their SHA-256. Re-posting the form after that (S3 can't refuse a second POST
 *    within the form's life; the local driver does) writes only the upload key, which nothing reads.
 * 3. Whether verified or refused, the upload key is scheduled for deletion once the form has expired
 *    (`scheduleDeletions`), so a re-post leaves nothing behind either.
 */
export const uploadKeyFor = (storageKey: string) => `${storageKey}${UPLOAD_KEY_SUFFIX}`;

/** The record's key behind a form's key (`uploadKeyFor` undone); null when the form targets a key of its own. */
export const recordKeyOf = (formKey: string) =>
  formKey.endsWith(UPLOAD_KEY_SUFFIX) ? formKey.slice(0, -UPLOAD_KEY_SUFFIX.length) : null;

/** Longer than any upload form lives (15 and 30 minutes), with margin for a slow upload under way. */
export const FORM_LIFETIME_MS = 2 * 60 * 60 * 1000;

/**
 * Moves the uploaded bytes from the form's key to the record's key; answers the object now at the
 * record's key, or null when nothing was uploaded. A record made before upload keys existed was
 * uploaded to its own key: that is used in place.
 */
export async function takeUpload(storage: Storage, storageKey: string): Promise<StoredObject | null> {
  const staged = await storage.head(uploadKeyFor(storageKey));
  if (staged) await storage.move(uploadKeyFor(storageKey), storageKey);
  return storage.head(storageKey);
}

/**
 * The opening of a record's verify, the same for photos and attachments: the bytes taken from the form's
 * key (`takeUpload`), then the cheap checks. Nothing uploaded is a 422 that keeps the record (its form may
 * still be posted); more than `maxBytes` or than the declared size is refused: `discard` removes the record
 * and its files, then a 422 says why. Answers the stored size, and `refuse` for the caller's later checks.
 */
export async function takeCheckedUpload(
  storage: Storage,
  row: { storage_key: string; upload_file_size: string | number },
  maxBytes: number,
  discard: () => Promise<void>,
): Promise<{ size: number; refuse: (message: string) => Promise<never> }> {
  const refuse = async (message: string): Promise<never> => {
    await discard();
    throw unprocessable({ file: [message] });
  };
  const stored = await takeUpload(storage, row.storage_key);
  if (!stored) throw unprocessable({ file: ['has not been uploaded'] });
  if (stored.size > maxBytes) return refuse('is too large');
  if (stored.size > Number(row.upload_file_size)) return refuse('is larger than its declared size');
  return { size: stored.size, refuse };
}

/**
 * Up to `limit` records of `table` whose upload was never verified, made before `before` (abandoned
 * forms), oldest first, locked in the caller's transaction for the purge (rows another purge holds are
 * skipped).
 */
export function lockUnverifiedUploads(
  trx: Kysely<Database>,
  table: 'photos' | 'attachments',
  before: Date,
  limit: number,
) {
  return trx
    .selectFrom(table)
    .select(['id', 'storage_key'])
    .where('upload_verified_at', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** The SHA-256 (hex) of a stored object, streamed. */
export async function sha256Of(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.stream(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether the stored bytes are still the verified ones (a later read can tell). */
export async function storedBytesMatch(storage: Storage, key: string, sha256: string | null) {
  return !!sha256 && (await sha256Of(storage, key)) === sha256;
}

export interface Deletion {
  key: string;
  /** Everything under `key`, which then ends with a slash (a photo's original and all its renditions). */
  prefix?: boolean;
  /** Not before this time (an upload key waits for its form to expire). */
  after?: Date;
}

/** A record's form key, deleted once the record's form has expired (in case the form is posted again). */
export const formKeyDeletion = (row: { storage_key: string; created_at: Date }): Deletion => ({
  key: uploadKeyFor(row.storage_key),
  after: new Date(row.created_at.getTime() + FORM_LIFETIME_MS),
});

/**
 * Records objects to delete, in the caller's transaction: if it commits, a job deletes them; if it
 * rolls back, nothing is lost. A key already scheduled keeps the earlier time.
 */
export async function scheduleDeletions(db: Kysely<Database>, deletions: Deletion[]): Promise<void> {
  if (deletions.length === 0) return;
  await db
    .insertInto('storage_deletions')
    .values(
      deletions.map((d) => {
        if (d.prefix && !d.key.endsWith('/')) throw new Error('a prefix deletion must end with a slash');
        return { storage_key: d.key, is_prefix: !!d.prefix, delete_after: d.after ?? new Date() };
      }),
    )
    .onConflict((oc) =>
      oc.column('storage_key').doUpdateSet((eb) => ({
        delete_after: eb.fn('least', ['storage_deletions.delete_after', eb.ref('excluded.delete_after')]),
      })),
    )
    .execute();
}

/**
 * Deletes the objects that are due, then forgets them. Idempotent: deleting a missing object is not an
 * error, and a row goes only after its object is gone. Answers how many were done.
 */
export async function runDueDeletions(db: Kysely<Database>, storage: Storage, limit = 500): Promise<number> {
  const due = await db
    .selectFrom('storage_deletions')
    .select(['storage_key', 'is_prefix'])
    .where('delete_after', '<=', new Date())
    .orderBy('delete_after')
    .limit(limit)
    .execute();
  for (const row of due) {
    if (row.is_prefix) await storage.deletePrefix(row.storage_key);
    else await storage.delete(row.storage_key);
    await db.deleteFrom('storage_deletions').where('storage_key', '=', row.storage_key).execute();
  }
  return due.length;
}
