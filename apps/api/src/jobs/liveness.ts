import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type PgBoss from 'pg-boss';

/**
 * A dead process's jobs resume within a minute. pg-boss counts a running job as lost only once its expiry
 * has passed (15 minutes by default, hours for exports), so each worker process here says it is alive
 * every HEARTBEAT_SECONDS and records which jobs it runs; any worker process finds the jobs of a process
 * not seen for DEAD_AFTER_SECONDS and hands them back to their queue (pg-boss `fail`: retried after the
 * queue's retry delay while retries are left), where a live worker takes them.
 */
export const HEARTBEAT_SECONDS = 10;
export const DEAD_AFTER_SECONDS = 30;
export const REAP_EVERY_SECONDS = 15;
// One reaper at a time across processes (a transaction-level advisory lock).
const REAP_LOCK = 727_100_003;

export interface Liveness {
  instanceId: string;
  /** Records that this process runs `jobId` of `queue` until `done` is called. */
  running(queue: string, jobId: string): Promise<() => Promise<void>>;
  /** Hands back jobs of processes not seen for DEAD_AFTER_SECONDS; answers how many. */
  reap(): Promise<number>;
  stop(): Promise<void>;
}

export async function startLiveness(
  pool: pg.Pool,
  boss: PgBoss,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  options: { reapEverySeconds?: number } = {},
): Promise<Liveness> {
  const instanceId = randomUUID();
  await pool.query('INSERT INTO job_instances (id) VALUES ($1)', [instanceId]);
  const beat = setInterval(() => {
    pool.query('UPDATE job_instances SET seen_at = now() WHERE id = $1', [instanceId]).catch(() => {});
  }, HEARTBEAT_SECONDS * 1000);
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
            [DEAD_AFTER_SECONDS],
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
      orphans.map((orphan) =>
        boss
          .fail(orphan.queue, orphan.job_id, { reason: 'its process stopped' })
          .catch((err) =>
            log.warn({ err, job_id: orphan.job_id, queue: orphan.queue }, 'handing back a job failed'),
          ),
      ),
    );
    if (orphans.length > 0) log.info({ jobs: orphans.length }, 'jobs of a stopped process handed back');
    return orphans.length;
  }

  const reaper = setInterval(
    () => {
      reap().catch((err) => log.warn({ err }, 'handing back jobs failed'));
    },
    (options.reapEverySeconds ?? REAP_EVERY_SECONDS) * 1000,
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
