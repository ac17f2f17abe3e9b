import type { MessageRow } from './queries.js';

export const serializeMessage = (r: MessageRow) => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  status: r.status,
  created_at: r.created_at.toISOString(),
});
