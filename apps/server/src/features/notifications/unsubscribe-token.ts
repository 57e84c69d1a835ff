import { createHmac, timingSafeEqual } from 'node:crypto';
import { NotificationType } from '@streamhub/contract';
import { z } from 'zod';

const Payload = z.object({ u: z.string().uuid(), t: z.array(NotificationType).min(1).max(NotificationType.options.length) });
export type UnsubscribeSubject = { userId: string; types: NotificationType[] };

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`unsubscribe|${body}`).digest('base64url');

/**
 * The token of a digest's one-click unsubscribe URL (RFC 8058): who and which types, signed with
 * the instance's secret, so the URL works without signing in and cannot be made for anyone else.
 * It never expires: an old mail's link still stops the mail.
 */
export function unsubscribeToken(secret: string, subject: UnsubscribeSubject): string {
  const body = Buffer.from(JSON.stringify({ u: subject.userId, t: subject.types })).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The subject of a token this instance signed; null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? { userId: parsed.data.u, types: parsed.data.t } : null;
  } catch {
    return null;
  }
}
