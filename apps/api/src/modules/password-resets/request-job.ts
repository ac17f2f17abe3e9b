import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import { requestPasswordReset } from './service.js';

/**
 * A reset asked for at POST /api/password-resets, done after the answer: looks the address up and,
 * for a user, writes the link and queues its e-mail. A retry after a crash may send a second link;
 * both work, and at most five an hour go to one user.
 */
export const passwordResetRequestJob = defineJob('password-resets.request', {
  retryLimit: 3,
  retryDelaySeconds: 5,
  async handle({ email }, deps: JobDeps) {
    await requestPasswordReset(deps, email);
  },
});
