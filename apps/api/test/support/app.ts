import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadConfig, REPO_ROOT } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { freePort } from '../../src/db/embedded.js';
import { buildApp } from '../../src/http/app.js';
import { createLogger, startRuntime } from '../../src/runtime.js';
import { createTestDatabase } from './database.js';
import { negateProvedPolicy } from './prove-policy.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  databaseUrl: string;
  /** Where the runtime serves its metrics (METRICS_PORT in env), or null. */
  metricsPort: number | null;
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
    /**
     * Start the image threads with the workers, as a server does (its memory then includes them); by
     * default a test server starts them at its first photo (most never see one: 1.7 s of CPU a start).
     */
    imageThreadsAtStart?: boolean;
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
  const runtime = await startRuntime(config, log, {
    workers: options.workers ?? true,
    imageThreadsAtStart: options.imageThreadsAtStart ?? false,
  });
  const app = await buildApp(runtime.ctx, options.logDestination ? {} : { logger: false });
  await app.ready();
  return {
    app,
    ctx: runtime.ctx,
    databaseUrl,
    metricsPort: runtime.metricsPort,
    async close() {
      await app.close();
      await runtime.stop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** A presigned POST form, as the API hands it to a browser for an upload straight to storage. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface ListeningTestApp extends TestApp {
  /** Where it listens, also its PUBLIC_URL: storage addresses are paths relative to it. */
  origin: string;
  /** Sends `bytes` as the file of a presigned POST form, as a browser would. */
  upload(post: PresignedPost, bytes: Buffer, name?: string): Promise<Response>;
}

/**
 * `createTestApp` listening on a free port of 127.0.0.1, for tests that speak HTTP to it as a browser
 * does (presigned uploads to its /storage routes, downloads, links in e-mails).
 */
export async function listeningTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<ListeningTestApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PORT: String(port), PUBLIC_URL: origin, ...env }, options);
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    origin,
    upload(post, bytes, name = 'file') {
      const form = new FormData();
      for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      return fetch(new URL(post.url, origin), { method: 'POST', body: form });
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
