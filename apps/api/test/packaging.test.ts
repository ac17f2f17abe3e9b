import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { freePort } from '../src/db/embedded.js';
import { createEmptyDatabase } from './support/database.js';
import { processes, waitFor } from './support/processes.js';
import { startS3Server } from './support/s3.js';
import './support/provided.js';

/**
 * The packaging (Dockerfile, compose.yaml, deploy/): Docker can't run here, so the files are checked for
 * what would break them (they parse, the commands they run are the ones the build makes, every variable
 * they set is one config.ts reads and together they pass its production checks, the Kubernetes manifests
 * pass the Kubernetes schemas of `kubernetes-models`), and the exact commands the image runs start as
 * separate processes on the test PostgreSQL: the migrate step, then an API and a worker, which stop with
 * exit 0 on SIGTERM. The API is built into a directory of its own beside dist/ (build.test.ts builds dist/).
 */

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const outdirName = `.dist-packaging-${randomBytes(3).toString('hex')}`;
const outdir = path.join(REPO_ROOT, 'apps/api', outdirName);
const children = processes();

type Json = Record<string, unknown>;
type Container = {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: number | string } };
  livenessProbe?: { httpGet?: { path: string; port: number | string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean };
};
type PodSpec = {
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers: Container[];
};
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Json;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

/** Every YAML document of a file; a syntax error (or a duplicate key) fails here, naming the file. */
function yamlDocuments(file: string): unknown[] {
  // merge: compose.yaml shares settings through YAML merge keys (`<<: *app`), as Docker Compose reads them.
  const documents = parseAllDocuments(read(file), { merge: true, uniqueKeys: true });
  const list = Array.isArray(documents) ? documents : [documents];
  return list.map((doc) => {
    expect(
      doc.errors.map((e) => e.message),
      file,
    ).toEqual([]);
    return doc.toJS();
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const yamlFiles = ['compose.yaml', ...filesUnder('deploy').filter((f) => /\.ya?ml$/.test(f))].sort();
const kubernetesFiles = yamlFiles.filter((f) => f.startsWith('deploy/kubernetes/'));
/** Files in deploy/kubernetes that are no Kubernetes object (a Helm chart's values). */
const notManifests = ['deploy/kubernetes/extras/prometheus-adapter-values.yaml'];

/** The variables config.ts reads: the keys of its envSchema. */
function configVariables(): Set<string> {
  const source = read('apps/api/src/config.ts');
  const schema = source.slice(source.indexOf('const envSchema = z.object({'));
  const body = schema.slice(0, schema.indexOf('\n});'));
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string));
}
/** Set by the image for the C library, not the app: fewer malloc arenas keep sharp's memory down. */
const SYSTEM_VARIABLES = new Set(['MALLOC_ARENA_MAX']);

/** The entries scripts/build-api.mjs builds: dist name -> source file. */
function buildEntries(): Map<string, string> {
  const source = read('scripts/build-api.mjs');
  const block = source.slice(
    source.indexOf('entryPoints: {'),
    source.indexOf('},', source.indexOf('entryPoints: {')),
  );
  return new Map(
    [...block.matchAll(/(\w+): path\.join\(api, '([^']+)'\)/g)].map((m) => [m[1] as string, m[2] as string]),
  );
}

/** A command of the image: `node [node flags] apps/api/dist/<entry>.js`; answers the entry. */
function entryOf(command: string[]): string {
  expect(command[0], command.join(' ')).toBe('node');
  const script = command.at(-1) ?? '';
  const flags = command.slice(1, -1);
  for (const flag of flags) expect(flag, command.join(' ')).toMatch(/^--[a-z-]+$/);
  const match = /^apps\/api\/dist\/(\w+)\.js$/.exec(script);
  expect(match, command.join(' ')).not.toBeNull();
  return match?.[1] as string;
}

// ---- Dockerfile ----

type Instruction = { keyword: string; args: string; stage: string };
function dockerfile(): { instructions: Instruction[]; comments: string[] } {
  const lines = read('Dockerfile').split('\n');
  const comments = lines.filter((l) => l.trim().startsWith('#')).map((l) => l.trim());
  const joined = lines
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n\s*/g, ' ');
  const instructions: Instruction[] = [];
  let stage = '';
  for (const line of joined.split('\n')) {
    const m = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const [, keyword = '', args = ''] = m;
    if (keyword === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '';
    instructions.push({ keyword, args: args.trim(), stage });
  }
  return { instructions, comments };
}

// ---- compose.yaml ----

type ComposeService = {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  volumes?: string[];
};
const compose = () => yamlDocuments('compose.yaml')[0] as { services: Record<string, ComposeService> };
const isApp = (s: ComposeService) => s.build !== undefined || (s.image ?? '').startsWith('school-portal');
const stringEnv = (env: Record<string, string | number | boolean> | undefined) =>
  Object.fromEntries(Object.entries(env ?? {}).map(([k, v]) => [k, String(v)]));

// ---- Kubernetes ----

const manifests = () =>
  kubernetesFiles
    .filter((f) => !notManifests.includes(f))
    .flatMap((file) => yamlDocuments(file).map((doc) => ({ file, doc: doc as Manifest })));
const manifest = (kind: string, name: string) => {
  const found = manifests().find((m) => m.doc.kind === kind && m.doc.metadata?.name === name);
  expect(found, `${kind} ${name}`).toBeDefined();
  return found?.doc as Manifest;
};
const podSpec = (m: Manifest) => (m.spec as { template: { spec: PodSpec } }).template.spec;
const workloads = () =>
  manifests()
    .map((m) => m.doc)
    .filter((d) => d.kind === 'Deployment' || d.kind === 'Job');

/** The environment a container gets: its ConfigMap and Secret (the example), then its own `env`. */
function containerEnv(container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, manifest('ConfigMap', from.configMapRef.name).data);
    if (from.secretRef) Object.assign(env, manifest('Secret', from.secretRef.name).stringData);
  }
  for (const v of container.env ?? []) env[v.name] = v.value ?? '';
  return env;
}

