import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type PgBoss from 'pg-boss';

/**
 * A dead process's jobs resume within a minute. pg-boss counts a running job as lost only once its expiry
 * has passed (15 minutes by default, hours for exports), so each worker process here says it is alive
 * every third of `deadAfterSeconds` (JOB_DEAD_AFTER_SECONDS, 30 s) and records which jobs it runs; any
 * worker process finds the jobs of a process not seen for that long and hands them back to their queue
 * (pg-boss `fail`, to run again at once while retries are left), where a live worker takes them. A job
 * handed back with no retry left has failed for good, so after each hand-back `afterHandBack` runs (it
 * sends the sweep that ends such jobs' records, jobs/stranded-records.ts).
 */
export const DEAD_AFTER_SECONDS = 30;
// One reaper at a time across processes (a transaction-level advisory lock).
const REAP_LOCK = 727_100_003;

export interface Liveness {
  instanceId: string;
  /** Records that this process runs `jobId` of `queue` until `done` is called. */
  running(queue: string, jobId: string): Promise<() => Promise<void>>;
  /** Hands back jobs of processes not seen for `deadAfterSeconds`; answers how many. */
  reap(): Promise<number>;
  stop(): Promise<void>;
}

export async function startLiveness(
  pool: pg.Pool,
  boss: PgBoss,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  options: { deadAfterSeconds?: number; afterHandBack?: () => Promise<unknown> } = {},
): Promise<Liveness> {
  const deadAfterSeconds = options.deadAfterSeconds ?? DEAD_AFTER_SECONDS;
  const instanceId = randomUUID();
  await pool.query('INSERT INTO job_instances (id) VALUES ($1)', [instanceId]);
  const beat = setInterval(
    () => {
      pool.query('UPDATE job_instances SET seen_at = now() WHERE id = $1', [instanceId]).catch(() => {});
    },
    (deadAfterSeconds * 1000) / 3,
  );
  beat.unref();

  async function reap(): Promise<number> {
    const client = await pool.connect();
    let orphans: { job_id: string; queue: string }[] = [];
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [REAP_LOCK],
      );
      if (rows[0]?.locked) {
        orphans = (
          await client.query<{ job_id: string; queue: string }>(
            `DELETE FROM job_runs r
              WHERE NOT EXISTS (SELECT 1 FROM job_instances i
                                 WHERE i.id = r.instance_id AND i.seen_at > now() - $1 * interval '1 second')
              RETURNING job_id, queue`,
            [deadAfterSeconds],
          )
        ).rows;
        await client.query(`DELETE FROM job_instances WHERE seen_at < now() - interval '1 day'`);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    // Only a job still running is handed back (pg-boss fails jobs below `completed` only). One that can't
    // be is logged and left to its expiry; it does not keep the others from being handed back.
    await Promise.all(
      orphans.map(async (orphan) => {
        try {
          await boss.fail(orphan.queue, orphan.job_id, { reason: 'its process stopped' });
          // Its process died, the job did not fail: it runs again now, not after the queue's retry delay
          // (30 s and more for an export), so that it is taken within the minute.
          await pool.query(
            `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND id = $2 AND state = 'retry'`,
            [orphan.queue, orphan.job_id],
          );
        } catch (err) {
          log.warn({ err, job_id: orphan.job_id, queue: orphan.queue }, 'handing back a job failed');
        }
      }),
    );
    if (orphans.length > 0) {
      log.info({ jobs: orphans.length }, 'jobs of a stopped process handed back');
      await options.afterHandBack?.().catch((err) => log.warn({ err }, 'the sweep after a hand-back failed'));
    }
    return orphans.length;
  }

  const reaper = setInterval(
    () => {
      reap().catch((err) => log.warn({ err }, 'handing back jobs failed'));
    },
    (deadAfterSeconds * 1000) / 2,
  );
  reaper.unref();

  return {
    instanceId,
    async running(queue, jobId) {
      await pool.query(
        `INSERT INTO job_runs (job_id, queue, instance_id) VALUES ($1, $2, $3)
         ON CONFLICT (job_id) DO UPDATE SET instance_id = EXCLUDED.instance_id, started_at = now()`,
        [jobId, queue, instanceId],
      );
      return async () => {
        await pool.query('DELETE FROM job_runs WHERE job_id = $1 AND instance_id = $2', [jobId, instanceId]);
      };
    },
    reap,
    async stop() {
      clearInterval(beat);
      clearInterval(reaper);
      // Jobs still recorded as ours (past the stop's grace) are handed back at once by the next reaper.
      await pool
        .query(`UPDATE job_instances SET seen_at = '-infinity' WHERE id = $1`, [instanceId])
        .catch(() => {});
    },
  };
}
