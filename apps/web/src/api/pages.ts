import { MULTI_PAGE_CONCURRENCY } from '@school-portal/domain';
import pLimit from 'p-limit';
import { apiFetch, type QueryValue } from './client';
import type { ListMeta } from './types';

export interface Paged<T> {
  items: T[];
  meta?: ListMeta;
}

/**
 * Every page of a long list (spec §7 "Long lists are fetched in multiple pages", §9): the first page
 * tells the total, the rest follow at most MULTI_PAGE_CONCURRENCY at a time, returned in page order.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, limit: number) => Promise<Paged<T>>,
  limit: number,
): Promise<T[]> {
  const first = await fetchPage(1, limit);
  const pages = Math.ceil((first.meta?.total ?? first.items.length) / limit);
  const limiter = pLimit(MULTI_PAGE_CONCURRENCY);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      limiter(async () => (await fetchPage(i + 2, limit)).items),
    ),
  );
  return [...first.items, ...rest.flat()];
}

/** fetchAllPages for the common answer shape `{ [key]: T[], meta }` of GET `path`. */
export function fetchAllOf<T, K extends string>(
  path: string,
  key: K,
  limit: number,
  query: Record<string, QueryValue> = {},
  signal?: AbortSignal,
): Promise<T[]> {
  return fetchAllPages(async (page, pageLimit) => {
    const body = await apiFetch<{ meta?: ListMeta } & Record<K, T[]>>(path, {
      query: { ...query, limit: pageLimit, page },
      signal,
    });
    return { items: body[key], meta: body.meta };
  }, limit);
}
