import type { Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import type { EnqueueEmail, MailDeps } from '../jobs/deps.js';
import type { Queue } from '../jobs/queue.js';
import type { OutgoingMessage } from './mailer.js';

/** Enqueues the sending of an outbox message on `queue`, in the transaction that wrote it. */
export const enqueueEmailOn =
  (queue: Pick<Queue, 'enqueue'>): EnqueueEmail =>
  (outboxId, trx) =>
    queue.enqueue('email.send', { outbox_id: outboxId }, { trx });

/** A route's MailDeps: its configuration and its queue. */
export const mailDepsOf = (ctx: Pick<AppContext, 'config' | 'queue'>): MailDeps => ({
  config: ctx.config,
  enqueueEmail: enqueueEmailOn(ctx.queue),
});

/**
 * Writes a message to the outbox and enqueues its sending in the same transaction: a rolled-back
 * request sends nothing, a committed one always sends.
 */
export async function queueEmail(
  trx: Transaction<Database>,
  enqueue: EnqueueEmail,
  message: OutgoingMessage,
): Promise<string> {
  const row = await trx
    .insertInto('email_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      list_unsubscribe: message.listUnsubscribe ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueue(row.id, trx);
  return row.id;
}
