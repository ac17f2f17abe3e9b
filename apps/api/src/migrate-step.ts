import { loadConfig } from './config.js';
import { connectDatabase } from './db/database.js';
import { migrate, tryMigrateCommandLock, withStartupLock } from './db/migrate.js';
import { jobCatalogue } from './jobs/catalogue.js';
import { startQueue } from './jobs/queue.js';
import { createLogger } from './runtime.js';
import { startOrExit } from './start-failure.js';

/**
 * `npm run migrate` (the image's `migrate` command): the deploy step run once before a new version
 * starts. Applies the migrations and declares the job queues and schedules, then exits 0; instances
 * started with MIGRATE_ON_START=false find it done. A second migrate while one runs refuses at once
 * (exit 1) instead of queueing behind it. Needs DATABASE_URL: the embedded database migrates at start.
 */
await startOrExit('migrate', async () => {
  const config = loadConfig();
  const log = createLogger(config);
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required by the migrate step.');
  const database = connectDatabase(config.databaseUrl, 3);
  try {
    const lock = await tryMigrateCommandLock(database.pool);
    if (!lock) throw new Error('another migrate step is running on this database');
    try {
      const applied = await migrate(database.pool);
      const queue = await startQueue(config.databaseUrl, jobCatalogue, log, {
        startupLock: (fn) => withStartupLock(database.pool, fn),
      });
      await queue.stop();
      log.info({ applied: applied.length }, 'migrations applied and job queues declared');
    } finally {
      lock.release();
    }
  } finally {
    await database.close();
  }
});
