import { createHash, createHmac, randomBytes } from 'node:crypto';

export type TokenPurpose = 'verify-email' | 'password-reset' | 'change-email';

/** How long each link works (API.md §19). */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'password-reset': 60 * 60 * 1000,
  'change-email': 24 * 60 * 60 * 1000,
};

/** What a job carries instead of a token: 256 random bits. */
export const newNonce = () => randomBytes(32).toString('base64url');

/**
 * A link's token: 256 bits derived from the job's nonce with the instance's secret, so every
 * retry of the job mails the same link and the job table alone never yields a usable token.
 */
export const tokenFromNonce = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`account-token|${nonce}`).digest('base64url');

/** What the database keeps of a token: its sha256, so a leak of the table opens no account. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
