import { passwordResetRequestJob } from '../modules/password-resets/request-job.js';
import { photoRenditionsJob } from '../modules/photos/renditions-job.js';
import type { JobDeps } from './deps.js';
import type { JobCatalogue, Queue } from './queue.js';
import { sendEmailJob } from './send-email.js';

/** Every job type, by queue name. A name here without a handler can't compile. */
export const jobCatalogue = {
  'email.send': sendEmailJob,
  'photos.renditions': photoRenditionsJob,
  'password-resets.request': passwordResetRequestJob,
} satisfies JobCatalogue<JobDeps>;

export type AppQueue = Queue<typeof jobCatalogue, JobDeps>;
