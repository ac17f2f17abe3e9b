/**
 * A worker process that takes jobs and never finishes them (as one whose machine hangs or is killed
 * mid-job would): the queues named in STUCK_QUEUES (comma-separated; `email.send` when unset), up to
 * STUCK_CONCURRENCY jobs of each at once (1). It writes "took <queue>" for each job it takes;
 * job-liveness.test.ts and stranded-jobs.test.ts wait for that, then kill it with SIGKILL. It records its
 * runs and heartbeats as every worker does (jobs/liveness.ts), every JOB_DEAD_AFTER_SECONDS / 3.
 */
import { connectDatabase } from '../../src/db/database.js';
import { jobCatalogue } from '../../src/jobs/catalogue.js';
import type { JobName } from '../../src/jobs/payloads.js';
import { startQueue } from '../../src/jobs/queue.js';

const url = process.env.DATABASE_URL!;
const database = connectDatabase(url, 3);
const log = { error: console.error, warn: console.error, info: () => {} };
const queues = (process.env.STUCK_QUEUES ?? 'email.send').split(',') as JobName[];
const concurrency = Number(process.env.STUCK_CONCURRENCY ?? 1);
const stuck = Object.fromEntries(
  queues.map((name) => [
    name,
    {
      ...jobCatalogue[name],
      concurrency,
      async handle() {
        process.stdout.write(`took ${name}\n`);
        await new Promise(() => {});
      },
    },
  ]),
) as unknown as typeof jobCatalogue;
const queue = await startQueue(url, stuck, log, {
  pool: database.pool,
  deadAfterSeconds: Number(process.env.JOB_DEAD_AFTER_SECONDS ?? 30),
});
await queue.startWorkers({} as never);
process.stdout.write('ready\n');
