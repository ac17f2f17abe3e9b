/**
 * npm run bench:roster-import — a 20,000-row roster (CSV) imported into an empty project: read, check
 * and apply (the apply job's work, batched inserts in one transaction), then an edited copy re-imported
 * (every 10th row changed: updates). Prints the milliseconds of each step.
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/. Option: ROWS (default 20000).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { findImport } from '../src/modules/subject-imports/queries.js';
import { applyImport, readIntoImport, runCheck } from '../src/modules/subject-imports/service.js';
import { createLogger, startRuntime } from '../src/runtime.js';

const ROWS = Number(process.env.ROWS ?? 20000);
const name = `sp_bench_roster_${process.pid}`;

let adminUrl: string;
let stopEmbedded: (() => Promise<void>) | undefined;
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
  adminUrl = embedded.url;
  stopEmbedded = embedded.stop;
}
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const storageDir = path.join(REPO_ROOT, 'var', `bench-storage-${process.pid}`);

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url.toString(),
  SEED_DEMO: 'false',
  STORAGE_DIR: storageDir,
});
const runtime = await startRuntime(config, createLogger(config), { workers: false });
const ctx = runtime.ctx;
const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await f();
  return [value, performance.now() - started];
};

function roster(edited: boolean): Buffer {
  const lines = ['Student Number,First Name,Last Name,Grade Level,Homeroom Teacher'];
  for (let i = 1; i <= ROWS; i++) {
    const teacher = edited && i % 10 === 0 ? `Teacher ${i % 40} (new)` : `Teacher ${i % 40}`;
    lines.push(`${String(i).padStart(6, '0')},First${i},Last${i % 977},${i % 13},${teacher}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

try {
  const db = ctx.db;
  const org = await db
    .insertInto('organizations')
    .values({
      name: 'Bench School',
      role: 'customer_role',
      parent_organization_id: null,
      short_code: null,
      contact_name: null,
      contact_phone: null,
      contact_email: null,
      logo_url: null,
      logo_thumb_url: null,
      support_url: null,
      current_season_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const template = await db
    .insertInto('project_templates')
    .values({ organization_id: org.id, name: 'T', project_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subject_fields')
    .values(
      ['student_id', 'first_name', 'last_name', 'grade', 'teacher'].map((key, i) => ({
        project_template_id: template.id,
        field_key: key,
        label: null,
        arrangement_position: i,
      })),
    )
    .execute();
  const project = await db
    .insertInto('projects')
    .values({ organization_id: org.id, name: 'Bench', project_template_id: template.id })
    .returning('id')
    .executeTakeFirstOrThrow();

  const results: string[] = [];
  for (const [label, edited] of [
    ['first import (creates)', false],
    ['re-import, every 10th row edited (updates)', true],
  ] as const) {
    const bytes = roster(edited);
    const key = `bench/${label.length}-${Date.now()}`;
    await ctx.storage.put(key, bytes, 'text/csv');
    const row = await db
      .insertInto('subject_imports')
      .values({
        project_id: project.id,
        storage_key: key,
        upload_file_name: 'roster.csv',
        upload_file_size: bytes.length,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const [read, readMs] = await time(() => readIntoImport(ctx, row, bytes, {}));
    const [checked, checkMs] = await time(() => runCheck(ctx, read, true));
    await db.updateTable('subject_imports').set({ status: 'applying' }).where('id', '=', row.id).execute();
    const [, applyMs] = await time(() => applyImport(db, ctx.storage, row.id, true));
    const done = await findImport(db, row.id);
    if (done.status !== 'applied') throw new Error(`import ${done.status}: ${done.failure}`);
    results.push(
      `  ${label}: read ${readMs.toFixed(0)} ms, check ${checkMs.toFixed(0)} ms, apply ${applyMs.toFixed(0)} ms` +
        ` (created ${done.report.created}, updated ${done.report.updated}, unchanged ${done.report.unchanged};` +
        ` check said ${checked.check_report.create_count} / ${checked.check_report.update_count})`,
    );
  }
  const count = await db
    .selectFrom('subjects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', project.id)
    .executeTakeFirstOrThrow();
  process.stdout.write(
    `roster import of ${ROWS} rows (CSV, ${(roster(false).length / 1024 / 1024).toFixed(1)} MB):\n${results.join('\n')}\n` +
      `  subjects in the project: ${count.n}\n`,
  );
} finally {
  await runtime.stop();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await stopEmbedded?.();
  await rm(storageDir, { recursive: true, force: true });
}