/** The kubernetes-models class of a manifest (core, apps, batch, autoscaling, policy; KEDA's ScaledObject). */
async function modelClass(apiVersion: string, kind: string) {
  const module = apiVersion.startsWith('keda.sh/')
    ? await import(/* @vite-ignore */ `@kubernetes-models/keda/${apiVersion}`)
    : await import(/* @vite-ignore */ `kubernetes-models/${apiVersion}`);
  return module[kind] as (new (data: unknown) => { validate(): void }) | undefined;
}

describe('the packaging files', () => {
  test('every YAML file parses', () => {
    expect(yamlFiles).toContain('compose.yaml');
    expect(kubernetesFiles.length).toBeGreaterThan(5);
    for (const file of yamlFiles) expect(yamlDocuments(file).length, file).toBeGreaterThan(0);
  });

  test('the Dockerfile builds with dev dependencies, runs with production ones as a non-root user on Node 22, without a browser', () => {
    const { instructions, comments } = dockerfile();
    const arg = instructions.find((i) => i.keyword === 'ARG' && i.args.startsWith('NODE_IMAGE='));
    expect(arg?.args).toBe('NODE_IMAGE=node:22-bookworm-slim');
    const froms = instructions.filter((i) => i.keyword === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from.args).toMatch(/^\$\{NODE_IMAGE\} AS \w+$/);
    const stages = froms.map((f) => f.stage);
    const runtime = stages.at(-1);
    const runs = (stage: string | undefined) =>
      instructions.filter((i) => i.stage === stage && i.keyword === 'RUN').map((i) => i.args);
    // Build stage: all dependencies, then the build.
    const build = stages.find((s) => runs(s).some((r) => /\bnpm run build\b/.test(r)));
    expect(build).toBeDefined();
    expect(runs(build).some((r) => /\bnpm ci\b(?!.*--omit=dev)/.test(r))).toBe(true);
    // Runtime: production dependencies (npm ci --omit=dev in its own stage or in itself), the dist folders.
    const runtimeCopies = instructions
      .filter((i) => i.stage === runtime && i.keyword === 'COPY')
      .map((i) => i.args);
    const depsStage = /--from=(\w+) \/app \.\//.exec(runtimeCopies.join('\n'))?.[1] ?? runtime;
    expect(runs(depsStage).some((r) => /\bnpm ci\b.*--omit=dev/.test(r))).toBe(true);
    expect(runtimeCopies).toContain(`--from=${build} /app/apps/api/dist apps/api/dist`);
    expect(runtimeCopies).toContain(`--from=${build} /app/apps/web/dist apps/web/dist`);
    // Non-root, by number (Kubernetes' runAsNonRoot can only check a number).
    const user = instructions.filter((i) => i.stage === runtime && i.keyword === 'USER').at(-1);
    expect(user?.args).toMatch(/^[1-9]\d*(:\d+)?$/);
    // No browser anywhere in the image.
    for (const r of instructions.filter((i) => i.keyword === 'RUN'))
      expect(r.args).not.toMatch(/chrom|playwright/i);
    // Its variables are the app's (or the C library's).
    const variables = configVariables();
    const envs = instructions
      .filter((i) => i.stage === runtime && i.keyword === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/([A-Z_][A-Z0-9_]*)=/g)].map((m) => m[1] as string));
    expect(envs).toContain('NODE_ENV');
    for (const name of envs) expect(variables.has(name) || SYSTEM_VARIABLES.has(name), name).toBe(true);
    // The default command is the API; the worker and the migrate step are documented beside it.
    const cmd = JSON.parse(
      instructions.filter((i) => i.keyword === 'CMD').at(-1)?.args ?? 'null',
    ) as string[];
    expect(entryOf(cmd)).toBe('main');
    const documented = comments
      .map((c) => /docker run \S+ (node [^#]*?)\s*(#|$)/.exec(c)?.[1])
      .filter((c): c is string => c !== undefined)
      .map((c) => entryOf(c.split(/\s+/)));
    expect(documented.sort()).toEqual(['migrate', 'worker']);
    // .dockerignore keeps local state and installed modules out of the build context.
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', 'var']) expect(ignored).toContain(entry);
  });

  test('compose.yaml: PostgreSQL, MinIO and its bucket, Mailpit, the migrate step first, two APIs behind nginx and a worker, with healthchecks', () => {
    const { services } = compose();
    const variables = configVariables();
    // Commands are lists of strings (an unquoted `a ? b : c` in YAML would be a mapping).
    for (const [name, s] of Object.entries(services)) {
      const parts = [...(s.healthcheck?.test ?? []), ...(s.command ?? []), ...(s.entrypoint ?? [])];
      for (const part of parts) expect(typeof part, `${name}: ${JSON.stringify(part)}`).toBe('string');
    }
    const apps = Object.entries(services).filter(([, s]) => isApp(s));
    expect(apps.map(([name]) => name).sort()).toEqual(['api-1', 'api-2', 'migrate', 'worker']);
    for (const [name, service] of apps) {
      const env = stringEnv(service.environment);
      for (const key of Object.keys(env)) expect(variables.has(key), `${name}: ${key}`).toBe(true);
      // Together they pass config.ts's production checks (database, SMTP, public URL, S3).
      expect(() => loadConfig(env), name).not.toThrow();
      expect(loadConfig(env).production).toBe(true);
      expect(env.STORAGE_DRIVER).toBe('s3');
    }
    const entry = (name: string) => entryOf(services[name]?.command ?? []);
    expect([entry('api-1'), entry('api-2'), entry('worker'), entry('migrate')]).toEqual([
      'main',
      'main',
      'worker',
      'migrate',
    ]);
    for (const name of ['api-1', 'api-2', 'worker']) {
      const service = services[name] as ComposeService;
      expect(service.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
      expect(service.depends_on?.['minio-bucket']?.condition, name).toBe('service_completed_successfully');
      expect(service.environment?.MIGRATE_ON_START, name).toBe('false');
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    for (const name of ['api-1', 'api-2']) {
      expect(services[name]?.environment?.RUN_WORKERS).toBe('false');
      expect(services[name]?.healthcheck?.test.join(' ')).toContain('/readyz');
    }
    expect(services.migrate?.restart).toBe('no');
    expect(services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(services.postgres?.image).toMatch(/^postgres:1[5-9]/);
    expect(services.postgres?.healthcheck?.test).toContain('pg_isready');
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    expect(services.minio?.healthcheck?.test.length).toBeGreaterThan(0);
    expect(services['minio-bucket']?.entrypoint?.join(' ')).toContain(
      'mc mb --ignore-existing local/school-portal',
    );
    expect(services.mailpit?.image).toMatch(/mailpit/);
    expect(services['api-1']?.environment?.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(services['api-1']?.environment?.S3_BUCKET).toBe('school-portal');
    // The proxy: nginx with the config in deploy/, its upstreams the two API services on their port.
    const proxy = services.proxy as ComposeService;
    expect(proxy.image).toMatch(/^nginx:/);
    expect(proxy.volumes).toContain('./deploy/nginx/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(proxy.depends_on?.['api-1']?.condition).toBe('service_healthy');
    expect(proxy.depends_on?.['api-2']?.condition).toBe('service_healthy');
    const nginx = read('deploy/nginx/nginx.conf');
    const upstreams = [...nginx.matchAll(/^\s*server (\S+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    const port = loadConfig(stringEnv(services['api-1']?.environment)).port;
    expect(upstreams).toEqual([`api-1:${port}`, `api-2:${port}`]);
    expect(nginx).toContain('proxy_pass http://school_portal_api;');
    expect(services['api-1']?.environment?.TRUST_PROXY).toBe('1');
  });

  test('the Kubernetes manifests pass the Kubernetes schemas (kubernetes-models) and name what exists', async () => {
    const all = manifests();
    expect(all.length).toBeGreaterThan(5);
    const kinds = new Set<string>();
    for (const { file, doc } of all) {
      kinds.add(doc.kind);
      if (doc.apiVersion.startsWith('kustomize.config.k8s.io/')) {
        // No schema for kustomize's own file in kubernetes-models: its resources must exist, and the
        // migrate Job and the Secret's placeholders stay out of `kubectl apply -k`.
        const resources = (doc as unknown as { resources: string[] }).resources;
        for (const r of resources)
          expect(existsSync(path.join(REPO_ROOT, 'deploy/kubernetes', r)), r).toBe(true);
        expect(resources).not.toContain('migrate-job.yaml');
        expect(resources).not.toContain('secret.example.yaml');
        continue;
      }
      const Model = await modelClass(doc.apiVersion, doc.kind);
      expect(Model, `${file}: ${doc.apiVersion} ${doc.kind}`).toBeDefined();
      if (!Model) continue;
      expect(() => new Model(doc).validate(), file).not.toThrow();
    }
    for (const kind of [
      'Deployment',
      'Job',
      'Service',
      'HorizontalPodAutoscaler',
      'ConfigMap',
      'Secret',
      'ScaledObject',
    ])
      expect(kinds).toContain(kind);

    // The schema check is a real one: a wrong type or a missing field is refused.
    const Deployment = await modelClass('apps/v1', 'Deployment');
    const broken = structuredClone(manifest('Deployment', 'school-portal-api')) as Manifest & {
      spec: { selector?: unknown };
    };
    delete broken.spec.selector;
    expect(() => Deployment && new Deployment(broken).validate()).toThrow(/selector/);

    const variables = configVariables();
    const entries = buildEntries();
    const used = new Set<string>();
    for (const workload of workloads()) {
      const spec = podSpec(workload);
      expect(spec.securityContext?.runAsNonRoot, workload.metadata.name).toBe(true);
      expect(spec.securityContext?.runAsUser, workload.metadata.name).toBeGreaterThan(0);
      for (const container of spec.containers) {
        expect(container.image).toMatch(/^school-portal:/);
        const entry = entryOf([...(container.command ?? []), ...(container.args ?? [])]);
        expect(entries.has(entry), entry).toBe(true);
        used.add(entry);
        expect(container.resources?.requests?.cpu, container.name).toBeDefined();
        expect(container.resources?.requests?.memory, container.name).toBeDefined();
        expect(container.resources?.limits?.memory, container.name).toBeDefined();
        expect(container.securityContext?.allowPrivilegeEscalation, container.name).toBe(false);
        const env = containerEnv(container);
        for (const key of Object.keys(env))
          expect(variables.has(key), `${container.name}: ${key}`).toBe(true);
        expect(() => loadConfig(env), container.name).not.toThrow();
        expect(env.MIGRATE_ON_START).toBe('false');
      }
    }
    expect([...used].sort()).toEqual(['main', 'migrate', 'worker']);

    // The API: probes on the app's port, no workers, a grace period past the drain plus 20 s.
    const api = manifest('Deployment', 'school-portal-api');
    const apiPod = podSpec(api);
    const container = apiPod.containers[0] as Container;
    const config = loadConfig(containerEnv(container));
    const httpPort = container.ports?.find((p) => p.name === 'http');
    expect(httpPort?.containerPort).toBe(config.port);
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(config.runWorkers).toBe(false);
    expect(apiPod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(config.shutdownDrainSeconds + 20);
    expect(config.metrics?.port).toBe(container.ports?.find((p) => p.name === 'metrics')?.containerPort);
    const service = manifest('Service', 'school-portal-api').spec as {
      selector: Record<string, string>;
      ports: { targetPort: string }[];
    };
    expect(service.selector).toEqual(
      (api.spec as { selector: { matchLabels: unknown } }).selector.matchLabels,
    );
    expect(service.ports.map((p) => p.targetPort)).toEqual(['http']);
    expect(
      podSpec(manifest('Job', 'school-portal-migrate')).containers.map((c) => entryOf(c.command ?? [])),
    ).toEqual(['migrate']);

    // The autoscalers scale the worker on metrics the app exports.
    const exported = new Set(read('apps/api/src/metrics/metrics.ts').match(/school_portal_[a-z_]+/g) ?? []);
    const hpa = manifest('HorizontalPodAutoscaler', 'school-portal-worker').spec as {
      scaleTargetRef: { kind: string; name: string };
      metrics: { type: string; external: { metric: { name: string } } }[];
    };
    expect(hpa.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'school-portal-worker' });
    expect(hpa.metrics.map((m) => m.external.metric.name)).toEqual([
      'school_portal_queue_waiting_jobs',
      'school_portal_queue_oldest_waiting_seconds',
    ]);
    for (const m of hpa.metrics)
      expect(exported.has(m.external.metric.name), m.external.metric.name).toBe(true);
    const keda = manifest('ScaledObject', 'school-portal-worker').spec as {
      scaleTargetRef: { name: string };
      triggers: { metadata: { query: string } }[];
    };
    expect(keda.scaleTargetRef.name).toBe('school-portal-worker');
    const queried = keda.triggers.flatMap((t) => t.metadata.query.match(/school_portal_[a-z_]+/g) ?? []);
    expect(queried.length).toBeGreaterThan(0);
    for (const name of queried) expect(exported.has(name), name).toBe(true);
    const adapter = read('deploy/kubernetes/extras/prometheus-adapter-values.yaml');
    for (const m of hpa.metrics) expect(adapter).toContain(`as: ${m.external.metric.name}`);
  });

  test('every command the files run is an entry the build makes', () => {
    const entries = buildEntries();
    expect(Object.fromEntries(entries)).toEqual({
      main: 'src/main.ts',
      worker: 'src/worker.ts',
      migrate: 'src/migrate-step.ts',
    });
    for (const source of entries.values())
      expect(existsSync(path.join(REPO_ROOT, 'apps/api', source))).toBe(true);
  });
});

// ---- The image's commands as processes ----

const work = path.join(REPO_ROOT, 'var', `test-packaging-${randomBytes(3).toString('hex')}`);

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build-api.mjs', `--outdir=${outdir}`], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  children.killAll();
  await rm(outdir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

const emptyDatabase = () => createEmptyDatabase('pack');

/** Runs an image command as it is written, but from this test's own build of dist/ (same entry names). */
function run(command: string[], env: Record<string, string>) {
  const [program, ...args] = command.map((a) => a.replace(/^apps\/api\/dist\//, `apps/api/${outdirName}/`));
  expect(program).toBe('node');
  return children.start(args, env);
}

const answers = async (url: string, status: number) => {
  try {
    return (await fetch(url)).status === status;
  } catch {
    return false;
  }
};

test('the image commands run as the manifests run them: migrate once, then an API (no migration at start) and a worker, ready, stopping with exit 0', async () => {
  const containers = (kind: string, name: string) => podSpec(manifest(kind, name)).containers;
  const [migrate] = containers('Job', 'school-portal-migrate') as [Container];
  const [api] = containers('Deployment', 'school-portal-api') as [Container];
  const [worker] = containers('Deployment', 'school-portal-worker') as [Container];
  // compose.yaml and the Dockerfile run the same commands.
  const { services } = compose();
  expect(services.migrate?.command).toEqual(migrate.command);
  expect(services['api-1']?.command).toEqual(api.command);
  expect(services.worker?.command).toEqual(worker.command);
  const cmd =
    dockerfile()
      .instructions.filter((i) => i.keyword === 'CMD')
      .at(-1)?.args ?? '';
  expect(JSON.parse(cmd)).toEqual(api.command);

  const s3 = await startS3Server();
  const databaseUrl = await emptyDatabase();
  try {
    // The manifests' environment (ConfigMap, the Secret's example, the container's own), pointed at this
    // machine: the test database, an S3 server, loopback addresses and free ports, a short drain.
    const local = async (container: Container): Promise<Record<string, string>> => ({
      ...containerEnv(container),
      DATABASE_URL: databaseUrl,
      ...s3.env,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      HOST: '127.0.0.1',
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: String(await freePort()),
      SHUTDOWN_DRAIN_SECONDS: '1',
      DATA_DIR: path.join(work, 'data'),
    });

    const step = run(migrate.command ?? [], await local(migrate));
    expect(await step.exited, step.output()).toBe(0);
    expect(step.output()).toContain('migrations applied and job queues declared');

    const apiEnv: Record<string, string> = { ...(await local(api)), PORT: String(await freePort()) };
    const workerEnv = await local(worker);
    expect(apiEnv.NODE_ENV).toBe('production');
    expect(apiEnv.MIGRATE_ON_START).toBe('false');
    expect(apiEnv.RUN_WORKERS).toBe('false');
    const processes = [run(api.command ?? [], apiEnv), run(worker.command ?? [], workerEnv)];
    const [apiProcess, workerProcess] = processes as [ReturnType<typeof run>, ReturnType<typeof run>];
    const base = `http://127.0.0.1:${apiEnv.PORT}`;
    await waitFor(
      async () => apiProcess.child.exitCode !== null || (await answers(`${base}/readyz`, 200)),
      90_000,
    );
    expect(apiProcess.child.exitCode, apiProcess.output()).toBeNull();
    await waitFor(
      () => workerProcess.output().includes('worker started') || workerProcess.child.exitCode !== null,
      90_000,
    );
    expect(workerProcess.child.exitCode, workerProcess.output()).toBeNull();
    // Each serves its metrics on its own port, the queue depth the autoscaler reads among them.
    for (const env of [apiEnv, workerEnv]) {
      const metrics = await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('school_portal_queue_waiting_jobs{queue=');
    }
    expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('school_portal_');
    // compose.yaml's healthchecks (`node -e ...` in the image), on this run's ports: both healthy.
    const healthcheck = async (service: string, port: string | undefined) => {
      const [kind, program, ...args] = services[service]?.healthcheck?.test ?? [];
      expect([kind, program]).toEqual(['CMD', 'node']);
      const check = run(['node', ...args.map((a) => a.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`))], {});
      expect(await check.exited, check.output()).toBe(0);
    };
    await healthcheck('api-1', apiEnv.PORT);
    await healthcheck('worker', workerEnv.METRICS_PORT);

    for (const p of processes) p.child.kill('SIGTERM');
    for (const p of processes) expect(await p.exited, p.output()).toBe(0);
  } finally {
    await s3.close();
  }
}, 240_000);
