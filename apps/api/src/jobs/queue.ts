import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { z } from 'zod';

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

// biome-ignore lint/suspicious/noExplicitAny: the catalogue holds definitions of different payloads
export type JobCatalogue<Deps> = Record<string, JobDefinition<any, Deps>>;

/** Anything that runs SQL: the database, or a transaction the job should be written in. */
// biome-ignore lint/suspicious/noExplicitAny: any schema's database or transaction will do
export type QueryRunner = Pick<Kysely<any>, 'executeQuery'>;

/** `trx`: written in that transaction; `singletonKey`: one such job queued at a time; `startAfterSeconds`: a delay. */
export interface EnqueueOptions {
  trx?: QueryRunner;
  singletonKey?: string;
  startAfterSeconds?: number;
}

export const defineJob = <S extends z.ZodType, Deps>(definition: JobDefinition<S, Deps>) => definition;

export interface Queue<C extends JobCatalogue<Deps>, Deps> {
  boss: PgBoss;
  /** Enqueues a job; with `trx` it is written in that transaction and runs only if it commits. */
  enqueue<N extends keyof C & string>(
    name: N,
    payload: z.input<C[N]['schema']>,
    options?: EnqueueOptions,
  ): Promise<void>;
  /** As `enqueue`, answering the job's id (null when a singleton key kept it out). */
  enqueueWithId<N extends keyof C & string>(
    name: N,
    payload: z.input<C[N]['schema']>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  startWorkers(deps: Deps): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss in the application's own database, in schema `pgboss`. Every job name in the catalogue gets
 * its queue at start; a job whose name is unknown can't be sent (type error), and one whose payload
 * fails its schema is refused at enqueue and failed at run.
 */
export async function startQueue<C extends JobCatalogue<Deps>, Deps>(
  connectionString: string,
  catalogue: C,
  log: { error(obj: object, msg: string): void },
): Promise<Queue<C, Deps>> {
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
  for (const [name, job] of Object.entries(catalogue)) {
    await boss.createQueue(name, {
      name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    });
    // An upsert: every process may declare it; pg-boss sends each due job once.
    if (job.schedule) await boss.schedule(name, job.schedule, {}, { tz: 'UTC' });
  }
  async function enqueueWithId(name: keyof C & string, payload: unknown, options: EnqueueOptions = {}) {
    const data = catalogue[name]!.schema.parse(payload) as object;
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
      for (const [name, job] of Object.entries(catalogue)) {
        // pg-boss 10 runs one batch at a time per worker: N workers for N jobs in flight.
        for (let n = 0; n < (job.concurrency ?? 1); n++) {
          await boss.work<unknown>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
            for (const item of jobs) await job.handle(job.schema.parse(item.data), deps);
          });
        }
      }
    },
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
