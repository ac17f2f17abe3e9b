import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { EventHub } from './events/hub.js';
import type { Queue } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import type { Metrics } from './metrics/metrics.js';
import type { GridPageCache } from './modules/subjects/grid-cache.js';
import type { Storage } from './storage/storage.js';

/** What routes and services are given: configuration and the outside world's adapters. */
export interface AppContext {
  config: Config;
  db: Db;
  queue: Queue;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Subjects-grid pages this process has read (modules/subjects/grid-cache.ts). */
  gridPages: GridPageCache;
  /** Where this process is in its life: draining once told to stop (readyz answers 503). */
  lifecycle: { draining: boolean };
  /** This process's Prometheus metrics (served on METRICS_PORT when set). */
  metrics: Metrics;
  /** This process's live events from every instance (events/hub.ts): listens from its first subscriber. */
  events: EventHub;
}
