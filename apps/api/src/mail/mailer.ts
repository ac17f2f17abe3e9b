import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * An https address a mail provider POSTs `List-Unsubscribe=One-Click` to (RFC 8058): sent as the
   * List-Unsubscribe header with List-Unsubscribe-Post, so the provider shows its own unsubscribe button.
   */
  listUnsubscribe?: string | null;
}

export interface Mailer {
  /** Whether messages leave the machine (SMTP) or stay in the development mailbox. */
  delivers: boolean;
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer when `smtpUrl` is set; otherwise a mailer that delivers nothing. */
export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  if (!options.smtpUrl) {
    return { delivers: false, send: async () => {}, close: () => {} };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.listUnsubscribe
          ? {
              list: { unsubscribe: message.listUnsubscribe },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
