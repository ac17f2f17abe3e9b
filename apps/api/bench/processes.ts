/**
 * API processes for the benchmarks that run several instances on one bench database (scale, live): each
 * is src/main.ts as `npm start` runs it (workers off), listening on a free loopback port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import { freePort } from '../src/db/embedded.js';
import { TEST_PASSWORD } from '../test/support/factories.js';

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Stops the process (SIGTERM, up to 20 s) and removes the storage folder. */
  stop(): Promise<void>;
}

/**
 * An API process on `databaseUrl`, workers off; resolves once /healthz answers. The instances of one
 * `label` share a storage folder (and its signing secret), as a multi-instance install does.
 */
export async function startApi(
  databaseUrl: string,
  label: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(REPO_ROOT, 'var', `bench-${label}-${process.pid}`);
  const child = spawn(process.execPath, [...process.execArgv, path.join(REPO_ROOT, 'apps/api/src/main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('an API process exited');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child, stop };
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error('an API process did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A bench user's bearer token from the password grant of an API process (the factories' password). */
export async function signInAt(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: TEST_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
