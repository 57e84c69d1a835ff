import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

type Detail = { field: string; problem: string };

export function sendError(reply: FastifyReply, statusCode: number, text: string, details?: Detail[]) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, data: text, message: text, success: false, ...(details?.length ? { details } : {}) });
}

/** One place maps every error to the API.md envelope: JSON only, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error.statusCode, error.message, error.details);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        problem: v.message ?? 'is invalid',
      }));
      const first = details[0];
      return sendError(reply, 400, first ? `Invalid ${first.field}: ${first.problem}` : 'Invalid input', details);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text =
        status === 413
          ? 'Request body too large'
          : status === 429
            ? 'Too many requests, please try again later'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : error.message || 'Bad request';
      return sendError(reply, status, text);
    }

    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Internal server error');
  });
}
