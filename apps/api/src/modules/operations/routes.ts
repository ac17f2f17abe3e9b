import { APP_VERSION } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { moduleRoutes } from '../../http/route.js';
import { isReady } from './service.js';

export const publicConfigSchema = z.object({
  environment: z.enum(['development', 'production', 'test']),
  version: z.string(),
  sign_in_region: z.string().nullable(),
  landing_page_url: z.string().nullable(),
  support_chat_enabled: z.boolean(),
  support_chat_url: z.string().nullable(),
  rebrand_banner_enabled: z.boolean(),
  admin_user_url: z.string().nullable(),
  companion_app_url: z.string().nullable(),
  layout_editor_url: z.string().nullable(),
  dev_mailbox: z.boolean(),
});

export function registerOperationsRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['operations']);

  app.get(
    '/healthz',
    operation('public', 'The process is up', { response: { 200: z.object({ status: z.literal('ok') }) } }),
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    operation('public', 'The database and the job queue are reachable, and the process is not stopping', {
      response: {
        200: z.object({ status: z.literal('ready') }),
        503: z.object({ status: z.enum(['unavailable', 'draining']) }),
      },
    }),
    async (_request, reply) => {
      // Told to stop: out of the balancer first, while the requests it still gets are answered.
      if (ctx.lifecycle.draining) return reply.status(503).send({ status: 'draining' as const });
      if (await isReady(ctx)) return { status: 'ready' as const };
      return reply.status(503).send({ status: 'unavailable' });
    },
  );

  app.get(
    '/version.txt',
    operation('public', 'The running version', {
      response: { 200: z.string().describe('The version, as text/plain') },
    }),
    async (_r, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send(`${APP_VERSION}\n`),
  );

  app.get(
    '/api/config',
    operation('public', 'What the web app needs to know before sign-in', {
      response: { 200: z.object({ config: publicConfigSchema }) },
    }),
    async () => ({
      config: {
        environment: ctx.config.env,
        version: APP_VERSION,
        sign_in_region: ctx.config.web.signInRegion,
        landing_page_url: ctx.config.web.landingPageUrl,
        support_chat_enabled: !!ctx.config.web.supportChatUrl,
        support_chat_url: ctx.config.web.supportChatUrl,
        rebrand_banner_enabled: ctx.config.web.rebrandBanner,
        admin_user_url: ctx.config.web.adminUserUrl,
        companion_app_url: ctx.config.web.companionAppUrl,
        layout_editor_url: ctx.config.web.layoutEditorUrl,
        dev_mailbox: ctx.config.devMailbox,
      },
    }),
  );
}
