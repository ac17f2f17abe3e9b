/**
 * npm run bench:scale — a tenant's cost must depend on the tenant, not on the whole database.
 *
 * Seeds, in bulk SQL (INSERT ... SELECT generate_series, secondary indexes dropped during the load and
 * built again after it), one lab with two studios: a national one (SCHOOLS schools, SUBJECTS subjects,
 * PHOTOS photo records as metadata, AUDIT audit rows spread over a season) and a district one
 * (DISTRICT_SCHOOLS schools, DISTRICT_SUBJECTS subjects, photos and audit rows in the same proportions).
 * Each school has one project of the same size in both, so the same request costs the same work.
 *
 * Then starts two API processes (src/main.ts, as `npm start` runs it, workers off) on that database and
 * prints, for the same school-sized requests made by each studio's manager:
 *   - projects list of a school (25 a page)
 *   - subjects grid page with a field filter (a page never read before: no page cache)
 *   - coverage of a school's project
 *   - the pre-export check (PowerSchool)
 *   - a station's roster read: the grid's whole page of a project's subjects with card codes (limit 500)
 * the p95 at the nation's size against the district's, taking turns in the same run (goal: <= 1.5); and
 * the throughput of a mix of those requests on two API instances against one (goal: >= 1.6).
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/. Options: SCHOOLS (10000), SUBJECTS (3000000), PHOTOS (6000000), AUDIT (3000000),
 * DISTRICT_SCHOOLS (30), DISTRICT_SUBJECTS (9000), SAMPLE (30 schools of each studio asked), CLIENTS (8),
 * ROUNDS (6), PER_CLIENT (5), BENCH_SECONDS (10, per throughput run), BENCH_CONNECTIONS (16),
 * CHUNK (500 schools a statement), SCALE_DATABASE (a name: the seeded database is kept and used again by
 * the next run with that name, to measure a change before and after on the same data).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { createLogger, type Runtime, startRuntime } from '../src/runtime.js';
import { buildOrganization, buildUser } from '../test/support/factories.js';
import { benchDatabase, benchTemplate } from './database.js';
import { type ApiProcess, signInAt, startApi } from './processes.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SCHOOLS = env('SCHOOLS', 10000);
const SUBJECTS = env('SUBJECTS', 3_000_000);
const PHOTOS = env('PHOTOS', 6_000_000);
const AUDIT = env('AUDIT', 3_000_000);
const DISTRICT_SCHOOLS = env('DISTRICT_SCHOOLS', 30);
const DISTRICT_SUBJECTS = env('DISTRICT_SUBJECTS', 9000);
const SAMPLE = env('SAMPLE', 30);
const CLIENTS = env('CLIENTS', 8);
const ROUNDS = env('ROUNDS', 6);
const PER_CLIENT = env('PER_CLIENT', 5);
const SECONDS = env('BENCH_SECONDS', 10);
const CONNECTIONS = env('BENCH_CONNECTIONS', 16);
const CHUNK = env('CHUNK', 500);
const FIELD_KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];
const SEASON_START = '2026-08-15';
const SEASON_DAYS = 120;

const log = (line: string) => process.stdout.write(`${line}\n`);
const elapsed = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

interface Tenant {
  label: string;
  studioId: string;
  email: string;
  fieldId: (key: string) => string;
  schools: { schoolId: string; projectId: string }[];
}

/** The secondary indexes of the bulk-loaded tables (not those behind a constraint): dropped, then rebuilt. */
async function secondaryIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = 'public'
      AND i.tablename IN ('subjects', 'photos', 'subject_photo_assignments', 'audit_events')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  return rows;
}

