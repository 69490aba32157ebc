import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, t } from './errors';

/** Every error leaves as JSON {detail, errors?} with a Polish detail; never a stack trace. */
export const errorHandlingPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ detail: error.detail, ...(error.errors ? { errors: error.errors } : {}), ...(error.code ? { code: error.code } : {}) });
    }
    if (error.validation) {
      return reply.status(400).send({ detail: t('errors.invalid_request') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ detail: t('errors.unexpected') });
    }
    const known: Record<number, string> = {
      400: 'errors.invalid_request',
      401: 'errors.unauthorized',
      403: 'errors.forbidden',
      404: 'errors.not_found',
      406: 'errors.invalid_request',
      413: 'errors.too_large',
      415: 'errors.unsupported_media_type',
      429: 'errors.too_many_requests',
    };
    return reply.status(status).send({ detail: t(known[status] ?? 'errors.invalid_request') });
  });
});

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ detail: t('errors.not_found') });
}

/** Errors Fastify's router raises before any hook runs (bad URL encoding, over-long params). */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .send({ detail: t(status === 414 ? 'errors.uri_too_long' : 'errors.invalid_request') });
}
