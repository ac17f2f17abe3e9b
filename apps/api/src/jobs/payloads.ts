import { z } from 'zod';

/**
 * Every job's queue name and payload schema, and nothing else: a leaf that imports only zod, so that code
 * which enqueues jobs (routes, services, the mail outbox) never imports the handlers, and the handlers
 * never import back. Handlers are bound to their names in jobs/catalogue.ts, which only the runtime reads.
 * A payload is checked when it is enqueued and again when it is run. Scheduled jobs take `{}`.
 */
const recordId = z.string().regex(/^\d+$/);
const scheduled = z.object({});
/** A job about one photo, or one picture-day batch. */
const ofPhoto = z.object({ photo_id: recordId });
const ofPhotoBatch = z.object({ photo_batch_id: recordId });

export const JOB_PAYLOADS = {
  'email.send': z.object({ outbox_id: recordId }),
  'attachments.announce-unfinished': scheduled,
  'photos.master': ofPhoto,
  'photos.masters-backfill': scheduled,
  'photos.verify': ofPhoto,
  'photos.checks': ofPhoto,
  'photo-checks.auto-crops': z.object({ project_id: recordId }),
  'storage.deletions': scheduled,
  'uploads.purge-unverified': scheduled,
  'credentials.purge': scheduled,
  'password-resets.request': z.object({ email: z.string().min(1).max(254) }),
  'subject-imports.apply': z.object({ import_id: recordId, can_write_hidden: z.boolean() }),
  'layouts.render': z.object({ render_id: recordId }),
  'project-exports.build': z.object({ project_export_id: recordId }),
  'project-exports.expire': scheduled,
  'yearbook-deliveries.build': z.object({ yearbook_delivery_id: recordId }),
  'yearbook-deliveries.deadlines': scheduled,
  'projects.delete': z.object({ project_id: recordId }),
  'retention.sweep': scheduled,
  'jobs.stranded-records': scheduled,
  'photo-batches.match': ofPhotoBatch,
  'photo-batches.apply': ofPhotoBatch,
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobSchema<N extends JobName> = (typeof JOB_PAYLOADS)[N];
/** What a job of this name is enqueued with. */
export type JobPayload<N extends JobName> = z.input<JobSchema<N>>;