/** A studio under the lab with `schools` schools, a season, a template, one project and album a school. */
async function seedStudio(
  db: Db,
  labId: string,
  label: string,
  schools: number,
  subjects: number,
  photos: number,
  audit: number,
): Promise<Tenant> {
  const started = performance.now();
  const studio = await buildOrganization(db, { name: `${label} studio`, role: 'studio_role', parent: labId });
  const email = `scale-${label}@example.test`;
  const user = await buildUser(db, { organizations: [studio.id], manages: 'own', email });
  const season = await db
    .insertInto('seasons')
    .values({ organization_id: studio.id, name: '2026-2027', period_start: SEASON_START, period_end: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { templateId, fieldId } = await benchTemplate(db, studio.id, FIELD_KEYS);
  await sql`INSERT INTO organizations (parent_organization_id, name, role)
    SELECT ${studio.id}, ${label} || ' school ' || g, 'customer_role' FROM generate_series(1, ${schools}::int) g`.execute(
    db,
  );
  await sql`INSERT INTO projects (organization_id, season_id, name, project_template_id)
    SELECT o.id, ${season.id}, 'Picture day 2026 ' || o.name, ${templateId} FROM organizations o
    WHERE o.parent_organization_id = ${studio.id} ORDER BY o.id`.execute(db);
  const rows = await db
    .selectFrom('projects as p')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .select(['o.id as schoolId', 'p.id as projectId'])
    .where('o.parent_organization_id', '=', studio.id)
    .orderBy('p.id')
    .execute();
  await sql`INSERT INTO albums (parent_resource_type, parent_resource_id, name)
    SELECT 'Project', p.id, 'Picture day' FROM projects p
    WHERE p.id = ANY(${rows.map((r) => r.projectId)}::bigint[])`.execute(db);

  // Per school: the same number of subjects; photos a subject on average (every 20th none, the next
  // double, so coverage has someone missing); audit rows a subject spread over the season. A school's
  // subjects, photos and assignments are stored together, as its roster import and picture day write
  // them (rows of 500 schools interleaved would make each school's reads touch a page a row).
  const perSchool = Math.max(1, Math.floor(subjects / schools));
  const photosEach = Math.max(0, Math.round(photos / subjects));
  const auditEach = Math.max(0, Math.round(audit / subjects));
  const id = fieldId;
  for (let from = 0; from < rows.length; from += CHUNK) {
    const projectIds = rows.slice(from, from + CHUNK).map((r) => r.projectId);
    await sql`INSERT INTO subjects (project_id, properties, card_code, created_at)
      SELECT p.id, jsonb_build_object(
          ${id('student_id')}::text, (100000 + g)::text, ${id('first_name')}::text, 'First' || g,
          ${id('last_name')}::text, 'Last' || (g % 97), ${id('grade')}::text, (g % 13)::text,
          ${id('teacher')}::text, 'Teacher' || (g % 12)),
        upper(lpad(to_hex(g), 8, '0')), ${SEASON_START}::timestamptz + g * interval '1 second'
      FROM unnest(${projectIds}::bigint[]) p(id), generate_series(1, ${perSchool}::int) g
      ORDER BY p.id, g`.execute(db);
    if (photosEach > 0) {
      await sql`WITH s AS (
          SELECT s.id, a.id AS album_id, CASE WHEN s.id % 20 = 0 THEN 0 WHEN s.id % 20 = 1 THEN ${2 * photosEach}::int
            ELSE ${photosEach}::int END AS n
          FROM subjects s JOIN albums a ON a.parent_resource_id = s.project_id
          WHERE s.project_id = ANY(${projectIds}::bigint[])
        ), ph AS (
          INSERT INTO photos (album_id, storage_key, upload_file_name, upload_file_size, upload_content_type,
            uploaded_at, upload_verified_at, content_sha256, width, height, orientation, renditions_ready_at,
            verification_state, master_width, master_height)
          SELECT s.album_id, 'scale/' || s.id || '/' || i, 'IMG_' || s.id || '_' || i || '.jpg', 4000000,
            'image/jpeg', now(), now(), md5(s.id || '/' || i) || md5(i || '/' || s.id), 2400, 3600, 1, now(),
            'verified', 2400, 3600
          FROM s, generate_series(1, s.n) i
          ORDER BY s.id, i
          RETURNING id, storage_key
        )
        INSERT INTO subject_photo_assignments (subject_id, photo_id, is_primary)
        SELECT split_part(ph.storage_key, '/', 2)::bigint, ph.id, split_part(ph.storage_key, '/', 3) = '1'
        FROM ph ORDER BY ph.id`.execute(db);
    }
    if (auditEach > 0) {
      await sql`INSERT INTO audit_events (user_id, acting_organization_id, owner_organization_id, action,
          record_type, record_id, project_id, details, created_at)
        SELECT ${user.id}, ${studio.id}, p.organization_id, 'subject.update', 'Subject', s.id, s.project_id, '{}',
          ${SEASON_START}::timestamptz + ((s.id * 7919 + i) % (${SEASON_DAYS} * 86400)) * interval '1 second'
        FROM subjects s JOIN projects p ON p.id = s.project_id, generate_series(1, ${auditEach}::int) i
        WHERE s.project_id = ANY(${projectIds}::bigint[])`.execute(db);
    }
    if (rows.length > CHUNK)
      log(`  ${label}: ${Math.min(rows.length, from + CHUNK)} schools (${elapsed(started)})`);
  }
  log(`  ${label}: ${schools} schools, ${perSchool * schools} subjects seeded in ${elapsed(started)}`);
  return tenantOf(db, label);
}

/** A seeded studio as the requests need it: its manager, its template's fields, its schools' projects. */
async function tenantOf(db: Db, label: string): Promise<Tenant> {
  const studio = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', `${label} studio`)
    .where('role', '=', 'studio_role')
    .executeTakeFirstOrThrow();
  const fields = await db
    .selectFrom('subject_fields as f')
    .innerJoin('project_templates as t', 't.id', 'f.project_template_id')
    .select(['f.id', 'f.field_key'])
    .where('t.organization_id', '=', studio.id)
    .execute();
  const schools = await db
    .selectFrom('projects as p')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .select(['o.id as schoolId', 'p.id as projectId'])
    .where('o.parent_organization_id', '=', studio.id)
    .orderBy('p.id')
    .execute();
  return {
    label,
    studioId: studio.id,
    email: `scale-${label}@example.test`,
    fieldId: (key) => fields.find((f) => f.field_key === key)!.id,
    schools,
  };
}

/**
 * SCALE_DATABASE=name: the seeded database is kept under that name on TEST_DATABASE_URL's server and
 * used again by the next run with the same name (no seeding; migrations added since are applied on
 * start), to compare a change before and after on the same data. Drop it by hand when done.
 */
async function keptDatabase(
  name: string,
): Promise<{ runtime: Runtime; seeded: boolean; close(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('SCALE_DATABASE needs TEST_DATABASE_URL');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('SCALE_DATABASE: lower-case letters, digits and _');
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  let exists: boolean;
  try {
    exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    SEED_DEMO: 'false',
  });
  const runtime = await startRuntime(config, createLogger(config), { workers: false });
  const seeded =
    exists &&
    (await runtime.ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Scale lab')
      .executeTakeFirst()) !== undefined;
  return { runtime, seeded, close: () => runtime.stop() };
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}
/** A page no process has read: added_since further back each time (every subject is newer). */
let newPage = 0;
const neverReadBefore = () => `&added_since=${new Date(Date.UTC(2000, 0, 1) - ++newPage).toISOString()}`;

/** The five tenant-sized requests for one school of a tenant. */
function requestsOf(
  tenant: Tenant,
  school: Tenant['schools'][number],
  formatId: string,
): Record<string, () => Request> {
  const p = school.projectId;
  return {
    'projects list': () => ({
      method: 'GET',
      path: `/api/organizations/${school.schoolId}/projects?limit=25`,
    }),
    'grid page, filtered': () => ({
      method: 'GET',
      path: `/api/projects/${p}/subjects?filter[field_1]=${tenant.fieldId('teacher')}&filter[value_1]=Teacher3&sort=field:${tenant.fieldId('last_name')}${neverReadBefore()}`,
    }),
    coverage: () => ({ method: 'GET', path: `/api/projects/${p}/coverage` }),
    'pre-export check': () => ({
      method: 'POST',
      path: `/api/projects/${p}/project-exports/check`,
      body: JSON.stringify({ project_export: { project_export_format_id: formatId } }),
    }),
    'station roster read': () => ({
      method: 'GET',
      path: `/api/projects/${p}/subjects?limit=500${neverReadBefore()}`,
    }),
  };
}

async function timed(base: string, token: string, r: Request): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${r.path}`, {
    method: r.method,
    headers: { authorization: `Bearer ${token}`, ...(r.body ? { 'content-type': 'application/json' } : {}) },
    body: r.body,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${r.method} ${r.path}: ${res.status} ${text.slice(0, 300)}`);
  return performance.now() - started;
}

