import type { Action } from '@school-portal/domain';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from './params.js';

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

/** The schema of a route that deletes the record named in its path and answers `{}`. */
export const deleteById = { params: idParam, response: { 200: z.object({}) } };
