import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from './support/app.js';

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('drains a backlog job after job, not one job per polling interval', async () => {
    // Checks of photos that do not exist: each run ends at once, so the gaps between starts are the queue's.
    const ids = Array.from({ length: 8 }, (_, i) => String(9_000_000_000 + i));
    for (const photo_id of ids) await t.ctx.queue.enqueue('photos.checks', { photo_id });
    const runs = await eventually(async () => {
      const rows = await sql<{ started_on: Date }>`
        SELECT started_on FROM pgboss.job
        WHERE name = 'photos.checks' AND state = 'completed' AND data->>'photo_id' = ANY(${ids})
        ORDER BY started_on`.execute(t.ctx.db);
      return rows.rows.length === ids.length ? rows.rows : null;
    }, 30_000);
    // One worker at a time: waiting out the 1 s polling interval between jobs would take at least 7 s.
    const span = runs.at(-1)!.started_on.getTime() - runs[0]!.started_on.getTime();
    expect(span).toBeLessThan(3_500);
  });
});
