import type { JobDeps } from './deps.js';
import { defineJob } from './queue.js';

/**
 * Sends one outbox message. Idempotent: a message already sent or stored is left alone, so a job that
 * runs twice after a crash sends at most once more only if the crash came between SMTP and the update.
 */
export const sendEmailJob = defineJob('email.send', {
  retryLimit: 7,
  retryDelaySeconds: 5,
  async handle({ outbox_id }, { db, mailer, log }: JobDeps) {
    const message = await db
      .selectFrom('email_outbox')
      .selectAll()
      .where('id', '=', outbox_id)
      .where('status', 'in', ['pending', 'failed'])
      .executeTakeFirst();
    if (!message) return;
    if (!mailer.delivers) {
      await db.updateTable('email_outbox').set({ status: 'stored' }).where('id', '=', outbox_id).execute();
      return;
    }
    try {
      await mailer.send({
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        listUnsubscribe: message.list_unsubscribe,
      });
      await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: new Date(), attempts: message.attempts + 1, last_error: null })
        .where('id', '=', outbox_id)
        .execute();
    } catch (error) {
      // The address is personal data: log the outbox id only.
      log.warn({ outbox_id, err: (error as Error).message }, 'e-mail sending failed; will retry');
      await db
        .updateTable('email_outbox')
        .set({ status: 'failed', attempts: message.attempts + 1, last_error: (error as Error).message })
        .where('id', '=', outbox_id)
        .execute();
      throw error;
    }
  },
});
