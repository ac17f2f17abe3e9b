/**
 * npm run bench:api — API throughput on this machine, each route against `/healthz` in the same run.
 *
 * Starts the product as `npm start` would (src/main.ts on its embedded defaults: an embedded PostgreSQL
 * in a fresh data folder, demo data seeded, workers off) in a child process, adds a project of 20,000
 * subjects to the demo studio and one subject with photos, then drives with autocannon at 20
 * connections, `/healthz` interleaved with each route:
 *   - GET /api/users/me
 *   - GET /api/organizations/:id/projects (25 a page)
 *   - GET /api/projects/:id/subjects (the grid: a field filter, a keyword, a field sort, page 2), as
 *     asked again (served from the API's grid page cache while the project is unchanged) and as a page
 *     never read before (every request misses the cache)
 *   - GET /api/subjects/:id?include_photos=true
 * Prints req/s, p50 and p99 latency, the ratio of req/s to /healthz, and the CPU time one request costs
 * the API process and its PostgreSQL (from /proc, Linux) per route; then a 50-connection
 * pass over every route that fails on any error or non-2xx answer.
 *
 * Options: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (20), BENCH_SUBJECTS (20000), BENCH_PROFILE (a
 * folder: the server writes a V8 CPU profile there when it stops).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { REPO_ROOT } from '../src/config.js';
import { connectDatabase } from '../src/db/database.js';
import { embeddedUrl } from '../src/db/embedded.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed.js';
import { insertMany, readyPhotoRow } from '../test/support/rows.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 20000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const port = await freePort();
const pgPort = await freePort();
const dataDir = path.join(REPO_ROOT, 'var', `bench-api-${process.pid}`);
const base = `http://127.0.0.1:${port}`;

process.stdout.write('starting the product (embedded PostgreSQL, demo data)...\n');
const server: ChildProcess = spawn(
  process.execPath,
  [
    ...process.execArgv,
    // BENCH_PROFILE=dir: the server writes a V8 CPU profile there on exit (open it in Chrome DevTools).
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    path.join(REPO_ROOT, 'apps/api/src/main.ts'),
  ],
  {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const serverExit = new Promise<number | null>((resolve) => server.on('exit', resolve));

async function waitForServer() {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function api<T>(url: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** CPU seconds (user + system) of a process, from /proc (Linux); 0 where /proc can't tell. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return 0;
  }
}
/** The server's CPU seconds and its PostgreSQL's (the embedded server's processes are its descendants). */
function serverCpu(): { node: number; postgres: number } {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {}
  }
  const descends = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p; p = parentOf.get(p)) if (p === server.pid) return true;
    return false;
  };
  let postgres = 0;
  for (const pid of parentOf.keys()) if (descends(pid)) postgres += cpuSecondsOf(pid);
  return { node: cpuSecondsOf(server.pid!), postgres };
}

