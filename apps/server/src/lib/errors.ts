import type { ErrorReason } from '@streamhub/contract';

/** The text of every 429, from a route's rate limit or a service's. */
export const TOO_MANY_REQUESTS = 'Too many requests, please try again later';

/** The one error family services throw; plugins/errors.ts maps each to its status and envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: { field: string; problem: string }[],
    /** Machine-readable cause of a refusal, sent as `reason` in the error envelope. */
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadInput extends AppError {
  constructor(message: string, details?: { field: string; problem: string }[]) {
    super(400, message, details);
  }
}
/**
 * 401: no valid session (`reason: 'signin'`, the default), or signed in but the content must be
 * bought first (`reason: 'purchase'`), so a client sends each to the right page.
 */
export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized request', reason: ErrorReason = 'signin') {
    super(401, message, undefined, reason);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
/** 410: the thing existed and was removed on purpose (a takedown); the message says why. */
export class Gone extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/** 402: the payment provider declined or failed to collect the amount. */
export class PaymentFailed extends AppError {
  constructor(message = 'Payment failed') {
    super(402, message);
  }
}
export class TooLarge extends AppError {
  constructor(message = 'File too large') {
    super(413, message);
  }
}
/** 429: too many attempts; the client is told when to try again (Retry-After). */
export class TooManyRequests extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_REQUESTS);
  }
}
/**
 * 507 Insufficient Storage: the server's disk has too little free space for this upload
 * (MIN_FREE_DISK_MB); nothing of it was stored, and the same upload succeeds once space is freed.
 */
export class InsufficientStorage extends AppError {
  constructor(message = 'Not enough storage space on the server, please try again later') {
    super(507, message);
  }
}
export class UnsupportedMedia extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
