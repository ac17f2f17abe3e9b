import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { freePort } from '../src/db/embedded.js';
import { createEmptyDatabase } from './support/database.js';
import { processes, type TestProcess, waitFor } from './support/processes.js';

/**
 * Several instances on one PostgreSQL, as real processes (the API and worker entries run from source
 * with tsx): any number start at once on an empty database, a migrate step runs once and refuses a
 * second beside it, an instance told not to migrate refuses a database that needs it, and a process that
 * can't start says why in one JSON log line.
 */
const work = path.join(REPO_ROOT, 'var', `test-instances-${randomBytes(3).toString('hex')}`);
const children = processes();

afterAll(async () => {
  children.killAll();
  await rm(work, { recursive: true, force: true });
});

const emptyDatabase = () => createEmptyDatabase();

type Entry = 'main' | 'worker' | 'migrate-step';

/** An entry of the API run from source (tsx), as its own process. */
const run = (entry: Entry, env: Record<string, string>) =>
  children.start(['--import', 'tsx', path.join(REPO_ROOT, `apps/api/src/${entry}.ts`)], {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    STORAGE_DIR: path.join(work, 'storage'),
    DATA_DIR: path.join(work, 'data'),
    ...env,
  });

const started = (p: TestProcess) =>
  p.output().includes('School Portal is running') || p.output().includes('worker started');

const jsonLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string } });

describe('several instances on one database', () => {
  // Three rounds: each starts three processes under tsx (about 20 s of CPU on CI's two cores); ten took
  // three and a half minutes of the run. STARTUP_ROUNDS asks for more when the start-up path changes.
  test('an API and two workers started at once on an empty database all start, three times over', async () => {
    const rounds = Number(process.env.STARTUP_ROUNDS || 3);
    for (let round = 0; round < rounds; round++) {
      const env = { DATABASE_URL: await emptyDatabase() };
      const instances = [
        run('main', { ...env, PORT: String(await freePort()), RUN_WORKERS: 'true' }),
        run('worker', env),
        run('worker', env),
      ];
      await waitFor(() => instances.every((p) => started(p) || p.child.exitCode !== null), 90_000, 100);
      for (const p of instances) expect(p.child.exitCode, `round ${round}: ${p.output()}`).toBeNull();
      for (const p of instances) p.child.kill('SIGTERM');
      for (const p of instances) expect(await p.exited, p.output()).toBe(0);
    }
  }, 600_000);

  test('the migrate step migrates once and refuses a second one beside it; MIGRATE_ON_START=false waits for it', async () => {
    const env = { DATABASE_URL: await emptyDatabase() };
    // Told not to migrate, an instance refuses a database that needs migrations, in one JSON line.
    const early = run('worker', { ...env, MIGRATE_ON_START: 'false' });
    expect(await early.exited).toBe(1);
    const [line, ...rest] = jsonLines(early.output());
    expect(rest).toEqual([]);
    expect(line?.level).toBe(60);
    expect(line?.msg).toMatch(/^start failed: \d+ migration\(s\) are not applied .*npm run migrate/);

    // A migrate step while another holds the migrate lock (held here as that step would) refuses at once.
    const other = new pg.Client({ connectionString: env.DATABASE_URL });
    await other.connect();
    await other.query('SELECT pg_advisory_lock(727100002)');
    const second = run('migrate-step', env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('another migrate step is running');
    await other.end();
    const step = run('migrate-step', env);
    expect(await step.exited, step.output()).toBe(0);
    expect(step.output()).toContain('migrations applied and job queues declared');

    const later = run('worker', { ...env, MIGRATE_ON_START: 'false' });
    await waitFor(() => started(later) || later.child.exitCode !== null, 60_000);
    expect(later.child.exitCode, later.output()).toBeNull();
    later.child.kill('SIGTERM');
    expect(await later.exited).toBe(0);
  }, 180_000);

  test('on SIGTERM an API drains: /readyz answers 503 at once, requests are still answered and told to close, then it exits 0', async () => {
    const port = await freePort();
    const api = run('main', {
      DATABASE_URL: await emptyDatabase(),
      PORT: String(port),
      RUN_WORKERS: 'false',
      SHUTDOWN_DRAIN_SECONDS: '3',
    });
    await waitFor(() => started(api) || api.child.exitCode !== null, 90_000);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    api.child.kill('SIGTERM');
    await waitFor(() => api.output().includes('draining before close'), 10_000);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    expect(await api.exited, api.output()).toBe(0);
  }, 120_000);

  test('a process that cannot start logs one JSON line saying why, not a stack', async () => {
    const bad = run('main', { DATABASE_POOL_SIZE: 'many', PORT: String(await freePort()) });
    expect(await bad.exited).toBe(1);
    const lines = jsonLines(bad.output());
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toContain('start failed: Invalid environment');
    expect(lines[0]?.msg).toContain('DATABASE_POOL_SIZE');
  }, 60_000);
});
