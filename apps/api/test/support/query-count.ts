import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../src/db/database.js';
import { eventually } from './app.js';

/**
 * Counts the SQL statements the API's own pool sends (application_name `school-portal`), at the driver:
 * every query of every route, service and helper passes through `pg.Client#query`. The job queue
 * (pg-boss, `school-portal-jobs`) is left out, so its polling doesn't blur the count.
 */
let installed = false;
let counting = false;
let count = 0;
const statements: string[] = [];

function install() {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads
  (pg.Client.prototype as any).query = function counted(this: pg.Client, ...args: any[]) {
    const params = (this as unknown as { connectionParameters?: { application_name?: string } })
      .connectionParameters;
    if (counting && params?.application_name === 'school-portal') {
      count++;
      const first = args[0];
      statements.push(typeof first === 'string' ? first : (first?.text ?? String(first)));
    }
    // biome-ignore lint/suspicious/noExplicitAny: pass-through
    return (original as any).apply(this, args);
  };
}

/** Runs `fn` and answers how many statements the API's pool sent meanwhile, and which. */
export async function countQueries<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; count: number; statements: string[] }> {
  install();
  count = 0;
  statements.length = 0;
  counting = true;
  try {
    const value = await fn();
    return { value, count, statements: [...statements] };
  } finally {
    counting = false;
  }
}

/**
 * Waits until no job is running or due, so that a count taken next holds the route's queries only: job
 * handlers (the photo checks after an upload, say) share the API's pool, and under load they may still be
 * at work when a test starts counting.
 */
export async function whenJobsSettled(db: Db, timeoutMs = 120_000): Promise<void> {
  await eventually(async () => {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pgboss.job
      WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`.execute(db);
    return Number(rows[0]!.n) === 0;
  }, timeoutMs);
}
