/**
 * Shared database set-up of the benchmarks that run the real app (duplicates, subjects-grid,
 * roster-import): a throw-away database on TEST_DATABASE_URL's server or an embedded PostgreSQL under
 * var/, the runtime (and app) on it, and the bench user's studio (built with the test factories). Kept
 * apart from support.ts so that the image benchmarks do not load the whole app.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { buildApp } from '../src/http/app.js';
import { createLogger, type Runtime, startRuntime } from '../src/runtime.js';
import { buildOrganization, buildProject, buildUser, signIn } from '../test/support/factories.js';

/** The bench user's e-mail address; the password is the test factories' TEST_PASSWORD. */
const EMAIL = 'bench@example.test';

/** A migrated throw-away database with the runtime (no workers) on it; `close` undoes it all. */
export interface BenchDatabase {
  runtime: Runtime;
  /** Stops the runtime, drops the database, stops the embedded PostgreSQL (and removes the storage). */
  close(): Promise<void>;
}

/** A BenchDatabase with the HTTP app built on it; `close` closes the app first. */
export interface BenchApp extends BenchDatabase {
  app: FastifyInstance;
}

/**
 * Creates the database `sp_bench_<label>_<pid>` on TEST_DATABASE_URL's server (else on an embedded
 * PostgreSQL under var/bench-postgres-<pid>) and starts the runtime on it, silent and without demo data.
 * With `storage`, file storage goes to var/bench-storage-<pid>, removed on close; with `workers`, the
 * job workers run in this process (picture-day); `env` adds configuration (PORT, PUBLIC_URL).
 */
export async function benchDatabase(
  label: string,
  options: { storage?: boolean; workers?: boolean; env?: Record<string, string> } = {},
): Promise<BenchDatabase> {
  const name = `sp_bench_${label}_${process.pid}`;
  // Undone last-in first-out by close.
  const undo: (() => Promise<unknown>)[] = [];
  const close = async () => {
    let failure: unknown;
    for (const step of undo.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  };
  try {
    const storageDir = path.join(REPO_ROOT, 'var', `bench-storage-${process.pid}`);
    if (options.storage) undo.push(() => rm(storageDir, { recursive: true, force: true }));
    let adminUrl: string;
    if (process.env.TEST_DATABASE_URL) {
      const u = new URL(process.env.TEST_DATABASE_URL);
      u.pathname = '/postgres';
      adminUrl = u.toString();
    } else {
      const embedded = await startEmbeddedPostgres({
        dir: path.join(REPO_ROOT, 'var', `bench-postgres-${process.pid}`),
        persistent: false,
        database: 'postgres',
      });
      undo.push(embedded.stop);
      adminUrl = embedded.url;
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    undo.push(() => admin.end());
    await admin.query(`CREATE DATABASE "${name}"`);
    undo.push(() => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.toString(),
      SEED_DEMO: 'false',
      ...(options.storage ? { STORAGE_DIR: storageDir } : {}),
      ...options.env,
    });
    const runtime = await startRuntime(config, createLogger(config), { workers: options.workers ?? false });
    undo.push(() => runtime.stop());
    return { runtime, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** benchDatabase with the HTTP app (no request logging) built on its runtime, for app.inject. */
export async function benchApp(label: string): Promise<BenchApp> {
  const database = await benchDatabase(label);
  let app: FastifyInstance;
  try {
    app = await buildApp(database.runtime.ctx, { logger: false });
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    runtime: database.runtime,
    app,
    close: async () => {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
}

/** Inserts the customer organization 'Bench School'; returns its id. */
export async function benchOrganization(db: Db): Promise<string> {
  return (await buildOrganization(db, { name: 'Bench School', role: 'customer_role' })).id;
}

/**
 * The bench studio: 'Bench School' and a user who can sign in (benchSignIn), with an account managing
 * the school (current and default) and a School Portal licence. Returns the organization's id.
 */
export async function benchStudio(db: Db): Promise<string> {
  const organizationId = await benchOrganization(db);
  await buildUser(db, { organizations: [organizationId], manages: 'own', email: EMAIL });
  return organizationId;
}

/**
 * A project template 'T' of the organization with one subject field per key, in that order. Returns the
 * template's id and `fieldId(key)`, the id of the field with that key.
 */
export async function benchTemplate(
  db: Db,
  organizationId: string,
  keys: string[],
): Promise<{ templateId: string; fieldId: (key: string) => string }> {
  const template = await db
    .insertInto('project_templates')
    .values({ organization_id: organizationId, name: 'T', project_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fields = await db
    .insertInto('subject_fields')
    .values(
      keys.map((key, i) => ({
        project_template_id: template.id,
        field_key: key,
        label: null,
        arrangement_position: i,
      })),
    )
    .returning(['id', 'field_key'])
    .execute();
  return { templateId: template.id, fieldId: (key) => fields.find((f) => f.field_key === key)!.id };
}

/**
 * The bench studio, a template of `keys` and one project per label of `counts` (its name), each filled by
 * `fill` with that many subjects, then ANALYZE: the large-against-small benchmarks' set-up.
 */
export async function benchProjects(
  db: Db,
  keys: string[],
  counts: Record<string, number>,
  fill: (projectId: string, count: number, fieldId: (key: string) => string) => Promise<unknown>,
): Promise<{ projectIds: Record<string, string>; fieldId: (key: string) => string }> {
  const organizationId = await benchStudio(db);
  const { templateId, fieldId } = await benchTemplate(db, organizationId, keys);
  const projectIds: Record<string, string> = {};
  for (const [label, count] of Object.entries(counts)) {
    const projectId = await buildProject(db, organizationId, label, templateId);
    projectIds[label] = projectId;
    await fill(projectId, count, fieldId);
  }
  await sql`ANALYZE`.execute(db);
  return { projectIds, fieldId };
}

/** The bench user's bearer token, from the real password grant of /oauth/token. */
export const benchSignIn = (app: FastifyInstance): Promise<string> => signIn(app, EMAIL);
