/**
 * Calls checked against the API's own schema (schema.d.ts) by path and method: the path is the
 * template as the API declares it (`/api/projects/{id}`), its parameters, query and JSON body are those
 * of that operation, and the answer is typed by the operation's success response. Every call goes
 * through apiFetch, so the bearer token, the app header, ApiError and the 401 / not-licensed handling
 * stay in one place.
 */
import { apiFetch, type QueryValue, type RequestOptions } from './client';
import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that declare this method. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M & keyof paths[P]] extends { responses: unknown } ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = paths[P][M & keyof paths[P]];

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : null;

/** The JSON body of the operation's success answer (200, else 201, 202, or null for 204). */
export type SuccessBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    responses: infer R;
  }
    ? 200 extends keyof R
      ? JsonOf<R[200]>
      : 201 extends keyof R
        ? JsonOf<R[201]>
        : 202 extends keyof R
          ? JsonOf<R[202]>
          : null
    : never;

type Parameters<O> = O extends { parameters: infer Params } ? Params : never;
type PathParams<O> = Parameters<O> extends { path: infer Path } ? Path : never;
type QueryParams<O> = Parameters<O> extends { query?: infer Query } ? NonNullable<Query> : never;

/** Query texts "true"/"false" may be given as booleans (buildUrl writes them as text); null leaves a key out. */
type Loosen<V> = V extends 'true' | 'false' ? V | boolean : V;
type QueryInput<Q> = { [K in keyof Q]?: Loosen<Q[K]> | null };

type RequestBody<O> = O extends { requestBody?: infer B } ? NonNullable<B> : never;
type JsonBody<O> = RequestBody<O> extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body an operation takes: `RequestBodyOf<'/api/projects', 'post'>`. */
export type RequestBodyOf<P extends keyof paths, M extends Method> = JsonBody<Operation<P, M>>;
/** Whether the operation requires its body (`requestBody` not optional). */
type BodyRequired<O> = O extends { requestBody: object } ? true : false;

type PathOption<O> = [PathParams<O>] extends [never]
  ? { path?: never }
  : PathParams<O> extends Record<string, never>
    ? { path?: never }
    : { path: { [K in keyof PathParams<O>]: string } };

type QueryOption<O> = [QueryParams<O>] extends [never]
  ? { query?: never }
  : { query?: QueryInput<QueryParams<O>> };

type BodyOption<O> = [JsonBody<O>] extends [never]
  ? { body?: never }
  : BodyRequired<O> extends true
    ? { body: JsonBody<O> }
    : { body?: JsonBody<O> };

/** What a call takes besides its path: the operation's parameters and body, and apiFetch's own options. */
export type CallOptions<P extends keyof paths, M extends Method> = PathOption<Operation<P, M>> &
  QueryOption<Operation<P, M>> &
  BodyOption<Operation<P, M>> &
  Pick<RequestOptions, 'auth' | 'token' | 'handleAuthFailures' | 'signal' | 'headers'>;

/** The options argument may be left out when nothing in it is required. */
type Args<P extends keyof paths, M extends Method> =
  object extends CallOptions<P, M> ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];

/** The path template filled in (each value encoded as one path segment). */
export function pathOf(template: string, params?: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

function call<M extends Method>(method: M) {
  return <P extends PathsWith<M>>(path: P, ...[options]: Args<P, M>): Promise<SuccessBody<P, M>> => {
    const {
      path: params,
      query,
      body,
      ...rest
    } = (options ?? {}) as {
      path?: Record<string, string>;
      query?: Record<string, QueryValue | QueryValue[]>;
      body?: unknown;
    } & RequestOptions;
    return apiFetch<SuccessBody<P, M>>(pathOf(path, params), {
      ...rest,
      method: method.toUpperCase() as RequestOptions['method'],
      query,
      body,
    });
  };
}

/** `api.get('/api/projects/{id}', { path: { id } })` answers `{ project }` as the API declares it. */
export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
};
