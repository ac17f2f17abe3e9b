import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { Storage } from '../storage/storage.js';
import type { QueryRunner } from './queue.js';

/** Enqueues the sending of an outbox message, in the transaction that wrote it (mail/outbox.ts). */
export type EnqueueEmail = (outboxId: string, trx: QueryRunner) => Promise<void>;

/** What code that writes e-mails needs, in a route (mailDepsOf) or a job alike. */
export type MailDeps = Pick<JobDeps, 'config' | 'enqueueEmail'>;

/** What job handlers may use. */
export interface JobDeps {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  config: Config;
  /** Enqueues the sending of an outbox message, in the transaction that wrote it. */
  enqueueEmail: EnqueueEmail;
  /**
   * Enqueues the making of a verified photo's working master: in the transaction that verified it, after
   * the configured delay (photoMasterDelaySeconds); without `trx` (the backfill), at once.
   */
  enqueuePhotoMaster(photoId: string, trx?: QueryRunner): Promise<void>;
  /** Enqueues a verified photo's face detection, flags and auto crops, in the transaction that verified it. */
  enqueuePhotoChecks(photoId: string, trx: QueryRunner): Promise<void>;
}
