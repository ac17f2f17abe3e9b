import { sql } from 'kysely';
import { purgeUnverifiedAttachments } from '../modules/attachments/verify.js';
import { purgeUnverifiedPhotos } from '../modules/photos/service.js';
import { expireAbandonedImports } from '../modules/subject-imports/service.js';
import { FORM_LIFETIME_MS, runDueDeletions } from '../storage/uploads.js';
import { DAY_MS } from '../time.js';
import type { JobDeps } from './deps.js';
import { defineSweep } from './queue.js';

/** Unverified uploads older than this are abandoned (SECURITY.md). */
export const UNVERIFIED_UPLOAD_MAX_AGE_MS = DAY_MS;

/** Deletes every storage object that is due, in batches, then the driver's own stale state. */
export async function deleteDueObjects({ db, storage }: Pick<JobDeps, 'db' | 'storage'>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await runDueDeletions(db, storage, 500);
    total += done;
    if (done < 500) break;
  }
  // Used-form markers and half-written temporary uploads outlive every form after a day.
  await storage.sweep(Math.max(DAY_MS, FORM_LIFETIME_MS));
  return total;
}

/**
 * Objects waiting in storage_deletions (files of deleted subjects' photos, refused or abandoned uploads,
 * form keys once their form has expired). Queued right after a deletion, and every ten minutes.
 */
export const storageDeletionsJob = defineSweep(
  'storage.deletions',
  { retryLimit: 5, retryDelaySeconds: 30, schedule: '*/10 * * * *', log: 'never' },
  async (deps: JobDeps) => ({ deleted: await deleteDueObjects(deps) }),
);

/**
 * Photos and attachments never verified within a day: rows and objects (the form and the record's key);
 * roster imports abandoned (never uploaded, or never checked and applied) end as expired, files deleted.
 */
export async function purgeUnverifiedUploads(deps: Pick<JobDeps, 'db' | 'storage'>, now = new Date()) {
  const before = new Date(now.getTime() - UNVERIFIED_UPLOAD_MAX_AGE_MS);
  let photos = 0;
  let attachments = 0;
  for (;;) {
    const p = await purgeUnverifiedPhotos(deps.db, before);
    const a = await purgeUnverifiedAttachments(deps.db, before);
    photos += p;
    attachments += a;
    if (p === 0 && a === 0) break;
  }
  const roster_imports = await expireAbandonedImports(deps.db, now);
  await deleteDueObjects(deps);
  return { photos, attachments, roster_imports };
}

export const purgeUnverifiedUploadsJob = defineSweep(
  'uploads.purge-unverified',
  {
    retryLimit: 3,
    retryDelaySeconds: 60,
    schedule: '17 * * * *',
    log: 'when-any',
    message: 'abandoned uploads purged',
  },
  (deps: JobDeps) => purgeUnverifiedUploads(deps),
);

/**
 * Credentials that can never be used again: access tokens past expiry or revoked, reset links used or
 * expired (kept an hour, as the hourly reset limit counts them), invitations expired, accepted or
 * replaced (the user's own invitation dates stay on the user).
 */
export async function purgeExpiredCredentials({ db }: Pick<JobDeps, 'db'>) {
  const now = sql<Date>`now()`;
  const tokens = await db
    .deleteFrom('access_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  const resets = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .where('created_at', '<', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  const invitations = await db
    .deleteFrom('invitations')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb('accepted_at', 'is not', null),
        eb('replaced_at', 'is not', null),
      ]),
    )
    .executeTakeFirst();
  // Delivered mail still holds its links (reset, invitation) and names: kept a day for support, a week
  // when it failed or sits in the development mailbox; mail not yet sent always stays.
  const mails = await db
    .deleteFrom('email_outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('created_at', '<', sql<Date>`now() - interval '1 day'`)]),
        eb.and([
          eb('status', 'in', ['failed', 'stored']),
          eb('created_at', '<', sql<Date>`now() - interval '7 days'`),
        ]),
      ]),
    )
    .executeTakeFirst();
  return {
    email_outbox: Number(mails.numDeletedRows),
    access_tokens: Number(tokens.numDeletedRows),
    password_resets: Number(resets.numDeletedRows),
    invitations: Number(invitations.numDeletedRows),
  };
}

export const purgeExpiredCredentialsJob = defineSweep(
  'credentials.purge',
  {
    retryLimit: 3,
    retryDelaySeconds: 60,
    schedule: '43 * * * *',
    log: 'always',
    message: 'expired credentials purged',
  },
  (deps: JobDeps) => purgeExpiredCredentials(deps),
);
