// A real SMTP server on loopback (smtp-server) that keeps what it is sent,
// parsed by mailparser, for tests that read the mail a feature sends.
// `next()` waits for a message matching a predicate: it resolves on the
// message's arrival, so no test sleeps and hopes.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  next(match?: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const waiters: Array<{ match: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        for (let i = waiters.length - 1; i >= 0; i--) {
          if (waiters[i]!.match(mail)) { waiters[i]!.resolve(mail); waiters.splice(i, 1); }
        }
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    next(match = () => true, timeoutMs = 10_000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`)), timeoutMs);
        waiters.push({ match, resolve: (m) => { clearTimeout(timer); resolve(m); } });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
