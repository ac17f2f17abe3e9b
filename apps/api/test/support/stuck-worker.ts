/**
 * A worker process that takes `email.send` jobs and never finishes them (as one whose machine hangs or is
 * killed mid-job would): job-liveness.test.ts runs it, waits for "took <job id>", then kills it with
 * SIGKILL. It records its runs and heartbeats as every worker does (jobs/liveness.ts).
 */
import { connectDatabase } from '../../src/db/database.js';
import { jobCatalogue } from '../../src/jobs/catalogue.js';
import { startQueue } from '../../src/jobs/queue.js';

const url = process.env.DATABASE_URL!;
const database = connectDatabase(url, 3);
const log = { error: console.error, warn: console.error, info: () => {} };
const stuck = {
  'email.send': {
    ...jobCatalogue['email.send'],
    async handle() {
      process.stdout.write('took\n');
      await new Promise(() => {});
    },
  },
} as unknown as typeof jobCatalogue;
const queue = await startQueue(url, stuck, log, { pool: database.pool });
await queue.startWorkers({} as never);
process.stdout.write('ready\n');
