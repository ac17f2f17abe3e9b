import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { NoResultError } from 'kysely';

/** An error with the wire body of API.md's error table. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${statusCode}`);
  }
}

export const notFound = () => new HttpError(404, { error: 'not_found' });
export const unauthorized = () => new HttpError(401, { error: 'unauthorized' });
export const forbidden = (reason: string) => new HttpError(403, { error: 'forbidden', reason });
export const badRequest = (message: string) => new HttpError(400, { error: 'bad_request', message });
export const unprocessable = (errors: Record<string, string[]>) => new HttpError(422, { errors });
export const conflict = (errors: Record<string, string[]>) => new HttpError(409, { errors });

/**
 * A delete or update that touched no row: another request deleted the record after this one found it in
 * view. That request succeeded; this one answers what it would have answered a moment later, 404.
 */
export function requireWritten(result: { numDeletedRows: bigint } | { numUpdatedRows: bigint }) {
  if (('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows) === 0n) throw notFound();
}

/**
 * The field an issue is about: `/user/current_account_id` -> `current_account_id` when the body wraps
 * the record under its singular key (API.md), `/password` -> `password`, the body itself -> `base`.
 */
function fieldOf(instancePath: string, body: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  const first = parts[0];
  const wrapper =
    parts.length > 1 &&
    first &&
    body &&
    typeof body === 'object' &&
    typeof (body as Record<string, unknown>)[first] === 'object';
  return (wrapper ? parts.slice(1) : parts).join('.') || 'base';
}

/**
 * The OAuth endpoints answer a malformed request the OAuth way (RFC 6749 §5.2, API.md's sign-in
 * section): `{"error": "invalid_request", "error_description": "..."}`, whatever layer refused it.
 */
function oauthShaped(request: FastifyRequest, status: number, body: Record<string, unknown>) {
  if (status !== 400 || !request.url.startsWith('/oauth/') || body.error !== 'bad_request') return body;
  return { error: 'invalid_request', error_description: String(body.message ?? 'Invalid request') };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: Record<string, unknown>) =>
      reply.status(status).send(oauthShaped(request, status, body));
    if (error instanceof HttpError) {
      if (error.statusCode === 403 || error.statusCode === 404) {
        // Refused access is logged without personal data: route and ids only.
        request.log.info({ status: error.statusCode, route: request.routeOptions.url }, 'access refused');
      }
      return send(error.statusCode, error.body);
    }
    // A record loaded with executeTakeFirstOrThrow after its visibility check, deleted in between by a
    // concurrent request: it is gone, as it would be a moment later (404), not a server fault.
    if (error instanceof NoResultError) return send(404, notFound().body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldOf(
          issue.instancePath,
          error.validationContext === 'body' ? request.body : undefined,
        );
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'is invalid'];
      }
      // A JSON body that parses but breaks the rules is a validation failure (422); a bad query string
      // or path parameter is a bad request (400).
      if (error.validationContext === 'body') return reply.status(422).send({ errors });
      return send(400, {
        error: 'bad_request',
        message: `Invalid ${error.validationContext ?? 'request'}`,
        errors,
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const body: Record<string, unknown> =
        status === 429 ? { error: 'too_many_requests' } : { error: 'bad_request', message: error.message };
      return send(status === 413 || status === 415 || status === 429 ? status : 400, body);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', request_id: request.id });
  });
}
