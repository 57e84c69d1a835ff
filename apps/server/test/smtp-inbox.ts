import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** A mail as the test's SMTP server received it, parsed. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  /** The first http(s) link of the text part. */
  link: string | undefined;
}

/**
 * A real SMTP server on a free local port for the file's app to send to (MAIL_URL), keeping every
 * mail it accepts; `down()` makes it refuse mail (a 421, as a server going away answers) until `up()`.
 * Stopped after the file.
 */
export async function startSmtpInbox() {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      const err = Object.assign(new Error('Service not available, try later'), { responseCode: 421 });
      return callback(err);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          mails.push({ to, parsed, link: /https?:\/\/\S+/.exec(parsed.text ?? '')?.[0] });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const matching = (to: string, subject?: RegExp) =>
    mails.filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.parsed.subject ?? '')));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    down: () => (refusing = true),
    up: () => (refusing = false),
    /** Mails to `to` so far (whose subject matches). */
    to: matching,
    /** The `n`th mail to `to` (1 = the first), waiting up to `timeoutMs` for it. */
    async waitFor(to: string, opts: { subject?: RegExp; n?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const n = opts.n ?? 1;
      const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
      for (;;) {
        const found = matching(to, opts.subject)[n - 1];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail #${n} to ${to} within the time (got ${mails.length} mails)`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
  };
}

/** The `token` query parameter of a mailed link. */
export const tokenOf = (link: string | undefined): string => {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in ${link}`);
  return token;
};
