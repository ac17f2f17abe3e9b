import type { Action } from '@school-portal/domain';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../modules/access/visibility.js';
import { idParam, pageOf } from './params.js';

/**
 * A route's options in one call: the action it performs (http/auth.ts checks it against the domain's
 * policy table) and its OpenAPI schema under its module's tags. A routes file gets one from
 * moduleRoutes, and makes another here for routes under other tags:
 *
 *     const { app, operation } = moduleRoutes(root, ['seasons']);
 *     app.get('/api/seasons/:id', operation('season.show', 'One season', { params, response }), handler);
 */
export function operations(tags: string[]) {
  return <S extends FastifySchema>(action: Action, summary: string, schema: S) => ({
    config: { action },
    schema: { tags, summary, ...schema },
  });
}

/** A module's router: `app` typed by the zod schemas of its routes, and their `operation` under `tags`. */
export function moduleRoutes(root: FastifyInstance, tags: string[]) {
  return { app: root.withTypeProvider<ZodTypeProvider>(), operation: operations(tags) };
}

export type ModuleRoutes = ReturnType<typeof moduleRoutes>;

/** One record under its singular key, as bodies and answers wrap it (API.md): `{ season: { ... } }`. */
export function keyed<K extends string, T extends z.ZodType>(key: K, record: T) {
  return z.object({ [key]: record } as { [P in K]: T });
}

/** The schema of a route on the record named in its path that answers it (or what it became) under `key`. */
export const recordById = <K extends string, T extends z.ZodType>(key: K, record: T) => ({
  params: idParam,
  response: { 200: keyed(key, record) },
});

/** The schema of a route that changes the record named in its path from `input` and answers it. */
export const changeById = <K extends string, I extends z.ZodType, T extends z.ZodType>(
  key: K,
  input: I,
  record: T,
) => ({ params: idParam, body: keyed(key, input), response: { 200: keyed(key, record) } });

/** The schema of a route that makes a record under the one named in its path and answers it (201). */
export const createUnderId = <K extends string, I extends z.ZodType, T extends z.ZodType>(
  key: K,
  input: I,
  record: T,
) => ({ params: idParam, body: keyed(key, input), response: { 201: keyed(key, record) } });

/** The schema of a route that pages through the records under the one named in its path (see pageOf). */
export const listUnderId = <K extends string, T extends z.ZodType, Q extends z.ZodType>(
  key: K,
  item: T,
  querystring: Q,
) => ({ params: idParam, querystring, response: { 200: pageOf(key, item) } });

/** The schema of a route that deletes the record named in its path and answers `{}`. */
export const deleteById = { params: idParam, response: { 200: z.object({}) } };

/**
 * The handler of a route that deletes the record named in its path: `find` looks it up as any lookup
 * does (404 out of view, 403 when the action is refused), `remove` deletes it, and the answer is `{}`.
 */
export const deleteHandler =
  <R>(find: (access: Access, id: string) => Promise<R>, remove: (row: R) => Promise<unknown>) =>
  async (request: FastifyRequest<{ Params: z.infer<typeof idParam> }>) => {
    await remove(await find(request.access, request.params.id));
    return {};
  };
