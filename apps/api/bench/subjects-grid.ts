/**
 * npm run bench:subjects-grid — one page of the subjects grid (a field filter, images, a keyword, a field
 * sort, page 2) through the real route, for a project of 20,000 subjects against one of 20, with 32
 * concurrent clients, the two taking turns in the same run. Prints p50 and p95 milliseconds per page of
 * each and the ratios (goal: p95 at 20,000 <= 1.5x p95 at 20).
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/. Options: SUBJECTS (default 20000), CLIENTS (32), ROUNDS (6), PER_CLIENT (4).
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
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const PER_CLIENT = Number(process.env.PER_CLIENT ?? 4);
const name = `sp_bench_grid_${process.pid}`;

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
      ['first_name', 'last_name', 'grade', 'teacher'].map((key, i) => ({
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
    ['small', 20],
  ] as const) {
    const project = await db
      .insertInto('projects')
      .values({ organization_id: org.id, name: label, project_template_id: template.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectIds[label] = project.id;
    await sql`INSERT INTO subjects (project_id, properties)
      SELECT ${project.id}, jsonb_build_object(${id('first_name')}::text, 'First' || g, ${id('last_name')}::text, 'Last' || (g % 977),
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
  const page = async (label: string) => {
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/${projectIds[label]}/subjects?filter[field_1]=${id('teacher')}&filter[value_1]=Teacher3&images=without&keyword=last&sort=field:${id('grade')}&page=2`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`grid answered ${res.statusCode}`);
    return performance.now() - started;
  };
  // CLIENTS concurrent clients, each asking PER_CLIENT pages in a row; the two projects take turns.
  const times: Record<string, number[]> = { large: [], small: [] };
  const burst = async (label: string) => {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < PER_CLIENT; i++) times[label]!.push(await page(label));
      }),
    );
  };
  await burst('large'); // warm-up (plans, caches), not counted
  await burst('small');
  times.large = [];
  times.small = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const label of round % 2 === 0 ? ['large', 'small'] : ['small', 'large']) await burst(label);
  }
  const pct = (v: number[], p: number) =>
    [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))]!;
  const row = (label: string, v: number[]) =>
    `  ${label.padEnd(16)} p50 ${pct(v, 0.5).toFixed(2).padStart(7)} ms   p95 ${pct(v, 0.95).toFixed(2).padStart(7)} ms   (${v.length} pages)\n`;
  const ratio = pct(times.large!, 0.95) / pct(times.small!, 0.95);
  process.stdout.write(
    `subjects grid page, ${CLIENTS} concurrent clients, ${ROUNDS} rounds of ${PER_CLIENT} pages each, interleaved:\n` +
      row(`${SUBJECTS} subjects`, times.large!) +
      row('20 subjects', times.small!) +
      `  p95 ratio (large / small): ${ratio.toFixed(2)} (goal <= 1.5)\n` +
      `  p50 ratio (large / small): ${(pct(times.large!, 0.5) / pct(times.small!, 0.5)).toFixed(2)}\n`,
  );
} finally {
  await app.close();
  await runtime.stop();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await stopEmbedded?.();
}
