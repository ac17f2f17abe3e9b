import { failStrandedRenders } from '../modules/layouts/render-job.js';
import { failStrandedBatches } from '../modules/picture-day/queries.js';
import { failStrandedExports } from '../modules/project-exports/build-job.js';
import { failStrandedApplies } from '../modules/subject-imports/service.js';
import type { JobDeps } from './deps.js';
import { defineSweep } from './queue.js';

/**
 * Records whose job will never end them: a job's own error path ends its record, but a job that failed
 * for good without it (its process killed on its last try, its handler's final write lost) or that left
 * pg-boss (expired, archived, deleted) leaves the record "running" for ever. Each area ends its own as
 * failed with a reason the user reads (a render, a roster apply, an export, which is then deletable, a
 * picture-day batch matching or applying); a record whose job is queued, active or waiting for a retry is
 * left alone. Every minute (pg-boss sends a scheduled job once per slot across instances), and at once
 * after a dead process's jobs are handed back (jobs/liveness.ts). A photo left verifying is restarted by
 * "verify again" (PATCH /photos/:id/verify), which its uploader's browser keeps asking.
 */
export async function endStrandedRecords({ db }: Pick<JobDeps, 'db'>) {
  return {
    layout_renders: await failStrandedRenders(db),
    subject_imports: await failStrandedApplies(db),
    project_exports: await failStrandedExports(db),
    photo_batches: await failStrandedBatches(db),
  };
}

export const strandedRecordsJob = defineSweep(
  'jobs.stranded-records',
  {
    retryLimit: 1,
    retryDelaySeconds: 10,
    schedule: '* * * * *',
    log: 'when-any',
    message: 'records whose job is gone ended as failed',
  },
  (deps: JobDeps) => endStrandedRecords(deps),
);
