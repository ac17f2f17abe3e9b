import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './database.js';

/** A list request's page (1-based) and page size, as the list routes' `page` and `limit` give them. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** One page of rows, with the paging meta every list answers (API.md). */
export interface Page<R> {
  rows: R[];
  meta: { page: number; limit: number; total: number };
}

/**
 * One page of a list and the count of every row the list holds, in parallel. `query` holds the list's
 * filters (and may be DISTINCT or grouped: it is counted as a subquery); `order` gives the page's sort,
 * which must end in a unique key so that pages neither repeat nor skip rows.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  order: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  { page, limit }: PageRequest,
): Promise<Page<O>> {
  const [rows, total] = await Promise.all([
    order(query)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${query.clearOrderBy()}) AS listed`.execute(db),
  ]);
  return { rows, meta: { page, limit, total: total.rows[0]?.n ?? 0 } };
}
