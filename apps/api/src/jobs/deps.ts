import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { Storage } from '../storage/storage.js';

/** What job handlers may use. */
export interface JobDeps {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
}
