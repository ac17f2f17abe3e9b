import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { operations } from '../../http/route.js';
import { setPasswordHashConcurrency } from './passwords.js';
import { revokeToken, signIn, tokenResponse, tokenResponseSchema } from './sign-in.js';
import { hashSecret } from './tokens.js';

const INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';

const tokenRequest = z.object({
  grant_type: z.string(),
  username: z.string().min(1).max(254),
  password: z.string().min(1).max(1024),
});

const oauthError = (error: string, description: string) => ({ error, error_description: description });
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });
const tooManySchema = z.object({ error: z.literal('too_many_requests') });

const operation = operations(['sign-in']);

/** OAuth 2.0 password grant (RFC 6749 §4.3) and revocation (RFC 7009), as API.md fixes them. */
export function registerOAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  setPasswordHashConcurrency(ctx.config.passwordHashConcurrency);
  app.post(
    '/oauth/token',
    operation('public', 'Sign in with e-mail and password (password grant); form or JSON body', {
      response: { 200: tokenResponseSchema, 400: oauthErrorSchema, 429: tooManySchema },
    }),
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) {
        return reply.status(400).send(oauthError('invalid_request', 'The request body must be an object.'));
      }
      if (body.grant_type === undefined) {
        return reply.status(400).send(oauthError('invalid_request', 'Missing parameter: grant_type.'));
      }
      if (body.grant_type !== 'password') {
        return reply
          .status(400)
          .send(oauthError('unsupported_grant_type', 'The authorization grant type is not supported.'));
      }
      const parsed = tokenRequest.safeParse(body);
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].join(', ');
        return reply
          .status(400)
          .send(oauthError('invalid_request', `Missing or invalid parameter: ${fields}.`));
      }
      const result = await signIn(ctx, parsed.data.username, parsed.data.password, request.ip);
      if (result.kind === 'limited') {
        return reply
          .status(429)
          .header('Retry-After', String(result.retryAfterSeconds))
          .send({ error: 'too_many_requests' });
      }
      if (result.kind === 'invalid')
        return reply.status(400).send(oauthError('invalid_grant', INVALID_GRANT));
      return reply.status(200).send(tokenResponse(result));
    },
  );

  app.post(
    '/oauth/revoke',
    operation('public', 'Revoke a token at once (RFC 7009); 200 even when unknown', {
      response: { 200: z.object({}), 400: oauthErrorSchema },
    }),
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const token = typeof body === 'object' && body ? body.token : undefined;
      if (typeof token !== 'string' || token.length === 0 || token.length > 512) {
        return reply.status(400).send(oauthError('invalid_request', 'Missing parameter: token.'));
      }
      await revokeToken(ctx, hashSecret(token));
      return reply.status(200).send({});
    },
  );
}
