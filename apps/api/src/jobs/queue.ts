import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { STRANDED_AFTER_SECONDS } from './alive.js';
import { type Liveness, startLiveness } from './liveness.js';
import { JOB_PAYLOADS, type JobName, type JobPayload, type JobSchema } from './payloads.js';

/** A job type: its payload schema, its handler and its retry policy. Handlers must be idempotent. */
export interface JobDefinition<S extends z.ZodType, Deps> {
  schema: S;
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * Jobs of this type a process runs at once (default 1). Image jobs take 2: with sharp.concurrency(1),
   * two images in flight is the best on two cores (PERFORMANCE.md); more only adds memory.
   */
  concurrency?: number;
  /** Cron expression (UTC): pg-boss also sends the job on this schedule, with an empty payload. */
  schedule?: string;
  /**
   * How long a run may take before pg-boss counts it as lost (its process killed) and retries it (pg-boss's
   * default: 15 minutes). Long jobs such as project exports set more.
   */
  expireInSeconds?: number;
  handle(payload: z.infer<S>, deps: Deps): Promise<void>;
}

/** Anything that runs SQL: the database, or a transaction the job should be written in. */
// biome-ignore lint/suspicious/noExplicitAny: any schema's database or transaction will do
export type QueryRunner = Pick<Kysely<any>, 'executeQuery'>;

/** `trx`: written in that transaction; `singletonKey`: one such job queued at a time; `startAfterSeconds`: a delay. */
export interface EnqueueOptions {
  trx?: QueryRunner;
  singletonKey?: string;
  startAfterSeconds?: number;
}

/** A job's handler and retry policy, bound to the payload schema of its name (jobs/payloads.ts). */
export const defineJob = <N extends JobName, Deps>(
  name: N,
  definition: Omit<JobDefinition<JobSchema<N>, Deps>, 'schema'>,
): JobDefinition<JobSchema<N>, Deps> => ({ ...definition, schema: JOB_PAYLOADS[name] });

/** What a sweep logs of its counts: always, only when one of them is above 0, or never. */
export type SweepLog = 'always' | 'when-any' | 'never';

/**
 * A job pg-boss sends on a cron schedule (empty payload) to sweep the database: it runs `sweep` and logs
 * the counts it answers under `message`, as `log` says.
 */
export const defineSweep = <
  N extends JobName,
  Deps extends { log: { info(obj: object, msg: string): void } },
>(
  name: N,
  options: Pick<JobDefinition<JobSchema<N>, Deps>, 'retryLimit' | 'retryDelaySeconds'> & {
    schedule: string;
    log: SweepLog;
    message?: string;
  },
  sweep: (deps: Deps) => Promise<Record<string, number>>,
): JobDefinition<JobSchema<N>, Deps> => {
  const { log, message = name, ...definition } = options;
  return defineJob<N, Deps>(name, {
    ...definition,
    async handle(_payload, deps) {
      const counts = await sweep(deps);
      if (log === 'always' || (log === 'when-any' && Object.values(counts).some((n) => n > 0))) {
        deps.log.info(counts, message);
      }
    },
  });
};

/** The queue as code that enqueues jobs sees it: typed by the payload map, not by the handlers. */
export interface Queue {
  boss: PgBoss;
  /** Enqueues a job; with `trx` it is written in that transaction and runs only if it commits. */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
  /** As `enqueue`, answering the job's id (null when a singleton key kept it out). */
  enqueueWithId<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  stop(): Promise<void>;
}

/** The queue as the runtime holds it: it also starts the workers of the catalogue's handlers. */
export interface RunnableQueue<Deps> extends Queue {
  startWorkers(deps: Deps): Promise<void>;
}

/** `deps` with its logger (if it has one) a child carrying `fields`, so that a job's lines name it. */
function withJobLog<Deps>(deps: Deps, fields: { job_id: string; queue: string }): Deps {
  const log = (deps as { log?: { child?: (bindings: object) => unknown } }).log;
  return typeof log?.child === 'function' ? { ...deps, log: log.child(fields) } : deps;
}

/** A queue's policy as the catalogue declares it, in pg-boss's terms. */
const queueOptions = (job: JobDefinition<z.ZodType, unknown>) => ({
  retryLimit: job.retryLimit,
  retryDelay: job.retryDelaySeconds,
  retryBackoff: true,
  ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
});

/**
 * Every queue of the catalogue, created when missing and updated when its policy changed (a new version
 * may shorten an expiry: pg-boss's createQueue leaves an existing queue as it was), and every schedule.
 * Run under the start-up lock: two processes creating the same queue at once deadlock in pg-boss.
 */
