import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReason, Locale } from '@streamhub/contract';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, InsufficientStorage, TOO_MANY_REQUESTS, TooManyRequests } from '../lib/errors.ts';
import { isDiskFull } from '../storage/disk-space.ts';
import { describeProblems, type Problem as Detail } from '../lib/validate.ts';
import { errorTextIn, requestLocale } from '../lib/error-language.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's DEFAULT_LOCALE, the language of an error answer to a request that names none. */
    errorDefaultLocale: Locale;
  }
}

/**
 * The error envelope (API.md §1), the one place it is written: its text in the request's language
 * (docs/languages.md; English unless the `lang` cookie or Accept-Language asks for a shipped one),
 * so the answer varies with both headers.
 */
export function sendError(reply: FastifyReply, statusCode: number, english: string, details?: Detail[], reason?: ErrorReason) {
  const shown = errorTextIn(english, requestLocale(reply.request, reply.server.errorDefaultLocale ?? 'en'));
  varyOn(reply, ['Cookie', 'Accept-Language']);
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({
      statusCode,
      data: shown,
      message: shown,
      success: false,
      ...(details?.length ? { details } : {}),
      ...(reason ? { reason } : {}),
    });
}

/**
 * PostgreSQL is down or restarting: a temporary condition, not a bug. Clients (and load
 * balancers) are told to come back, in the same envelope.
 */
export function sendDatabaseUnavailable(reply: FastifyReply) {
  reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendError(reply, 503, 'Service temporarily unavailable, please retry shortly');
}

/** Adds `names` to the answer's Vary header, keeping those already there. */
function varyOn(reply: FastifyReply, names: string[]) {
  const current = reply.getHeader('vary');
  const have = String(current ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const missing = names.filter((n) => !have.some((h) => h.toLowerCase() === n.toLowerCase()));
  if (missing.length) reply.header('Vary', [...have, ...missing].join(', '));
}

/**
 * One place maps every error to the API.md envelope: JSON only, never a stack trace; its text in
 * the request's language, else `defaultLocale` (DEFAULT_LOCALE).
 */
export function registerErrorHandling(app: FastifyInstance, defaultLocale: Locale = 'en') {
  app.decorate('errorDefaultLocale', defaultLocale);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequests) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof AppError) return sendError(reply, error.statusCode, error.message, error.details, error.reason);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        // Never echo a key the client made up (it may be anything); the field says where it was.
        problem: v.keyword === 'unrecognized_keys' ? 'Unknown field' : (v.message ?? 'is invalid'),
      }));
      return sendError(reply, 400, describeProblems(details), details);
    }

    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(reply);
    // The disk filled while a request wrote (an upload's temp file): 507, as the up-front check answers.
    if (isDiskFull(error)) return sendError(reply, 507, new InsufficientStorage().message);

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text =
        status === 413
          ? 'Request body too large'
          : status === 429
            ? TOO_MANY_REQUESTS
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : error.message || 'Bad request';
      return sendError(reply, status, text);
    }

    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Internal server error');
  });
}

/**
 * Errors Fastify answers before any route or hook runs (a path that is not valid percent-encoding)
 * and errors the HTTP parser answers on the raw socket (oversized headers, bytes that are not
 * HTTP): the same envelope, so no client ever sees another error shape.
 */
export const envelopeServerOptions = {
  frameworkErrors(error, _request, reply) {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    void sendError(reply, status, status === 400 ? 'Malformed request URL' : 'Internal server error');
  },
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, text] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'Request timed out']
          : [400, 'Bad Request', 'Malformed request'];
    const body = JSON.stringify({ statusCode: status, data: text, message: text, success: false });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  },
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
