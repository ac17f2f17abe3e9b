import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant: serialises concurrent starts (several API and worker processes) around every start-up
// write: the migrations, and the job queues and schedules (jobs/queue.ts), whose creation deadlocks when
// two processes create the same queues at once.
const STARTUP_LOCK = 727_100_001;
// Held by the `migrate` command for its whole run, so that a second one refuses at once.
const MIGRATE_COMMAND_LOCK = 727_100_002;

/**
 * Runs `fn` holding the start-up lock (a session advisory lock on a connection of its own): one process
 * at a time migrates and declares the job queues; the others wait, then find the work done.
 */
export async function withStartupLock<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * The `migrate` command's own lock, taken without waiting: false when another migrate holds it. Released
 * with the connection (`release`).
 */
export async function tryMigrateCommandLock(pool: pg.Pool): Promise<{ release(): void } | null> {
  const client = await pool.connect();
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
    MIGRATE_COMMAND_LOCK,
  ]);
  if (rows[0]?.locked) return { release: () => client.release(true) };
  client.release();
  return null;
}

/** The migrations not applied yet (an instance told not to migrate refuses to start while any are). */
export async function pendingMigrations(pool: pg.Pool): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const { rows } = await pool
    .query<{ name: string }>(
      `SELECT name FROM schema_migrations WHERE to_regclass('schema_migrations') IS NOT NULL`,
    )
    .catch(() => ({ rows: [] as { name: string }[] }));
  const done = new Set(rows.map((r) => r.name));
  return files.filter((f) => !done.has(f));
}

/**
 * Applies the checked-in SQL migrations in file-name order, each in its own transaction, recording
 * them in schema_migrations, under the start-up lock. Safe to run from several processes at once.
 */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return withStartupLock(pool, (client) => applyMigrations(client, files));
}

async function applyMigrations(client: pg.PoolClient, files: string[]): Promise<string[]> {
  const applied: string[] = [];
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await client.query('BEGIN');
    try {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      await client.query('COMMIT');
      applied.push(file);
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
    }
  }
  return applied;
}
