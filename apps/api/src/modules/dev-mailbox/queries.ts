import type { Db } from '../../db/database.js';

/** The latest 100 e-mails of the outbox, newest first; only those to `to` when given. */
export function latestMessages(db: Db, to: string | undefined) {
  let query = db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100);
  if (to) query = query.where('to_address', '=', to);
  return query.execute();
}

export type MessageRow = Awaited<ReturnType<typeof latestMessages>>[number];
