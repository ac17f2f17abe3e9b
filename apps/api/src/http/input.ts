import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/**
 * Text PostgreSQL cannot store: a NUL byte (text and jsonb refuse it) or a lone UTF-16 surrogate (not
 * Unicode, so not UTF-8 either; jsonb refuses its escape). Refused here, once for every route, before
 * any schema or handler sees the request (API.md: never a 5xx for bad input).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_CHARACTERS = 'contains characters that are not allowed';

export const isStorableText = (value: string) => !value.includes('\0') && !LONE_SURROGATE.test(value);

/**
 * The paths (as key lists) of every string (value or object key) in `value` that cannot be stored.
 * Iterative, so a deeply nested body cannot exhaust the stack; an object key that is itself bad is
 * reported at its parent's path.
 */
export function findUnstorableText(value: unknown, limit = 20): string[][] {
  const found: string[][] = [];
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0 && found.length < limit) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(path);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: [...path, String(i)] });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isStorableText(key)) {
          found.push(path);
          continue;
        }
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return found;
}

/** `['subject', 'name']` -> `name` when the body wraps the record under its singular key (API.md). */
function bodyField(path: string[], body: unknown): string {
  const first = path[0];
  const wrapped =
    path.length > 1 &&
    first !== undefined &&
    body !== null &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    typeof (body as Record<string, unknown>)[first] === 'object';
  return (wrapped ? path.slice(1) : path).join('.') || 'base';
}

function fieldErrors(paths: string[][], name: (path: string[]) => string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const path of paths) errors[name(path)] = [INVALID_CHARACTERS];
  return errors;
}

/** Checks a request's body, query string and path parameters; throws the API.md error when one is bad. */
export function checkRequestText(request: FastifyRequest) {
  for (const [part, label] of [
    ['params', 'path'],
    ['query', 'querystring'],
  ] as const) {
    const bad = findUnstorableText(request[part]);
    if (bad.length > 0) {
      throw new HttpError(400, {
        error: 'bad_request',
        message: `Invalid ${label}: ${INVALID_CHARACTERS}`,
        errors: fieldErrors(bad, (p) => p.join('.') || 'base'),
      });
    }
  }
  const bad = findUnstorableText(request.body);
  if (bad.length > 0) {
    throw new HttpError(422, { errors: fieldErrors(bad, (p) => bodyField(p, request.body)) });
  }
}

/** One hook for every route, registered before any route (hooks apply to routes declared after them). */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    checkRequestText(request);
  });
}
