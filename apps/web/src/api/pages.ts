import { MULTI_PAGE_CONCURRENCY } from '@school-portal/domain';
import pLimit from 'p-limit';
import { api, type CallOptions, type PathsWith, type SuccessBody } from './api';
import type { QueryValue } from './client';
import type { ElementOf, ListMeta } from './types';

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

/**
 * fetchAllPages for the common answer shape `{ [key]: T[], meta }` of GET `path`, typed by the API's
 * schema like api.get; `page` and `limit` are set here.
 */
export function fetchAllOf<P extends PathsWith<'get'>, K extends keyof SuccessBody<P, 'get'> & string>(
  path: P,
  key: K,
  limit: number,
  options: CallOptions<P, 'get'>,
): Promise<ElementOf<SuccessBody<P, 'get'>[K]>[]> {
  type Item = ElementOf<SuccessBody<P, 'get'>[K]>;
  const { query, ...rest } = options as { query?: Record<string, QueryValue> } & Record<string, unknown>;
  return fetchAllPages(async (page, pageLimit) => {
    const body = (await api.get(path, {
      ...rest,
      query: { ...query, limit: pageLimit, page },
    } as unknown as CallOptions<P, 'get'>)) as unknown as { meta?: ListMeta } & Record<K, Item[]>;
    return { items: body[key], meta: body.meta };
  }, limit);
}
