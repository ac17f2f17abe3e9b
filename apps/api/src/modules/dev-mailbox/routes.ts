import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { moduleRoutes } from '../../http/route.js';
import { createdRecordSchema } from '../../wire.js';
import { latestMessages } from './queries.js';
import { serializeMessage } from './serialize.js';

const messageSchema = createdRecordSchema({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
});

/**
 * The development mailbox: messages that no SMTP server took, for reading on this machine. Registered
 * only when `config.devMailbox` (never in production, never with SMTP_URL).
 */
export function registerDevMailboxRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['development']);
  app.get(
    '/api/dev/mailbox',
    operation('public', 'Development only: the latest 100 e-mails the app wrote', {
      querystring: z.object({ to: z.string().max(254).optional() }),
      response: { 200: z.object({ messages: z.array(messageSchema) }) },
    }),
    async (request) => {
      const rows = await latestMessages(ctx.db, request.query.to);
      return { messages: rows.map(serializeMessage) };
    },
  );
}
