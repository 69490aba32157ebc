import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer. The middleware is built once: @fastify/helmet builds
 * it again for every request, parsing the policy each time (about 10 µs a request).
 * A route that needs another policy sets its own header after this hook.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
