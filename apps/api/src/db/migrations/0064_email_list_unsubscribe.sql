-- One-click unsubscribe (RFC 8058) for the e-mails families asked for: the outbox keeps the address a
-- mail provider POSTs to, sent as the List-Unsubscribe header with List-Unsubscribe-Post.
ALTER TABLE email_outbox ADD COLUMN list_unsubscribe text;
