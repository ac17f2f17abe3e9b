import http from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';

/**
 * Prometheus metrics of one process (API or worker), to scale and alert on: requests by route, the job
 * queues' depth and oldest waiting job, job durations and failures, the database pool, and the process
 * (memory, CPU, event-loop lag: prom-client's defaults). One registry per runtime, served on a port of
 * its own (METRICS_PORT), never on the public one.
 */
export interface Metrics {
  registry: client.Registry;
  /** Answers by method, route pattern and status (registerRequestMetrics counts into them, for every app built on this runtime). */
  http: { requests: client.Counter<HttpLabel>; duration: client.Histogram<HttpLabel> };
  /** Records a job run of `queue`: its seconds, and whether it failed. */
  observeJob(queue: string, seconds: number, failed: boolean): void;
}

type HttpLabel = 'method' | 'route' | 'status';
const HTTP_LABELS: HttpLabel[] = ['method', 'route', 'status'];
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** Waiting and running jobs per queue and the age of the oldest job that could run now, in one query. */
const QUEUE_SQL = `
  SELECT name,
         count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
         count(*) FILTER (WHERE state = 'active')::int AS active,
         coalesce(extract(epoch FROM now() - min(created_on)
           FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float AS oldest
    FROM pgboss.job
   WHERE state < 'completed'
   GROUP BY name`;

export function createMetrics(pool: pg.Pool, queueNames: readonly string[]): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const jobDuration = new client.Histogram({
    name: 'school_portal_job_duration_seconds',
    help: 'Job runs by queue, failed or not',
    labelNames: ['queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobFailures = new client.Counter({
    name: 'school_portal_job_failures_total',
    help: 'Job runs that threw (pg-boss retries them while retries are left)',
    labelNames: ['queue'],
    registers: [registry],
  });
  // Read from PostgreSQL when scraped (every instance reports the same shared queues). The registry reads
  // its metrics concurrently, so the three gauges share the query in flight.
  type QueueRow = { name: string; waiting: number; active: number; oldest: number };
  let inFlight: Promise<Map<string, QueueRow> | null> | null = null;
  const queueRows = () => {
    inFlight ??= pool
      .query<QueueRow>(QUEUE_SQL)
      .then((r) => new Map(r.rows.map((row) => [row.name, row])))
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  const queueGauge = (name: string, help: string, read: (row: QueueRow | undefined) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const rows = await queueRows();
        if (rows) for (const queue of queueNames) this.set({ queue }, read(rows.get(queue)));
      },
    });
  queueGauge(
    'school_portal_queue_waiting_jobs',
    'Jobs created or waiting to retry, by queue',
    (r) => r?.waiting ?? 0,
  );
  queueGauge(
    'school_portal_queue_active_jobs',
    'Jobs being run by some process, by queue',
    (r) => r?.active ?? 0,
  );
  queueGauge(
    'school_portal_queue_oldest_waiting_seconds',
    'Age of the oldest job that could run now, by queue (0: none waiting)',
    (r) => r?.oldest ?? 0,
  );
  const poolGauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  poolGauge('school_portal_db_pool_connections', 'Connections the pool holds', () => pool.totalCount);
  poolGauge('school_portal_db_pool_idle_connections', 'Idle connections in the pool', () => pool.idleCount);
  poolGauge(
    'school_portal_db_pool_waiting_clients',
    'Queries waiting for a connection',
    () => pool.waitingCount,
  );
  const http = {
    requests: new client.Counter({
      name: 'school_portal_http_requests_total',
      help: 'Answered requests by method, route pattern and status',
      labelNames: HTTP_LABELS,
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'school_portal_http_request_duration_seconds',
      help: 'Time to answer, by method, route pattern and status',
      labelNames: HTTP_LABELS,
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    }),
  };
  return {
    registry,
    http,
    observeJob(queue, seconds, failed) {
      jobDuration.observe({ queue, outcome: failed ? 'failed' : 'completed' }, seconds);
      if (failed) jobFailures.inc({ queue });
    },
  };
}

const STARTED = Symbol('request started');

/** Counts and times every answer of `app` by method, route pattern (never the raw URL) and status. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  const { requests, duration } = metrics.http;
  app.addHook('onRequest', (request, _reply, done) => {
    (request as unknown as Record<symbol, bigint>)[STARTED] = process.hrtime.bigint();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const started = (request as unknown as Record<symbol, bigint | undefined>)[STARTED];
    // Unmatched paths share one label, so that probes of random URLs can't grow the series without end.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    if (started !== undefined) duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    done();
  });
}

/** Serves GET /metrics of `metrics` on host:port (its own server); answers its close. */
export async function serveMetrics(
  metrics: Metrics,
  where: { host: string; port: number },
  log: FastifyBaseLogger,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text))
      .catch((err) => {
        log.error({ err }, 'metrics failed');
        res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : where.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
