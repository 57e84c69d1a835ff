import { RetryLater } from '../../jobs/registry.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Sends through the mailer; a server that cannot be reached or answers 4xx (try later) puts the
 * job back after MAIL_RETRY_SECONDS without using up a retry, so an outage of any length delays
 * mail and loses none. A 5xx (the address refused for good) fails the job as usual.
 */
export async function sendOrRetryLater(mailer: Mailer, mail: Mail, retrySeconds: number): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    if (code === undefined || (code >= 400 && code < 500)) {
      throw new RetryLater(retrySeconds, `mail server: ${(err as Error).message}`);
    }
    throw err;
  }
}

/** `mail.send`: a finished mail with nothing secret in it (an e-mail change's notice). */
export const createSendMailHandler = (mailer: Mailer, retrySeconds: number) => (mail: Mail) =>
  sendOrRetryLater(mailer, mail, retrySeconds);
