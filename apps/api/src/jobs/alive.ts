import { sql } from 'kysely';
import type { JobName, JobPayload } from './payloads.js';

/**
 * Whether a record still has a live job of `queue` in pg-boss, as SQL over the record's id column: one
 * whose payload's `field` names it and that may still run (created, waiting for a retry, or active). A
 * job that completed, was cancelled or failed for good, or is gone from pg-boss's table (archived,
 * deleted), is not live: a record still marked as being worked on by it will never be ended by it.
 */
export const liveJobFor = <N extends JobName>(
  queue: N,
  field: keyof JobPayload<N> & string,
  idColumn: string,
) =>
  sql<boolean>`EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${queue} AND j.data->>${field} = ${sql.ref(idColumn)}::text AND j.state < 'completed')`;

/** As `liveJobFor`, by the job's id (a uuid column of the record), which pg-boss's primary key finds. */
export const liveJobById = (queue: JobName, jobIdColumn: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${queue} AND j.id = ${sql.ref(jobIdColumn)} AND j.state < 'completed')`;

/**
 * Seconds a record must have been left unchanged before a sweep ends it for want of a live job: a record
 * and its job are written in one transaction, so this only spares work done beside the queue (a test
 * running a job's handler itself, an operator's repair) from being ended under its feet.
 */
export const STRANDED_AFTER_SECONDS = 15;

/**
 * A record left as being worked on by a job of `queue` that will never end it: unchanged for
 * STRANDED_AFTER_SECONDS (by `changedColumn`) and without a live job (`liveJobFor`).
 */
export const strandedBy = <N extends JobName>(
  queue: N,
  field: keyof JobPayload<N> & string,
  idColumn: string,
  changedColumn: string,
) =>
  sql<boolean>`(${sql.ref(changedColumn)} < now() - make_interval(secs => ${STRANDED_AFTER_SECONDS}) AND NOT ${liveJobFor(queue, field, idColumn)})`;
