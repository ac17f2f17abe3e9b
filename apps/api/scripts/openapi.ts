/**
 * Writes apps/web/src/api/schema.d.ts from the API's OpenAPI description, without a database or a
 * server: the app is built on a pool that is never queried (pg connects on the first query only), and
 * its routes are registered and described, never called.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { connectDatabase } from '../src/db/database.js';
import { EventHub } from '../src/events/hub.js';
import { buildApp } from '../src/http/app.js';
import type { Queue } from '../src/jobs/queue.js';
import { createLogger } from '../src/logger.js';
import { createMailer } from '../src/mail/mailer.js';
import { createMetrics } from '../src/metrics/metrics.js';
import { GridPageCache } from '../src/modules/subjects/grid-cache.js';
import { createStorage } from '../src/storage/index.js';
import { API_TYPES_FILE, renderApiTypes } from './openapi-types.js';

const storageDir = await mkdtemp(path.join(tmpdir(), 'school-portal-openapi-'));
// The same configuration as the test app's (apps/api/test/support/app.ts), so the same routes are described.
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: '0',
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  SEED_DEMO: 'false',
  STORAGE_DIR: storageDir,
});
const database = connectDatabase(config.databaseUrl!, 1);
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
const queue = {} as Queue; // never used while routes are only registered
const ctx: AppContext = {
  config,
  db: database.db,
  queue,
  mailer,
  storage: await createStorage(config),
  log: createLogger(config),
  gridPages: new GridPageCache(0),
  lifecycle: { draining: false },
  metrics: createMetrics(database.pool, []),
  events: new EventHub(config.databaseUrl!, createLogger(config)), // never connects: no one subscribes
};
const app = await buildApp(ctx, { logger: false });
try {
  await app.ready();
  await writeFile(API_TYPES_FILE, await renderApiTypes(app.swagger()));
  process.stdout.write(`wrote ${path.relative(process.cwd(), API_TYPES_FILE.pathname)}\n`);
} finally {
  await app.close();
  mailer.close();
  await database.close();
  await rm(storageDir, { recursive: true, force: true });
}