const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))]!;

/** Seeds the lab, the district and the nation, secondary indexes dropped during the load; ANALYZE. */
async function seed(db: Db): Promise<{ nation: Tenant; district: Tenant }> {
  const started = performance.now();
  log(
    `seeding: nation ${SCHOOLS} schools / ${SUBJECTS} subjects / ${PHOTOS} photos / ${AUDIT} audit rows, district ${DISTRICT_SCHOOLS} / ${DISTRICT_SUBJECTS}`,
  );
  const indexes = await secondaryIndexes(db);
  for (const index of indexes) await sql`DROP INDEX ${sql.ref(index.name)}`.execute(db);
  const lab = await buildOrganization(db, { name: 'Scale lab', role: 'lab_role' });
  const scale = DISTRICT_SUBJECTS / SUBJECTS;
  const district = await seedStudio(
    db,
    lab.id,
    'district',
    DISTRICT_SCHOOLS,
    DISTRICT_SUBJECTS,
    Math.round(PHOTOS * scale),
    Math.round(AUDIT * scale),
  );
  const nation = await seedStudio(db, lab.id, 'nation', SCHOOLS, SUBJECTS, PHOTOS, AUDIT);
  const rebuilt = performance.now();
  await sql`SET maintenance_work_mem = '512MB'`.execute(db);
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  await sql`ANALYZE`.execute(db);
  log(
    `  ${indexes.length} indexes built again and ANALYZE in ${elapsed(rebuilt)}; seeding took ${elapsed(started)}`,
  );
  const { rows: sizes } = await sql<{ table: string; rows: string; size: string }>`
    SELECT relname AS table, reltuples::bigint::text AS rows, pg_size_pretty(pg_total_relation_size(oid)) AS size
    FROM pg_class WHERE relname IN ('organizations', 'projects', 'subjects', 'photos', 'subject_photo_assignments',
      'audit_events') ORDER BY relname`.execute(db);
  log(`  ${sizes.map((s) => `${s.table} ${s.rows} rows (${s.size})`).join(', ')}`);
  return { nation, district };
}

