// Mail leaves over SMTP through nodemailer, configured by one URL (SMTP_URL:
// `smtp://user:pass@host:587`, `smtps://…:465`, query options as nodemailer
// documents them), the form every mail service hands out. The URL carries a
// password, so it is read here and never logged (nodemailer logs nothing
// unless its `logger` option is set). One transport per process: it pools nothing by default, so a send is a
// connection, which suits mail measured in a few per minute.
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly from: string;
  send(mail: Mail): Promise<{ messageId: string }>;
  close(): void;
}

export const DEFAULT_FROM = 'Switchyard <switchyard@localhost>';

export function createMailer(options: { url: string; from?: string }): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const transport = nodemailer.createTransport(options.url, { from });
  return {
    from,
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** The mailer SMTP_URL (and MAIL_FROM) configure, or null when mail is not set up. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  return createMailer({ url, from: env.MAIL_FROM?.trim() || undefined });
}