async function declareQueues<Deps>(
  boss: PgBoss,
  catalogue: { [N in JobName]: JobDefinition<JobSchema<N>, Deps> },
) {
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const [name, job] of Object.entries(catalogue) as [JobName, JobDefinition<z.ZodType, Deps>][]) {
    const wanted = queueOptions(job as JobDefinition<z.ZodType, unknown>);
    const found = existing.get(name);
    if (!found) await boss.createQueue(name, { name, ...wanted });
    else if (
      found.retryLimit !== wanted.retryLimit ||
      found.retryDelay !== wanted.retryDelay ||
      found.retryBackoff !== wanted.retryBackoff ||
      (wanted.expireInSeconds !== undefined && found.expireInSeconds !== wanted.expireInSeconds)
    )
      await boss.updateQueue(name, { name, ...wanted });
    // An upsert; pg-boss sends each due job once.
    if (job.schedule) await boss.schedule(name, job.schedule, {}, { tz: 'UTC' });
  }
}

/**
 * pg-boss in the application's own database, in schema `pgboss`. Every job name in the catalogue gets
 * its queue at start; a job whose name is unknown can't be sent (type error), and one whose payload
 * fails its schema is refused at enqueue and failed at run.
 */
export async function startQueue<Deps>(
  connectionString: string,
  catalogue: { [N in JobName]: JobDefinition<JobSchema<N>, Deps> },
  log: {
    error(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  },
  options: {
    /** Runs the queues' declaration under the start-up lock (db/migrate.ts withStartupLock). */
    startupLock?: (fn: () => Promise<void>) => Promise<void>;
    /** Told of every job run: its queue, seconds and whether it threw (metrics). */
    observeJob?: (queue: string, seconds: number, failed: boolean) => void;
    /** The application's pool: with it, workers record their runs and hand back a dead process's (liveness.ts). */
    pool?: pg.Pool;
    /** Seconds a worker process may go unseen before its jobs are handed back (JOB_DEAD_AFTER_SECONDS). */
    deadAfterSeconds?: number;
    /**
     * A scheduled job sent after jobs were handed back (the sweep of records whose job is gone), once the
     * records those jobs left have been still for STRANDED_AFTER_SECONDS.
     */
    sweepAfterHandBack?: JobName;
  } = {},
): Promise<RunnableQueue<Deps>> {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 4,
    application_name: 'school-portal-jobs',
  });
  // While stopping (Ctrl-C stops the embedded database at the same time), lost connections are expected.
  let stopping = false;
  boss.on('error', (error) => {
    if (!stopping) log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  await (options.startupLock ?? ((fn) => fn()))(() => declareQueues(boss, catalogue));
  let liveness: Liveness | undefined;
  async function enqueueWithId(name: JobName, payload: unknown, options: EnqueueOptions = {}) {
    const data = JOB_PAYLOADS[name].parse(payload) as object;
    const trx = options.trx;
    const db = trx
      ? {
          executeSql: async (text: string, values: unknown[]) =>
            trx.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: unknown[] }>,
        }
      : undefined;
    return boss.send(name, data, {
      singletonKey: options.singletonKey,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(db ? { db } : {}),
    });
  }
  return {
    boss,
    async enqueue(name, payload, options = {}) {
      await enqueueWithId(name, payload, options);
    },
    enqueueWithId,
    async startWorkers(deps) {
      const sweep = options.sweepAfterHandBack;
      if (options.pool)
        liveness = await startLiveness(options.pool, boss, log, {
          ...(options.deadAfterSeconds ? { deadAfterSeconds: options.deadAfterSeconds } : {}),
          ...(sweep
            ? { afterHandBack: () => boss.send(sweep, {}, { startAfter: STRANDED_AFTER_SECONDS + 1 }) }
            : {}),
        });
      for (const [name, job] of Object.entries(catalogue) as [JobName, JobDefinition<z.ZodType, Deps>][]) {
        // pg-boss 10 runs one batch at a time per worker: N workers for N jobs in flight.
        for (let n = 0; n < (job.concurrency ?? 1); n++) {
          let workerId: string | undefined;
          workerId = await boss.work<unknown>(
            name,
            { batchSize: 1, pollingIntervalSeconds: 1 },
            async (jobs) => {
              try {
                for (const item of jobs) {
                  const started = performance.now();
                  let failed = true;
                  const done = await liveness?.running(name, item.id);
                  try {
                    // Every line the job logs carries its job id and queue.
                    await job.handle(
                      job.schema.parse(item.data),
                      withJobLog(deps, { job_id: item.id, queue: name }),
                    );
                    failed = false;
                  } finally {
                    options.observeJob?.(name, (performance.now() - started) / 1000, failed);
                    await done?.().catch(() => {});
                  }
                }
              } finally {
                // A worker that has just run a job fetches the next one at once. pg-boss 10 otherwise
                // waits out the polling interval after every batch, even with jobs waiting, which held
                // each worker to one job a second: 1,000 photo checks of 50 ms took 1,000 s.
                if (workerId) boss.notifyWorker(workerId);
              }
            },
          );
        }
      }
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // Jobs still running past the grace are handed back by another process's reaper within seconds.
      await liveness?.stop();
    },
  };
}
