/**
 * npm run bench:duplicates — the duplicate finder (default fields: First Name, Last Name, Student ID,
 * over every subject) through the real HTTP route, for a project of 20,000 subjects against one of 200,
 * interleaved in the same run; one subject in 100 has a planted duplicate. Prints the median
 * milliseconds per call of each and the ratio.
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/. Options: SUBJECTS (default 20000), SMALL (default 200), RUNS (default 20).
 */
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { buildApp } from '../src/http/app.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createLogger, startRuntime } from '../src/runtime.js';

const SUBJECTS = Number(process.env.SUBJECTS ?? 20000);
const SMALL = Number(process.env.SMALL ?? 200);
const RUNS = Number(process.env.RUNS ?? 20);
const name = `sp_bench_duplicates_${process.pid}`;

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

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url.toString(),
  SEED_DEMO: 'false',
});
const runtime = await startRuntime(config, createLogger(config), { workers: false });
const app = await buildApp(runtime.ctx, { logger: false });
try {
  const db = runtime.ctx.db;
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
  const user = await db
    .insertInto('users')
    .values({
      name: 'Bench',
      email: 'bench@example.test',
      password_hash: await hashPassword('bench password'),
      default_account_id: null,
      current_account_id: null,
      invitation_sent_at: null,
      invitation_accepted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('accounts')
    .values({ user_id: user.id, organization_id: org.id, managed_organization_ids: [org.id] })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ current_account_id: account.id, default_account_id: account.id })
    .execute();
  await db.insertInto('app_licenses').values({ user_id: user.id, plic_app_slug: 'school-portal' }).execute();
  const template = await db
    .insertInto('project_templates')
    .values({ organization_id: org.id, name: 'T', project_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fields = await db
    .insertInto('subject_fields')
    .values(
      ['student_id', 'first_name', 'last_name', 'grade', 'teacher'].map((key, i) => ({
        project_template_id: template.id,
        field_key: key,
        label: null,
        arrangement_position: i,
      })),
    )
    .returning(['id', 'field_key'])
    .execute();
  const id = (key: string) => fields.find((f) => f.field_key === key)!.id;
  const projectIds: Record<string, string> = {};
  for (const [label, count] of [
    ['large', SUBJECTS],
    ['small', SMALL],
  ] as const) {
    const project = await db
      .insertInto('projects')
      .values({ organization_id: org.id, name: label, project_template_id: template.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectIds[label] = project.id;
    // Subject g and g + 1 share name and student id when g % 100 = 1 (one planted pair per 100).
    await sql`INSERT INTO subjects (project_id, properties)
      SELECT ${project.id}, jsonb_build_object(
        ${id('student_id')}::text, lpad((CASE WHEN g % 100 = 2 THEN g - 1 ELSE g END)::text, 6, '0'),
        ${id('first_name')}::text, 'First' || (CASE WHEN g % 100 = 2 THEN g - 1 ELSE g END),
        ${id('last_name')}::text, 'Last' || ((CASE WHEN g % 100 = 2 THEN g - 1 ELSE g END) % 977),
        ${id('grade')}::text, (g % 13)::text, ${id('teacher')}::text, 'Teacher' || (g % 40))
      FROM generate_series(1, ${count}::int) g`.execute(db);
  }
  await sql`ANALYZE`.execute(db);
  const token = (
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: 'bench@example.test', password: 'bench password' },
    })
  ).json().access_token as string;
  const groups: Record<string, number> = {};
  const find = async (label: string) => {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectIds[label]}/duplicate-subjects`,
      headers: { authorization: `Bearer ${token}` },
      payload: { fields: ['first_name', 'last_name', 'student_id'] },
    });
    if (res.statusCode !== 200) throw new Error(`duplicate finder answered ${res.statusCode}`);
    groups[label] = res.json().duplicate_groups.length;
    return performance.now() - started;
  };
  const times: Record<string, number[]> = { large: [], small: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const label of i % 2 === 0 ? ['large', 'small'] : ['small', 'large'])
      times[label]!.push(await find(label));
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const large = median(times.large!);
  const small = median(times.small!);
  process.stdout.write(
    `duplicate finder, ${RUNS} calls each, interleaved:\n` +
      `  ${SUBJECTS} subjects (${groups.large} groups): ${large.toFixed(2)} ms (median)\n` +
      `  ${SMALL} subjects (${groups.small} groups): ${small.toFixed(2)} ms (median)\n` +
      `  ratio (large / small): ${(large / small).toFixed(2)}\n`,
  );
} finally {
  await app.close();
  await runtime.stop();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await stopEmbedded?.();
}
