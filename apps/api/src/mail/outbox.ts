import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { QueryRunner } from '../jobs/queue.js';
import type { OutgoingMessage } from './mailer.js';

/**
 * Writes a message to the outbox and enqueues its sending in the same transaction: a rolled-back
 * request sends nothing, a committed one always sends.
 */
export async function queueEmail(
  trx: Transaction<Database>,
  enqueue: (outboxId: string, trx: QueryRunner) => Promise<void>,
  message: OutgoingMessage,
): Promise<string> {
  const row = await trx
    .insertInto('email_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueue(row.id, trx);
  return row.id;
}
