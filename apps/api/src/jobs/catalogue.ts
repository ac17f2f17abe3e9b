import { layoutRenderJob } from '../modules/layouts/render-job.js';
import { passwordResetRequestJob } from '../modules/password-resets/request-job.js';
import { photoRenditionsJob } from '../modules/photos/renditions-job.js';
import { photoVerifyJob } from '../modules/photos/verify-job.js';
import { projectExportBuildJob, projectExportExpireJob } from '../modules/project-exports/build-job.js';
import { projectDeleteJob } from '../modules/projects/delete.js';
import { subjectImportApplyJob } from '../modules/subject-imports/service.js';
import { purgeExpiredCredentialsJob, purgeUnverifiedUploadsJob, storageDeletionsJob } from './cleanup.js';
import type { JobDeps } from './deps.js';
import type { JobCatalogue, Queue } from './queue.js';
import { retentionSweepJob } from './retention.js';
import { sendEmailJob } from './send-email.js';

/**
 * Every job type, by queue name. A name here without a handler can't compile. Jobs with a `schedule`
 * (cron, UTC) are also run on it by pg-boss.
 */
export const jobCatalogue = {
  'email.send': sendEmailJob,
  'photos.renditions': photoRenditionsJob,
  'photos.verify': photoVerifyJob,
  'storage.deletions': storageDeletionsJob,
  'uploads.purge-unverified': purgeUnverifiedUploadsJob,
  'credentials.purge': purgeExpiredCredentialsJob,
  'password-resets.request': passwordResetRequestJob,
  'subject-imports.apply': subjectImportApplyJob,
  'layouts.render': layoutRenderJob,
  'project-exports.build': projectExportBuildJob,
  'project-exports.expire': projectExportExpireJob,
  'projects.delete': projectDeleteJob,
  'retention.sweep': retentionSweepJob,
} satisfies JobCatalogue<JobDeps>;

export type AppQueue = Queue<typeof jobCatalogue, JobDeps>;
