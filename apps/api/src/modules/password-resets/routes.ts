import { resetPasswordRequestSchema, resetPasswordSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { moduleRoutes } from '../../http/route.js';
import { limitByAddress, tokenLinkLimiter } from '../auth/address-limit.js';
import { completePasswordReset, findPasswordReset, queuePasswordResetRequest } from './service.js';

const tokenParam = z.object({ token: z.string().min(20).max(128) });

export function registerPasswordResetRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['password reset']);
  const limitRequests = limitByAddress(tokenLinkLimiter(ctx, 'password-reset.request'));
  const limitCompletions = limitByAddress(tokenLinkLimiter(ctx, 'password-reset.complete'));

  app.post(
    '/api/password-resets',
    {
      ...operation('public', 'E-mail a single-use reset link; 202 whether or not the address exists', {
        body: resetPasswordRequestSchema,
        response: { 202: z.object({}) },
      }),
      onRequest: limitRequests,
    },
    async (request, reply) => {
      await queuePasswordResetRequest(ctx, request.body.email);
      return reply.status(202).send({});
    },
  );

  app.get(
    '/api/password-resets/:token',
    operation('public', 'Whether a reset link can still be used (404 when unknown, used or expired)', {
      params: tokenParam,
      response: { 200: z.object({ password_reset: z.object({ expires_at: z.string() }) }) },
    }),
    async (request) => {
      const reset = await findPasswordReset(ctx, request.params.token);
      if (!reset) throw notFound();
      return { password_reset: { expires_at: reset.expires_at.toISOString() } };
    },
  );

  app.patch(
    '/api/password-resets/:token',
    {
      ...operation('public', 'Set the new password; the link is used up and every session of the user ends', {
        params: tokenParam,
        body: resetPasswordSchema,
        response: { 200: z.object({}) },
      }),
      onRequest: limitCompletions,
    },
    async (request) => {
      if (!(await completePasswordReset(ctx, request.params.token, request.body.password))) throw notFound();
      return {};
    },
  );
}
