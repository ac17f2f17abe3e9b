import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
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
      });
    },
    close: () => transport.close(),
  };
}
