import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/smtp.ts';
import { createMailer, mailerFromEnv } from './mail.ts';

let sink: SmtpSink;
beforeAll(async () => { sink = await startSmtpSink(); });
afterAll(async () => { await sink.close(); });

describe('mail over SMTP', () => {
  test('a message reaches a real SMTP server with its subject, text, sender and headers', async () => {
    const mailer = createMailer({ url: sink.url, from: 'Reports <reports@example.test>' });
    try {
      await mailer.send({ to: 'ada@example.test', subject: 'Weekly — 7 days', text: 'Visitors: 1,234 (+5%)', headers: { 'List-Unsubscribe': '<https://x.test/u/abc>' } });
      const mail = await sink.next((m) => m.subject === 'Weekly — 7 days');
      expect(mail.text?.trim()).toBe('Visitors: 1,234 (+5%)');
      expect(mail.from?.text).toBe('"Reports" <reports@example.test>');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ada@example.test');
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://x.test/u/abc>');
    } finally { mailer.close(); }
  });

  test('no SMTP_URL means no mailer; one set gives one', () => {
    expect(mailerFromEnv({})).toBeNull();
    const mailer = mailerFromEnv({ SMTP_URL: sink.url, MAIL_FROM: 'a@b.test' });
    expect(mailer?.from).toBe('a@b.test');
    mailer?.close();
  });
});
