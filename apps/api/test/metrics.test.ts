import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, signIn } from './support/factories.js';

/**
 * Prometheus metrics on a port of their own (METRICS_PORT): requests by route pattern, the job queues'
 * depth and oldest waiting job read from PostgreSQL, job durations and failures, the pool, the process.
 */
let t: TestApp;
let metricsUrl: string;

beforeAll(async () => {
  // Workers off: a job enqueued stays waiting, so the queue's depth and age are there to read.
  t = await createTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' }, { workers: false });
  metricsUrl = `http://127.0.0.1:${t.metricsPort}/metrics`;
});
afterAll(() => t?.close());

const scrape = async () => {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};
/** The value of one series, e.g. `name{a="b"}`, or undefined. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  test('count and time requests by route pattern, never by the raw path', async () => {
    const org = await buildOrganization(t.ctx.db);
    const user = await buildUser(t.ctx.db, { organizations: [org.id], manager: true });
    const token = await signIn(t.app, user.email);
    for (let i = 0; i < 3; i++)
      expect(
        (await t.app.inject({ url: `/api/organizations/${org.id}`, headers: bearer(token) })).statusCode,
      ).toBe(200);
    expect((await t.app.inject({ url: '/api/no-such-thing-12345' })).statusCode).toBe(404);
    const text = await scrape();
    expect(
      seriesValue(
        text,
        'school_portal_http_requests_total{method="GET",route="/api/organizations/:id",status="200"}',
      ),
    ).toBe(3);
    expect(
      seriesValue(
        text,
        'school_portal_http_request_duration_seconds_count{method="GET",route="/api/organizations/:id",status="200"}',
      ),
    ).toBe(3);
    expect(text).not.toContain(`/api/organizations/${org.id}`);
    expect(text).not.toContain('no-such-thing');
    expect(
      seriesValue(text, 'school_portal_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
  });

  test('give each queue its waiting jobs and the age of the oldest, from PostgreSQL', async () => {
    await t.ctx.queue.enqueue('email.send', { outbox_id: '1' });
    await t.ctx.db
      .updateTable('pgboss.job' as never)
      .set({ created_on: new Date(Date.now() - 90_000) } as never)
      .where('name' as never, '=', 'email.send' as never)
      .execute();
    const text = await scrape();
    expect(seriesValue(text, 'school_portal_queue_waiting_jobs{queue="email.send"}')).toBe(1);
    expect(
      seriesValue(text, 'school_portal_queue_oldest_waiting_seconds{queue="email.send"}'),
    ).toBeGreaterThan(89);
    expect(seriesValue(text, 'school_portal_queue_waiting_jobs{queue="photos.verify"}')).toBe(0);
  });

  test('time job runs and count failures, with the pool and the process beside them', async () => {
    t.ctx.metrics.observeJob('photos.verify', 0.2, false);
    t.ctx.metrics.observeJob('photos.verify', 0.3, true);
    const text = await scrape();
    expect(
      seriesValue(
        text,
        'school_portal_job_duration_seconds_count{queue="photos.verify",outcome="completed"}',
      ),
    ).toBe(1);
    expect(seriesValue(text, 'school_portal_job_failures_total{queue="photos.verify"}')).toBe(1);
    expect(seriesValue(text, 'school_portal_db_pool_connections')).toBeGreaterThan(0);
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  test('time the jobs the workers run', async () => {
    const withWorkers = await createTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    try {
      await withWorkers.ctx.queue.enqueue('email.send', { outbox_id: '999999' });
      const series = 'school_portal_job_duration_seconds_count{queue="email.send",outcome="completed"}';
      const deadline = Date.now() + 20_000;
      let count: number | undefined;
      while (Date.now() < deadline && !count) {
        const res = await fetch(`http://127.0.0.1:${withWorkers.metricsPort}/metrics`);
        count = seriesValue(await res.text(), series);
        if (!count) await new Promise((r) => setTimeout(r, 200));
      }
      expect(count).toBe(1);
    } finally {
      await withWorkers.close();
    }
  });

  test('are not served on the public port', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).not.toContain('school_portal_http_requests_total');
  });
});
