import type { AppContext } from '../context.js';
import { enqueueEmailOn } from '../mail/outbox.js';
import { attachmentsAnnounceUnfinishedJob } from '../modules/attachments/notify.js';
import { layoutRenderJob } from '../modules/layouts/render-job.js';
import { passwordResetRequestJob } from '../modules/password-resets/request-job.js';
import { photoChecksJob, projectAutoCropsJob } from '../modules/photos/checks/job.js';
import { photoMasterJob, photoMastersBackfillJob } from '../modules/photos/master-job.js';
import { photoVerifyJob } from '../modules/photos/verify-job.js';
import { photoBatchApplyJob, photoBatchMatchJob } from '../modules/picture-day/jobs.js';
import { projectExportBuildJob, projectExportExpireJob } from '../modules/project-exports/build-job.js';
import { projectDeleteJob } from '../modules/projects/delete.js';
import { subjectImportApplyJob } from '../modules/subject-imports/service.js';
import { yearbookDeadlinesJob } from '../modules/yearbook-deliveries/deadlines.js';
import { yearbookDeliveryBuildJob } from '../modules/yearbook-deliveries/deliver.js';
import { purgeExpiredCredentialsJob, purgeUnverifiedUploadsJob, storageDeletionsJob } from './cleanup.js';
import type { JobDeps } from './deps.js';
import type { JobName, JobSchema } from './payloads.js';
import type { JobDefinition } from './queue.js';
import { retentionSweepJob } from './retention.js';
import { sendEmailJob } from './send-email.js';
import { strandedRecordsJob } from './stranded-records.js';

/**
 * Every job's handler, by queue name (payloads in jobs/payloads.ts): a name without a handler, or a
 * handler of another name's payload, can't compile. Only the runtime imports this file. Jobs with a `schedule`
 * (cron, UTC) are also run on it by pg-boss.
 */
export const jobCatalogue = {
  'email.send': sendEmailJob,
  'attachments.announce-unfinished': attachmentsAnnounceUnfinishedJob,
  'photos.master': photoMasterJob,
  'photos.masters-backfill': photoMastersBackfillJob,
  'photos.verify': photoVerifyJob,
  'photos.checks': photoChecksJob,
  'photo-checks.auto-crops': projectAutoCropsJob,
  'storage.deletions': storageDeletionsJob,
  'uploads.purge-unverified': purgeUnverifiedUploadsJob,
  'credentials.purge': purgeExpiredCredentialsJob,
  'password-resets.request': passwordResetRequestJob,
  'subject-imports.apply': subjectImportApplyJob,
  'layouts.render': layoutRenderJob,
  'project-exports.build': projectExportBuildJob,
  'project-exports.expire': projectExportExpireJob,
  'yearbook-deliveries.build': yearbookDeliveryBuildJob,
  'yearbook-deliveries.deadlines': yearbookDeadlinesJob,
  'projects.delete': projectDeleteJob,
  'retention.sweep': retentionSweepJob,
  'jobs.stranded-records': strandedRecordsJob,
  'photo-batches.match': photoBatchMatchJob,
  'photo-batches.apply': photoBatchApplyJob,
} satisfies { [N in JobName]: JobDefinition<JobSchema<N>, JobDeps> };

/** What the handlers of this process's jobs are given: the context, and enqueueing in a transaction. */
export function jobDepsOf(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'storage' | 'log' | 'config' | 'queue'>,
): JobDeps {
  const { queue } = ctx;
  return {
    db: ctx.db,
    mailer: ctx.mailer,
    storage: ctx.storage,
    log: ctx.log,
    config: ctx.config,
    enqueueEmail: enqueueEmailOn(queue),
    enqueuePhotoMaster: (photoId, trx) =>
      queue.enqueue(
        'photos.master',
        { photo_id: photoId },
        trx
          ? { trx, singletonKey: `master-${photoId}`, startAfterSeconds: ctx.config.photoMasterDelaySeconds }
          : { singletonKey: `master-${photoId}` },
      ),
    enqueuePhotoChecks: (photoId, trx) =>
      queue.enqueue('photos.checks', { photo_id: photoId }, { trx, singletonKey: `checks-${photoId}` }),
  };
}
