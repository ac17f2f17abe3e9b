import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { queueEmail } from '../src/mail/outbox.js';
import { createLogger, type Runtime, startRuntime } from '../src/runtime.js';
import { createTestDatabase } from './support/database.js';
import { processes, waitFor } from './support/processes.js';

/**
 * A dead process's jobs resume within a minute (jobs/liveness.ts): a worker process takes a job and is
 * killed with SIGKILL mid-job; a live worker on the same database runs the job within 60 s of the kill,
 * where pg-boss alone waits out the job's expiry (15 minutes for e-mail, hours for exports).
 */
const children = processes();
const runtimes: Runtime[] = [];
afterAll(async () => {
  children.killAll();
  for (const runtime of runtimes) await runtime.stop();
});

const runtimeOn = async (databaseUrl: string, workers: boolean) => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    STORAGE_DIR: path.join(REPO_ROOT, 'var', 'test-storage', path.basename(new URL(databaseUrl).pathname)),
  });
  const runtime = await startRuntime(config, createLogger(config), { workers });
  runtimes.push(runtime);
  return runtime;
};

test('a job whose worker is killed mid-run is run by another worker within a minute', async () => {
  const databaseUrl = await createTestDatabase();
  const stuck = children.start(
    ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/test/support/stuck-worker.ts')],
    { DATABASE_URL: databaseUrl },
    { inheritEnv: true },
  );
  const output = () => stuck.output();
  const until = (check: () => Promise<boolean> | boolean, seconds: number) =>
    waitFor(check, seconds * 1000, 250).catch(() => {
      throw new Error(`timed out: ${output()}`);
    });
  await until(() => output().includes('ready'), 60);

  // An e-mail queued while only the stuck worker runs: it takes the job and never finishes.
  const enqueuer = await runtimeOn(databaseUrl, false);
  const { db, queue } = enqueuer.ctx;
  const outboxId = await db.transaction().execute((trx) =>
    queueEmail(trx, (id, tx) => queue.enqueue('email.send', { outbox_id: id }, { trx: tx }), {
      to: 'resume@example.test',
      subject: 'Resumed',
      text: 'After a crash',
    }),
  );
  await until(() => output().includes('took'), 30);
  stuck.child.kill('SIGKILL');
  const killedAt = Date.now();

  // A live worker takes it over once the dead one is missed.
  await runtimeOn(databaseUrl, true);
  const status = async () =>
    (
      await db
        .selectFrom('email_outbox')
        .select('status')
        .where('id', '=', outboxId)
        .executeTakeFirstOrThrow()
    ).status;
  await until(async () => (await status()) !== 'pending', 75);
  expect(await status()).toBe('stored');
  expect(Date.now() - killedAt).toBeLessThan(60_000);
}, 150_000);
