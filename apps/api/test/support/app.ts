import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadConfig, REPO_ROOT } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { buildApp } from '../../src/http/app.js';
import { createLogger, startRuntime } from '../../src/runtime.js';
import { createTestDatabase } from './database.js';
import { negateProvedPolicy } from './prove-policy.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database: real PostgreSQL, real pg-boss workers, the real mailer (SMTP
 * when `env.SMTP_URL` is given, the development mailbox otherwise).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    seedDemo?: boolean;
    workers?: boolean;
    /** Where the process's log lines go (with LOG_LEVEL in env): requests, jobs and start-up alike. */
    logDestination?: DestinationStream;
  } = {},
): Promise<TestApp> {
  negateProvedPolicy();
  const databaseUrl = await createTestDatabase();
  // Files of this test app live in a folder of its own, removed at close.
  const storageDir = path.join(
    REPO_ROOT,
    'var',
    'test-storage',
    path.basename(new URL(databaseUrl).pathname),
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    STORAGE_DIR: storageDir,
    ...env,
  });
  const log = createLogger(config, options.logDestination);
  const runtime = await startRuntime(config, log, { workers: options.workers ?? true });
  const app = await buildApp(runtime.ctx, options.logDestination ? {} : { logger: false });
  await app.ready();
  return {
    app,
    ctx: runtime.ctx,
    databaseUrl,
    async close() {
      await app.close();
      await runtime.stop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a value (or throws after `timeoutMs`): for work done by the job queue. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
