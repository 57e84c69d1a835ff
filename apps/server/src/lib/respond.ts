import type { FastifyReply } from 'fastify';

/** Sends `data` in the API.md §1 envelope. */
export function ok<T>(reply: FastifyReply, data: T, statusCode = 200, message = 'Success') {
  return reply.code(statusCode).send({ statusCode, data, message, success: true });
}
