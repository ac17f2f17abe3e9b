import type { CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';

interface CachedPage<Row> {
  /** The project's grid version read before the page was: the rows are at least that new. */
  version: string;
  rows: readonly Row[];
}

/**
 * Subjects-grid pages this process has read, so a page asked for again (staff paging back and forth,
 * a refetch on focus, a colleague on the same class) is answered without sorting the project again.
 *
 * A page is known by its query: the SQL text and values carry the project, the fields the caller may
 * see (the keyword looks only at those), the filters, the sort and the page. It is served again only
 * while its project's grid version (migration 0021: moved by triggers on every change a page may show)
 * is the one it was read under. The caller reads the version in the same query that checks it may see
 * the project, on every request, so a change made through any process, or by a job, or in psql, is seen
 * at once, and a caller who may no longer see the project never gets here.
 *
 * Bounded by rows (GRID_CACHE_ROWS), least recently used out first; 0 keeps nothing.
 */
export class GridPageCache {
  // biome-ignore lint/suspicious/noExplicitAny: rows of any grid query shape; typed at get/set
  private readonly pages: LRUCache<string, CachedPage<any>> | null;

  constructor(maxRows: number) {
    this.pages =
      maxRows > 0
        ? new LRUCache({ maxSize: maxRows, sizeCalculation: (page) => page.rows.length + 1 })
        : null;
  }

  /** The rows of `query` read under `version`, or of a fresh read (kept for the next caller). */
  async read<Row>(
    query: CompiledQuery<Row>,
    version: string,
    run: () => Promise<readonly Row[]>,
  ): Promise<readonly Row[]> {
    if (!this.pages) return run();
    const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    const cached = this.pages.get(key);
    if (cached?.version === version) return cached.rows as readonly Row[];
    const rows = await run();
    this.pages.set(key, { version, rows });
    return rows;
  }
}