const kept = process.env.SCALE_DATABASE ? await keptDatabase(process.env.SCALE_DATABASE) : null;
const { runtime, close } = kept ?? (await benchDatabase('scale'));
const apis: ApiProcess[] = [];
let failed = false;
try {
  const db = runtime.ctx.db;
  const { nation, district } = kept?.seeded
    ? { nation: await tenantOf(db, 'nation'), district: await tenantOf(db, 'district') }
    : await seed(db);
  if (kept?.seeded) log(`using the seeded database ${process.env.SCALE_DATABASE} (nothing seeded)`);
  const format = await db
    .selectFrom('project_export_formats')
    .select('id')
    .where('standard_key', '=', 'powerschool_photo_import')
    .executeTakeFirstOrThrow();
  const databaseUrl = runtime.ctx.config.databaseUrl!;
  log('starting two API processes...');
  apis.push(await startApi(databaseUrl, 'scale'));
  apis.push(await startApi(databaseUrl, 'scale'));
  const [one, two] = apis;
  const tokens = {
    nation: await signInAt(one!.base, nation.email),
    district: await signInAt(one!.base, district.email),
  };
  // SAMPLE schools of each studio, spread over the studio (the nation's from all over its 10,000).
  const sample = (t: Tenant) =>
    Array.from(
      { length: Math.min(SAMPLE, t.schools.length) },
      (_, i) => t.schools[Math.floor((i * t.schools.length) / Math.min(SAMPLE, t.schools.length))]!,
    );
  const requests = (t: Tenant) => sample(t).map((s) => requestsOf(t, s, format.id));
  const asked = { nation: requests(nation), district: requests(district) };
  const kinds = Object.keys(asked.nation[0]!);

  // p95: CLIENTS concurrent clients, PER_CLIENT requests each on the sample's schools in turn; the two
  // studios take turns, ROUNDS rounds, after a warm-up round of each.
  const times: Record<string, Record<'nation' | 'district', number[]>> = {};
  for (const kind of kinds) {
    times[kind] = { nation: [], district: [] };
    let next = 0;
    const burst = async (label: 'nation' | 'district', keep: boolean) => {
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let i = 0; i < PER_CLIENT; i++) {
            const list = asked[label];
            const ms = await timed(one!.base, tokens[label], list[next++ % list.length]![kind]!());
            if (keep) times[kind]![label].push(ms);
          }
        }),
      );
    };
    await burst('nation', false);
    await burst('district', false);
    for (let round = 0; round < ROUNDS; round++) {
      for (const label of round % 2 === 0
        ? (['nation', 'district'] as const)
        : (['district', 'nation'] as const))
        await burst(label, true);
    }
  }

  // Throughput: a mix of the five requests over the nation's sample, on one instance, then on two at once
  // (the same connections split between them), each driven by autocannon.
  const mix = asked.nation.flatMap((r) =>
    kinds.map((kind) => {
      const { method, path: p, body } = r[kind]!();
      return {
        method,
        path: p,
        ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
      };
    }),
  );
  const drive = async (base: string, connections: number) => {
    const r = await autocannon({
      url: base,
      connections,
      duration: SECONDS,
      headers: { authorization: `Bearer ${tokens.nation}` },
      requests: mix,
    });
    if (r.errors + r.timeouts + r.non2xx > 0)
      throw new Error(`throughput run: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
    return r.requests.average;
  };
  // Warm-up of both instances (their first requests load and compile the routes' code).
  await Promise.all([
    drive(one!.base, Math.ceil(CONNECTIONS / 2)),
    drive(two!.base, Math.ceil(CONNECTIONS / 2)),
  ]);
  const single = await drive(one!.base, CONNECTIONS);
  const pair = (
    await Promise.all([
      drive(one!.base, Math.ceil(CONNECTIONS / 2)),
      drive(two!.base, Math.ceil(CONNECTIONS / 2)),
    ])
  ).reduce((a, b) => a + b, 0);

  const load = os.loadavg().map((l) => l.toFixed(2));
  const ms = (v: number) => v.toFixed(1).padStart(8);
  log('');
  log(
    `p95 per request, ${CLIENTS} concurrent clients, ${ROUNDS} rounds of ${PER_CLIENT} each, the studios taking turns`,
  );
  log(
    `  nation: ${SCHOOLS} schools, ${SUBJECTS} subjects; district: ${DISTRICT_SCHOOLS} schools, ${DISTRICT_SUBJECTS}`,
  );
  log(
    `  ${'request'.padEnd(22)} ${'nation p95'.padStart(11)} ${'district p95'.padStart(13)}   ratio (goal <= 1.5)`,
  );
  let worst = 0;
  for (const kind of kinds) {
    const n = pct(times[kind]!.nation, 0.95);
    const d = pct(times[kind]!.district, 0.95);
    worst = Math.max(worst, n / d);
    log(`  ${kind.padEnd(22)} ${ms(n)} ms ${ms(d)} ms     ${(n / d).toFixed(2)}`);
  }
  log(`  worst p95 ratio (nation / district): ${worst.toFixed(2)} (goal <= 1.5)`);
  log('');
  log(`throughput, the five requests mixed, ${CONNECTIONS} connections, ${SECONDS} s:`);
  log(`  one API instance:  ${single.toFixed(1)} req/s`);
  log(`  two API instances: ${pair.toFixed(1)} req/s`);
  log(`  throughput ratio (two / one): ${(pair / single).toFixed(2)} (goal >= 1.6)`);
  log(`  load average at the end: ${load.join(' ')} (${os.cpus().length} CPUs)`);
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
} finally {
  for (const api of apis) await api.stop();
  await close();
}
process.exit(failed ? 1 : 0);
