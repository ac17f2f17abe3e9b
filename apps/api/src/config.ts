import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: config paths default relative to it, whatever the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

/** Every environment variable the server reads, parsed once. Documented in the README. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DATA_DIR: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  RUN_WORKERS: bool,
  MIGRATE_ON_START: bool,
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  SEED_DEMO: bool,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('School Portal <no-reply@school-portal.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7200),
  TOKEN_IDLE_SECONDS: z.coerce.number().int().min(60).default(3600),
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  TOKEN_LINK_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  SIGN_IN_PAIR_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGN_IN_PAIR_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  SIGN_IN_ACCOUNT_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(100).default(100),
  SIGN_IN_ADDRESS_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  TRUST_PROXY: z.string().optional(),
  SIGN_IN_REGION: z.string().optional(),
  LANDING_PAGE_URL: optionalUrl,
  REBRAND_BANNER: bool,
  SUPPORT_CHAT_URL: optionalUrl,
  ADMIN_USER_URL: z.string().optional(),
  COMPANION_APP_URL: optionalUrl,
  // The outside layout editor (exports §6); unset: managers edit layouts in the app.
  LAYOUT_EDITOR_URL: optionalUrl,
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  STORAGE_LOCAL: z.enum(['single-instance', 'shared-directory']).optional(),
  STORAGE_SIGNING_SECRET: z.string().min(32).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
  PHOTO_MASTER_DELAY_SECONDS: z.coerce.number().int().min(0).max(86400).optional(),
  GRID_CACHE_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  JOB_DEAD_AFTER_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
});

const RETIRED_SETTINGS = [
  ['SIGN_IN_MAX_FAILURES_PER_EMAIL', 'SIGN_IN_PAIR_FREE_FAILURES and SIGN_IN_ACCOUNT_FAILURES_PER_HOUR'],
  ['SIGN_IN_MAX_FAILURES_PER_ADDRESS', 'SIGN_IN_ADDRESS_FAILURES_PER_HOUR'],
  ['SIGN_IN_FAILURE_WINDOW_MINUTES', 'SIGN_IN_PAIR_MAX_DELAY_SECONDS (failures count for an hour)'],
] as const;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty or `false` trusts no proxy (the client address is the peer's); a number is
 * how many proxy hops in front of the server to trust; otherwise a comma-separated list of proxy
 * addresses or CIDR ranges (or proxy-addr's `loopback`, `linklocal`, `uniquelocal`). `true` (trust any
 * X-Forwarded-For) is refused: anyone could then choose their address and escape the rate limits.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would let any client choose its address: give the number of proxy hops or their addresses.',
    );
  }
  const entries = v.split(',').map((x) => x.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (PROXY_NAMES.has(entry)) continue;
    if (family === 0 || !validBits || rest.length > 0) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or a hop count.`);
    }
  }
  return entries;
}

export type Config = ReturnType<typeof loadConfig>;

/** Whether `host` is reachable only from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' ||
    h === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const replaced = RETIRED_SETTINGS.filter(([name]) => env[name] !== undefined);
  if (replaced.length > 0) {
    throw new Error(
      replaced.map(([name, instead]) => `${name} is no longer read: use ${instead} (see README).`).join('\n'),
    );
  }
  const production = e.NODE_ENV === 'production';
  if (production && !e.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is required when NODE_ENV=production (the embedded database is for development).',
    );
  }
  if (production && !e.SMTP_URL) {
    throw new Error(
      'SMTP_URL is required when NODE_ENV=production (the development mailbox is never served there).',
    );
  }
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'var');
  const host = e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  // The development mailbox needs no token and the demo users share one password: both only while
  // nobody but this machine can reach the server.
  const loopback = isLoopbackHost(host);
  // Every process that may send e-mail (the API and every worker) builds its links from PUBLIC_URL; a
  // default of localhost would mail links nobody can open.
  if (production && !e.PUBLIC_URL) {
    throw new Error('PUBLIC_URL is required when NODE_ENV=production (e-mailed links are built from it).');
  }
  // Local storage on instances that don't share the directory breaks uploads: a form signed by one is
  // refused by another ("Invalid or expired policy") and files land on one machine only.
  if (production && e.STORAGE_DRIVER === 'local' && !e.STORAGE_LOCAL) {
    throw new Error(
      'STORAGE_DRIVER=local in production needs STORAGE_LOCAL=single-instance (one process) or ' +
        'STORAGE_LOCAL=shared-directory (every instance mounts STORAGE_DIR); use STORAGE_DRIVER=s3 for several machines (docs/deploy.md).',
    );
  }
  if (production && e.STORAGE_LOCAL === 'shared-directory' && !e.STORAGE_SIGNING_SECRET) {
    throw new Error(
      'STORAGE_LOCAL=shared-directory needs STORAGE_SIGNING_SECRET, the same on every instance.',
    );
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3.');
  return {
    env: e.NODE_ENV,
    production,
    development: e.NODE_ENV === 'development',
    port: e.PORT,
    host,
    loopback,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dataDir,
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    runWorkers: e.RUN_WORKERS ?? true,
    /** Whether this process applies pending migrations at start (false: a separate `migrate` step does). */
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    /**
     * Seconds an API process keeps answering after SIGTERM with /readyz at 503 and every answer saying
     * `Connection: close`, so that the balancer stops sending and kept-alive clients reconnect elsewhere
     * before it closes: 5 in production, 0 elsewhere.
     */
    /** Where this process serves Prometheus metrics (GET /metrics), apart from the public port; unset: nowhere. */
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? host },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (production ? 5 : 0),
    seedDemo: !production && loopback && (e.SEED_DEMO ?? e.NODE_ENV === 'development'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /**
     * The development mailbox: only outside production, only when no SMTP server is configured, and only
     * while the server listens on a loopback address.
     */
    devMailbox: !production && !e.SMTP_URL && loopback,
    logLevel: e.LOG_LEVEL,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenIdleSeconds: e.TOKEN_IDLE_SECONDS,
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    tokenLinkRequestsPerAddress: e.TOKEN_LINK_REQUESTS_PER_ADDRESS,
    signInLimits: {
      pairFreeFailures: e.SIGN_IN_PAIR_FREE_FAILURES,
      pairMaxDelaySeconds: e.SIGN_IN_PAIR_MAX_DELAY_SECONDS,
      accountFailuresPerHour: e.SIGN_IN_ACCOUNT_FAILURES_PER_HOUR,
      addressFailuresPerHour: e.SIGN_IN_ADDRESS_FAILURES_PER_HOUR,
    },
    /** Days an export archive or a layout render is kept after it completes; then a job deletes it. */
    exportRetentionDays: e.EXPORT_RETENTION_DAYS,
    /** Days an activity-trail row is kept; older rows are purged by a scheduled job. */
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    /**
     * Seconds a verified photo's working master waits before it is made (photos.master): a picture-day
     * burst of verifications gets the CPU and memory first. 120 by default; 0 in tests.
     */
    photoMasterDelaySeconds: e.PHOTO_MASTER_DELAY_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 120),
    /** Subjects-grid rows an API process keeps to serve a page again while its project is unchanged; 0: none. */
    gridCacheRows: e.GRID_CACHE_ROWS,
    /**
     * Seconds a worker process may go unseen before another hands back its running jobs (jobs/liveness.ts):
     * it says it is alive every third of that; tests shorten it.
     */
    jobDeadAfterSeconds: e.JOB_DEAD_AFTER_SECONDS,
    /** Fastify's `trustProxy`: which hops may say who the client is (TRUST_PROXY); off by default. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    storage: {
      driver: e.STORAGE_DRIVER,
      localDir: path.resolve(REPO_ROOT, e.STORAGE_DIR ?? path.join(dataDir, 'storage')),
      signingSecret: e.STORAGE_SIGNING_SECRET,
      s3: {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    },
    web: {
      signInRegion: e.SIGN_IN_REGION ?? null,
      landingPageUrl: e.LANDING_PAGE_URL ?? null,
      rebrandBanner: e.REBRAND_BANNER ?? false,
      supportChatUrl: e.SUPPORT_CHAT_URL ?? null,
      adminUserUrl: e.ADMIN_USER_URL ?? null,
      companionAppUrl: e.COMPANION_APP_URL ?? null,
      layoutEditorUrl: e.LAYOUT_EDITOR_URL ?? null,
    },
  };
}

/** What a start must say loudly: development conveniences turned off because others can reach the server. */
export function startupWarnings(config: Config): string[] {
  if (config.production || config.loopback) return [];
  return [
    `Development mode listens on ${config.host}, which other machines can reach: the development mailbox ` +
      '(/api/dev/mailbox) is not served and the demo users are not seeded. Listen on 127.0.0.1 (HOST) for ' +
      'those, or run with NODE_ENV=production and SMTP_URL for a shared server.',
  ];
}