interface Figures {
  cpu?: { node: number; postgres: number };
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
/**
 * A query parameter that makes every request a page no process has read: `added_since` an instant
 * further back each time (all subjects are newer, so the page is the same), for the grid's figures
 * without its page cache.
 */
let newPage = 0;
const neverReadBefore = (request: { path: string }) => ({
  ...request,
  path: `${request.path}&added_since=${new Date(Date.UTC(2000, 0, 1) - ++newPage).toISOString()}`,
});

async function drive(
  url: string,
  token: string | null,
  connections: number,
  seconds: number,
  options: { uncached?: boolean } = {},
): Promise<Figures> {
  const before = serverCpu();
  const r = await autocannon({
    url: `${base}${url}`,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(options.uncached ? { requests: [{ path: url, setupRequest: neverReadBefore }] } : {}),
  });
  const after = serverCpu();
  // CPU milliseconds per request, each side.
  const perRequest = (a: number, b: number) => ((b - a) * 1000) / Math.max(1, r.requests.total);
  return {
    cpu: { node: perRequest(before.node, after.node), postgres: perRequest(before.postgres, after.postgres) },
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

let failed = false;
try {
  await waitForServer();
  const signIn = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: DEMO_USERS.studio, password: DEMO_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  const me = await api<{ user: { accounts: { organization_id: string }[] } }>(
    '/api/users/me?include_accounts=true',
    token,
  );
  const organizationId = me.user.accounts[0]!.organization_id;

  // The big project: through the API (template, project), then 20,000 subjects and photos in SQL.
  const template = await api<{ project_template: { id: string } }>('/api/project-templates', token, {
    method: 'POST',
    body: JSON.stringify({
      project_template: {
        name: 'Bench grid',
        organization_id: organizationId,
        subject_fields_attributes: [
          { field_key: 'first_name' },
          { field_key: 'last_name' },
          { field_key: 'grade' },
          { field_key: 'teacher' },
        ],
      },
    }),
  });
  const { project } = await api<{ project: { id: string; project_template_id: string } }>(
    '/api/projects',
    token,
    {
      method: 'POST',
      body: JSON.stringify({
        project: { name: 'Bench district', organization_id: organizationId },
        project_template_id: template.project_template.id,
      }),
    },
  );
  const { album } = await api<{ album: { id: string } }>('/api/albums', token, {
    method: 'POST',
    body: JSON.stringify({
      album: {
        name: 'Bench photos',
        tags: [],
        parent_resource_type: 'Project',
        parent_resource_id: project.id,
      },
    }),
  });
  const database = connectDatabase(embeddedUrl(pgPort), 2);
  let subjectId: string;
  let fieldId: (key: string) => string;
  try {
    const db = database.db;
    const fields = await db
      .selectFrom('subject_fields')
      .select(['id', 'field_key'])
      .where('project_template_id', '=', project.project_template_id)
      .execute();
    fieldId = (key: string) => fields.find((f) => f.field_key === key)!.id;
    const id = fieldId;
    await sql`INSERT INTO subjects (project_id, properties)
      SELECT ${project.id}, jsonb_build_object(${id('first_name')}::text, 'First' || g, ${id('last_name')}::text, 'Last' || (g % 977),
        ${id('grade')}::text, (g % 13)::text, ${id('teacher')}::text, 'Teacher' || (g % 40))
      FROM generate_series(1, ${SUBJECTS}::int) g`.execute(db);
    subjectId = (
      await db
        .selectFrom('subjects')
        .select('id')
        .where('project_id', '=', project.id)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
    const photos = await insertMany(db, 'photos', 4, (i) =>
      readyPhotoRow({
        album_id: album.id,
        storage_key: `bench/photos/${i}/original`,
        upload_file_name: `photo-${i}.jpg`,
        upload_file_size: 1000,
        content_sha256: String(i).repeat(64),
        width: 2400,
        height: 3600,
      }),
    );
    await db
      .insertInto('subject_photo_assignments')
      .values(photos.map((id, i) => ({ subject_id: subjectId, photo_id: id, is_primary: i === 0 })))
      .execute();
    await sql`ANALYZE`.execute(db);
  } finally {
    await database.close();
  }

  const gridUrl = `/api/projects/${project.id}/subjects?filter[field_1]=${fieldId('teacher')}&filter[value_1]=Teacher3&keyword=last&sort=field:${fieldId('grade')}&page=2`;
  const routes: [string, string, { uncached?: boolean }?][] = [
    ['GET /api/users/me', '/api/users/me'],
    ['projects list (25 a page)', `/api/organizations/${organizationId}/projects?limit=25`],
    [`subjects grid (${SUBJECTS} subjects)`, gridUrl],
    // The same page as a page no process has read yet: what the grid costs when it can't be cached.
    ['  the same, never read before', gridUrl, { uncached: true }],
    ['subject with photos', `/api/subjects/${subjectId}?include_photos=true`],
  ];
  for (const [, url] of routes) await api(url, token); // each answers 200 before we measure

  process.stdout.write(`warming up (${SECONDS} s)...\n`);
  await drive('/healthz', null, CONNECTIONS, Math.max(2, SECONDS / 2));
  for (const [, url, options] of routes) await drive(url, token, CONNECTIONS, 2, options);

  const healthz: Figures[] = [];
  const measured: [string, Figures][] = [];
  for (const [label, url, options] of routes) {
    healthz.push(await drive('/healthz', null, CONNECTIONS, SECONDS));
    measured.push([label, await drive(url, token, CONNECTIONS, SECONDS, options)]);
  }
  healthz.push(await drive('/healthz', null, CONNECTIONS, SECONDS));
  const hz = healthz.reduce((sum, f) => sum + f.rps, 0) / healthz.length;
  const cpu = (f: Figures) =>
    f.cpu ? `${f.cpu.node.toFixed(2).padStart(6)} ${f.cpu.postgres.toFixed(2).padStart(6)}` : '';
  const line = (label: string, f: Figures, ratio: string) =>
    `${label.padEnd(36)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p50).padStart(6)} ${String(f.p99).padStart(6)}  ${ratio.padEnd(6)} ${cpu(f)}`;
  process.stdout.write(
    [
      '',
      `${CONNECTIONS} connections, ${SECONDS} s per run, /healthz before and after each route`,
      `${'route'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  ratio  CPU ms/req: node  pg`,
      line('/healthz (mean of runs)', { ...healthz[0]!, rps: hz }, '1'),
      ...measured.map(([label, f]) => line(label, f, (f.rps / hz).toFixed(3))),
      `(/healthz runs: ${healthz.map((f) => f.rps.toFixed(0)).join(', ')} req/s; latencies in ms;`,
      ' ratio to /healthz; CPU: the API process and its PostgreSQL per request, user + system)',
      '',
    ].join('\n'),
  );

  process.stdout.write(`50-connection pass (${Math.max(2, SECONDS / 2)} s per route)...\n`);
  for (const [label, url, options] of [['/healthz', '/healthz'] as [string, string], ...routes]) {
    const f = await drive(url, url === '/healthz' ? null : token, 50, Math.max(2, SECONDS / 2), options);
    const ok = f.errors === 0 && f.non2xx === 0;
    if (!ok) failed = true;
    process.stdout.write(
      `  ${label.padEnd(36)} ${f.rps.toFixed(0).padStart(8)} req/s, p99 ${f.p99} ms, errors ${f.errors}, non-2xx ${f.non2xx} ${ok ? 'ok' : 'FAILED'}\n`,
    );
  }
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
} finally {
  server.kill('SIGTERM');
  await Promise.race([serverExit, new Promise((r) => setTimeout(r, 20_000))]);
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
