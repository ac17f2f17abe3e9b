/**
 * The call shapes most hooks share, written once over the typed client (api.ts):
 * - the API wraps a record in its name both ways (`{ season: {...} }` sent, `{ season }` answered):
 *   getRecord and sendRecord answer the record itself;
 * - one record read by its id (useRecord), every page of a long list (useEveryPage), one page of a
 *   screen's list (useListPage). Each is idle while its id is empty: `/api/projects//...` names nothing.
 */
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallOptions, type PathsWith, type RequestBodyOf, type SuccessBody } from './api';
import { fetchAllOf } from './pages';
import type { ElementOf } from './types';

/** The paths of this method with an `{id}` in them. */
type IdPath<M extends 'get' | 'post' | 'put' | 'patch'> = Extract<PathsWith<M>, `${string}{id}${string}`>;

/** The name a GET answer wraps its record in: `project` of `{ project }`. */
type AnswerKey<P extends PathsWith<'get'>> = keyof SuccessBody<P, 'get'> & string;

/** Query options besides the key and the function; `enabled` as a flag (the id must be there too). */
type Extras<T> = Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn' | 'enabled'> & {
  enabled?: boolean;
};

/** The query key factory of what is held per id (`queryKeys.projects.project`). */
type KeyOf = (id: string) => QueryKey;

/** The query parameters GET `path` takes. */
type QueryOf<P extends PathsWith<'get'>> = CallOptions<P, 'get'>['query'];

/** Any call, untyped: the helpers below check their arguments against the schema themselves. */
type LooseCall = <T>(path: string, options: Record<string, unknown>) => Promise<T>;
const loose = (method: 'get' | 'post' | 'put' | 'patch') => api[method] as unknown as LooseCall;

/** GET `path` for one id, answering the record it wraps in `key` (`getRecord('/api/layouts/{id}', id, 'layout')`). */
export function getRecord<P extends IdPath<'get'>, K extends AnswerKey<P>>(
  path: P,
  id: string,
  key: K,
  signal?: AbortSignal,
): Promise<SuccessBody<P, 'get'>[K]> {
  return loose('get')<NonNullable<SuccessBody<P, 'get'>>>(path, { path: { id }, signal }).then(
    (body) => body[key],
  );
}

/**
 * POST, PUT or PATCH one record wrapped in its name, answering the record the API wraps in the same name:
 * `sendRecord('post', '/api/organizations/{id}/seasons', organizationId, { season })` answers the season.
 * `id` fills the path's `{id}` (null for a path without one).
 */
export function sendRecord<
  M extends 'post' | 'put' | 'patch',
  P extends PathsWith<M>,
  K extends keyof RequestBodyOf<P, M> & keyof SuccessBody<P, M> & string,
>(
  method: M,
  path: P,
  id: string | null,
  body: { [Q in K]: RequestBodyOf<P, M>[Q] },
): Promise<SuccessBody<P, M>[K]> {
  const key = Object.keys(body)[0] as K;
  return loose(method)<Record<K, SuccessBody<P, M>[K]>>(path, {
    path: id === null ? undefined : { id },
    body,
  }).then((answer) => answer[key]);
}

/** Calls made without a session: no token sent, and a 401 signs nobody out. */
export const WITHOUT_SESSION = { auth: false, handleAuthFailures: false } as const;

/**
 * What the link of an e-mail stands for (an invitation, a password reset), by the token in it: read
 * without a session, and once (the answer will not change; 404 when unknown, used or expired).
 */
export function useLinkRecord<
  P extends Extract<PathsWith<'get'>, `${string}{token}`>,
  K extends AnswerKey<P>,
>(queryKey: QueryKey, path: P, token: string, key: K) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      loose('get')<NonNullable<SuccessBody<P, 'get'>>>(path, {
        path: { token },
        ...WITHOUT_SESSION,
        signal,
      }).then((body) => body[key]),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * GET `path`?format=json of a stored file: its short-lived signed address in storage (each ask is recorded
 * in the audit trail), for the browser to fetch straight from there.
 */
export function fetchSignedDownload(
  path:
    | '/api/attachments/{id}/download'
    | '/api/layout-renders/{id}/download'
    | '/api/project-exports/{id}/download',
  id: string,
): Promise<{ url: string; expires_at: string }> {
  return loose('get')<SuccessBody<typeof path, 'get'>>(path, {
    path: { id },
    query: { format: 'json' },
  }).then((body) => body.download);
}

/** useQuery of getRecord: one record by its id, held under `keyOf(id)`. */
export function useRecord<P extends IdPath<'get'>, K extends AnswerKey<P>>(
  keyOf: KeyOf,
  path: P,
  id: string | null | undefined,
  key: K,
  options: Extras<SuccessBody<P, 'get'>[K]> = {},
) {
  return useQuery({
    ...options,
    queryKey: keyOf(id ?? ''),
    queryFn: ({ signal }) => getRecord(path, id ?? '', key, signal),
    enabled: !!id && (options.enabled ?? true),
  });
}

/** useQuery of fetchAllOf: every page of the list GET `path` answers in `key` for one id, held under `keyOf(id)`. */
export function useEveryPage<P extends IdPath<'get'>, K extends AnswerKey<P>>(
  keyOf: KeyOf,
  path: P,
  id: string | null | undefined,
  key: K,
  limit: number,
  options: { query?: QueryOf<P>; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: keyOf(id ?? ''),
    queryFn: ({ signal }) =>
      fetchAllOf(path, key, limit, {
        path: { id: id ?? '' },
        query: options.query,
        signal,
      } as unknown as CallOptions<P, 'get'>) as Promise<ElementOf<SuccessBody<P, 'get'>[K]>[]>,
    enabled: !!id && (options.enabled ?? true),
  });
}

/**
 * useQuery of one page of the list GET `path` answers for one id (`query` names the page and its size).
 * While another page loads, the previous answer stays (`isPlaceholderData` says so).
 */
export function useListPage<P extends IdPath<'get'>>(
  queryKey: QueryKey,
  path: P,
  id: string | null | undefined,
  query: QueryOf<P>,
  options: Extras<SuccessBody<P, 'get'>> = {},
) {
  return useQuery({
    placeholderData: keepPreviousData,
    ...options,
    queryKey,
    queryFn: ({ signal }) =>
      loose('get')<SuccessBody<P, 'get'>>(path, { path: { id: id ?? '' }, query, signal }),
    enabled: !!id && (options.enabled ?? true),
  });
}
