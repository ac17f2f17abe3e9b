import { createHash } from 'node:crypto';
import { type Compilable, type CompiledQuery, Kysely, PostgresDialect, type QueryResult } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// Dates (not timestamps) stay ISO strings; bigint ids stay strings (pg's default), so JSON ids are strings.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * SQL texts that run as named prepared statements: parsed and planned once per connection instead of on
 * every call. Planning the session query or a visibility lookup costs PostgreSQL more than running it,
 * and they run on every request. Only fixed-shape queries are marked (through `prepared`), so the set
 * stays small; the cap is a guard against a caller marking queries whose text varies.
 */
const preparedNames = new Map<string, string>();
const MAX_PREPARED = 200;

class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor options
  constructor(config?: any) {
    super(config);
    // A checked-out client whose server goes away between two queries (a shutdown with a request still
    // running) emits 'error' with no query to fail: it must not crash the process. Its next query fails.
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only (text, values) is rerouted
  override query(...args: any[]): any {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length <= 2 ? preparedNames.get(text) : undefined;
    // biome-ignore lint/suspicious/noExplicitAny: pass-through
    if (!name) return (super.query as any)(...args);
    return super.query({ name, text, values });
  }
}

/** Runs a query as a named prepared statement (see `preparedNames`); for hot queries of a fixed shape. */
export async function prepared<R>(db: Db, query: Compilable<R> | CompiledQuery<R>): Promise<QueryResult<R>> {
  const compiled = 'compile' in query ? query.compile() : query;
  if (!preparedNames.has(compiled.sql) && preparedNames.size < MAX_PREPARED) {
    preparedNames.set(
      compiled.sql,
      `sp_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`,
    );
  }
  return db.executeQuery(compiled);
}

export function connectDatabase(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'school-portal',
    Client: PreparingClient,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
