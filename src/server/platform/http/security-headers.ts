import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * helmet's security headers on every answer. The middleware is built once: @fastify/helmet builds
 * it again for every request, parsing the policy each time (about 10 µs a request).
 * Strict-Transport-Security goes on HTTPS answers only (request.protocol honours X-Forwarded-Proto
 * when TRUST_PROXY is set): a browser ignores it over HTTP, and a panel tried on HTTP must stay reachable.
 * A route that needs another policy sets its own header after this hook.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: Pick<HelmetOptions, 'contentSecurityPolicy' | 'crossOriginEmbedderPolicy'>) => {
  const setHeaders = helmet({ ...options, strictTransportSecurity: false });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
