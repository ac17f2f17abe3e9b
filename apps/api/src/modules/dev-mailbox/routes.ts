import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const messageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});

/**
 * The development mailbox: messages that no SMTP server took, for reading on this machine. Registered
 * only when `config.devMailbox` (never in production, never with SMTP_URL).
 */
export function registerDevMailboxRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dev/mailbox',
    {
      config: { action: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Development only: the latest 100 e-mails the app wrote',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (request) => {
      let query = ctx.db
        .selectFrom('email_outbox')
        .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'status', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(100);
      if (request.query.to) query = query.where('to_address', '=', request.query.to);
      const rows = await query.execute();
      return {
        messages: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          status: r.status,
          created_at: r.created_at.toISOString(),
        })),
      };
    },
  );
}
